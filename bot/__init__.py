"""The Discord side of King of Tokyo, in rooms that import one way down:

    process   bot.__main__, bot.local, bot.app, bot.health, bot.config, bot.stopping
                 │  (builds the bot from the rooms below, reads the environment)
    discord   bot.discord   commands, buttons, the publisher, Discord calls, message texts
                 │
    table     bot.table     games and lobbies: the service, clocks, AI seats, records
                 │
    store     bot.store     rows in SQLite or PostgreSQL

    render    bot.render    the board and card pictures: reads only the engine

    processes bot.processes pools of worker processes (the Hard AI's, the drawing's)

Each room's ``__init__`` says what it holds and what it may import; ``lint-imports`` (the
contracts in pyproject.toml) keeps it so.
"""
