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


# Append only: migration N brings a database from user_version N-1 to N.
MIGRATIONS: tuple[Migration, ...] = (_create_games_and_actions, _add_game_setup)

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

    async def actions(self, game_id: int) -> list[tuple[int, int, int | None, bytes]]:
        """The log of a game: (seq, seat, user id or None for a timeout, encoded action)."""
        async with self._db.execute(
            "SELECT seq, seat, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [(seq, seat, user_id, _bytes(action)) for seq, seat, user_id, action in rows]

    # --- writes ---------------------------------------------------------------------

    async def create_lobby(
        self, *, guild_id: int | None, channel_id: int, host_id: int, lobby: bytes
    ) -> int:
        now = time.time()
        try:
            async with self._transaction() as db:
                game_id = await _run(
                    db,
                    "INSERT INTO games (guild_id, channel_id, host_id, status, lobby, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?)",
                    (guild_id, channel_id, host_id, lobby, now, now),
                )
        except sqlite3.IntegrityError as error:
            raise ChannelBusy("this channel already has a game") from error
        assert game_id is not None
        return game_id

    async def update_game(self, game_id: int, **columns: Any) -> None:
        """Set some columns of a game row (status, lobby, seats, state, chronicle, ...)."""
        allowed = {"status", "lobby", "seats", "state", "chronicle", "board_message_id", "setup"}
        unknown = set(columns) - allowed
        if unknown:
            raise ValueError(f"not game columns: {sorted(unknown)}")
        assignments = ", ".join(f"{name} = ?" for name in columns)
        async with self._transaction() as db:
            await _run(
                db,
                f"UPDATE games SET {assignments}, updated_at = ? WHERE id = ?",
                (*columns.values(), time.time(), game_id),
            )

    async def record_action(
        self,
        game_id: int,
        *,
        seq: int,
        seat: int,
        user_id: int | None,
        action: bytes,
        state: bytes,
        chronicle: bytes,
        status: Status,
    ) -> None:
        """Log one accepted action with the state it produced, atomically."""
        now = time.time()
        async with self._transaction() as db:
            await _run(
                db,
                "INSERT INTO actions (game_id, seq, seat, user_id, action, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, user_id, action, now),
            )
            await _run(
                db,
                "UPDATE games SET state = ?, chronicle = ?, status = ?, updated_at = ? "
                "WHERE id = ?",
                (state, chronicle, status, now, game_id),
            )
