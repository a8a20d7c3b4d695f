"""Chaos tools: drive the real bot on SimCord with hostile traffic, or kill its process, and
check that the Discord channel still agrees with the bot's store and nothing was lost.

- ``checks``: the invariants (live buttons, one board, a turn timer, announced results, the
  action log replaying to the stored state), as functions of an ``Env`` and the bot.
- ``fuzz``: the seeded fuzz campaign that counts how often they break (``python -m
  tools.fuzz``); ``moves``: the table of members whose moves it draws; ``sim``: the SimCord
  internals these rely on, in one place.
- ``crash``: the crash campaign (``python -m tools.crash``): a worker process
  (``crash_worker``) plays on a durable SimCord world (``world``) and is SIGKILLed at random
  moments and at named points (``kill_points``); ``journal`` keeps what players saw
  accepted, ``crash_checks`` checks what survived.
"""
