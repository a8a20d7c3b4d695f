# Games played over days (bot/table/reminders.py, bot/discord/messages.py): clocks of hours
# and days, reminders, what happened since a player's last move, standing orders offered.

days-clock-hours = { $hours } h{ $minutes ->
    [0] {""}
   *[other] { " " }{ $minutes } min
}
days-clock-days = { $days } days
days-reminder = ⏳ Reminder, { $player }: { $question }
days-since-header = 📰 Since your last move:
days-since-turn = • Turn { $turn }: { $summary }
days-orders-offer = 📋 Not at the table for every hit? **📋 My monster** sets standing orders (yield at N❤️ or fewer, stay above N❤️, skip buying), so the game need not wait for you.

## /kot settings: up to 3 days a turn and 12 h out of turn
days-cmd-settings-turn_seconds = Seconds for a whole turn: 3600 = 1 h, 86400 = 1 day, up to 3 days (0: no clock)
days-cmd-settings-reaction_seconds = Seconds to answer out of turn (stay or yield), up to 12 h; unset, 1/4 of a turn of 1 h+
