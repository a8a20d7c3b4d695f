"""Lobbies that nobody starts close by themselves, so that their channel is free again.

A lobby's deadline is ``minutes`` (a day for a long game) after its last change (opened,
someone joined, left or picked a monster, an option or an AI seat changed), as tables on
game sites expire from their last activity: a lobby people are still filling stays open.
The deadline is computed from the time stored with the lobby (``Lobby.changed_at``), so a
restart keeps it, and a lobby whose time ran out while the bot was down closes as soon as
it is restored.

All lobbies share one ``bot.table.timers.Deadlines``: one sleeping task, not one per lobby. The
publisher schedules a lobby after each pass (every change is followed by one).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.table.model import BrokenGame, Game, Lobby, Refused
from bot.table.timers import Deadlines

log = logging.getLogger(__name__)

# Closes the lobby ``game_id`` if it still is the one stamped ``tag`` (``expiry_tag``).
Expire = Callable[[int, tuple[int, ...]], Awaitable[object]]


# A long game's lobby (a turn time of an hour or more: ``Lobby.long_clock``) stays open a day
# after its last change: players of a game over days come by over hours, not minutes.
LONG_LOBBY_MINUTES = 24 * 60.0


def lobby_minutes(lobby: Lobby, minutes: float) -> float:
    """How long this lobby stays open after its last change: ``minutes`` (0: forever), or at
    least a day for a long game."""
    if minutes <= 0 or not lobby.long_clock():
        return minutes
    return max(minutes, LONG_LOBBY_MINUTES)


def expiry_tag(lobby: Lobby) -> tuple[int, ...]:
    """What a lobby's deadline waits on: its last change, to the millisecond. A change gives
    a new tag, hence a new deadline; the same tag keeps the running one."""
    return (round(lobby.changed_at * 1000),)


class LobbyClock:
    def __init__(self, minutes: float, clock: Callable[[], float], expire: Expire) -> None:
        self.minutes = minutes
        self._clock = clock
        self._expire = expire
        self.timers = Deadlines(self._run)

    def schedule(self, game: Game) -> None:
        """A lobby's deadline from its last change; anything else has none."""
        if game.status != "lobby" or self.minutes <= 0:
            self.timers.cancel(game.id)
            return
        # A lobby stored before its changes were timed gets its full time from now.
        changed_at = game.lobby.changed_at or self._clock()
        left = changed_at + lobby_minutes(game.lobby, self.minutes) * 60 - self._clock()
        self.timers.set(game.id, expiry_tag(game.lobby), max(left, 0.001))

    async def _run(self, game_id: int, tag: tuple[int, ...]) -> None:
        try:
            await self._expire(game_id, tag)
        except (Refused, BrokenGame) as error:
            log.info("lobby %s: not closed: %s", game_id, error)

    def close(self) -> None:
        self.timers.close()
