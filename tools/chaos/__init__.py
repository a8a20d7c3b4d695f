"""Chaos tools: drive the real bot on SimCord with hostile traffic and check that the Discord
channel still agrees with the bot's store.

- ``checks``: the invariants (live buttons, one board, a turn timer, announced results, the
  action log replaying to the stored state), as functions of an ``Env`` and the bot.
- ``fuzz``: the seeded fuzz campaign that counts how often they break (``python -m
  tools.fuzz``).
- ``moves``: the table of members whose moves the campaign draws.
- ``sim``: the SimCord internals these rely on, in one place.
"""
