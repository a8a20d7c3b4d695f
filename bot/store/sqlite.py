"""The SQLite backend of the store: one file (WAL), one connection, one thread.

The connection is used only by the store's own thread. Each store call is one hand-over to
that thread: a whole transaction, or a read with its rows fetched. So two callers'
statements never interleave (a read never sees another caller's transaction half done), a
change costs one hand-over between the event loop and the thread rather than one per
statement, and no cursor leaves the thread: each is closed where it was used. (A cursor left
open and freed on another thread resets its prepared statement there, which the store's
thread may be running at that moment for the same SQL; SQLite then refuses with "bad
parameter or other API misuse".)

The store's work is written as coroutines (``bot.store``) so that PostgreSQL's driver can
await each statement. Here nothing in them suspends, since every statement runs at once on
the thread: ``_run_to_end`` runs such a coroutine to its end there, in one go.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from typing import Any

from bot.store.backend import Result, Transaction, UniqueViolation, Work
from bot.store.schema import MIGRATIONS


class SqliteTransaction:
    """Statements on the store thread's connection (``bot.store.Transaction``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        with _unique_violations(), closing(self._db.execute(sql, parameters)) as cursor:
            return cursor.rowcount

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with _unique_violations(), closing(self._db.executemany(sql, rows)):
            pass

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with closing(self._db.execute(sql, parameters)) as cursor:
            return cursor.fetchall()

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        with _unique_violations(), closing(self._db.execute(sql, parameters)) as cursor:
            row: tuple[Any, ...] | None = cursor.fetchone()
            return row


@contextmanager
def _unique_violations() -> Iterator[None]:
    """Raise SQLite's UNIQUE and PRIMARY KEY failures as the store's UniqueViolation."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            raise UniqueViolation(str(error)) from error
        raise


def _run_to_end(coroutine: Coroutine[Any, Any, Result]) -> Result:
    """Run a coroutine that never suspends (only SqliteTransaction's statements) to its end,
    on this thread, without an event loop."""
    try:
        coroutine.send(None)
    except StopIteration as finished:
        return finished.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("the store's work waited for something: it must only run statements")


def _read(db: sqlite3.Connection, work: Work[Result]) -> Result:
    return _run_to_end(work(SqliteTransaction(db)))


def _transaction(db: sqlite3.Connection, work: Work[Result]) -> Result:
    """``work`` as one transaction: all of it is written, or none."""
    db.execute("BEGIN IMMEDIATE").close()
    try:
        result = _read(db, work)
    except BaseException:
        if db.in_transaction:  # (SQLite ends some failed transactions itself)
            db.execute("ROLLBACK").close()
        raise
    db.execute("COMMIT").close()
    return result


def _connect(path: str) -> sqlite3.Connection:
    # Used by the store's thread only; "same thread" is the thread that opened it, so the
    # check is off, and no other thread ever gets the connection.
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        for pragma in (
            "journal_mode=WAL",
            # FULL: a commit is on disk (fsync) before the player is answered, so even an OS
            # crash or a power cut loses nothing a player saw accepted. NORMAL would be faster
            # but can lose the last commits in WAL mode on such a crash.
            "synchronous=FULL",
            "foreign_keys=ON",
            "busy_timeout=5000",
        ):
            db.execute(f"PRAGMA {pragma}").close()
        _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _migrate(db: sqlite3.Connection) -> None:
    version = _read(db, _version_of)
    if version > len(MIGRATIONS):
        raise RuntimeError(
            f"the database is at schema version {version}, newer than this bot "
            f"({len(MIGRATIONS)}): upgrade the bot"
        )
    for number in range(version + 1, len(MIGRATIONS) + 1):
        _transaction(db, _migration_step(number))


def _migration_step(number: int) -> Work[None]:
    """Migration ``number`` and the version it brings, as one transaction's work."""
    async def step(tx: Transaction) -> None:
        for statement in MIGRATIONS[number - 1].sql("sqlite"):
            await tx.execute(statement)
        await tx.execute(f"PRAGMA user_version={number}")
    return step


class SqliteBackend:
    """One SQLite connection and the one thread that uses it (``bot.store.Backend``)."""

    def __init__(self, db: sqlite3.Connection, thread: ThreadPoolExecutor) -> None:
        self._db = db
        self._thread = thread
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kot-store")
        try:
            db = await asyncio.get_running_loop().run_in_executor(thread, _connect, path)
        except BaseException:
            thread.shutdown(wait=False)
            raise
        return cls(db, thread)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._db.close)
        finally:
            self._thread.shutdown(wait=False)

    async def _call(self, run: Callable[[sqlite3.Connection, Work[Result]], Result],
                    work: Work[Result]) -> Result:
        """Run ``work`` on the store's thread, after the calls made before it."""
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        return await asyncio.get_running_loop().run_in_executor(self._thread, run, self._db,
                                                                work)

    async def read(self, work: Work[Result]) -> Result:
        return await self._call(_read, work)

    async def write(self, work: Work[Result]) -> Result:
        return await self._call(_transaction, work)

    async def schema_version(self) -> int:
        return await self.read(_version_of)


async def _version_of(tx: Transaction) -> int:
    row = await tx.one("PRAGMA user_version")
    return int(row[0]) if row else 0
