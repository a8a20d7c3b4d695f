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
