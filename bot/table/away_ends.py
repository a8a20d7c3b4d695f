"""A game is shown again when a time away in it ends (``bot.table.time_away``): nothing in
the game changes then, and its board would go on saying "away until". All games share one
``bot.table.timers.Deadlines``; the delivery schedules a game after each pass that showed
it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.table.model import Game
from bot.table.time_away import next_end
from bot.table.timers import GameDeadlines


class AwayEnds(GameDeadlines):
    """Shows a game again when a time away in it ends: nothing in the game changes then,
    and its board would still say "away until". One sleeping task for every game."""

    skipped = "not shown after a time away"

    def __init__(self, clock: Callable[[], float],
                 refresh: Callable[[int], Awaitable[object]]) -> None:
        super().__init__(clock)
        self._refresh = refresh

    def due(self, game: Game, now: float) -> tuple[tuple[int, ...], float] | None:
        end = next_end(game, now)
        return None if end is None else ((round(end),), end)

    async def _fire(self, game_id: int, _tag: tuple[int, ...]) -> None:
        await self._refresh(game_id)
