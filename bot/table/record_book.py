"""The records of finished games as the store keeps them (``bot.table.records`` makes one).

Owns the record made when a change finishes a game (``record_if_finished``: the game store
writes it in the same transaction as the change), the backfills at start-up (of games
finished before records were kept, and of the facts of seats counted since: ``backfill``,
``backfill_facts``), and the reads of ``/kot stats``, ``/kot leaderboard`` and
``/kot history``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from bot.store.store import GameRow, RecordRows, Store
from bot.table.game_rows import LoggedAction, decoded, logged_actions, setup_for
from bot.table.model import Game
from bot.table.records import (
    GameRecord,
    SeatFacts,
    facts_columns,
    is_finished,
    record_from_rows,
    record_of,
    record_rows,
    seat_facts,
)

log = logging.getLogger(__name__)


class RecordBook:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time, *,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        self._store = store
        # When a game finishes, for its record (the service's clock).
        self._clock = clock
        # Whether this process plays a server's games (bot.config.Shards): whose games the
        # backfill keeps records of by default.
        self._owns = owns

    async def record_if_finished(self, game: Game,
                                 unsaved: Sequence[LoggedAction] = ()) -> RecordRows | None:
        """The record of a game this change finishes, to store with the change (``unsaved``:
        the change's own actions, not in the log yet). A record that cannot be made (a bug)
        is logged and does not stop the change: the backfill tries again at the next
        start."""
        if not is_finished(game):
            return None
        try:
            logged = [*logged_actions(await self._store.actions(game.id)), *unsaved]
            return record_rows(await _record_of(game, logged, self._clock()))
        except Exception:
            log.exception("game %s: its record could not be made", game.id)
            return None

    async def backfill(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Keep the records of games finished before records were kept (run at start-up,
        before any game is played), of the servers ``owns`` names (by default this
        process's); returns how many were added. A game that cannot be read is skipped
        (logged). Then the records kept before their seats' facts were get them
        (``backfill_facts``)."""
        owns = owns or self._owns
        added = 0
        for row, updated_at in await self._store.finished_without_record():
            if not owns(row.guild_id):
                continue
            try:
                game = _readable(row)
                logged = logged_actions(await self._store.actions(row.id))
                record = await _record_of(game, logged, game.chronicle.life.ended_at or updated_at)
            except Exception as error:
                log.warning("game %s: no record kept for it (%s)", row.id, error)
                continue
            await self._store.add_record(record_rows(record))
            added += 1
        filled = await self.backfill_facts(owns)
        if filled:
            log.info("counted what the seats did in %d records kept before it was", filled)
        return added

    async def backfill_facts(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Count what each seat did (``records.SeatFacts``) in the records kept before it
        was counted, by replaying their games (run at start-up, after ``backfill``), of the
        servers ``owns`` names (by default this process's); returns how many records got
        them. A game that cannot be
        read or replayed keeps them unknown (logged): it earns no achievement that needs
        them."""
        owns = owns or self._owns
        filled = 0
        for game_id, guild_id in await self._store.records_without_facts():
            if not owns(guild_id):
                continue
            facts = None
            try:
                row = await self._store.get(game_id)
                if row is None:
                    raise LookupError("its game's row is gone")
                facts = await _replayed_facts(_readable(row),
                                              logged_actions(await self._store.actions(game_id)))
            except Exception as error:
                log.warning("game %s: what its seats did is left unknown (%s)", game_id, error)
            if facts is None:
                continue
            await self._store.set_seat_facts(game_id, [facts_columns(f) for f in facts])
            filled += 1
        return filled

    async def record(self, game_id: int) -> GameRecord | None:
        rows = await self._store.record(game_id)
        return None if rows is None else record_from_rows(rows)

    async def records_of_games(self, game_ids: Iterable[int]) -> dict[int, GameRecord]:
        """The records of those of these games that finished, by game."""
        return {record.game_id: record for record in map(
            record_from_rows, await self._store.records_of_games(list(game_ids)))}

    async def records(self, guild_id: int, *, user_id: int | None = None,
                      rated_only: bool = False, newest_first: bool = False,
                      limit: int = -1, offset: int = 0) -> list[GameRecord]:
        """A server's records, in the order its games finished (or newest first)."""
        return [record_from_rows(rows) for rows in await self._store.records(
            guild_id, user_id=user_id, rated_only=rated_only, newest_first=newest_first,
            limit=limit, offset=offset)]

    async def record_count(self, guild_id: int) -> int:
        return await self._store.record_count(guild_id)


def _readable(row: GameRow) -> Game:
    """A finished game as stored, with its setup (raises what makes it unreadable)."""
    game, unreadable = decoded(row)
    if unreadable is not None:
        raise unreadable
    if game.setup is None and game.state is not None:
        game = replace(game, setup=setup_for(game.state))
    return game


async def _record_of(game: Game, logged: Sequence[LoggedAction],
                     finished_at: float) -> GameRecord:
    return record_of(game, await _replayed_facts(game, logged), finished_at)


async def _replayed_facts(game: Game,
                          logged: Sequence[LoggedAction]) -> tuple[SeatFacts, ...] | None:
    # Counting them replays the game: in a worker thread, off the event loop.
    moves = [(entry.seat, entry.action) for entry in logged]
    return await asyncio.to_thread(seat_facts, game.setup, moves)
