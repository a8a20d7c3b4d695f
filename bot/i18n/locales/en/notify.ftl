# Direct messages for a player's turns (/kot notify: bot/discord/cogs/notify.py,
# bot/discord/direct_messages.py, the publisher's pings and reminders).

## The command
notify-cmd = Get your turns by direct message instead of a ping in the channel (every server)
notify-cmd-dms = True: by direct message; False: pinged in the channel (the default)

## Answers (only the player sees them)
notify-on = 📬 Direct messages on: when your turn begins, when a game asks you something out of your turn, and for a long game's reminders, I write to you privately instead of pinging you in the channel, in every server (the board still names you).
notify-on-tested = I just sent you one to check that your DMs are open.
notify-refused = 📭 Discord refused my direct message: your DMs are closed to me. Allow direct messages from this server's members (the server's Privacy Settings), then run `/kot notify dms:True` again. Until then you are pinged in the channel.
notify-off = 🔕 Direct messages off: you are pinged in each game's channel.
notify-shown-on = 📬 Your turns come to you by direct message (`/kot notify dms:False` to be pinged in the channel instead).
notify-shown-off = 🔕 You are pinged in each game's channel (`/kot notify dms:True` to get your turns by direct message instead).
notify-shown-refused = 📭 You asked for direct messages, but Discord refused my last one, so you are pinged in the channel. Open your DMs, then run `/kot notify dms:True` again.

## The direct messages
notify-dm-test = 📬 Your King of Tokyo turns will come here.
notify-dm-where = on **{ $server }**, { $channel }
notify-dm-turn = 🎲 Your turn in King of Tokyo game #{ $game } ({ $where }): { $question }
notify-dm-asked = 🔔 King of Tokyo game #{ $game } ({ $where }) asks you: { $question }
notify-dm-reminder = ⏳ Reminder, King of Tokyo game #{ $game } ({ $where }): { $question }
notify-dm-turn-off = -# `/kot notify dms:False`: pinged in the channel instead.

## In the channel, instead of a direct message Discord refused
notify-dms-refused = 📭 { $player }, Discord refused my direct message (your DMs are closed to me), so you are pinged here. `/kot notify dms:True` tries again once they are open.
