# /kot stats, /kot leaderboard, /kot history and /kot replay: a server's finished games.
# Numbers come rounded to one decimal already (as they always were shown), so NUMBER() only
# writes them in the language's way: no grouping, a decimal point or comma.

records-page = Page { $page } of { $pages } · /kot { $command } page: for another

## /kot history

records-history-title = Last games on this server
records-history-empty = No game has been finished on this server yet.
records-game-line = **#{ $game }** · { $date } · { $monsters ->
    [one] 1 monster
   *[other] { NUMBER($monsters, useGrouping: 0) } monsters
} · { $result }{ $rated ->
    [yes] {""}
   *[no] { " · " }unrated
}
records-power-up = 🧬 Power Up!
records-result-stopped = stopped before its end
records-result-won = won by { $winners }
records-result-no-winner = no winner
records-winner = { $player } ({ $monster })

## /kot leaderboard

records-leaderboard-title = Leaderboard
records-leaderboard-empty = Nobody has { $min } rated games yet. Rated games: played to their end, with no AI monster.
records-leaderboard-line = **{ $rank }.** { $player } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 game
   *[other] { NUMBER($games, useGrouping: 0) } games
}
records-how-rated = How it is rated
records-how-rated-text = A skill rating from each game's finishing order (openskill, Plackett-Luce); the score is the cautious estimate (mean − 3 × uncertainty). At least { $min } rated games; games with AI monsters or stopped before the end are not rated.

## /kot stats

records-stats-title = Stats
records-stats-none = { $player }: no game finished on this server yet.
records-stats-games = Games
records-stats-wins = Wins
records-stats-win-rate = Win rate
records-stats-average-place = Average place
records-stats-average-points = Average points
records-stats-favourite = Favourite monster
records-stats-best-game = Best game
records-stats-rating = Rating
records-count = { NUMBER($count, useGrouping: 0) }
records-percent = { NUMBER($percent, useGrouping: 0) }%
records-average = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }
records-average-points = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }★
records-best-game = #{ $game }: place { $place } of { $seats }, { NUMBER($points, useGrouping: 0) }★ with { $monster }{ $length ->
    [none] {""}
   *[other] { ", " }{ $length }
}
records-not-rated = not rated yet
records-rating = { NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } after { $games ->
    [one] 1 rated game
   *[other] { NUMBER($games, useGrouping: 0) } rated games
}{ $listed ->
    [yes] {""}
   *[no] { " " }(the leaderboard lists players from { $min })
}

## /kot replay

records-no-such-game = No finished game #{ $game } on this server: `/kot history` lists them.
records-unreadable = Game #{ $game }'s saved state cannot be read, so it cannot be replayed.
records-replay-name = King of Tokyo game #{ $game }
records-replay = 📜 { $name }, finished { $when }: the story turn by turn, and the replay file (`python -m tools.replay FILE` plays it again and checks it).
