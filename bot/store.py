"""Persistence: every game and its log of accepted actions in one SQLite file (WAL).

The store knows rows and bytes, not rules: the service encodes and decodes states, so a row
that cannot be read breaks only its own game. Writes that belong together (an action and the
state it produced) go in one transaction; the service awaits it before answering the player.

One connection, used only by the store's own thread. Each method is one call on that thread:
a whole transaction, or a read with its rows fetched. So two callers' statements never
interleave (a read never sees another caller's transaction half done), a change costs one
hand-over between the event loop and the thread rather than one per statement, and no
cursor leaves the thread: each is closed where it was used. (A cursor left open and freed
on another thread resets its prepared statement there, which the store's thread may be
running at that moment for the same SQL; SQLite then refuses with "bad parameter or other API
misuse".)
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

Status = Literal["lobby", "playing", "over", "cancelled", "ended", "broken"]
ACTIVE_STATUSES: tuple[Status, ...] = ("lobby", "playing")


class ChannelBusy(Exception):
    """The channel already has a lobby or a game in progress."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: Status
    lobby: bytes
    seats: bytes
    state: bytes | None
    chronicle: bytes
    board_message_id: int | None
    # How the game was created (seed, options, monsters); NULL before the start, and for
    # games started before schema 2.
    setup: bytes | None


Migration = Callable[[sqlite3.Connection], None]
Result = TypeVar("Result")


def _run(db: sqlite3.Connection, sql: str, parameters: Sequence[Any] = ()) -> int | None:
    """Execute one statement to the end, closing its cursor here; returns the new row id of
    an INSERT."""
    with closing(db.execute(sql, parameters)) as cursor:
        return cursor.lastrowid


def _run_many(db: sqlite3.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    with closing(db.executemany(sql, rows)):
        pass


def _rows(db: sqlite3.Connection, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
    with closing(db.execute(sql, parameters)) as cursor:
        return cursor.fetchall()


def _one(db: sqlite3.Connection, sql: str, parameters: Sequence[Any] = ()) -> Any:
    """The first row, or None."""
    with closing(db.execute(sql, parameters)) as cursor:
        return cursor.fetchone()


def _create_games_and_actions(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            lobby BLOB NOT NULL,
            seats BLOB NOT NULL DEFAULT '[]',
            state BLOB,
            chronicle BLOB NOT NULL DEFAULT '{}',
            board_message_id INTEGER,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )
        """
    )
    # One lobby or game per channel, enforced by the database itself.
    _run(
        db,
        "CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) "
        "WHERE status IN ('lobby', 'playing')"
    )
    _run(db, "CREATE INDEX games_by_status ON games(status)")
    _run(
        db,
        """
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            action BLOB NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """
    )


def _add_game_setup(db: sqlite3.Connection) -> None:
    # With the action log, the setup rebuilds a game whose stored state cannot be read.
    _run(db, "ALTER TABLE games ADD COLUMN setup BLOB")


def _create_outbox(db: sqlite3.Connection) -> None:
    # What each change must still show on Discord, written in the change's own transaction,
    # so a crash between "saved" and "shown" is finished at the next start.
    _run(
        db,
        """
        CREATE TABLE outbox (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            effect BLOB NOT NULL,
            created_at REAL NOT NULL,
            -- Posts started: a post that was started may have reached Discord unrecorded.
            attempts INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """
    )


def _create_servers(db: sqlite3.Connection) -> None:
    # Each server's own defaults for new lobbies (/kot settings), as encoded JSON.
    _run(db, "CREATE TABLE servers (guild_id INTEGER PRIMARY KEY, settings BLOB NOT NULL)")


def _create_records(db: sqlite3.Connection) -> None:
    # Every finished game kept for good (bot.records): one row a game, one a seat. Written in
    # the transaction that finishes the game; games finished before are added at start-up
    # (SavedGames.backfill_records: places and cards bought need the engine, not just SQL).
    _run(
        db,
        """
        CREATE TABLE records (
            game_id INTEGER PRIMARY KEY REFERENCES games(id),
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            game_type TEXT NOT NULL,
            edition TEXT NOT NULL,
            options BLOB NOT NULL,
            started_at REAL NOT NULL,
            finished_at REAL NOT NULL,
            turns INTEGER NOT NULL,
            rated INTEGER NOT NULL
        )
        """
    )
    _run(db, "CREATE INDEX records_by_guild ON records(guild_id, finished_at)")
    _run(
        db,
        """
        CREATE TABLE record_seats (
            game_id INTEGER NOT NULL REFERENCES records(game_id),
            seat INTEGER NOT NULL,
            user_id INTEGER,
            ai TEXT,
            name TEXT,
            monster TEXT NOT NULL,
            place INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            points INTEGER NOT NULL,
            hearts INTEGER NOT NULL,
            out_turn INTEGER,
            cards_bought INTEGER,
            left_game INTEGER NOT NULL,
            autopiloted INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID
        """
    )
    _run(db, "CREATE INDEX record_seats_by_user ON record_seats(user_id)")


# Append only: migration N brings a database from user_version N-1 to N.
MIGRATIONS: tuple[Migration, ...] = (_create_games_and_actions, _add_game_setup,
                                     _create_outbox, _create_servers, _create_records)

_GAME_COLUMNS = (
    "id, guild_id, channel_id, host_id, status, lobby, seats, state, chronicle, "
    "board_message_id, setup"
)


def _row(values: sqlite3.Row | Sequence[Any]) -> GameRow:
    (game_id, guild_id, channel_id, host_id, status, lobby, seats, state, chronicle,
     board_message_id, setup) = values
    return GameRow(game_id, guild_id, channel_id, host_id, status, _bytes(lobby), _bytes(seats),
                   _optional_bytes(state), _bytes(chronicle), board_message_id,
                   _optional_bytes(setup))


def _bytes(value: object) -> bytes:
    """A BLOB column's bytes. A value of another type (a damaged row) becomes bytes that will
    not decode, so the service marks only that game broken instead of failing every read."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    return repr(value).encode()


def _optional_bytes(value: object) -> bytes | None:
    return None if value is None else _bytes(value)


@dataclass(frozen=True)
class OutboxRow:
    seq: int
    effect: bytes
    created_at: float
    attempts: int


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    user_id: int | None
    action: bytes


def _add_effects(db: sqlite3.Connection, game_id: int, effects: Sequence[bytes],
                 now: float) -> None:
    """Queue effects after the game's last queued one (inside the caller's transaction)."""
    if not effects:
        return
    row = _one(db, "SELECT COALESCE(MAX(seq), 0) FROM outbox WHERE game_id = ?", (game_id,))
    last = int(row[0]) if row else 0
    _run_many(db, "INSERT INTO outbox (game_id, seq, effect, created_at) VALUES (?, ?, ?, ?)",
              [(game_id, last + number, effect, now)
               for number, effect in enumerate(effects, start=1)])


@dataclass(frozen=True)
class RecordRows:
    """A finished game's record as columns: ``game`` for table ``records``, one mapping a
    seat for ``record_seats`` (``bot.records`` turns them into a record and back)."""

    game: dict[str, Any]
    seats: tuple[dict[str, Any], ...]


_RECORD_COLUMNS = ("game_id", "guild_id", "channel_id", "status", "game_type", "edition",
                   "options", "started_at", "finished_at", "turns", "rated")
_SEAT_COLUMNS = ("game_id", "seat", "user_id", "ai", "name", "monster", "place", "winner",
                 "points", "hearts", "out_turn", "cards_bought", "left_game", "autopiloted")


def _add_record(db: sqlite3.Connection, record: RecordRows | None) -> None:
    """Keep a finished game's record (inside the caller's transaction); a game recorded
    already keeps its first record."""
    if record is None:
        return
    if set(record.game) != set(_RECORD_COLUMNS) or any(
            set(seat) != set(_SEAT_COLUMNS) for seat in record.seats):
        raise ValueError("a record's columns do not match the records tables")
    with closing(db.execute(
            f"INSERT OR IGNORE INTO records ({', '.join(_RECORD_COLUMNS)}) "
            f"VALUES ({', '.join('?' for _ in _RECORD_COLUMNS)})",
            [record.game[name] for name in _RECORD_COLUMNS])) as cursor:
        if cursor.rowcount == 0:
            return
    _run_many(db, f"INSERT INTO record_seats ({', '.join(_SEAT_COLUMNS)}) "
                  f"VALUES ({', '.join('?' for _ in _SEAT_COLUMNS)})",
              [[seat[name] for name in _SEAT_COLUMNS] for seat in record.seats])


def _read_records(db: sqlite3.Connection, where: str,
                  parameters: Sequence[Any], tail: str = "") -> list[RecordRows]:
    """The records matching ``where`` (on table ``records``), in ``tail``'s order, each
    with its seats."""
    games = _rows(db, f"SELECT {', '.join(_RECORD_COLUMNS)} FROM records WHERE {where} {tail}",
                  parameters)
    if not games:
        return []
    seats: dict[int, list[dict[str, Any]]] = {}
    ids = [game[0] for game in games]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk:chunk + 500]
        for values in _rows(db, f"SELECT {', '.join(_SEAT_COLUMNS)} FROM record_seats "
                                f"WHERE game_id IN ({', '.join('?' for _ in part)}) "
                                "ORDER BY game_id, seat", part):
            seats.setdefault(values[0], []).append(dict(zip(_SEAT_COLUMNS, values,
                                                            strict=True)))
    return [RecordRows(dict(zip(_RECORD_COLUMNS, game, strict=True)),
                       tuple(seats.get(game[0], ()))) for game in games]


_GAME_FIELDS = {"status", "lobby", "seats", "state", "chronicle", "board_message_id", "setup"}


def _update(db: sqlite3.Connection, game_id: int, columns: dict[str, Any], now: float) -> None:
    unknown = set(columns) - _GAME_FIELDS
    if unknown:
        raise ValueError(f"not game columns: {sorted(unknown)}")
    if not columns:
        return
    assignments = ", ".join(f"{name} = ?" for name in columns)
    _run(db, f"UPDATE games SET {assignments}, updated_at = ? WHERE id = ?",
         (*columns.values(), now, game_id))


def _in_transaction(work: Callable[[sqlite3.Connection], Result]) -> Callable[
        [sqlite3.Connection], Result]:
    """``work`` as one transaction: all of it is written, or none."""
    def transaction(db: sqlite3.Connection) -> Result:
        _run(db, "BEGIN IMMEDIATE")
        try:
            result = work(db)
        except BaseException:
            if db.in_transaction:  # (SQLite ends some failed transactions itself)
                _run(db, "ROLLBACK")
            raise
        _run(db, "COMMIT")
        return result
    return transaction


def _connect(path: str) -> sqlite3.Connection:
    # Used by the store's thread only; "same thread" is the thread that opened it, so the
    # check is off, and no other thread ever gets the connection.
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        _run(db, "PRAGMA journal_mode=WAL")
        # FULL: a commit is on disk (fsync) before the player is answered, so even an OS
        # crash or a power cut loses nothing a player saw accepted. NORMAL would be faster
        # but can lose the last commits in WAL mode on such a crash.
        _run(db, "PRAGMA synchronous=FULL")
        _run(db, "PRAGMA foreign_keys=ON")
        _run(db, "PRAGMA busy_timeout=5000")
        _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _schema_version(db: sqlite3.Connection) -> int:
    row = _one(db, "PRAGMA user_version")
    return int(row[0]) if row else 0


def _migrate(db: sqlite3.Connection) -> None:
    version = _schema_version(db)
    if version > len(MIGRATIONS):
        raise RuntimeError(
            f"the database is at schema version {version}, newer than this bot "
            f"({len(MIGRATIONS)}): upgrade the bot"
        )
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        _in_transaction(_migration_step(migration, number))(db)


def _migration_step(migration: Migration, number: int) -> Callable[[sqlite3.Connection], None]:
    def step(db: sqlite3.Connection) -> None:
        migration(db)
        _run(db, f"PRAGMA user_version={number}")
    return step


class Store:
    """One SQLite connection and the one thread that uses it (see the module's notes)."""

    def __init__(self, db: sqlite3.Connection, thread: ThreadPoolExecutor) -> None:
        self._db = db
        self._thread = thread
        self._closed = False

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kot-store")
        try:
            db = await asyncio.get_running_loop().run_in_executor(thread, _connect, str(path))
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

    async def _call(self, work: Callable[[sqlite3.Connection], Result]) -> Result:
        """Run ``work`` on the store's thread, after the calls made before it."""
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        return await asyncio.get_running_loop().run_in_executor(self._thread, work, self._db)

    async def _write(self, work: Callable[[sqlite3.Connection], Result]) -> Result:
        return await self._call(_in_transaction(work))

    async def schema_version(self) -> int:
        return await self._call(_schema_version)

    # --- reads ----------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRow | None:
        row = await self._call(lambda db: _one(
            db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)))
        return None if row is None else _row(row)

    async def active_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._call(lambda db: _one(
            db, f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? "
                "AND status IN ('lobby', 'playing')", (channel_id,)))
        return None if row is None else _row(row)

    async def active_channels_in_guild(self, guild_id: int) -> list[int]:
        rows = await self._call(lambda db: _rows(
            db, "SELECT channel_id FROM games WHERE guild_id = ? "
                "AND status IN ('lobby', 'playing')", (guild_id,)))
        return [row[0] for row in rows]

    async def active_games(self) -> list[GameRow]:
        rows = await self._call(lambda db: _rows(
            db, f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'playing') "
                "ORDER BY id"))
        return [_row(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The log of a game (``user_id`` None for a timeout)."""
        rows = await self._call(lambda db: _rows(
            db, "SELECT seq, seat, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,)))
        return [ActionRow(seq, seat, user_id, _bytes(action))
                for seq, seat, user_id, action in rows]

    async def get_many(self, game_ids: Sequence[int]) -> list[GameRow]:
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        rows = await self._call(lambda db: _rows(
            db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id IN ({marks}) ORDER BY id",
            tuple(game_ids)))
        return [_row(row) for row in rows]

    async def server_settings(self, guild_id: int) -> bytes | None:
        row = await self._call(lambda db: _one(
            db, "SELECT settings FROM servers WHERE guild_id = ?", (guild_id,)))
        return None if row is None else _bytes(row[0])

    # --- writes ---------------------------------------------------------------------

    async def save_server_settings(self, guild_id: int, settings: bytes) -> None:
        await self._write(lambda db: _run(
            db, "INSERT INTO servers (guild_id, settings) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild_id, settings)))

    async def create_lobby(
        self, *, guild_id: int | None, channel_id: int, host_id: int, lobby: bytes,
        effects: Sequence[bytes] = (),
    ) -> int:
        """A new lobby row and the effects that show it, atomically."""
        now = time.time()

        def create(db: sqlite3.Connection) -> int:
            game_id = _run(
                db,
                "INSERT INTO games (guild_id, channel_id, host_id, status, lobby, "
                "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?)",
                (guild_id, channel_id, host_id, lobby, now, now),
            )
            assert game_id is not None
            _add_effects(db, game_id, effects, now)
            return game_id

        try:
            return await self._write(create)
        except sqlite3.IntegrityError as error:
            raise ChannelBusy("this channel already has a game") from error

    async def update_game(self, game_id: int, *, effects: Sequence[bytes] = (),
                          record: RecordRows | None = None, **columns: Any) -> None:
        """Set some columns of a game row (status, lobby, seats, state, chronicle, ...) and
        queue the effects that show the change, and keep the record of a game it finishes,
        atomically."""
        now = time.time()

        def update(db: sqlite3.Connection) -> None:
            _update(db, game_id, columns, now)
            _add_effects(db, game_id, effects, now)
            _add_record(db, record)

        await self._write(update)

    async def record_actions(
        self, game_id: int, actions: Sequence[ActionRow], *, state: bytes, chronicle: bytes,
        status: Status, effects: Sequence[bytes] = (), record: RecordRows | None = None,
    ) -> None:
        """Log accepted actions with the state they produced and the effects that show
        them (and the record of a game they finish), atomically."""
        now = time.time()

        def log_actions(db: sqlite3.Connection) -> None:
            _run_many(db, "INSERT INTO actions (game_id, seq, seat, user_id, action, at) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                      [(game_id, a.seq, a.seat, a.user_id, a.action, now) for a in actions])
            _update(db, game_id, {"state": state, "chronicle": chronicle, "status": status},
                    now)
            _add_effects(db, game_id, effects, now)
            _add_record(db, record)

        await self._write(log_actions)

    # --- the outbox -----------------------------------------------------------------

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._call(lambda db: _rows(
            db, "SELECT seq, effect, created_at, attempts FROM outbox WHERE game_id = ? "
                "ORDER BY seq", (game_id,)))
        return [OutboxRow(seq, _bytes(effect), created_at, attempts)
                for seq, effect, created_at, attempts in rows]

    async def games_with_outbox(self) -> list[int]:
        rows = await self._call(lambda db: _rows(
            db, "SELECT DISTINCT game_id FROM outbox ORDER BY game_id"))
        return [row[0] for row in rows]

    async def start_attempt(self, game_id: int, seq: int) -> None:
        """Note that a post is about to be sent (before sending it)."""
        await self._write(lambda db: _run(
            db, "UPDATE outbox SET attempts = attempts + 1 WHERE game_id = ? AND seq = ?",
            (game_id, seq)))

    async def finish_effects(self, game_id: int, seqs: Sequence[int], *,
                             record: RecordRows | None = None, **columns: Any) -> None:
        """Remove carried-out effects and set the columns they changed (and keep the record
        of a game that ended meanwhile), atomically."""
        now = time.time()

        def finish(db: sqlite3.Connection) -> None:
            _run_many(db, "DELETE FROM outbox WHERE game_id = ? AND seq = ?",
                      [(game_id, seq) for seq in seqs])
            _update(db, game_id, columns, now)
            _add_record(db, record)

        await self._write(finish)

    # --- records of finished games --------------------------------------------------

    async def add_record(self, record: RecordRows) -> None:
        """Keep the record of a game finished before records were kept (the backfill)."""
        await self._write(lambda db: _add_record(db, record))

    async def finished_without_record(self) -> list[tuple[GameRow, float]]:
        """Finished games (with a state) that have no record yet, oldest first, each with
        the time its row last changed."""
        rows = await self._call(lambda db: _rows(
            db, f"SELECT {_GAME_COLUMNS}, updated_at FROM games "
                "WHERE status IN ('over', 'ended') AND state IS NOT NULL "
                "AND id NOT IN (SELECT game_id FROM records) ORDER BY id"))
        return [(_row(row[:-1]), float(row[-1])) for row in rows]

    async def record(self, game_id: int) -> RecordRows | None:
        found = await self._call(lambda db: _read_records(db, "game_id = ?", (game_id,)))
        return found[0] if found else None

    async def records(self, guild_id: int, *, user_id: int | None = None,
                      rated_only: bool = False, newest_first: bool = False,
                      limit: int = -1, offset: int = 0) -> list[RecordRows]:
        """A server's records in the order the games finished (or newest first): all, or
        those where ``user_id`` had a seat, or the rated ones."""
        where = "guild_id = ?"
        parameters: list[Any] = [guild_id]
        if user_id is not None:
            where += " AND game_id IN (SELECT game_id FROM record_seats WHERE user_id = ?)"
            parameters.append(user_id)
        if rated_only:
            where += " AND rated = 1"
        order = "DESC" if newest_first else "ASC"
        tail = f"ORDER BY finished_at {order}, game_id {order} LIMIT ? OFFSET ?"
        return await self._call(lambda db: _read_records(db, where, (*parameters, limit,
                                                                     offset), tail))

    async def record_count(self, guild_id: int) -> int:
        row = await self._call(lambda db: _one(
            db, "SELECT COUNT(*) FROM records WHERE guild_id = ?", (guild_id,)))
        return int(row[0]) if row else 0
