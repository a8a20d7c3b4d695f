"""The PostgreSQL backend of the store (``DATABASE_URL``), through asyncpg.

A pool of connections, so that several games' writes (and several bot processes) go on at
once; each write is one transaction on one connection. The store's SQL marks parameters with
``?``; PostgreSQL numbers them (``$1``), which ``_numbered`` does once for each statement.

Migrations run in one transaction that first takes an advisory lock, so processes started
together apply each migration once: the others wait, then find the schema up to date.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.backend import Result, Statement, UniqueViolation, Work
from bot.store.schema import MIGRATIONS

# The key of the advisory lock held while migrating ("KOT" in ASCII).
_MIGRATION_LOCK = 0x4B4F54
_POOL_SIZE = 10
if TYPE_CHECKING:  # (generic in the stubs only, not at run time)
    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]


@lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    """``?`` parameter marks as PostgreSQL's ``$1, $2, ...`` (the store's SQL has no ``?``
    in its literals)."""
    numbers = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


@contextmanager
def _unique_violations() -> Iterator[None]:
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        raise UniqueViolation(str(error)) from error


def _rows_changed(status: str) -> int:
    """The row count at the end of a command status such as ``UPDATE 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTransaction:
    """Statements on one pooled connection (``bot.store.backend.Transaction``)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        with _unique_violations():
            status = await self._connection.execute(_numbered(sql), *parameters)
        return _rows_changed(status)

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            with _unique_violations():
                await self._connection.executemany(_numbered(sql), rows)

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self._connection.fetch(_numbered(sql),
                                                                   *parameters)]

    async def in_order(self, statements: Sequence[Statement]) -> list[list[tuple[Any, ...]]]:
        found: list[list[tuple[Any, ...]]] = []
        for statement in statements:
            with _unique_violations():
                rows = await self.rows(statement.sql, statement.parameters)
            found.append(statement.found(rows))
        return found

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        with _unique_violations():
            row = await self._connection.fetchrow(_numbered(sql), *parameters)
        return None if row is None else tuple(row)


async def _migrate(connection: Connection) -> None:
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_version "
            "(version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)")
        version = await _version(connection)
        if version > len(MIGRATIONS):
            raise RuntimeError(
                f"the database is at schema version {version}, newer than this bot "
                f"({len(MIGRATIONS)}): upgrade the bot"
            )
        for number in range(version + 1, len(MIGRATIONS) + 1):
            for statement in MIGRATIONS[number - 1].sql("postgres"):
                await connection.execute(statement)
            await connection.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
                number, time.time())


async def _version(connection: Connection) -> int:
    found = await connection.fetchval(
        "SELECT to_regclass('schema_version') IS NOT NULL")
    if not found:
        return 0
    return int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) "
                                         "FROM schema_version"))


async def _keep_session(connection: asyncpg.Connection[asyncpg.Record]) -> None:
    return None


class PostgresBackend:
    """A pool of connections to one PostgreSQL database (``bot.store.backend.Backend``)."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record]) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresBackend:
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=_POOL_SIZE,
                # The store keeps no session state (no SET, LISTEN or session lock: the
                # migration's lock ends with its transaction), so a connection going back
                # to the pool needs no reset round trip; and connections stay open rather
                # than arm an idle timer at every release.
                reset=_keep_session, max_inactive_connection_lifetime=0)
        except (OSError, asyncpg.PostgresError) as error:
            raise ConnectionError(
                f"cannot reach the PostgreSQL database of DATABASE_URL: {error}") from error
        try:
            async with pool.acquire() as connection:
                await _migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    async def read(self, work: Work[Result]) -> Result:
        return await self.autocommit(work)

    async def autocommit(self, work: Work[Result]) -> Result:
        async with self._pool.acquire() as connection:
            return await work(PostgresTransaction(connection))

    async def write(self, work: Work[Result]) -> Result:
        async with self._pool.acquire() as connection, connection.transaction():
            return await work(PostgresTransaction(connection))

    async def write_awaiting(self, work: Work[Result]) -> Result:
        return await self.write(work)  # (asyncpg awaits each statement anyway)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as connection:
            return await _version(connection)
