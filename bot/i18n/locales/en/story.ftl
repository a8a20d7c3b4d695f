# The story of a game: a turn's summary (bot/table/turn_summary.py), the 📜 Story button and
# /kot log (the last turns, privately).

# A turn's summary: the cards a monster swept away (names with commas).
story-summary-swept = swept away { $cards }
