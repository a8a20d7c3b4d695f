# The matchmaking queue: /kot queue join, leave and show (bot/discord/cogs/queue.py,
# bot/table/league/matchmaking.py).

## The commands' words (bot.discord.command_words)

queue-cmd = The server's matchmaking queue: wait for a table of players close to your rating
queue-cmd-join = Wait in the server's queue: a game opens when enough players close to your rating are waiting
queue-cmd-join-least = The fewest monsters at your table (2 to 6; default 3)
queue-cmd-join-most = The most monsters at your table (2 to 6; default 5)
queue-cmd-join-clock = Live (the server's turn clock) or long (a turn a day, over days)
queue-cmd-join-minutes = How many minutes you wait before your place in the queue expires (default 60)
queue-cmd-leave = Leave the server's queue
queue-cmd-show = Who is waiting in the server's queue
queue-clock-live = live
queue-clock-long = long (a turn a day)

## Answers (private)

# A table size, or the sizes from the fewest to the most.
queue-sizes = { $same ->
    [yes] { $least }
   *[no] { $least }–{ $most }
}

queue-sizes-backwards = The fewest monsters ({ $least }) cannot be more than the most ({ $most }).
queue-joined = ⏳ You are in the queue for a table of { $sizes } monsters, { $clock } clock, until { $until }. { $waiting ->
    [one] You are the only one waiting for now.
   *[other] { $waiting } players are waiting.
} A game opens as soon as enough players close to your rating are waiting; `/kot queue leave` to stop waiting.
queue-left = You left the queue.
queue-not-in = You are not in this server's queue. `/kot queue join` to wait for a game.
queue-empty = Nobody is waiting in this server's queue. `/kot queue join` to be the first.
queue-waiting = ⏳ { $waiting ->
    [one] 1 player is waiting:
   *[other] { $waiting } players are waiting:
}
queue-waiting-line = • { $name }: { $sizes } monsters, { $clock } clock, until { $until }
queue-waiting-more = …and { $more } more.
queue-table-opened = ⚔️ Your table of { $size } is ready in { $channel }.
queue-not-opened = A table was found, but it could not open: { $reason } You are still in the queue.
queue-channel-busy = A table was found, but this channel has a game and cannot have threads. You are still in the queue: join again from a channel without a game.
queue-thread-failed = A table was found, but Discord did not open its thread ({ $reason }). You are still in the queue: try `/kot queue join` again in a moment.

## In the channel

# The thread of a queue table (at most 100 characters).
queue-thread-name = King of Tokyo · a table of { $size } from the queue
# The notice that calls the players of a queue table (it mentions them).
queue-table-called = ⚔️ The queue seated a table of { $size }: { $players }. Your game starts below.

## Refusals

queue-refusal-player-gone = a player of the table left the queue meanwhile.
