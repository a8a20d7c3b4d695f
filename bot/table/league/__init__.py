"""Server leagues: what gives a server a reason to come back next week.

Seasons and their ranks, the rank roles and the monsters' crowns, the matchmaking queue,
Swiss nights of tables, and achievements. Each part keeps its pure rules (pairing, ranks,
achievements) apart from the code that stores and schedules them; all of it reads the
records of finished games (``bot.table.records``), never a game in play.
"""
