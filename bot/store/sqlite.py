"""The SQLite backend of the store: one file (WAL), an aiosqlite connection that writes
under one lock, and one that reads.

aiosqlite runs every statement on the connection's own thread. Its cursors must stay there
too: one that comes back to the event loop and is freed there unclosed resets its prepared
statement on the loop, maybe while the connection's thread runs that very statement for
another caller (the same SQL shares one prepared statement); SQLite then refuses with "bad
parameter or other API misuse" (seen under burst clicks, when this store left aiosqlite's
cursors to the garbage collector). So every statement here is ``execute_fetchall``: its
cursor is made, run, read and freed on the thread, and only rows come back, even to a
caller cancelled meanwhile (whose cursor ``async with`` could not close).

One ``asyncio.Lock`` is held for each call on the writing connection, a transaction or a
statement committing by itself, so two callers' statements never interleave there. A call
that fails, or whose caller is cancelled, is rolled back before the lock goes to the next
call (``SqliteBackend._call``). Reads go to a second connection, read-only, and take no lock:
in WAL mode each of its statements sees the last committed state, never a transaction of the
writing connection half done, and a read holding no transaction has nothing to roll back.
So a read never waits for a transaction's hand-overs to the writing connection's thread.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

import aiosqlite

from bot.store.backend import Result, Transaction, UniqueViolation, Work
from bot.store.schema import MIGRATIONS

_PRAGMAS = (
    "journal_mode=WAL",
    # FULL: a commit is on disk (fsync) before the player is answered, so even an OS crash or
    # a power cut loses nothing a player saw accepted. NORMAL would be faster but can lose
    # the last commits in WAL mode on such a crash.
    "synchronous=FULL",
    "foreign_keys=ON",
    "busy_timeout=5000",
)
# The reading connection's: it refuses any write; WAL mode is the file's, set by the writer.
_READ_PRAGMAS = ("query_only=ON", "busy_timeout=5000")
# The SQL ``execute_many`` takes: an INSERT whose one row is parameters alone.
_PLAIN_INSERT = re.compile(r"(INSERT INTO .+ VALUES )\((\?(?:, \?)*)\)", re.DOTALL)
# The parameters of one statement: SQLite's limit before 3.32 (32766 since).
_MAX_PARAMETERS = 999


class SqliteTransaction:
    """Statements on the aiosqlite connection (``bot.store.backend.Transaction``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        # The rows it changed, from the connection's count of changes: nothing else runs on
        # the connection meanwhile (the lock), and no cursor has to come back for its
        # rowcount.
        before = self._db.total_changes
        with _unique_violations():
            await self._db.execute_fetchall(sql, parameters)
        return self._db.total_changes - before

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        # Statements of many rows each, a hand-over each. Not aiosqlite's executemany: it
        # would hand its cursor to the event loop, where a cancelled caller could not close
        # it.
        plain = _PLAIN_INSERT.fullmatch(sql)
        if plain is None:
            raise ValueError(f"not an INSERT of one row of parameters: {sql}")
        head, row_marks = plain.groups()
        per_statement = max(1, _MAX_PARAMETERS // row_marks.count("?"))
        for start in range(0, len(rows), per_statement):
            chunk = rows[start:start + per_statement]
            with _unique_violations():
                await self._db.execute_fetchall(
                    head + ", ".join([f"({row_marks})"] * len(chunk)),
                    [value for row in chunk for value in row])

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        # With no row factory, sqlite3's rows are tuples.
        return cast(list[tuple[Any, ...]], await self._db.execute_fetchall(sql, parameters))

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row (the store asks this only of statements giving one row at most)."""
        with _unique_violations():
            found = await self.rows(sql, parameters)
        return found[0] if found else None


@contextmanager
def _unique_violations() -> Iterator[None]:
    """Raise SQLite's UNIQUE and PRIMARY KEY failures as the store's UniqueViolation."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            raise UniqueViolation(str(error)) from error
        raise


class SqliteBackend:
    """The writing aiosqlite connection, the lock that gives it to one call at a time, and
    the reading connection (``bot.store.backend.Backend``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._reader: aiosqlite.Connection | None = None  # (opened after the migrations)
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        # isolation_level=None: sqlite3 opens no transaction by itself; ours are explicit.
        # check_same_thread=False: the event loop reads the connection's count of changes
        # (SqliteTransaction.execute); every statement runs on aiosqlite's thread.
        db = await aiosqlite.connect(path, isolation_level=None, check_same_thread=False)
        backend = cls(db)
        try:
            for pragma in _PRAGMAS:
                await db.execute_fetchall(f"PRAGMA {pragma}")
            await backend._migrate()
            backend._reader = await aiosqlite.connect(path, isolation_level=None)
            for pragma in _READ_PRAGMAS:
                await backend._reader.execute_fetchall(f"PRAGMA {pragma}")
        except BaseException:
            await backend._close_connections()
            raise
        return backend

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        async with self._lock:  # after the call running now
            await self._close_connections()

    async def _close_connections(self) -> None:
        """Both connections (the reader's after the reads queued on it)."""
        try:
            await self._db.close()
        finally:
            if self._reader is not None:
                await self._reader.close()

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise RuntimeError(
                f"the database is at schema version {version}, newer than this bot "
                f"({len(MIGRATIONS)}): upgrade the bot"
            )
        for number in range(version + 1, len(MIGRATIONS) + 1):
            await self.write(_migration_step(number))

    async def _call(self, run: Callable[[SqliteTransaction], Awaitable[Result]]) -> Result:
        """``run`` alone on the connection: no other call's statement comes between its own."""
        await self._lock.acquire()
        if self._closed:
            self._lock.release()
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        try:
            result = await run(SqliteTransaction(self._db))
        except BaseException:
            # Roll back what the failure left open (a no-op when no transaction is), and only
            # then let the next call in, even if this caller is cancelled meanwhile. On
            # aiosqlite's queue the rollback comes after any statement of this call still
            # running (a cancelled caller stops awaiting it, the thread does not): so the
            # next call finds the connection idle and out of any transaction.
            rollback = asyncio.ensure_future(self._db.rollback())
            rollback.add_done_callback(self._release_after)
            await asyncio.shield(rollback)
            raise
        self._lock.release()
        return result

    def _release_after(self, rollback: asyncio.Future[None]) -> None:
        self._lock.release()
        if not rollback.cancelled():
            rollback.exception()  # (raised to the caller unless it was cancelled: not logged)

    async def read(self, work: Work[Result]) -> Result:
        reader = self._reader
        if reader is None:  # the migrations' reads of the schema version
            return await self._call(work)
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        return await work(SqliteTransaction(reader))

    async def autocommit(self, work: Work[Result]) -> Result:
        return await self._call(work)

    async def write(self, work: Work[Result]) -> Result:
        async def transaction(tx: SqliteTransaction) -> Result:
            await self._db.execute_fetchall("BEGIN IMMEDIATE")
            result = await work(tx)
            await self._db.execute_fetchall("COMMIT")
            return result

        return await self._call(transaction)

    async def schema_version(self) -> int:
        return await self.read(_version_of)


def _migration_step(number: int) -> Work[None]:
    """Migration ``number`` and the version it brings, as one transaction's work."""
    async def step(tx: Transaction) -> None:
        for statement in MIGRATIONS[number - 1].sql("sqlite"):
            await tx.execute(statement)
        await tx.execute(f"PRAGMA user_version={number}")
    return step


async def _version_of(tx: Transaction) -> int:
    row = await tx.one("PRAGMA user_version")
    return int(row[0]) if row else 0
