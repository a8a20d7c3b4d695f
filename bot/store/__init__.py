"""The store: rows and bytes in SQLite (one file, the default) or PostgreSQL.

``store`` (the ``Store``: every read and write, written once over a ``Transaction``),
``backend`` (what a database provides: ``Transaction``, ``Work``, ``Backend``), the backends
``sqlite`` and ``postgres``, the ``schema`` (numbered migrations for both dialects), and
``copying`` (a SQLite file into PostgreSQL, ``python -m tools.copy_store``).

Imports nothing of the bot or the engine: it knows rows, not games (``bot.table.game_rows``
turns games into rows and back).
"""
