"""The SQLite backend of the store: one file (WAL), an aiosqlite connection that writes
under one lock, and one that reads.

aiosqlite runs every statement on the connection's own thread. Its cursors must stay there
too: one that comes back to the event loop and is freed there unclosed resets its prepared
statement on the loop, maybe while the connection's thread runs that very statement for
another caller (the same SQL shares one prepared statement); SQLite then refuses with "bad
parameter or other API misuse" (seen under burst clicks, when this store left aiosqlite's
cursors to the garbage collector). So no cursor ever leaves that thread here.

A call is one hand-over to that thread (``_on_thread``): the store's work, a coroutine that
awaits nothing but its statements, is driven to its end there (``_run_whole``), each cursor
made, read and closed on the thread, only rows coming back to the event loop. A hand-over
costs the busy event loop a future, a wake-up and a callback, and the transaction waits for
the loop between two statements: one per statement made a burst of clicks about 10 ms
slower at the median, and a click about 2 ms (``python -m tools.bench_bot``, six runs
alternating: docs/bot.md). Work that must await something else
between its statements (the copy between stores reads its source) goes through
``write_awaiting``: one hand-over per statement (``execute_fetchall``), as aiosqlite is
mostly used.

One ``asyncio.Lock`` is held for each call on the writing connection, a transaction or a
statement committing by itself, so two callers' statements never interleave there. A call
that fails, or whose caller is cancelled, is rolled back before the lock goes to the next
call (``SqliteBackend._call``); a whole transaction on the thread rolls itself back there.
Reads go to a second connection, read-only, and take no lock: in WAL mode each of its
statements sees the last committed state, never a transaction of the writing connection
half done.
"""

from __future__ import annotations

import asyncio
import functools
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
    """Statements on the aiosqlite connection, a hand-over each, for work that awaits other
    things between them (``SqliteBackend.write_awaiting``; a ``Transaction``)."""

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
        # Not aiosqlite's executemany: it would hand its cursor to the event loop, where a
        # cancelled caller could not close it.
        for statement, parameters in _insert_statements(sql, rows):
            with _unique_violations():
                await self._db.execute_fetchall(statement, parameters)

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        # With no row factory, sqlite3's rows are tuples.
        return cast(list[tuple[Any, ...]], await self._db.execute_fetchall(sql, parameters))

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row (the store asks this only of statements giving one row at most)."""
        with _unique_violations():
            found = await self.rows(sql, parameters)
        return found[0] if found else None


class _ThreadTransaction:
    """Statements on the sqlite3 connection itself, from the connection's own thread (a
    ``bot.store.backend.Transaction`` for ``_run_whole``): each completes at once, so the
    work awaiting them never suspends."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        with _unique_violations():
            cursor = self._connection.execute(sql, parameters)
        try:
            return cursor.rowcount
        finally:
            cursor.close()

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for statement, parameters in _insert_statements(sql, rows):
            await self.execute(statement, parameters)

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with _unique_violations():
            cursor = self._connection.execute(sql, parameters)
        try:
            return cursor.fetchall()
        finally:
            cursor.close()

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        found = await self.rows(sql, parameters)
        return found[0] if found else None


_AWAITED_MORE = ("a store call awaited something other than its statements: such work goes "
                 "through write_awaiting")


def _run_whole(work: Work[Result], connection: sqlite3.Connection, *,
               transaction: bool) -> Result:
    """``work`` driven to its end on the connection's thread, as one transaction when
    ``transaction`` (rolled back there if it fails). Its statements complete at once
    (``_ThreadTransaction``), so one step runs it all; a work that awaits anything else
    is refused, since it cannot wait here: it belongs in ``write_awaiting``."""
    if transaction:
        connection.execute("BEGIN IMMEDIATE").close()
    try:
        running = work(_ThreadTransaction(connection))
        try:
            running.send(None)
        except StopIteration as finished:
            result = cast(Result, finished.value)
        except RuntimeError as error:  # asyncio's, for a wait begun with no loop here
            if "no running event loop" not in str(error):
                raise
            raise RuntimeError(_AWAITED_MORE) from error
        else:
            running.close()
            raise RuntimeError(_AWAITED_MORE)
        if transaction:
            connection.execute("COMMIT").close()
        return result
    except BaseException:
        if connection.in_transaction:
            connection.rollback()
        raise


async def _on_thread(db: aiosqlite.Connection, run: Callable[[sqlite3.Connection], Result],
                     ) -> Result:
    """``run(connection)`` on aiosqlite's thread, in one hand-over. aiosqlite has no public
    call for this: ``_execute`` is the queue each of its own methods goes through, and
    ``_conn`` its sqlite3 connection (the versions allowed in pyproject.toml have both; the
    store's tests fail if they change)."""
    queue = cast(Callable[..., Awaitable[Result]], db._execute)  # (untyped in aiosqlite)
    return await queue(run, db._conn)


def _insert_statements(sql: str, rows: Sequence[Sequence[Any]],
                       ) -> Iterator[tuple[str, list[Any]]]:
    """An INSERT of one row of parameters as statements of many rows each, within SQLite's
    limit of parameters a statement."""
    plain = _PLAIN_INSERT.fullmatch(sql)
    if plain is None:
        raise ValueError(f"not an INSERT of one row of parameters: {sql}")
    head, row_marks = plain.groups()
    per_statement = max(1, _MAX_PARAMETERS // row_marks.count("?"))
    for start in range(0, len(rows), per_statement):
        chunk = rows[start:start + per_statement]
        yield (head + ", ".join([f"({row_marks})"] * len(chunk)),
               [value for row in chunk for value in row])


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

    async def _call(self, run: Callable[[], Awaitable[Result]]) -> Result:
        """``run`` alone on the connection: no other call's statement comes between its own."""
        await self._lock.acquire()
        if self._closed:
            self._lock.release()
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        try:
            result = await run()
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

    def _whole(self, work: Work[Result], *, transaction: bool) -> Awaitable[Result]:
        """``work`` run whole on the writing connection's thread (``_run_whole``)."""
        return _on_thread(self._db, functools.partial(_run_whole, work,
                                                      transaction=transaction))

    def _release_after(self, rollback: asyncio.Future[None]) -> None:
        self._lock.release()
        if not rollback.cancelled():
            rollback.exception()  # (raised to the caller unless it was cancelled: not logged)

    async def read(self, work: Work[Result]) -> Result:
        reader = self._reader
        if reader is None:  # the migrations' reads of the schema version
            return await self._call(lambda: self._whole(work, transaction=False))
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        return await _on_thread(reader, functools.partial(_run_whole, work, transaction=False))

    async def autocommit(self, work: Work[Result]) -> Result:
        return await self._call(lambda: self._whole(work, transaction=False))

    async def write(self, work: Work[Result]) -> Result:
        return await self._call(lambda: self._whole(work, transaction=True))

    async def write_awaiting(self, work: Work[Result]) -> Result:
        async def transaction() -> Result:
            await self._db.execute_fetchall("BEGIN IMMEDIATE")
            result = await work(SqliteTransaction(self._db))
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
