# Swiss nights: /kot tournament (bot/discord/cogs/tournament.py,
# bot/discord/tournament_posts.py, bot/table/league/tournament_desk.py).

## The commands' words (bot.discord.command_words)

tournament-cmd = Swiss nights: rounds of tables seated by standing, with standings after each
tournament-cmd-create = Open a Swiss night in this channel (you host it, and play in it unless you leave)
tournament-cmd-create-rounds = How many rounds (1 to 8; default 3)
tournament-cmd-create-size = The preferred table size (3 to 6; default 4; pods of 3 or 5 instead of byes)
tournament-cmd-create-clock = Live (the server's turn clock) or long (a turn a day, over days)
tournament-cmd-join = Take part in this channel's Swiss night
tournament-cmd-leave = Leave this channel's Swiss night (once it has begun: seated no more)
tournament-cmd-add_ai = Add an AI monster as an entrant (the host, before the start)
tournament-cmd-add_ai-level = How strong (default Easy)
tournament-cmd-start = Start this channel's Swiss night (the host): round 1's tables open in threads
tournament-cmd-cancel = Cancel this channel's Swiss night (the host); games in play go on
tournament-cmd-standings = This channel's Swiss night: its entrants or its standings
tournament-cmd-standings-page = Which page (25 lines a page)

## In the channel (the tournament's language)

tournament-created = 🏆 **Swiss night #{ $tournament }** is open, hosted by { $host }: { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}, tables of { $size }, { $clock } clock, { $game }. `/kot tournament join` to take part; the host starts it with `/kot tournament start`.
tournament-started = 🏆 **Swiss night #{ $tournament }** begins: { $entrants } entrants at { $tables ->
    [one] 1 table
   *[other] { $tables } tables
}, { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}. Each table plays in its own thread; the standings follow each round.
tournament-cancelled = 🏆 Swiss night #{ $tournament } is cancelled. Games in play go on as any game.
# A table's thread (at most 100 characters).
tournament-thread-name = Swiss night #{ $tournament } · round { $round } · table { $table }
# The notice that calls a table's players in its thread (it mentions them).
tournament-table-called = 🏆 Swiss night, round { $round }, table { $table }: { $players }. Your game starts below; its places count for the standings.
tournament-round-title = 🏆 Swiss night #{ $tournament }: round { $round } of { $rounds }
tournament-round-table = **Table { $table }** ({ $channel }): { $players }
tournament-standings-title = 🏆 Swiss night #{ $tournament }: standings after round { $round } of { $rounds }
tournament-final-title = 🏆 Swiss night #{ $tournament } is over: final standings
tournament-podium = Podium
tournament-standing-line = **{ $rank }.** { $player }: { $points ->
    [one] 1 pt
   *[other] { NUMBER($points, maximumFractionDigits: 2) } pts
} · opponents { NUMBER($opponents, maximumFractionDigits: 2) } · { $wins ->
    [one] 1 win
   *[other] { $wins } wins
} · { $stars }★{ $dropped ->
    [yes] {" "}(left)
   *[no] {""}
}
tournament-standings-more = …and { $more } more: `/kot tournament standings` lists everyone.
tournament-ai-name = { $level } { $number }

## Answers (private)

tournament-size-too-big = This game seats { $most } monsters at most: choose a table size of { $most } or fewer.
tournament-joined = You are in Swiss night #{ $tournament } ({ $entrants ->
    [one] 1 entrant
   *[other] { $entrants } entrants
}).
tournament-left = You left Swiss night #{ $tournament }.
tournament-dropped = You left Swiss night #{ $tournament }: you will not be seated in its next rounds (your games so far still count).
tournament-none-here = This channel has no Swiss night. `/kot tournament create` opens one.
tournament-nobody = Nobody yet.
tournament-page = Page { $page } of { $pages }: `page:` for another
tournament-show-title = Swiss night #{ $tournament }: { $status ->
    [open] open, waiting for its start
    [playing] round { $round } of { $rounds }
    [finished] over
   *[cancelled] cancelled
}

## Refusals

tournament-refusal-none = That Swiss night is no longer there.
tournament-refusal-channel-busy = This channel has a Swiss night open or in play already.
tournament-refusal-in-already = You are in this Swiss night already.
tournament-refusal-not-in = You are not in this Swiss night.
tournament-refusal-over = This Swiss night is over.
tournament-refusal-host-only = Only the Swiss night's host can do that.
tournament-refusal-started = This Swiss night has begun: entrants can no longer join.
tournament-refusal-full = This Swiss night is full ({ $most } entrants).
tournament-refusal-too-few = A Swiss night needs { $least } entrants or more to begin.
tournament-refusal-changed = This Swiss night changed meanwhile: try again.
tournament-refusal-unreadable = Swiss night #{ $tournament } cannot be read (its stored data is damaged); nothing was changed. Tell the server's admins.
