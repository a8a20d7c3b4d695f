"""Lobbies that nobody starts close by themselves, so that their channel is free again.

A lobby's deadline is ``minutes`` (a day for a long game) after its last change (opened,
someone joined, left or picked a monster, an option or an AI seat changed), as tables on
game sites expire from their last activity: a lobby people are still filling stays open.
The deadline is computed from the time stored with the lobby (``Lobby.changed_at``), so a
restart keeps it, and a lobby whose time ran out while the bot was down closes as soon as
it is restored.

All lobbies share one ``bot.table.timers.Deadlines``: one sleeping task, not one per lobby. The
delivery schedules a lobby after each pass (every change is followed by one).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.table.model import Game, Lobby
from bot.table.timers import GameDeadlines

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


class LobbyClock(GameDeadlines):
    skipped = "lobby not closed"

    def __init__(self, minutes: float, clock: Callable[[], float], expire: Expire) -> None:
        super().__init__(clock)
        self.minutes = minutes
        self._expire = expire

    def due(self, game: Game, now: float) -> tuple[tuple[int, ...], float] | None:
        """A lobby's deadline from its last change; anything else has none."""
        if game.status != "lobby" or self.minutes <= 0:
            return None
        # A lobby stored before its changes were timed gets its full time from now.
        changed_at = game.lobby.changed_at or now
        return expiry_tag(game.lobby), changed_at + lobby_minutes(game.lobby, self.minutes) * 60

    async def _fire(self, game_id: int, tag: tuple[int, ...]) -> None:
        await self._expire(game_id, tag)
