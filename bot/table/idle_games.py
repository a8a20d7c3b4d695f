"""Games nobody plays end by themselves, so that a forgotten game does not hold its channel
(and its players' list of games) forever.

A game in play ends as idle ``IDLE_DAYS`` (``KOT_IDLE_DAYS``; 0: never) after a player
last acted (a click, ``/kot away``, a standing order; or its start), whatever its clock: a
game with no clock has no timeouts to end it, and one with a long clock may take weeks to
reach the twelve in a row (``service.ABANDONED_AFTER_TIMEOUTS``). The deadline is computed
from the times stored in the game's chronicle (its part ``bot.table.model.Activity``, which
the service updates as players act, and the game's start), so a restart keeps it, and a game
whose time ran out while the bot was down ends as soon as it is restored.

All games share one ``bot.table.timers.Deadlines``: one sleeping task, not one per game. The
publisher schedules a game after each pass (every change is followed by one).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.table.model import Game
from bot.table.time_away import DAY, MAX_DAYS_AWAY
from bot.table.timers import GameDeadlines

# Two weeks: twice the longest time away (a player back from a week's holiday finds the
# game waiting), and several turns of the longest clock (72 h). Nobody acting for that long
# means the table forgot the game.
IDLE_DAYS = 2 * MAX_DAYS_AWAY

# Ends the game ``game_id`` if nobody acted since the deadline stamped ``tag`` was set.
Expire = Callable[[int, tuple[int, ...]], Awaitable[object]]


def last_acted(game: Game) -> float:
    """When a player last acted in the game (its start if nobody has); 0: not known (a game
    stored before it was kept)."""
    return game.chronicle.activity.acted_at or game.chronicle.life.started_at


def idle_tag(game: Game) -> tuple[int, ...]:
    """What an idle deadline waits on: the last action, to the millisecond. An action gives
    a new tag, hence a new deadline; the same tag keeps the running one."""
    return (round(last_acted(game) * 1000),)


class IdleGames(GameDeadlines):
    skipped = "not ended as idle"

    def __init__(self, clock: Callable[[], float], expire: Expire, *,
                 days: float = IDLE_DAYS) -> None:
        super().__init__(clock)
        self.days = days
        self._expire = expire

    def due(self, game: Game, now: float) -> tuple[tuple[int, ...], float] | None:
        """A game in play's deadline from its last action; anything else has none."""
        if game.status != "playing" or self.days <= 0:
            return None
        # A game stored before its actions were timed gets its full time from now.
        return idle_tag(game), (last_acted(game) or now) + self.days * DAY

    async def _fire(self, game_id: int, tag: tuple[int, ...]) -> None:
        await self._expire(game_id, tag)
