"""A game is shown again when a time away in it ends (``bot.table.time_away``): nothing in
the game changes then, and its board would go on saying "away until". All games share one
``bot.table.timers.Deadlines``; the publisher schedules a game after each pass that showed
it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.table.model import BrokenGame, Game, Refused
from bot.table.time_away import next_end
from bot.table.timers import Deadlines

log = logging.getLogger(__name__)


class AwayEnds:
    """Shows a game again when a time away in it ends: nothing in the game changes then,
    and its board would still say "away until". One sleeping task for every game."""

    def __init__(self, clock: Callable[[], float],
                 refresh: Callable[[int], Awaitable[object]]) -> None:
        self._clock = clock
        self._refresh = refresh
        self.timers = Deadlines(self._run)

    def schedule(self, game: Game) -> None:
        now = self._clock()
        end = next_end(game, now)
        if end is None:
            self.timers.cancel(game.id)
            return
        self.timers.set(game.id, (round(end),), max(end - now, 0.001))

    async def _run(self, game_id: int, _tag: tuple[int, ...]) -> None:
        try:
            await self._refresh(game_id)
        except (Refused, BrokenGame) as error:
            log.info("game %s: not shown after a time away: %s", game_id, error)

    def close(self) -> None:
        self.timers.close()
