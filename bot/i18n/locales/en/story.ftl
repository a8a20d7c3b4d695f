# The story of a game: a turn's summary (bot/table/turn_summary.py), the 📜 Story button and
# /kot log (the last turns, privately).

# A turn's summary: the cards a monster swept away (names with commas).
story-summary-swept = swept away { $cards }

# …and the cards that came up in their place. $swept: a story-summary-swept message.
story-summary-swept-for = { $swept } for { $cards }

# The first lines of a turn's narration left out of its board message, when the turn told
# more than the message holds.
story-log-earlier = … { $count ->
    [one] 1 earlier line
   *[other] { $count } earlier lines
} not shown

## 📜 Story (a button beside 📋 on the board) and /kot log: the last turns, privately, in the
## asker's language (the turns' summaries stay in the game's).

story-button = 📜 Story
story-cmd-log = The last turns of this channel's game and what they did to you (only you see it)
story-title = 📜 The last turns of game #{ $game }
# A closed turn's heading; its summary follows on the next line.
story-turn = **Turn { $turn } · { $monster }**
story-no-turns = No turn is over yet.
# $changes: the hearts, points and energy won or lost over these turns ("−6❤️, +2★"), or
# "none".
story-yours = **You ({ $monster })** over these turns: { $changes ->
    [none] nothing changed
   *[other] { $changes }
} · now { $hearts }❤️, { $points }★, { $energy }⚡
story-yours-out = 💀 **You ({ $monster })** are out of the game.
story-footer = { $marker } only you see this
