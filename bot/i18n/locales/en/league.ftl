# Server leagues: seasons, ranks, rank roles and crowns, and the league's posts in a server's
# channel (bot.table.league, bot.discord.bulletins, /kot league).

## Ranks (bot.table.league.ranks), from a season's rating

league-rank-hatchling = Hatchling
league-rank-stomper = Stomper
league-rank-smasher = Smasher
league-rank-titan = Titan
league-rank-kaiju = Kaiju
league-rank-king = King of Tokyo
league-rank-unranked = Unranked
league-rank = { $emoji } { $rank }

## A season's closing post

league-season-closed-title = 🏆 Season { $season } is over
league-podium-line = { $medal } **{ $player }** · { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 game
   *[other] { NUMBER($games, useGrouping: 0) } games
}
league-podium-empty = Nobody played the { $min } rated games a season's ranking needs.
league-season-players = { $players ->
    [one] 1 player ranked this season.
   *[other] { NUMBER($players, useGrouping: 0) } players ranked this season.
}
league-next-season = Season { $season } has begun: it ends { $ends }.
league-next-season-open = Season { $season } has begun.
league-no-next-season = No new season: this server's seasons are off.
