"""Persistence: every game, its log of accepted actions, its outbox, the records of
finished games and the answers owed to commands, on SQLite (one file, the default) or
PostgreSQL (``DATABASE_URL``).

The store knows rows and bytes, not rules: the service encodes and decodes states, so a row
that cannot be read breaks only its own game. Writes that belong together (an action and the
state it produced) go in one transaction; the service awaits it before answering the player.

Each method is written once, as work on a ``Transaction`` (``bot.store.sqlite`` and
``bot.store.postgres`` provide them, with the schema of ``bot.store.schema``). The SQL is common to
both: ``?`` marks a parameter.

Every write of a game checks the version its caller read (optimistic concurrency): a write
based on an older version raises ``StaleWrite`` and changes nothing, so two processes over
one database can never both advance one game.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from bot.store.backend import (
    MOST_PARAMETERS,
    Backend,
    Statement,
    Transaction,
    UniqueViolation,
    insert_statements,
)
from bot.store.schema import MIGRATIONS, Migration

__all__ = ["MIGRATIONS", "Migration"]

Status = Literal["lobby", "playing", "over", "cancelled", "ended", "broken"]
ACTIVE_STATUSES: tuple[Status, ...] = ("lobby", "playing")


class ChannelBusy(Exception):
    """The channel already has a lobby or a game in progress."""


class QueueEntryGone(Exception):
    """A player a new queue table would seat is no longer in the queue (left, expired)."""


class TableOpened(Exception):
    """A tournament's table already has its game (another pass opened it)."""


class TournamentBusy(Exception):
    """The channel has a tournament open or in play already."""


class StaleWrite(Exception):
    """The game changed since the version the write was based on; nothing was written."""


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
    # Written with every change of the game (optimistic concurrency).
    version: int = 0


_GAME_COLUMNS = (
    "id, guild_id, channel_id, host_id, status, lobby, seats, state, chronicle, "
    "board_message_id, setup, version"
)


def _row(values: Sequence[Any]) -> GameRow:
    (game_id, guild_id, channel_id, host_id, status, lobby, seats, state, chronicle,
     board_message_id, setup, version) = values
    return GameRow(game_id, guild_id, channel_id, host_id, status, _bytes(lobby), _bytes(seats),
                   _optional_bytes(state), _bytes(chronicle), board_message_id,
                   _optional_bytes(setup), version)


def _bytes(value: object) -> bytes:
    """A bytes column's bytes. A value of another type (a damaged row) becomes bytes that
    will not decode, so the service marks only that game broken instead of failing every
    read."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    return repr(value).encode()


def _optional_bytes(value: object) -> bytes | None:
    return None if value is None else _bytes(value)


@dataclass(frozen=True)
class ActivePlayers:
    """The columns of a lobby or game in progress that say who is in it."""

    id: int
    lobby: bytes
    seats: bytes


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int
    status: str
    tournament: bytes
    version: int


# A tournament's table: (tournament id, round, table index).
TableOfRound = tuple[int, int, int]


@dataclass(frozen=True)
class OutboxRow:
    seq: int
    effect: bytes
    created_at: float


@dataclass(frozen=True)
class Queued:
    """The outbox rows a write queued: their seqs, in the order of its effects, and the
    time they were queued at (their ``created_at``)."""

    seqs: tuple[int, ...]
    at: float


@dataclass(frozen=True)
class NewLobby:
    """A lobby written: its game's id, and the outbox rows that show it."""

    game_id: int
    queued: Queued


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    user_id: int | None
    action: bytes


@dataclass(frozen=True)
class OwedAnswerRow:
    """An answer owed to a command (table ``owed_answers``; ``bot.discord.io.OwedAnswers``
    keeps them). ``seq`` is its place among its interaction's answers (0 before it is
    stored)."""

    interaction_id: int
    application_id: int
    token: str
    token_expires: float
    channel_id: int
    guild_id: int | None
    user_id: int
    locale: str
    private: bool
    kind: str
    message_id: int | None
    answer: bytes
    created_at: float
    seq: int = 0
    attempts: int = 0


_OWED_COLUMNS = ("interaction_id", "seq", "application_id", "token", "token_expires",
                 "channel_id", "guild_id", "user_id", "locale", "private", "kind",
                 "message_id", "answer", "created_at", "attempts")


def _owed_row(values: Sequence[Any]) -> OwedAnswerRow:
    fields = dict(zip(_OWED_COLUMNS, values, strict=True))
    return OwedAnswerRow(**{**fields, "private": bool(fields["private"]),
                            "answer": _bytes(fields["answer"])})


@dataclass(frozen=True)
class RecordRows:
    """A finished game's record as columns: ``game`` for table ``records``, one mapping a
    seat for ``record_seats`` (``bot.table.records`` turns them into a record and back)."""

    game: dict[str, Any]
    seats: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class ProcessRow:
    """A process sharing the shards (``bot.shard_leases``): the shard count it runs, and
    when its heartbeat last came."""

    process_id: str
    shard_count: int
    seen_at: float


@dataclass(frozen=True)
class ShardLease:
    """A shard held by a process until ``expires_at`` (unless renewed before)."""

    shard_id: int
    process_id: str
    expires_at: float


@dataclass(frozen=True)
class LeaseTable:
    """Every process's row and every shard's lease, as one heartbeat read them."""

    processes: tuple[ProcessRow, ...]
    leases: tuple[ShardLease, ...]


@dataclass(frozen=True)
class BulletinRow:
    """A post of a server's waiting to be posted (``bot.table.league.bulletins``); ``seq``
    (its place in the server's queue) 0 before it is stored."""

    seq: int
    guild_id: int
    channel_id: int
    bulletin: bytes
    created_at: float
    attempts: int


@dataclass(frozen=True)
class SeasonRow:
    """A server's season (``bot.table.league.seasons.Season``) as stored."""

    guild_id: int
    number: int
    started_at: float
    ends_at: float | None
    closed_at: float | None = None
    standings: bytes | None = None


_SEASON_COLUMNS = "guild_id, number, started_at, ends_at, closed_at, standings"


def _season_row(values: Sequence[Any]) -> SeasonRow:
    guild_id, number, started_at, ends_at, closed_at, standings = values
    return SeasonRow(guild_id, number, started_at, ends_at, closed_at,
                     _optional_bytes(standings))


# A seat's facts counted by replaying its game (after cards_bought), filled at start-up in
# records kept before they were (``set_seat_facts``).
FACT_COLUMNS = ("entered_tokyo", "knocked_out", "lowest_hearts")
_RECORD_COLUMNS = ("game_id", "guild_id", "channel_id", "status", "game_type", "edition",
                   "options", "started_at", "finished_at", "turns", "rated")
_SEAT_COLUMNS = ("game_id", "seat", "user_id", "ai", "name", "monster", "place", "winner",
                 "points", "hearts", "out_turn", "cards_bought", "left_game", "autopiloted",
                 *FACT_COLUMNS)
_GAME_FIELDS = {"status", "lobby", "seats", "state", "chronicle", "board_message_id", "setup"}
# LIMIT for "no limit" (SQLite takes -1, PostgreSQL ALL: both take a number this big).
_NO_LIMIT = 2 ** 62


def parameter_marks(count: int) -> str:
    """``?, ?, ...``: the marks of ``count`` parameters in the store's SQL."""
    return ", ".join("?" for _ in range(count))


async def _add_effects(tx: Transaction, game_id: int, effects: Sequence[bytes],
                       now: float) -> Queued:
    """Queue effects after the game's last queued one (inside the caller's transaction,
    which has written the game's row first: that row's lock orders two writers)."""
    if not effects:
        return Queued((), now)
    [added] = await tx.in_order([_effects_queued(game_id, effects, now)])
    return _queued(added, now)


def _effects_queued(game_id: int, effects: Sequence[bytes], now: float) -> Statement:
    """The statement queueing ``effects`` (at least one) after the game's last queued one:
    each row's subquery sees the outbox as it was before the statement."""
    row = "(?, (SELECT COALESCE(MAX(seq), 0) FROM outbox WHERE game_id = ?) + ?, ?, ?)"
    return Statement(
        "INSERT INTO outbox (game_id, seq, effect, created_at) VALUES "
        + ", ".join([row] * len(effects)) + " RETURNING seq",
        [value for place, effect in enumerate(effects, start=1)
         for value in (game_id, game_id, place, effect, now)])


def _queued(added: list[tuple[Any, ...]], now: float) -> Queued:
    # (RETURNING gives rows in no promised order; the seqs follow the effects' order.)
    return Queued(tuple(sorted(int(seq) for seq, in added)), now)


async def _add_record(tx: Transaction, record: RecordRows | None) -> None:
    """Keep a finished game's record (inside the caller's transaction); a game recorded
    already keeps its first record."""
    if record is None:
        return
    if set(record.game) != set(_RECORD_COLUMNS) or any(
            set(seat) != set(_SEAT_COLUMNS) for seat in record.seats):
        raise ValueError("a record's columns do not match the records tables")
    added = await tx.execute(
        f"INSERT INTO records ({', '.join(_RECORD_COLUMNS)}) "
        f"VALUES ({parameter_marks(len(_RECORD_COLUMNS))}) "
        "ON CONFLICT (game_id) DO NOTHING",
        [_column_value(record.game[name]) for name in _RECORD_COLUMNS])
    if added:
        await tx.execute_many(
            f"INSERT INTO record_seats ({', '.join(_SEAT_COLUMNS)}) "
            f"VALUES ({parameter_marks(len(_SEAT_COLUMNS))})",
            [[_column_value(seat[name]) for name in _SEAT_COLUMNS] for seat in record.seats])


def _column_value(value: object) -> object:
    # Flags are INTEGER columns: PostgreSQL's driver takes no bool for them.
    return int(value) if isinstance(value, bool) else value


async def _add_season(tx: Transaction, season: SeasonRow) -> None:
    await tx.execute(
        f"INSERT INTO seasons ({_SEASON_COLUMNS}) VALUES ({parameter_marks(6)})",
        (season.guild_id, season.number, season.started_at, season.ends_at,
         season.closed_at, season.standings))


async def _add_bulletins(tx: Transaction, rows: Sequence[BulletinRow]) -> None:
    """Queue bulletins after their servers' others (inside the caller's transaction), one
    statement each: each sees those before it."""
    for row in rows:
        await tx.execute(
            "INSERT INTO bulletins (guild_id, seq, channel_id, bulletin, created_at) VALUES "
            "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM bulletins WHERE guild_id = ?), "
            "?, ?, ?)",
            (row.guild_id, row.guild_id, row.channel_id, row.bulletin, row.created_at))


async def _read_records(tx: Transaction, where: str, parameters: Sequence[Any],
                        tail: str = "") -> list[RecordRows]:
    """The records matching ``where`` (on table ``records``), in ``tail``'s order, each
    with its seats."""
    games = await tx.rows(
        f"SELECT {', '.join(_RECORD_COLUMNS)} FROM records WHERE {where} {tail}", parameters)
    if not games:
        return []
    seats: dict[int, list[dict[str, Any]]] = {}
    ids = [game[0] for game in games]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk:chunk + 500]
        for values in await tx.rows(
                f"SELECT {', '.join(_SEAT_COLUMNS)} FROM record_seats "
                f"WHERE game_id IN ({parameter_marks(len(part))}) ORDER BY game_id, seat",
                part):
            seats.setdefault(values[0], []).append(dict(zip(_SEAT_COLUMNS, values,
                                                            strict=True)))
    return [RecordRows(dict(zip(_RECORD_COLUMNS, game, strict=True)),
                       tuple(seats.get(game[0], ()))) for game in games]


async def _write_game(tx: Transaction, game_id: int, version: int | None, now: float, *,
                      columns: Mapping[str, Any], between: Sequence[Statement] = (),
                      effects: Sequence[bytes] = ()) -> Queued:
    """Write a game's columns and its next version if the row is still at ``version`` (else
    StaleWrite; no version: no columns), then the statements ``between``, then queue
    ``effects`` after the game's others: all handed to the backend at once (``in_order``)."""
    statements = [*([] if version is None else [_updated(game_id, version, columns, now)]),
                  *between, *([_effects_queued(game_id, effects, now)] if effects else [])]
    found = await tx.in_order(statements)
    return _queued(found[-1] if effects else [], now)


def _updated(game_id: int, version: int, columns: Mapping[str, Any], now: float) -> Statement:
    """The statement writing a game's columns and its next version, if the row is still at
    ``version``."""
    unknown = set(columns) - _GAME_FIELDS
    if unknown:
        raise ValueError(f"not game columns: {sorted(unknown)}")
    assignments = "".join(f"{name} = ?, " for name in columns)
    return Statement(
        f"UPDATE games SET {assignments}updated_at = ?, version = version + 1 "
        "WHERE id = ? AND version = ? RETURNING 1", (*columns.values(), now, game_id, version),
        if_no_rows=StaleWrite(f"game {game_id} is no longer at version {version}"))


class Store:
    """The games' rows on one backend (see the module's notes)."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    @classmethod
    async def open(cls, target: Path | str) -> Store:
        """The store at ``target``: a PostgreSQL URL (postgres:// or postgresql://), else
        the path of a SQLite file. Missing migrations are applied first."""
        if is_postgres_url(str(target)):
            from bot.store.postgres import PostgresBackend
            return cls(await PostgresBackend.open(str(target)))
        from bot.store.sqlite import SqliteBackend
        return cls(await SqliteBackend.open(str(target)))

    @property
    def backend(self) -> Backend:
        return self._backend

    async def close(self) -> None:
        await self._backend.close()

    async def schema_version(self) -> int:
        return await self._backend.schema_version()

    async def _write_one(self, sql: str, parameters: Sequence[Any] = ()) -> None:
        """One statement, atomic by itself, written outside a transaction."""
        await self._backend.autocommit(lambda tx: tx.execute(sql, parameters))

    # --- reads ----------------------------------------------------------------------

    async def _games(self, where: str, parameters: Sequence[Any] = (),
                     tail: str = "") -> list[GameRow]:
        rows = await self._backend.read(lambda tx: tx.rows(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id {tail}", parameters))
        return [_row(row) for row in rows]

    async def get(self, game_id: int) -> GameRow | None:
        found = await self._games("id = ?", (game_id,))
        return found[0] if found else None

    async def active_in_channel(self, channel_id: int) -> GameRow | None:
        found = await self._games(
            "channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,))
        return found[0] if found else None

    async def active_channels_in_guild(self, guild_id: int) -> list[int]:
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT channel_id FROM games WHERE guild_id = ? "
            "AND status IN ('lobby', 'playing')", (guild_id,)))
        return [row[0] for row in rows]

    async def active_players_in_guild(self, guild_id: int) -> list[ActivePlayers]:
        """Who is in each lobby and game in progress of a server: the lobby and seats
        columns only (small), not the states, so that the caller picks a player's games
        before reading any. The status index finds the active games (a few among the
        finished ones), and the server is checked on those."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT id, lobby, seats FROM games WHERE status IN ('lobby', 'playing') "
            "AND guild_id = ? ORDER BY id", (guild_id,)))
        return [ActivePlayers(game_id, _bytes(lobby), _bytes(seats))
                for game_id, lobby, seats in rows]

    async def active_games(self, *, after: int = 0, limit: int = -1) -> list[GameRow]:
        """Lobbies and games in progress, by id: those after the id ``after``, at most
        ``limit`` of them (a start-up reads them a chunk at a time)."""
        return await self._games("status IN ('lobby', 'playing') AND id > ?",
                                 (after, _NO_LIMIT if limit < 0 else limit), "LIMIT ?")

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The log of a game (``user_id`` None for a timeout)."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT seq, seat, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,)))
        return [ActionRow(seq, seat, user_id, _bytes(action))
                for seq, seat, user_id, action in rows]

    async def get_many(self, game_ids: Sequence[int]) -> list[GameRow]:
        if not game_ids:
            return []
        return await self._games(f"id IN ({parameter_marks(len(game_ids))})",
                                 tuple(game_ids))

    async def server_settings(self, guild_id: int) -> bytes | None:
        return await self._settings("servers", "guild_id", guild_id)

    async def person_settings(self, user_id: int) -> bytes | None:
        return await self._settings("people", "user_id", user_id)

    async def _settings(self, table: str, key: str, value: int) -> bytes | None:
        """The settings (JSON) of a server or a person kept in ``table``, keyed by ``key``."""
        row = await self._backend.read(lambda tx: tx.one(
            f"SELECT settings FROM {table} WHERE {key} = ?", (value,)))
        return None if row is None else _bytes(row[0])

    async def _save_settings(self, table: str, key: str, value: int, settings: bytes) -> None:
        await self._write_one(
            f"INSERT INTO {table} ({key}, settings) VALUES (?, ?) "
            f"ON CONFLICT ({key}) DO UPDATE SET settings = excluded.settings",
            (value, settings))

    # --- writes ---------------------------------------------------------------------

    async def save_server_settings(self, guild_id: int, settings: bytes) -> None:
        await self._save_settings("servers", "guild_id", guild_id, settings)

    async def save_person_settings(self, user_id: int, settings: bytes) -> None:
        await self._save_settings("people", "user_id", user_id, settings)

    async def create_lobby(
        self, *, guild_id: int | None, channel_id: int, host_id: int, lobby: bytes,
        effects: Sequence[bytes] = (), from_queue: Sequence[int] = (),
        for_table: TableOfRound | None = None,
    ) -> NewLobby:
        """A new lobby row (at version 0) and the effects that show it, atomically.
        ``from_queue``: the players of the server's queue it seats, whose entries it takes
        out in the same transaction (``QueueEntryGone``, and nothing written, when one is no
        longer there), so a table from the queue is opened once or not at all.
        ``for_table``: the tournament table this game plays, noted in the same transaction
        (``TableOpened``, and nothing written, when it has a game already)."""
        now = time.time()

        async def create(tx: Transaction) -> NewLobby:
            if from_queue:
                taken = await tx.execute(
                    f"DELETE FROM queue_entries WHERE guild_id = ? "
                    f"AND user_id IN ({parameter_marks(len(from_queue))})",
                    (guild_id, *from_queue))
                if taken != len(set(from_queue)):
                    raise QueueEntryGone(f"{len(from_queue) - taken} left the queue")
            row = await tx.one(
                "INSERT INTO games (guild_id, channel_id, host_id, status, lobby, "
                "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
                (guild_id, channel_id, host_id, lobby, now, now),
            )
            assert row is not None
            game_id = int(row[0])
            if for_table is not None and not await tx.rows(
                    "INSERT INTO tournament_games (tournament_id, round, table_index, game_id) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING game_id",
                    (*for_table, game_id)):
                raise TableOpened(f"tournament table {for_table} has a game already")
            return NewLobby(game_id, await _add_effects(tx, game_id, effects, now))

        try:
            return await self._backend.write(create)
        except UniqueViolation as error:
            raise ChannelBusy("this channel already has a game") from error

    async def update_game(self, game_id: int, *, version: int, effects: Sequence[bytes] = (),
                          record: RecordRows | None = None, **columns: Any) -> Queued:
        """Set some columns of a game row at ``version`` (status, lobby, seats, state,
        chronicle, ...), queue the effects that show the change, and keep the record of a
        game it finishes, atomically; the row is then at ``version + 1``."""
        now = time.time()

        async def update(tx: Transaction) -> Queued:
            queued = await _write_game(tx, game_id, version, now, columns=columns,
                                       effects=effects)
            await _add_record(tx, record)
            return queued

        return await self._backend.write(update)

    async def record_actions(
        self, game_id: int, actions: Sequence[ActionRow], *, version: int, state: bytes,
        chronicle: bytes, status: Status, effects: Sequence[bytes] = (),
        record: RecordRows | None = None,
    ) -> Queued:
        """Log accepted actions with the state they produced and the effects that show
        them (and the record of a game they finish), atomically, on the game at
        ``version``."""
        now = time.time()

        async def log_actions(tx: Transaction) -> Queued:
            logged = insert_statements(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, at) VALUES",
                [(game_id, a.seq, a.seat, a.user_id, a.action, now) for a in actions])
            queued = await _write_game(
                tx, game_id, version, now, between=logged, effects=effects,
                columns={"state": state, "chronicle": chronicle, "status": status})
            await _add_record(tx, record)
            return queued

        return await self._backend.write(log_actions)

    # --- the outbox -----------------------------------------------------------------

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT seq, effect, created_at FROM outbox WHERE game_id = ? ORDER BY seq",
            (game_id,)))
        return [OutboxRow(seq, _bytes(effect), created_at) for seq, effect, created_at in rows]

    async def games_with_outbox(self) -> list[int]:
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT DISTINCT game_id FROM outbox ORDER BY game_id"))
        return [row[0] for row in rows]

    async def remove_effects(self, done: Mapping[int, Sequence[int]]) -> None:
        """Remove carried-out effects of many games (game id -> seqs), each statement atomic
        by itself, a statement for as many games as SQLite's parameters allow."""
        conditions: list[str] = []
        parameters: list[int] = []
        for game_id, seqs in done.items():
            if len(parameters) + 1 + len(seqs) > MOST_PARAMETERS and conditions:
                await self._remove_effects(conditions, parameters)
                conditions, parameters = [], []
            conditions.append(f"(game_id = ? AND seq IN ({parameter_marks(len(seqs))}))")
            parameters += [game_id, *seqs]
        if conditions:
            await self._remove_effects(conditions, parameters)

    async def _remove_effects(self, conditions: list[str], parameters: list[int]) -> None:
        await self._write_one(f"DELETE FROM outbox WHERE {' OR '.join(conditions)}", parameters)

    async def finish_effects(self, game_id: int, seqs: Sequence[int], *,
                             version: int | None = None, record: RecordRows | None = None,
                             effects: Sequence[bytes] = (), **columns: Any) -> Queued:
        """Remove carried-out effects, set the columns they changed on the game at
        ``version``, queue ``effects`` after the game's others (and keep the record of a
        game that ended meanwhile), atomically. Removing effects alone needs no version: it
        is the same whoever does it."""
        now = time.time()
        if (columns or effects) and version is None:
            raise ValueError("a game's columns and effects are written at a version")
        remove = Statement("DELETE FROM outbox WHERE game_id = ? "
                           f"AND seq IN ({parameter_marks(len(seqs))})", (game_id, *seqs))
        if version is None and record is None:  # the common case: one statement
            if seqs:
                await self._write_one(remove.sql, remove.parameters)
            return Queued((), now)

        async def finish(tx: Transaction) -> Queued:
            queued = await _write_game(tx, game_id, version, now, columns=columns,
                                       between=[remove] if seqs else [], effects=effects)
            await _add_record(tx, record)
            return queued

        return await self._backend.write(finish)

    # --- answers owed to commands ---------------------------------------------------

    async def add_owed_answer(self, owed: OwedAnswerRow) -> int:
        """Keep an answer owed to a command after those its interaction owes already;
        returns its ``seq``."""
        columns = [name for name in _OWED_COLUMNS if name != "seq"]
        values = [_column_value(getattr(owed, name)) for name in columns]
        # (In one statement: the subquery sees the table as it was before it.)
        row = await self._backend.write(lambda tx: tx.one(
            f"INSERT INTO owed_answers (seq, {', '.join(columns)}) VALUES ("
            "(SELECT COALESCE(MAX(seq), 0) FROM owed_answers WHERE interaction_id = ?) + 1, "
            f"{parameter_marks(len(columns))}) RETURNING seq",
            [owed.interaction_id, *values]))
        assert row is not None
        return int(row[0])

    async def owed_answers(self) -> list[OwedAnswerRow]:
        """Every answer owed, by interaction and in order within each."""
        rows = await self._backend.read(lambda tx: tx.rows(
            f"SELECT {', '.join(_OWED_COLUMNS)} FROM owed_answers "
            "ORDER BY interaction_id, seq"))
        return [_owed_row(row) for row in rows]

    async def drop_owed_answer(self, interaction_id: int, seq: int | None = None) -> None:
        """An owed answer given or told in the channel (``seq``), or all of an
        interaction's."""
        if seq is None:
            await self._write_one("DELETE FROM owed_answers WHERE interaction_id = ?",
                                  (interaction_id,))
        else:
            await self._write_one(
                "DELETE FROM owed_answers WHERE interaction_id = ? AND seq = ?",
                (interaction_id, seq))

    async def owed_token_unusable(self, interaction_id: int, since: float) -> None:
        """An interaction's token no longer works (Discord refused it): its answers go to
        the channel from now on, after a restart too."""
        await self._write_one(
            "UPDATE owed_answers SET token_expires = ? "
            "WHERE interaction_id = ? AND token_expires > ?",
            (since, interaction_id, since))

    async def owed_attempt_failed(self, interaction_id: int, seq: int) -> None:
        await self._write_one(
            "UPDATE owed_answers SET attempts = attempts + 1 "
            "WHERE interaction_id = ? AND seq = ?", (interaction_id, seq))

    # --- records of finished games --------------------------------------------------

    async def add_record(self, record: RecordRows) -> None:
        """Keep the record of a game finished before records were kept (the backfill)."""
        await self._backend.write(lambda tx: _add_record(tx, record))

    async def finished_without_record(self) -> list[tuple[GameRow, float]]:
        """Finished games (with a state) that have no record yet, oldest first, each with
        the time its row last changed."""
        rows = await self._backend.read(lambda tx: tx.rows(
            f"SELECT {_GAME_COLUMNS}, updated_at FROM games "
            "WHERE status IN ('over', 'ended') AND state IS NOT NULL "
            "AND id NOT IN (SELECT game_id FROM records) ORDER BY id"))
        return [(_row(row[:-1]), float(row[-1])) for row in rows]

    async def record(self, game_id: int) -> RecordRows | None:
        found = await self._backend.read(lambda tx: _read_records(tx, "game_id = ?",
                                                                  (game_id,)))
        return found[0] if found else None

    async def records_of_games(self, game_ids: Sequence[int]) -> list[RecordRows]:
        """The records of those of these games that have one (in chunks of 500 ids)."""
        ids = list(game_ids)

        async def read(tx: Transaction) -> list[RecordRows]:
            found: list[RecordRows] = []
            for start in range(0, len(ids), 500):
                part = ids[start:start + 500]
                found += await _read_records(
                    tx, f"game_id IN ({parameter_marks(len(part))})", part)
            return found

        return await self._backend.read(read)

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
        parameters += [_NO_LIMIT if limit < 0 else limit, offset]
        return await self._backend.read(lambda tx: _read_records(tx, where, parameters, tail))

    async def record_count(self, guild_id: int) -> int:
        row = await self._backend.read(lambda tx: tx.one(
            "SELECT COUNT(*) FROM records WHERE guild_id = ?", (guild_id,)))
        return int(row[0]) if row else 0

    # --- the matchmaking queue (bot.table.league) ------------------------------------

    async def queue_entries(self, guild_id: int, now: float) -> list[bytes]:
        """The entries of a server's queue that have not expired."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT entry FROM queue_entries WHERE guild_id = ? AND expires_at > ?",
            (guild_id, now)))
        return [_bytes(row[0]) for row in rows]

    async def put_queue_entry(self, guild_id: int, user_id: int, entry: bytes,
                              expires_at: float) -> None:
        """A player's entry in a server's queue (replacing the one they had)."""
        await self._write_one(
            "INSERT INTO queue_entries (guild_id, user_id, entry, expires_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
            "entry = excluded.entry, expires_at = excluded.expires_at",
            (guild_id, user_id, entry, expires_at))

    async def drop_queue_entry(self, guild_id: int, user_id: int) -> bool:
        """Take a player out of a server's queue; whether they were in it."""
        dropped = await self._backend.write(lambda tx: tx.execute(
            "DELETE FROM queue_entries WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id)))
        return dropped > 0

    async def drop_expired_queue_entries(self, now: float) -> int:
        """Forget the entries of every queue that have expired; how many there were."""
        return await self._backend.write(lambda tx: tx.execute(
            "DELETE FROM queue_entries WHERE expires_at <= ?", (now,)))

    # --- Swiss nights (bot.table.league) --------------------------------------------

    async def create_tournament(self, guild_id: int, channel_id: int, status: str,
                                tournament: bytes) -> int:
        """A new tournament (at version 0); ``TournamentBusy`` when its channel has one
        open or in play."""
        now = time.time()

        async def create(tx: Transaction) -> int:
            row = await tx.one(
                "INSERT INTO tournaments (guild_id, channel_id, status, tournament, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, status, tournament, now, now))
            assert row is not None
            return int(row[0])

        try:
            return await self._backend.write(create)
        except UniqueViolation as error:
            raise TournamentBusy("this channel has a tournament already") from error

    async def _tournaments(self, where: str, parameters: Sequence[Any]) -> list[TournamentRow]:
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT id, guild_id, status, tournament, version FROM tournaments "
            f"WHERE {where} ORDER BY id", parameters))
        return [TournamentRow(int(id_), int(guild_id), status, _bytes(raw), int(version))
                for id_, guild_id, status, raw, version in rows]

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        found = await self._tournaments("id = ?", (tournament_id,))
        return found[0] if found else None

    async def tournament_in_channel(self, channel_id: int) -> TournamentRow | None:
        """The channel's tournament open or in play, if any."""
        found = await self._tournaments("channel_id = ? AND status IN ('open', 'playing')",
                                        (channel_id,))
        return found[0] if found else None

    async def last_tournament_in_channel(self, channel_id: int) -> TournamentRow | None:
        """The channel's latest tournament, whatever its status."""
        found = await self._tournaments(
            "id = (SELECT MAX(id) FROM tournaments WHERE channel_id = ?)", (channel_id,))
        return found[0] if found else None

    async def tournaments_in_play(self) -> list[TournamentRow]:
        return await self._tournaments("status = 'playing'", ())

    async def update_tournament(self, tournament_id: int, *, version: int, status: str,
                                tournament: bytes,
                                bulletins: Sequence[BulletinRow] = ()) -> None:
        """Write a tournament at ``version`` (``StaleWrite``, and nothing written, when it
        moved on meanwhile), with the posts it queues (``bulletins``), atomically."""

        async def update(tx: Transaction) -> None:
            changed = await tx.execute(
                "UPDATE tournaments SET status = ?, tournament = ?, updated_at = ?, "
                "version = version + 1 WHERE id = ? AND version = ?",
                (status, tournament, time.time(), tournament_id, version))
            if not changed:
                raise StaleWrite(f"tournament {tournament_id} is no longer at version "
                                 f"{version}")
            await _add_bulletins(tx, bulletins)

        await self._backend.write(update)

    async def tournament_games(self, tournament_id: int) -> dict[tuple[int, int], int]:
        """The games of a tournament's tables, by (round, table index)."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT round, table_index, game_id FROM tournament_games "
            "WHERE tournament_id = ?", (tournament_id,)))
        return {(int(round_), int(index)): int(game_id) for round_, index, game_id in rows}

    # --- achievements (bot.table.league) --------------------------------------------

    async def records_without_facts(self) -> list[tuple[int, int | None]]:
        """The records (game, server) whose seats lack the facts achievements need (kept
        before they were counted), among those whose game was replayed when they were kept
        (its cards bought are known: a game that did not replay then will not now)."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT game_id, guild_id FROM records WHERE game_id IN (SELECT game_id FROM "
            "record_seats WHERE entered_tokyo IS NULL AND cards_bought IS NOT NULL) "
            "ORDER BY game_id"))
        return [(game_id, guild_id) for game_id, guild_id in rows]

    async def set_seat_facts(self, game_id: int, facts: Sequence[dict[str, Any]]) -> None:
        """A record's seats' facts (one mapping of ``FACT_COLUMNS`` a seat, in seat order)."""

        async def write(tx: Transaction) -> None:
            for seat, columns in enumerate(facts):
                await tx.execute(
                    f"UPDATE record_seats SET {', '.join(f'{c} = ?' for c in FACT_COLUMNS)} "
                    "WHERE game_id = ? AND seat = ?",
                    (*(columns[c] for c in FACT_COLUMNS), game_id, seat))

        await self._backend.write(write)

    async def announced_achievements(self, guild_id: int,
                                     user_ids: Sequence[int]) -> set[tuple[int, str]]:
        """The achievements (player, key) of these players announced in this server."""
        if not user_ids:
            return set()
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT user_id, achievement FROM achievements_announced WHERE guild_id = ? "
            f"AND user_id IN ({parameter_marks(len(user_ids))})", (guild_id, *user_ids)))
        return {(user_id, key) for user_id, key in rows}

    async def add_announced_achievements(self, guild_id: int,
                                         announced: Sequence[tuple[int, str, int]],
                                         at: float) -> None:
        """Achievements (player, key, the game that earned it) announced at ``at``; one
        announced before keeps its row."""

        async def write(tx: Transaction) -> None:
            for user_id, key, game_id in announced:
                await tx.execute(
                    "INSERT INTO achievements_announced (guild_id, user_id, achievement, "
                    "game_id, announced_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (guild_id, user_id, key, game_id, at))

        if announced:
            await self._backend.write(write)

    # --- leagues (bot.table.league) -------------------------------------------------

    async def league_settings(self, guild_id: int) -> bytes | None:
        return await self._settings("leagues", "guild_id", guild_id)

    async def save_league_settings(self, guild_id: int, settings: bytes) -> None:
        await self._save_settings("leagues", "guild_id", guild_id, settings)

    async def leagues(self) -> list[int]:
        """The servers that have league settings."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT guild_id FROM leagues ORDER BY guild_id"))
        return [row[0] for row in rows]

    async def given_roles(self, guild_id: int) -> list[tuple[int, int]]:
        """The rank roles the bot gave in a server: (member, role) pairs."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT user_id, role_id FROM given_roles WHERE guild_id = ? "
            "ORDER BY user_id, role_id", (guild_id,)))
        return [(user_id, role_id) for user_id, role_id in rows]

    async def role_given(self, guild_id: int, user_id: int, role_id: int, at: float) -> None:
        await self._write_one(
            "INSERT INTO given_roles (guild_id, user_id, role_id, given_at) VALUES "
            "(?, ?, ?, ?) ON CONFLICT (guild_id, user_id, role_id) DO NOTHING",
            (guild_id, user_id, role_id, at))

    async def role_taken(self, guild_id: int, user_id: int, role_id: int) -> None:
        await self._write_one(
            "DELETE FROM given_roles WHERE guild_id = ? AND user_id = ? AND role_id = ?",
            (guild_id, user_id, role_id))

    async def crowns(self, guild_id: int) -> bytes | None:
        row = await self._backend.read(lambda tx: tx.one(
            "SELECT holders FROM crowns WHERE guild_id = ?", (guild_id,)))
        return None if row is None else _bytes(row[0])

    async def change_crowns(self, guild_id: int, holders: bytes,
                            bulletins: Sequence[BulletinRow] = ()) -> None:
        """A server's crown holders now, and the lines saying who took which, atomically."""

        async def change(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO crowns (guild_id, holders) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET holders = excluded.holders",
                (guild_id, holders))
            await _add_bulletins(tx, bulletins)

        await self._backend.write(change)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """A server's seasons, first to last."""
        rows = await self._backend.read(lambda tx: tx.rows(
            f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY number",
            (guild_id,)))
        return [_season_row(row) for row in rows]

    async def running_seasons(self) -> list[SeasonRow]:
        """Every server's running season (at most one a server)."""
        rows = await self._backend.read(lambda tx: tx.rows(
            f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE closed_at IS NULL "
            "ORDER BY guild_id"))
        return [_season_row(row) for row in rows]

    async def start_season(self, season: SeasonRow) -> bool:
        """A new running season, unless the server has one running or one of that number
        already (another command or process was first); whether it was started."""

        async def start(tx: Transaction) -> bool:
            running = await tx.one(
                "SELECT number FROM seasons WHERE guild_id = ? AND "
                "(closed_at IS NULL OR number >= ?)", (season.guild_id, season.number))
            if running is not None:
                return False
            await _add_season(tx, season)
            return True

        try:
            return await self._backend.write(start)
        except UniqueViolation:
            return False

    async def close_season(self, closed: SeasonRow, following: SeasonRow | None,
                           bulletins: Sequence[BulletinRow] = ()) -> bool:
        """Close a running season with its final table, start the next (if any) and queue
        the closing post, atomically; whether it was closed (False: it was not running any
        more: another process closed it first, and nothing is written)."""

        async def close(tx: Transaction) -> bool:
            changed = await tx.execute(
                "UPDATE seasons SET closed_at = ?, standings = ? "
                "WHERE guild_id = ? AND number = ? AND closed_at IS NULL",
                (closed.closed_at, closed.standings, closed.guild_id, closed.number))
            if not changed:
                return False
            if following is not None:
                await _add_season(tx, following)
            await _add_bulletins(tx, bulletins)
            return True

        return await self._backend.write(close)

    async def add_bulletins(self, rows: Sequence[BulletinRow]) -> None:
        """Queue bulletins after their servers' others, in one transaction."""
        await self._backend.write(lambda tx: _add_bulletins(tx, rows))

    async def bulletins(self, guild_id: int) -> list[BulletinRow]:
        """A server's bulletins waiting to be posted, in order."""
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT seq, guild_id, channel_id, bulletin, created_at, attempts FROM bulletins "
            "WHERE guild_id = ? ORDER BY seq", (guild_id,)))
        return [BulletinRow(seq, guild, channel, _bytes(bulletin), created_at, attempts)
                for seq, guild, channel, bulletin, created_at, attempts in rows]

    async def start_bulletin_attempt(self, guild_id: int, seq: int) -> None:
        """Note that a bulletin is about to be posted (before posting it)."""
        await self._write_one(
            "UPDATE bulletins SET attempts = attempts + 1 WHERE guild_id = ? AND seq = ?",
            (guild_id, seq))

    async def drop_bulletin(self, guild_id: int, seq: int) -> None:
        await self._write_one("DELETE FROM bulletins WHERE guild_id = ? AND seq = ?",
                              (guild_id, seq))

    async def guilds_with_bulletins(self) -> list[int]:
        rows = await self._backend.read(lambda tx: tx.rows(
            "SELECT DISTINCT guild_id FROM bulletins ORDER BY guild_id"))
        return [row[0] for row in rows]

    # --- shard leases (bot.shard_leases) --------------------------------------------

    async def renew_leases(self, process_id: str, shard_count: int, held: Sequence[int], *,
                           now: float, expires_at: float,
                           forget_before: float | None = None) -> LeaseTable:
        """A process's heartbeat: its row seen ``now``, its leases of the shards ``held``
        renewed until ``expires_at`` (those another process took are not its any more: it
        reads them as the other's), the rows of processes not seen since ``forget_before``
        forgotten (when given); then every process and every lease. Each statement commits
        by itself (nothing here needs two to go together): three round trips, so that a
        heartbeat on a busy event loop is not late."""

        async def renew(tx: Transaction) -> LeaseTable:
            await tx.execute(
                "INSERT INTO processes (process_id, shard_count, seen_at) VALUES (?, ?, ?) "
                "ON CONFLICT (process_id) DO UPDATE SET shard_count = excluded.shard_count, "
                "seen_at = excluded.seen_at", (process_id, shard_count, now))
            if forget_before is not None:
                await tx.execute("DELETE FROM processes WHERE seen_at < ?", (forget_before,))
            if held:
                await tx.execute(
                    f"UPDATE shard_leases SET expires_at = ? WHERE process_id = ? "
                    f"AND shard_id IN ({parameter_marks(len(held))})",
                    (expires_at, process_id, *held))
            rows = await tx.rows(
                "SELECT 0, process_id, shard_count, seen_at FROM processes "
                "UNION ALL SELECT 1, process_id, shard_id, expires_at FROM shard_leases")
            processes = sorted((ProcessRow(pid, number, moment)
                                for lease, pid, number, moment in rows if not lease),
                               key=lambda each: each.process_id)
            leases = sorted((ShardLease(number, pid, moment)
                             for lease, pid, number, moment in rows if lease),
                            key=lambda each: each.shard_id)
            return LeaseTable(tuple(processes), tuple(leases))

        return await self._backend.autocommit(renew)

    async def claim_shards(self, process_id: str, shards: Sequence[int], *, now: float,
                           expires_at: float) -> list[int]:
        """Take the leases of these shards until ``expires_at``, each only where no lease
        is held or the one held has expired by ``now`` (or is this process's own): one
        statement, so of two processes claiming a shard at once one gets it. Returns the
        shards taken."""
        if not shards:
            return []
        rows = await self._backend.write(lambda tx: tx.rows(
            "INSERT INTO shard_leases (shard_id, process_id, expires_at) VALUES "
            + ", ".join(["(?, ?, ?)"] * len(shards))
            + " ON CONFLICT (shard_id) DO UPDATE SET process_id = excluded.process_id, "
            "expires_at = excluded.expires_at WHERE shard_leases.expires_at <= ? "
            "OR shard_leases.process_id = excluded.process_id RETURNING shard_id",
            [*(value for shard in shards for value in (shard, process_id, expires_at)),
             now]))
        return sorted(int(row[0]) for row in rows)

    async def release_shards(self, process_id: str, shards: Sequence[int]) -> None:
        """Give up this process's leases of these shards (a process that stopped serving
        them), so another process may claim them at once."""
        if shards:
            await self._write_one(
                f"DELETE FROM shard_leases WHERE process_id = ? "
                f"AND shard_id IN ({parameter_marks(len(shards))})", (process_id, *shards))

    async def leave_shards(self, process_id: str) -> None:
        """A process that stops: its leases and its row go, so the others claim its shards
        at their next heartbeat rather than when its leases expire."""

        async def leave(tx: Transaction) -> None:
            await tx.execute("DELETE FROM shard_leases WHERE process_id = ?", (process_id,))
            await tx.execute("DELETE FROM processes WHERE process_id = ?", (process_id,))

        await self._backend.write(leave)


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgres://", "postgresql://"))
