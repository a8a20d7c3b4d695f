"""What the store asks of a database, and what each backend (``bot.store.sqlite``,
``bot.store.postgres``) provides: a ``Transaction`` to run ``Work`` on, reads and writes, and
one error for a repeated unique key. The store and its backends both import it, so neither
imports the other's module for its types."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

Result = TypeVar("Result")


class UniqueViolation(Exception):
    """A row would repeat a key that must be unique (the backends' integrity errors)."""


@dataclass(frozen=True)
class Statement:
    """A statement for ``Transaction.in_order``; ``if_no_rows``: the error to raise when it
    returns no row (an UPDATE's ``RETURNING`` that found its row at another version)."""

    sql: str
    parameters: Sequence[Any] = ()
    if_no_rows: Exception | None = None

    def found(self, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The rows it returned; ``if_no_rows`` raised when there are none."""
        if not rows and self.if_no_rows is not None:
            raise self.if_no_rows
        return rows


# The parameters of one statement the store writes at most (SQLite's limit before 3.32).
MOST_PARAMETERS = 999


def insert_statements(head: str, rows: Sequence[Sequence[Any]]) -> list[Statement]:
    """``head`` (``INSERT INTO t (a, b) VALUES``) with ``rows`` (of one width), in as few
    statements as ``MOST_PARAMETERS`` allow."""
    if not rows:
        return []
    width = len(rows[0])
    per_statement = max(1, MOST_PARAMETERS // width)
    marks = f"({', '.join('?' * width)})"
    return [Statement(f"{head} {', '.join([marks] * len(chunk))}",
                      [value for row in chunk for value in row])
            for chunk in (rows[start:start + per_statement]
                          for start in range(0, len(rows), per_statement))]


class Transaction(Protocol):
    """One transaction (or one read) on a backend's connection."""

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows with ``INSERT INTO ... VALUES (?, ...)``, its row parameters alone
        (SQLite writes many rows a statement)."""

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    async def in_order(self, statements: Sequence[Statement]) -> list[list[tuple[Any, ...]]]:
        """Run the statements one after the other; the rows each returned. The first of
        them to fail, or to return no row with an ``if_no_rows``, raises (the error of an
        earlier statement comes first): SQLite queues them all at once on its connection's
        thread, so the ones after may have run; PostgreSQL runs none after. (For a
        ``write``: its failure undoes them all.)"""

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row, or None."""


# What a store call does with a transaction (a coroutine: PostgreSQL's driver awaits).
Work = Callable[[Transaction], Coroutine[Any, Any, Result]]


class Backend(Protocol):
    """A database: reads, transactions, its schema version."""

    async def read(self, work: Work[Result]) -> Result:
        """``work`` that only reads, outside a transaction: each statement sees what was
        committed, never another call's transaction half done."""

    async def autocommit(self, work: Work[Result]) -> Result:
        """``work`` outside a transaction, where each statement commits by itself (so a
        write of one statement needs no BEGIN and COMMIT round trips: ``Store._write_one``)."""

    async def write(self, work: Work[Result]) -> Result:
        """``work`` as one transaction: all of it is written, or none. The work awaits
        nothing but its statements (SQLite runs it whole on its connection's thread)."""

    async def write_awaiting(self, work: Work[Result]) -> Result:
        """``work`` as one transaction, awaiting other things between its statements (the
        copy between stores reads its source)."""

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...
