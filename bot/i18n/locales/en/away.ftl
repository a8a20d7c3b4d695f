# Time away (/kot away, bot.table.time_away), and tables that end by themselves on the clock's
# scale: idle games (bot.table.idle_games), a long game's lobby (bot.table.lobby_clock).

## The command
away-cmd = Stop your clock in this channel's game for a few days (0: you are back)
away-cmd-days = Days away, from now (0: back now)
away-cmd-game = The game's number, for a game in another channel (its board's footer shows it)

## Answers (only the player sees them)
away-no-game-here = There is no game in this channel: use `/kot away` in your game's channel, or give its number (`game`).
away-no-such-game = This server has no game #{ $game }.
away-taken = ⏸️ Your clock in game #{ $game } is stopped until <t:{ $until }:f> (<t:{ $until }:R>): the game waits for you.{ $clock ->
    [off] { "" }
   *[on] { " " }If you are not back then, your clock runs again and the autopilot plays for you when it runs out.
} Click any button of the game to come back sooner. You may still take { $left } { $left ->
    [one] day
   *[other] days
} of time away in this game ({ $most } in all).
away-back = ▶️ You are back in game #{ $game }: your clock runs again.
away-refusal-too-long = you can take at most { $most } days of time away in a game, { $left ->
    [0] and you have none left in this one
    [one] and you have 1 day left in this one
   *[other] and you have { $left } days left in this one: ask for { $left } or fewer
}
away-refusal-not-away = you are not on time away in this game

## The table: the notice in the channel, the board and its narration
away-notice-away = ⏸️ Away until <t:{ $until }:f> (<t:{ $until }:R>): { $player } ({ $monster }). Their clock is stopped and the game waits for them.{ $clock ->
    [off] { "" }
   *[on] { " " }If they are not back by then, the autopilot plays for them when their time runs out.
}
away-notice-back = ▶️ Back: { $player } ({ $monster }). Their clock runs again.
away-note-away = ⏸️ { $monster }'s player is away until <t:{ $until }:f>.
away-note-back = ▶️ { $monster }'s player is back from their time away.
away-waiting = ⏸️ away until <t:{ $until }:f>

## Endings on the clock's scale
away-note-idle = 🛑 Nobody has played for { $days ->
    [one] a day
   *[other] { $days } days
}: the game is over, with no winner.
away-notice-idle = 🛑 Nobody played King of Tokyo game #{ $game } for { $days ->
    [one] a day
   *[other] { $days } days
}: it ended.
away-lobby-expired-hours = closed: nobody started it within { $hours } { $hours ->
    [one] hour
   *[other] hours
}
