"""Every row of one store copied into another (``python -m tools.copy_store``): a SQLite file
moved to PostgreSQL, or back.

Both stores are opened first, so both are at this bot's schema; the tables and their columns
are read from that schema (``bot.store.schema``), so a new migration is copied without changes
here. The target must be empty. The whole copy is one transaction on the target: it is
verified (rows counted on both sides, and a checksum of each table's rows as written and as
read back) before it commits, so a failed or wrong copy leaves the target as it was.

Rows are read from the source in chunks, in key order (keyset paging), and written as they
come: a million actions never sit in memory at once. The source is read from inside the
target's transaction, each chunk awaited (both backends run their transactions on the event
loop, each store under its own lock).

Values are copied as they are, converted to the column's type only where SQLite's loose
typing let another type in: a damaged row's text in a bytes column becomes those bytes, as
the store itself reads it. A value that cannot be converted stops the copy, naming its row.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from bot.store.backend import Backend, Transaction
from bot.store.postgres import PostgresBackend
from bot.store.schema import MIGRATIONS, SERIAL_TABLES, TABLES
from bot.store.store import Store, parameter_marks

DEFAULT_CHUNK_ROWS = 1_000

Kind = Literal["integer", "real", "text", "bytes"]
# SQLite's declared column types in the schema, by the kind of value each holds.
_KINDS: dict[str, Kind] = {"INTEGER": "integer", "REAL": "real", "TEXT": "text",
                           "BLOB": "bytes"}


# A query's rows, on the source or in the target's transaction.
Rows = Callable[[str, Sequence[Any]], Awaitable[list[tuple[Any, ...]]]]


class CopyRefused(Exception):
    """The copy cannot be made (a target that is not empty, a value that fits no column);
    nothing was written."""


class CopyMismatch(Exception):
    """The copy did not read back as written (the source changed meanwhile?); nothing was
    written."""


@dataclass(frozen=True)
class Column:
    name: str
    kind: Kind


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    # The primary key's columns, in key order: the order of the copy and of the checksum.
    key: tuple[str, ...]

    @property
    def column_list(self) -> str:
        return ", ".join(column.name for column in self.columns)

    def place(self, name: str) -> int:
        """Where the column ``name`` is in a row."""
        return next(index for index, column in enumerate(self.columns) if column.name == name)

    @property
    def key_places(self) -> tuple[int, ...]:
        return tuple(self.place(name) for name in self.key)


@dataclass(frozen=True)
class TableCopy:
    name: str
    rows: int
    checksum: str


@dataclass(frozen=True)
class CopyReport:
    tables: tuple[TableCopy, ...]
    # The largest game id copied (None without games): new games are numbered after it.
    last_game_id: int | None

    @property
    def rows(self) -> int:
        return sum(table.rows for table in self.tables)


@cache
def schema_tables() -> tuple[Table, ...]:
    """Every table of this bot's schema, parents first, with its columns and key, as the
    migrations create them (applied to an in-memory SQLite database to read them back)."""
    with closing(sqlite3.connect(":memory:")) as db:
        for migration in MIGRATIONS:
            for statement in migration.sql("sqlite"):
                db.execute(statement)
        return tuple(_table(db, name) for name in TABLES)


def _table(db: sqlite3.Connection, name: str) -> Table:
    # PRAGMA table_info: (cid, name, type, notnull, default, pk), pk = place in the key.
    described = db.execute(f"PRAGMA table_info({name})").fetchall()
    columns = tuple(Column(column[1], _KINDS[column[2].upper()]) for column in described)
    key = tuple(column[1] for column in sorted(described, key=lambda c: c[5]) if column[5])
    return Table(name, columns, key)


async def copy_store(source: Store, target: Store, *,
                     chunk_rows: int = DEFAULT_CHUNK_ROWS) -> CopyReport:
    """Copy every row of ``source`` into the empty ``target`` (both open), verified, in one
    transaction on the target. Raises CopyRefused or CopyMismatch, writing nothing."""
    if chunk_rows < 1:
        raise ValueError("chunk_rows must be at least 1")
    reader = _SourceReader(source.backend)
    postgres_target = isinstance(target.backend, PostgresBackend)

    async def copy_all(tx: Transaction) -> CopyReport:
        await _require_empty(tx)
        copied = [await _copy_table(reader, tx, table, chunk_rows)
                  for table in schema_tables()]
        last_game_id = await _last_id(tx, "games")
        if postgres_target:
            await _number_new_rows_after_copied(tx)
        await _verify(reader, tx, copied, chunk_rows)
        return CopyReport(tuple(copied), last_game_id)

    return await target.backend.write_awaiting(copy_all)


class _SourceReader:
    """Reads of the source, made from inside the target's transaction."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._backend.read(lambda tx: tx.rows(sql, parameters))


async def _require_empty(tx: Transaction) -> None:
    holding = [table.name for table in schema_tables()
               if await tx.one(f"SELECT 1 FROM {table.name} LIMIT 1") is not None]
    if holding:
        games = " (it holds games)" if "games" in holding else ""
        raise CopyRefused(
            f"the target database is not empty{games}: it has rows in {', '.join(holding)}. "
            "Copy into a new, empty database.")


async def _copy_table(reader: _SourceReader, tx: Transaction, table: Table,
                      chunk_rows: int) -> TableCopy:
    insert = (f"INSERT INTO {table.name} ({table.column_list}) "
              f"VALUES ({parameter_marks(len(table.columns))})")
    checksum = hashlib.sha256()
    count = 0
    async for chunk in _chunks(reader.rows, table, chunk_rows):
        rows = [_converted(table, row) for row in chunk]
        await tx.execute_many(insert, rows)
        for row in rows:
            checksum.update(_row_bytes(row))
        count += len(rows)
    return TableCopy(table.name, count, checksum.hexdigest())


async def _chunks(rows: Rows, table: Table,
                  chunk_rows: int) -> AsyncIterator[list[tuple[Any, ...]]]:
    """The table's rows in key order, ``chunk_rows`` at a time."""
    after: tuple[Any, ...] | None = None
    while True:
        chunk = await rows(*_chunk_query(table, after, chunk_rows))
        if not chunk:
            return
        yield chunk
        after = tuple(chunk[-1][place] for place in table.key_places)


def _chunk_query(table: Table, after: tuple[Any, ...] | None,
                 limit: int) -> tuple[str, list[Any]]:
    """The next chunk of rows after a key (a row value comparison, in both dialects)."""
    key = ", ".join(table.key)
    where = ""
    parameters: list[Any] = []
    if after is not None:
        where = f"WHERE ({key}) > ({parameter_marks(len(after))}) "
        parameters = list(after)
    return (f"SELECT {table.column_list} FROM {table.name} {where}ORDER BY {key} LIMIT ?",
            [*parameters, limit])


def _converted(table: Table, row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(_value(table, row, column, value)
                 for column, value in zip(table.columns, row, strict=True))


def _value(table: Table, row: tuple[Any, ...], column: Column, value: object) -> object:
    """``value`` as its column's type holds it in both dialects."""
    if value is None:
        return None
    kind = column.kind
    if kind == "bytes":
        if isinstance(value, bytes):
            return value
        # Text (or a number) where bytes belong: its text as bytes, as SQLite's CAST does.
        return str(value).encode()
    if kind == "integer" and isinstance(value, int):
        return value
    if kind == "real" and isinstance(value, (int, float)):
        return float(value)
    if kind == "text" and isinstance(value, str):
        return value
    if kind == "text" and isinstance(value, bytes):
        try:
            return value.decode()
        except UnicodeDecodeError:
            pass
    key = ", ".join(f"{name}={row[table.place(name)]!r}" for name in table.key)
    raise CopyRefused(
        f"table {table.name}, row {key}: column {column.name} holds {value!r}, which is not "
        f"{kind}. Fix or delete that row in the source, then copy again.")


def _row_bytes(row: Sequence[Any]) -> bytes:
    # repr is exact for the types the columns hold (int, float, str, bytes, None).
    return repr(tuple(row)).encode() + b"\n"


async def _last_id(tx: Transaction, table: str) -> int | None:
    row = await tx.one(f"SELECT MAX(id) FROM {table}")
    return None if row is None or row[0] is None else int(row[0])


async def _number_new_rows_after_copied(tx: Transaction) -> None:
    """PostgreSQL's identity does not see ids written explicitly: move each past the copied
    ones, or the next lobby (or tournament) would get id 1 again. (SQLite's AUTOINCREMENT
    follows the largest id written by itself.)"""
    for table in SERIAL_TABLES:
        last = await _last_id(tx, table)
        if last is not None:
            await tx.execute(f"ALTER TABLE {table} ALTER COLUMN id RESTART WITH {last + 1}")


async def _verify(reader: _SourceReader, tx: Transaction, copied: Sequence[TableCopy],
                  chunk_rows: int) -> None:
    """Each table holds as many rows as the source, and reads back with the checksum of the
    rows written."""
    for table, copy in zip(schema_tables(), copied, strict=True):
        count_sql = f"SELECT COUNT(*) FROM {table.name}"
        in_source = (await reader.rows(count_sql))[0][0]
        in_target = (await tx.one(count_sql) or (None,))[0]
        if not in_source == in_target == copy.rows:
            raise CopyMismatch(
                f"table {table.name}: {copy.rows} rows copied, but the source now has "
                f"{in_source} and the target {in_target} (was the bot still running on the "
                "source? Stop it and copy again)")
        if await _checksum(tx, table, chunk_rows) != copy.checksum:
            raise CopyMismatch(f"table {table.name} does not read back as it was written")


async def _checksum(tx: Transaction, table: Table, chunk_rows: int) -> str:
    checksum = hashlib.sha256()
    async for chunk in _chunks(tx.rows, table, chunk_rows):
        for row in chunk:
            checksum.update(_row_bytes(row))
    return checksum.hexdigest()
