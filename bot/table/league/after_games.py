"""What follows a finished game in a server's league: its rank roles and crowns, once the
game's record is stored.

The write that stores a game's record tells it (``SavedGames.finished_listeners``, as it
tells the tournaments' desk); a game played to its end is followed once, soon after, on one
``Deadlines`` for all servers (so the close waits for what is under way), outside the
change. A game followed here and not after (the process stopped first) is caught up by the
start-up's repair of every league.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.table.model import Game
from bot.table.timers import AT_ONCE, Deadlines

# The games remembered as followed, at most (then forgotten: following again is harmless).
REMEMBERED = 10_000


class AfterGames:
    def __init__(self, follow: Callable[[int], Awaitable[None]]) -> None:
        """``follow(guild_id)``: what a server's league does after one of its games."""
        self._follow = follow
        self.timers = Deadlines(self._run)
        self._followed: set[int] = set()

    def schedule(self, game: Game) -> None:
        if game.status != "over" or game.guild_id is None or game.id in self._followed:
            return
        if len(self._followed) >= REMEMBERED:
            self._followed.clear()
        self._followed.add(game.id)
        self.timers.set(game.guild_id, (game.id,), AT_ONCE)

    async def _run(self, guild_id: int, _tag: tuple[int, ...]) -> None:
        await self._follow(guild_id)

    def close(self) -> None:
        self.timers.close()
