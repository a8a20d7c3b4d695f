# Achievements (bot.table.league.achievements): their names and how each is earned, the
# notice a finished game posts of those it earned, and how /kot stats and /kot me show them.

## Each achievement: its name, then how it is earned

achievement-first-win = First win
achievement-first-win-about = Win a game.
achievement-twenty-points = Twenty stars
achievement-twenty-points-about = Win with 20★.
achievement-outside-tokyo = Never set foot in Tokyo
achievement-outside-tokyo-about = Win without ever entering Tokyo.
achievement-one-heart = Last heart standing
achievement-one-heart-about = Win after being down to 1❤️.
achievement-three-knockouts = Monster hunter
achievement-three-knockouts-about = Knock out three monsters in one game.
achievement-full-table = King of a full table
achievement-full-table-about = Win a game of six monsters.
achievement-hard-ai = Beat the machine
achievement-hard-ai-about = Win a game with a Hard AI monster at the table.
achievement-ten-games = Regular
achievement-ten-games-about = Play ten games to their end.
achievement-every-game-type = All of Tokyo
achievement-every-game-type-about = Win a game of each type: King of Tokyo 2016, King of Tokyo 2011, Origins and Power Up!

## The notice in the channel, after the final board (pings nobody)

achievement-announced-title = 🎖️ Achievements earned in game #{ $game }:
achievement-announced = { $emoji } { $player } ({ $monster }): **{ $name }**. { $about }

## /kot stats (a field) and /kot me (without a game in the channel)

achievement-stats-field = Achievements ({ $earned } of { $total })
achievement-stats-earned = { $emoji } **{ $name }** · #{ $game }{ $ai ->
    [yes] { " " }🤖
   *[no] {""}
}
achievement-stats-none = None yet: `/kot me` lists them, and how each is earned.
achievement-me-title = Achievements
achievement-me-summary = { $player }: { $earned } of { $total } on this server. Every game played to its end counts, with AI monsters too (🤖: earned with AI monsters at the table).
achievement-me-earned = { $emoji } **{ $name }**: { $about } Game #{ $game }, { $date }{ $ai ->
    [yes] { " " }🤖
   *[no] {""}
}
achievement-me-missing = 🔒 { $name }: { $about }
