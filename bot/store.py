"""Persistence: every game and its log of accepted actions in one SQLite file (WAL).

The store knows rows and bytes, not rules: the service encodes and decodes states, so a row
that cannot be read breaks only its own game. Writes that belong together (an action and the
state it produced) go in one transaction; the service awaits it before answering the player.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import aiosqlite

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


Migration = Callable[[aiosqlite.Connection], Awaitable[None]]


async def _run(db: aiosqlite.Connection, sql: str, parameters: Sequence[Any] = ()) -> int | None:
    """Execute one statement to the end (an open cursor would block COMMIT); returns the
    new row id of an INSERT."""
    async with db.execute(sql, parameters) as cursor:
        await cursor.fetchall()
        return cursor.lastrowid


async def _create_games_and_actions(db: aiosqlite.Connection) -> None:
    await _run(
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
    await _run(
        db,
        "CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) "
        "WHERE status IN ('lobby', 'playing')"
    )
    await _run(db, "CREATE INDEX games_by_status ON games(status)")
    await _run(
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


async def _add_game_setup(db: aiosqlite.Connection) -> None:
    # With the action log, the setup rebuilds a game whose stored state cannot be read.
    await _run(db, "ALTER TABLE games ADD COLUMN setup BLOB")


async def _create_outbox(db: aiosqlite.Connection) -> None:
    # What each change must still show on Discord, written in the change's own transaction,
    # so a crash between "saved" and "shown" is finished at the next start.
    await _run(
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


async def _create_servers(db: aiosqlite.Connection) -> None:
    # Each server's own defaults for new lobbies (/kot settings), as encoded JSON.
    await _run(db, "CREATE TABLE servers (guild_id INTEGER PRIMARY KEY, settings BLOB NOT NULL)")


# Append only: migration N brings a database from user_version N-1 to N.
MIGRATIONS: tuple[Migration, ...] = (_create_games_and_actions, _add_game_setup,
                                     _create_outbox, _create_servers)

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


async def _add_effects(db: aiosqlite.Connection, game_id: int, effects: Sequence[bytes],
                       now: float) -> None:
    """Queue effects after the game's last queued one (inside the caller's transaction)."""
    if not effects:
        return
    async with db.execute("SELECT COALESCE(MAX(seq), 0) FROM outbox WHERE game_id = ?",
                          (game_id,)) as cursor:
        row = await cursor.fetchone()
    last = int(row[0]) if row else 0
    await db.executemany(
        "INSERT INTO outbox (game_id, seq, effect, created_at) VALUES (?, ?, ?, ?)",
        [(game_id, last + number, effect, now)
         for number, effect in enumerate(effects, start=1)],
    )


_GAME_FIELDS = {"status", "lobby", "seats", "state", "chronicle", "board_message_id", "setup"}


async def _update(db: aiosqlite.Connection, game_id: int, columns: dict[str, Any],
                  now: float) -> None:
    unknown = set(columns) - _GAME_FIELDS
    if unknown:
        raise ValueError(f"not game columns: {sorted(unknown)}")
    if not columns:
        return
    assignments = ", ".join(f"{name} = ?" for name in columns)
    await _run(db, f"UPDATE games SET {assignments}, updated_at = ? WHERE id = ?",
               (*columns.values(), now, game_id))


class Store:
    """One aiosqlite connection; writes are serialised so transactions never interleave."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await _run(db, "PRAGMA journal_mode=WAL")
            # FULL: a commit is on disk (fsync) before the player is answered, so even an OS
            # crash or a power cut loses nothing a player saw accepted. NORMAL would be
            # faster but can lose the last commits in WAL mode on such a crash.
            await _run(db, "PRAGMA synchronous=FULL")
            await _run(db, "PRAGMA foreign_keys=ON")
            await _run(db, "PRAGMA busy_timeout=5000")
            store = cls(db)
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise RuntimeError(
                f"the database is at schema version {version}, newer than this bot "
                f"({len(MIGRATIONS)}): upgrade the bot"
            )
        for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
            async with self._transaction():
                await migration(self._db)
                await _run(self._db, f"PRAGMA user_version={number}")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await _run(self._db, "BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await _run(self._db, "ROLLBACK")
                raise
            await _run(self._db, "COMMIT")

    # --- reads ----------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRow | None:
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _row(row)

    async def active_in_channel(self, channel_id: int) -> GameRow | None:
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? "
            "AND status IN ('lobby', 'playing')",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _row(row)

    async def active_channels_in_guild(self, guild_id: int) -> list[int]:
        async with self._db.execute(
            "SELECT channel_id FROM games WHERE guild_id = ? AND status IN ('lobby', 'playing')",
            (guild_id,),
        ) as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def active_games(self) -> list[GameRow]:
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cursor:
            rows = await cursor.fetchall()
        return [_row(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The log of a game (``user_id`` None for a timeout)."""
        async with self._db.execute(
            "SELECT seq, seat, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [ActionRow(seq, seat, user_id, _bytes(action))
                for seq, seat, user_id, action in rows]

    async def get_many(self, game_ids: Sequence[int]) -> list[GameRow]:
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id IN ({marks}) ORDER BY id",
            tuple(game_ids),
        ) as cursor:
            return [_row(row) for row in await cursor.fetchall()]

    async def server_settings(self, guild_id: int) -> bytes | None:
        async with self._db.execute(
            "SELECT settings FROM servers WHERE guild_id = ?", (guild_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _bytes(row[0])

    # --- writes ---------------------------------------------------------------------

    async def save_server_settings(self, guild_id: int, settings: bytes) -> None:
        async with self._transaction() as db:
            await _run(db, "INSERT INTO servers (guild_id, settings) VALUES (?, ?) "
                           "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                       (guild_id, settings))

    async def create_lobby(
        self, *, guild_id: int | None, channel_id: int, host_id: int, lobby: bytes,
        effects: Sequence[bytes] = (),
    ) -> int:
        """A new lobby row and the effects that show it, atomically."""
        now = time.time()
        try:
            async with self._transaction() as db:
                game_id = await _run(
                    db,
                    "INSERT INTO games (guild_id, channel_id, host_id, status, lobby, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?)",
                    (guild_id, channel_id, host_id, lobby, now, now),
                )
                assert game_id is not None
                await _add_effects(db, game_id, effects, now)
        except sqlite3.IntegrityError as error:
            raise ChannelBusy("this channel already has a game") from error
        return game_id

    async def update_game(self, game_id: int, *, effects: Sequence[bytes] = (),
                          **columns: Any) -> None:
        """Set some columns of a game row (status, lobby, seats, state, chronicle, ...) and
        queue the effects that show the change, atomically."""
        now = time.time()
        async with self._transaction() as db:
            await _update(db, game_id, columns, now)
            await _add_effects(db, game_id, effects, now)

    async def record_actions(
        self, game_id: int, actions: Sequence[ActionRow], *, state: bytes, chronicle: bytes,
        status: Status, effects: Sequence[bytes] = (),
    ) -> None:
        """Log accepted actions with the state they produced and the effects that show
        them, atomically."""
        now = time.time()
        async with self._transaction() as db:
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, a.seq, a.seat, a.user_id, a.action, now) for a in actions],
            )
            await _update(db, game_id, {"state": state, "chronicle": chronicle,
                                        "status": status}, now)
            await _add_effects(db, game_id, effects, now)

    # --- the outbox -----------------------------------------------------------------

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        async with self._db.execute(
            "SELECT seq, effect, created_at, attempts FROM outbox WHERE game_id = ? "
            "ORDER BY seq",
            (game_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [OutboxRow(seq, _bytes(effect), created_at, attempts)
                for seq, effect, created_at, attempts in rows]

    async def games_with_outbox(self) -> list[int]:
        async with self._db.execute(
            "SELECT DISTINCT game_id FROM outbox ORDER BY game_id"
        ) as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def start_attempt(self, game_id: int, seq: int) -> None:
        """Note that a post is about to be sent (before sending it)."""
        async with self._transaction() as db:
            await _run(db, "UPDATE outbox SET attempts = attempts + 1 "
                           "WHERE game_id = ? AND seq = ?", (game_id, seq))

    async def finish_effects(self, game_id: int, seqs: Sequence[int], **columns: Any) -> None:
        """Remove carried-out effects and set the columns they changed, atomically."""
        now = time.time()
        async with self._transaction() as db:
            await db.executemany("DELETE FROM outbox WHERE game_id = ? AND seq = ?",
                                 [(game_id, seq) for seq in seqs])
            if columns:
                await _update(db, game_id, columns, now)
