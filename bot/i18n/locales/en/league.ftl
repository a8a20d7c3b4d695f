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

## /kot league (Manage Server)

league-cmd-league = This server's league: seasons, rank roles, crowns (Manage Server)
league-cmd-season = Seasons: their length and the channel of the league's news
league-cmd-season-days = Days a season lasts, from the next season on (0: no seasons, the running one closes now)
league-cmd-season-channel = Where the league's news goes (a season's end, a crown taken)
league-not-allowed = Only members with the Manage Server permission can change this server's league.
league-shown-days = Seasons: { $days ->
    [0] off
    [one] 1 day each
   *[other] { $days } days each
}
league-shown-running = Season { $season } is running{ $ends ->
    [none] {""}
   *[other] {""}, until { $ends }
}.
league-shown-channel = League news: { $channel ->
    [none] no channel yet
   *[other] { $channel }
}

## /kot leaderboard season: and /kot stats

league-cmd-leaderboard-season = A season's table: 0 for the running season, N for season N (empty: all time)
league-no-season-running = No season is running on this server (a server admin starts them with /kot league season).
league-no-such-season = This server has no season { $season } ({ $seasons ->
    [0] none yet
    [one] only season 1
   *[other] seasons 1 to { $seasons }
}).
league-leaderboard-title = Leaderboard · season { $season }
league-leaderboard-empty = Nobody has { $min } rated games this season yet.
league-leaderboard-line = **{ $place }.** { $player } · { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 game
   *[other] { NUMBER($games, useGrouping: 0) } games
}
league-how-ranked = The same rating as all time, over this season's games only (everyone starts afresh). A rank from { $min } rated games: 🥚 Hatchling, 🦶 Stomper from 5, 👊 Smasher from 10, 🦍 Titan from 15, 🐉 Kaiju from 20, 👑 King of Tokyo from 25.
league-season-ran = From { $start } to { $end }.
league-season-runs = Since { $start }{ $end ->
    [none] {""}
   *[other] {""}, until { $end }
}.
league-stats-season = Season { $season }
league-stats-rank = { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** after { $games ->
    [one] 1 rated game
   *[other] { NUMBER($games, useGrouping: 0) } rated games
}
league-stats-unranked = Unranked: { $games } of the { $min } rated games a rank needs

## Rank roles (/kot league role)

league-cmd-role = Give a Discord role to the players of a season's rank (Manage Roles, a role below the bot's)
league-cmd-role-rank = The rank
league-cmd-role-role = The role its players get (empty: the rank has no role; the bot takes back those it gave)
league-role-unusable = { $role } cannot be handed out: it is @everyone, or a role Discord manages (a bot's, a booster's).
league-role-no-permission = The bot needs the Manage Roles permission to hand out { $role }: give it that permission, then try again.
league-role-too-high = The bot can only hand out roles below its own highest role: move { $role } below the bot's role in Server Settings → Roles, then try again.
league-roles-none = No rank has a role.
league-role-line = { $rank } → { $role }
league-roles-refused = ⚠️ The bot could not give or take the season's rank roles ({ $reason }). It needs the Manage Roles permission, and the rank roles below its own highest role; it keeps trying.

## The monsters' crowns (/kot league crowns)

league-cmd-crowns = The monsters' crowns: the latest top-rank winner with a monster holds it
league-cmd-crowns-on = True: on; False: off
league-crowns-shown = Crowns: { $on ->
    [on] on. The latest 👑 King of Tokyo-rank winner with each monster holds its crown; a crown taken is said in the game's channel.
   *[off] off.
}
league-crown-first = 👑 New crown: **King of Tokyo: { $monster }** → { $player }
league-crown-taken = 👑 Crown taken: **King of Tokyo: { $monster }** → { $player } (held by { $before } until now)
league-stats-crowns = Crowns
league-crown = 👑 King of Tokyo: { $monster }
