"""What the league's parts (the queue, Swiss nights) use of the table to open games for
their players: the stores of games, settings and records, the lobbies, and the clock; with
the two reads both need (a server's ratings, and the clock of a league table)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.store.store import Store
from bot.table.league.queue import QueueClock
from bot.table.lobbies import Lobbies
from bot.table.model import LONG_CLOCK_SECONDS, scaled_reaction
from bot.table.ratings import rate
from bot.table.record_book import RecordBook
from bot.table.saved_games import SavedGames
from bot.table.saved_settings import SavedSettings

# A "long" league table's turn time: a turn a day, played over days.
LONG_TURN_SECONDS = 24 * 3600.0
assert LONG_TURN_SECONDS >= LONG_CLOCK_SECONDS


@dataclass(frozen=True)
class LeagueTables:
    store: Store
    games: SavedGames
    lobbies: Lobbies
    settings: SavedSettings
    record_book: RecordBook
    clock: Callable[[], float]
    # Whether this process plays a server's games (its shards'): the league's passes at
    # start-up run for those servers only.
    owns: Callable[[int | None], bool] = lambda guild_id: True

    async def ratings(self, guild_id: int) -> dict[int, float]:
        """Every rated player's conservative rating on the server (rated in a worker
        thread)."""
        rated = await self.record_book.records(guild_id, rated_only=True)
        players = await asyncio.to_thread(rate, rated)
        return {user_id: player.conservative for user_id, player in players.items()}

    async def turn_clock(self, guild_id: int, clock: QueueClock) -> tuple[float, float]:
        """The turn and reaction times of a league table: the server's (``live``), or a
        turn a day (``long``)."""
        server = await self.settings.server_settings(guild_id)
        turn, reaction = self.lobbies.clock_of(server)
        if clock == "long":
            scaled = scaled_reaction(LONG_TURN_SECONDS)
            return LONG_TURN_SECONDS, reaction if scaled is None else scaled
        return turn, reaction
