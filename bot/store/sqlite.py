"""The SQLite backend of the store: one file (WAL), an aiosqlite connection that writes, one
that reads, and one for a write of statements that commit by themselves when it comes
alone (``_autocommitted``), all used through aiosqlite's public coroutines.

Every statement is awaited with ``execute_fetchall``: its cursor is made, read and closed
on aiosqlite's thread, and only rows come back to the event loop. (A cursor freed unclosed
on the event loop resets its prepared statement there, maybe while aiosqlite's thread runs
the same SQL for another caller; SQLite then refuses with "bad parameter or other API
misuse", seen under burst clicks when this store left aiosqlite's cursors to the garbage
collector.) The rows a statement changed are counted from ``RETURNING 1``, so no cursor
has to come back for its ``rowcount``.

Writes go in batches (group commit). A write is queued; one task, the writer
(``_write_queued``), takes every write queued and runs their works side by side in one
transaction: each work awaits its own statements, and those of the batch wait in
aiosqlite's queue together, so a batch costs the busy event loop about as many turns as
its longest work has statements, not as all its works have. The writer steps the works
itself (``_SideBySide``), no task for each: a statement's answer is one callback on the
loop and one wake-up of the writer. One ``commit`` (one sync to
disk, ``synchronous=FULL``) answers them all, each caller only after it. Writes that come
meanwhile wait for the next batch. If any work of a batch fails, the batch is rolled back
and its writes are written again one by one, each as it would be alone: a transaction
whole or not at all, a write of statements that commit by themselves
(``autocommit``) keeping those before its failure. Works side by side in one transaction
see each other's statements, as on PostgreSQL works in concurrent transactions see each
other's commits: the store's works are written for that (a game's row, and its version,
written first). A write's work may await nothing but its statements
(``_SideBySide``), since the whole batch waits for it; work that awaits more goes
through ``write_awaiting``, which has the writing connection to itself meanwhile.

The writing connection begins a transaction by itself before a statement that changes
rows (``isolation_level="IMMEDIATE"``). So a batch needs no ``BEGIN`` of its own, and if
SQLite ends a batch's transaction early after an error (a full disk), the statements of
other works still coming begin a new one, which the batch's rollback undoes, rather than
committing one by one.

A work's statements that need no answer from each other go to aiosqlite's thread together
(``in_order``: each queued before any is answered, stepped without a task, ``_Stepped``):
each trip there and back waits for the event loop's turn, which a busy loop makes long.

Reads go to a connection of their own, read-only, and wait for no write: in WAL mode each
of its statements sees the last commit, never a batch half written.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections import deque
from collections.abc import Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Literal, cast

import aiosqlite

from bot.store.backend import Result, Statement, UniqueViolation, Work, insert_statements
from bot.store.schema import MIGRATIONS

log = logging.getLogger(__name__)

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
_PLAIN_INSERT = re.compile(r"(INSERT INTO .+ VALUES) \(\?(?:, \?)*\)", re.DOTALL)
# A statement that changes rows, and one that returns them.
_CHANGE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)
# The writes of one batch at most.
_BATCH = 64
_CLOSED = "Cannot operate on a closed database."
_AWAITED_MORE = ("a store call awaited something other than its statements: such work goes "
                 "through write_awaiting")


class SqliteTransaction:
    """Statements awaited on an aiosqlite connection (``bot.store.backend.Transaction``).
    ``waiting`` tells whether the work is waiting for one of them (``_SideBySide``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self.waiting = False

    async def _fetchall(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        self.waiting = True
        try:
            with _unique_violations():
                # With no row factory, sqlite3's rows are tuples.
                return cast(list[tuple[Any, ...]],
                            await self._db.execute_fetchall(sql, parameters))
        finally:
            self.waiting = False

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        if _CHANGE.match(sql) is None:
            await self._fetchall(sql, parameters)
            return 0
        # One row for each row changed. (Not the connection's count of changes: other
        # works' statements may run between this one and a look at it.)
        counted = sql if _RETURNING.search(sql) else f"{sql} RETURNING 1"
        return len(await self._fetchall(counted, parameters))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        # Not aiosqlite's executemany: it hands its cursor to the event loop.
        for statement in _insert_statements(sql, rows):
            await self._fetchall(statement.sql, statement.parameters)

    async def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._fetchall(sql, parameters)

    async def in_order(self, statements: Sequence[Statement]) -> list[list[tuple[Any, ...]]]:
        # Each statement's coroutine is stepped here, as a task would, no task made for it:
        # its first step queues the statement on aiosqlite's thread and yields what it waits
        # for. All first, then each awaited in turn: one trip there and back for them all
        # instead of one each, where each trip waits for a busy event loop's turn.
        self.waiting = True
        try:
            running = [_Stepped(self._db.execute_fetchall(each.sql, each.parameters))
                       for each in statements]
            answers = [await each.outcome() for each in running]
        finally:
            self.waiting = False
        found: list[list[tuple[Any, ...]]] = []
        for statement, answer in zip(statements, answers, strict=True):
            if isinstance(answer, BaseException):
                with _unique_violations():
                    raise answer
            found.append(statement.found(cast(list[tuple[Any, ...]], answer)))
        return found

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row (the store asks this only of statements giving one row at most)."""
        found = await self._fetchall(sql, parameters)
        return found[0] if found else None


class _Stepped:
    """A statement's coroutine, its first step taken at once (which queues the statement on
    aiosqlite's thread); ``outcome`` steps it on to its end, awaiting what it waits for."""

    def __init__(self, running: Coroutine[Any, Any, Any]) -> None:
        self._running = running
        self._ended: tuple[Any, BaseException | None] | None = None
        self._waited: Any = None
        self._step()

    def _step(self) -> None:
        try:
            self._waited = self._running.send(None)
        except StopIteration as finished:
            self._ended = (finished.value, None)
        except Exception as error:
            self._ended = (None, error)

    async def outcome(self) -> Any:
        """The statement's rows, or the error it raised (returned, not raised)."""
        while self._ended is None:
            if not isinstance(self._waited, asyncio.Future):
                self._running.close()
                raise RuntimeError("aiosqlite awaited something other than a future")
            await _answered(self._waited)
            self._step()
        rows, error = self._ended
        return rows if error is None else error


class _SideBySide:
    """The works of a batch, stepped side by side by the task awaiting ``outcomes`` (the
    writer): each work is sent on until it waits for one of its statements, and the
    statements are awaited in the order they were queued, which is the order aiosqlite's
    thread runs them, each work sent on with its statement's result. A statement already
    answered costs no turn of the event loop, and no task is made for a work. A work that
    awaits anything but its statements on its transaction is closed and refused
    (``RuntimeError``): its batch would wait for it; it belongs in ``write_awaiting``."""

    def __init__(self, works: Sequence[Work[Any]], db: aiosqlite.Connection) -> None:
        self._outcomes: list[tuple[Exception | None, Any]] = [(None, None)] * len(works)
        # (work's number, the work running, its transaction, the statement it waits for)
        self._waiting: deque[tuple[int, Coroutine[Any, Any, Any], SqliteTransaction,
                                   asyncio.Future[Any]]] = deque()
        for number, work in enumerate(works):
            tx = SqliteTransaction(db)
            self._send_on(number, work(tx), tx)

    async def outcomes(self) -> list[tuple[Exception | None, Any]]:
        """Each work's failure or result, in the order of the works."""
        try:
            while self._waiting:
                await _answered(self._waiting[0][3])
                number, running, tx, _statement = self._waiting.popleft()
                self._send_on(number, running, tx)
        finally:
            for _number, running, _tx, _statement in self._waiting:  # (the writer cancelled)
                running.close()
        return self._outcomes

    def _send_on(self, number: int, running: Coroutine[Any, Any, Any],
                 tx: SqliteTransaction) -> None:
        """Run the work until it waits for its next statement (queued to be awaited), or
        ends (its outcome kept)."""
        try:
            # (A statement's result or error is read by the work itself from its future.)
            waited = running.send(None)
        except StopIteration as finished:
            self._outcomes[number] = (None, finished.value)
            return
        except Exception as error:
            self._outcomes[number] = (error, None)
            return
        if not tx.waiting or not isinstance(waited, asyncio.Future):
            running.close()
            self._outcomes[number] = (RuntimeError(_AWAITED_MORE), None)
            return
        self._waiting.append((number, running, tx, waited))


async def _answered(statement: asyncio.Future[Any]) -> None:
    """Wait until a statement is answered, its result or error left for its work to read;
    raise only the cancellation of the task waiting."""
    if statement.done():
        return
    # The work yielded its statement's future here as it would to its task: taken as a
    # task takes it (its mark of being yielded cleared, asyncio's Future protocol), else
    # awaiting it again is refused.
    statement._asyncio_future_blocking = False
    try:
        await statement
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise
    except Exception:  # (its work reads it from the future)
        pass


def _insert_statements(sql: str, rows: Sequence[Sequence[Any]]) -> list[Statement]:
    """An INSERT of one row of parameters as statements of many rows each
    (``insert_statements``)."""
    plain = _PLAIN_INSERT.fullmatch(sql)
    if plain is None:
        raise ValueError(f"not an INSERT of one row of parameters: {sql}")
    return insert_statements(plain.group(1), rows)


@contextmanager
def _unique_violations() -> Iterator[None]:
    """Raise SQLite's UNIQUE and PRIMARY KEY failures as the store's UniqueViolation."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            raise UniqueViolation(str(error)) from error
        raise


@dataclass
class _Write(Generic[Result]):
    """A write queued for a batch: its work, whether it is one transaction (else its
    statements commit by themselves), and its caller's answer (cancelled when the caller
    is: then, if its batch has not begun, it is never written)."""

    work: Work[Result]
    transaction: bool
    answer: asyncio.Future[Result]

    def done(self, result: Any = None, failure: BaseException | None = None) -> None:
        if self.answer.done():  # (its caller is gone)
            return
        if failure is None:
            self.answer.set_result(result)
        else:
            self.answer.set_exception(failure)


class SqliteBackend:
    """The writing aiosqlite connection, the writer that writes the queued writes on it in
    batches (a lone write committing by itself on a connection of its own), and the reading
    connection (``bot.store.backend.Backend``)."""

    def __init__(self, db: aiosqlite.Connection, alone: aiosqlite.Connection,
                 reader: aiosqlite.Connection) -> None:
        self._db = db
        self._alone = alone
        self._reader = reader
        self._queued: list[_Write[Any]] = []
        self._writer: asyncio.Task[None] | None = None  # (while writes are queued)
        # The writing connection, to one batch or one write_awaiting at a time.
        self._connection = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        opened: list[aiosqlite.Connection] = []

        async def connection(isolation_level: Literal["IMMEDIATE"] | None,
                             pragmas: Sequence[str]) -> aiosqlite.Connection:
            opened.append(await aiosqlite.connect(path, isolation_level=isolation_level))
            for pragma in pragmas:
                await opened[-1].execute_fetchall(f"PRAGMA {pragma}")
            return opened[-1]

        try:
            db = await connection("IMMEDIATE", _PRAGMAS)  # (first: WAL mode is the file's)
            await _migrate(db)
            # isolation_level=None: never opening a transaction, each statement commits by
            # itself, and each read sees the last commit.
            alone = await connection(None, _PRAGMAS)
            reader = await connection(None, _READ_PRAGMAS)
        except BaseException:
            for each in opened:
                await each.close()
            raise
        return cls(db, alone, reader)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._writer is not None:
            await asyncio.wait([self._writer])  # (the writes queued before)
        async with self._connection:  # (after a write_awaiting in progress)
            try:
                await self._db.close()
            finally:
                try:
                    await self._alone.close()
                finally:
                    await self._reader.close()  # (after the reads queued on it)

    # --- reads ----------------------------------------------------------------------

    async def read(self, work: Work[Result]) -> Result:
        if self._closed:
            raise sqlite3.ProgrammingError(_CLOSED)
        return await work(SqliteTransaction(self._reader))

    async def schema_version(self) -> int:
        row = await self.read(lambda tx: tx.one("PRAGMA user_version"))
        return int(row[0]) if row else 0

    # --- writes, in batches ---------------------------------------------------------

    async def autocommit(self, work: Work[Result]) -> Result:
        return await self._queue(work, transaction=False)

    async def write(self, work: Work[Result]) -> Result:
        return await self._queue(work, transaction=True)

    async def _queue(self, work: Work[Result], *, transaction: bool) -> Result:
        """``work`` in the next batch; its answer once the batch is committed."""
        if self._closed:
            raise sqlite3.ProgrammingError(_CLOSED)
        loop = asyncio.get_running_loop()
        write = _Write(work, transaction, loop.create_future())
        self._queued.append(write)
        if self._writer is None:
            self._writer = loop.create_task(self._write_queued(), name="kot-store-writer")
        return cast(Result, await write.answer)

    async def _write_queued(self) -> None:
        """(The writer.) The writes queued, a batch at a time, until none is left; each
        caller answered whatever happens."""
        try:
            while self._queued:
                batch: list[_Write[Any]] = []
                try:
                    async with self._connection:
                        # (Taken once the connection is the writer's: a write whose caller
                        # was cancelled meanwhile is left out, never written.)
                        batch = [write for write in self._queued[:_BATCH]
                                 if not write.answer.cancelled()]
                        del self._queued[:_BATCH]
                        await self._write_batch(batch)
                except Exception as error:  # (a rollback that failed: the disk's error)
                    log.exception("the SQLite store could not write a batch")
                    for write in batch:
                        write.done(failure=error)
                except BaseException:  # (the event loop closing: the writer cancelled)
                    for write in [*batch, *self._queued]:
                        write.answer.cancel()
                    raise
        finally:
            self._writer = None

    async def _write_batch(self, batch: list[_Write[Any]]) -> None:
        """The works of ``batch`` side by side in one transaction, committed together. If
        some fail, the batch is rolled back and written again without them, and they are
        written one at a time after it: each then fails, or not, as it would alone."""
        later: list[_Write[Any]] = []
        while len(batch) > 1:
            outcomes = await _SideBySide([write.work for write in batch],
                                         self._db).outcomes()
            failed = {id(write) for write, (failure, _) in zip(batch, outcomes, strict=True)
                      if failure is not None}
            if not failed:
                if await self._committed():
                    for write, (_, result) in zip(batch, outcomes, strict=True):
                        write.done(result)
                    batch = []
                    break
                failed = {id(write) for write in batch}  # (each told the error alone)
            else:
                await self._db.rollback()
            later += [write for write in batch if id(write) in failed]
            batch = [write for write in batch if id(write) not in failed]
        for write in [*batch, *later]:
            if not write.answer.cancelled():
                await self._write_alone(write)

    async def _committed(self) -> bool:
        """Whether the transaction was committed (else it is rolled back)."""
        try:
            await self._db.commit()
        except Exception:
            await self._db.rollback()
            return False
        return True

    async def _outcome(self, write: _Write[Any]) -> tuple[Exception | None, Any]:
        [outcome] = await _SideBySide([write.work], self._db).outcomes()
        return outcome

    async def _write_alone(self, write: _Write[Any]) -> None:
        """One write in a transaction of its own, committed, or rolled back if it fails (a
        write of statements committing by themselves keeps those before its failure)."""
        if not write.transaction and not self._db.in_transaction:
            await self._autocommitted(write)
            return
        failure, result = await self._outcome(write)
        try:
            if failure is not None and write.transaction:
                await self._db.rollback()
            else:
                await self._db.commit()
        except Exception as error:
            await self._db.rollback()
            failure = failure or error
        write.done(result, failure)

    async def _autocommitted(self, write: _Write[Any]) -> None:
        """A write of statements that commit by themselves, alone in its batch: run on the
        connection that never opens a transaction, so that each statement is one trip to
        aiosqlite's thread and back, not two (its own and a commit's). The single clicks'
        removals of effects carried out are such writes. (The writing connection has no
        transaction open meanwhile, and none opens: the writer holds both.)"""
        [(failure, result)] = await _SideBySide([write.work], self._alone).outcomes()
        write.done(result, failure)

    # --- a write awaiting more: alone on the connection ------------------------------

    async def write_awaiting(self, work: Work[Result]) -> Result:
        if self._closed:
            raise sqlite3.ProgrammingError(_CLOSED)
        await self._connection.acquire()
        try:
            await self._db.execute_fetchall("BEGIN IMMEDIATE")
            result = await work(SqliteTransaction(self._db))
            await self._db.commit()
        except BaseException:
            # Roll back what the failure left open, and only then let the next batch in,
            # even if this caller is cancelled meanwhile: on aiosqlite's queue the rollback
            # comes after any statement of this work still running (a cancelled caller
            # stops awaiting it, the thread does not).
            rollback = asyncio.ensure_future(self._db.rollback())
            rollback.add_done_callback(self._given_back)
            await asyncio.shield(rollback)
            raise
        self._connection.release()
        return result

    def _given_back(self, rollback: asyncio.Future[None]) -> None:
        self._connection.release()
        if not rollback.cancelled():
            rollback.exception()  # (raised to the caller unless it was cancelled: not logged)


async def _migrate(db: aiosqlite.Connection) -> None:
    """The migrations this file lacks, each in a transaction with the version it brings."""
    [(version,)] = await db.execute_fetchall("PRAGMA user_version")
    if version > len(MIGRATIONS):
        raise RuntimeError(
            f"the database is at schema version {version}, newer than this bot "
            f"({len(MIGRATIONS)}): upgrade the bot"
        )
    for number in range(version + 1, len(MIGRATIONS) + 1):
        await db.execute_fetchall("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[number - 1].sql("sqlite"):
                await db.execute_fetchall(statement)
            await db.execute_fetchall(f"PRAGMA user_version={number}")
            await db.commit()
        except BaseException:
            await db.rollback()
            raise
