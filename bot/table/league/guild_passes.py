"""One pass at a time per server, tried again until one leaves nothing to do: the shape the
bulletins' passes and the rank roles' reconciliation share.

A pass answers None when everything is done, or why something is left; what is left, or a
pass that raised (logged with its trace), is tried again on ``Retries``' schedule (from 1 s,
doubling, at most a minute apart), keyed by the server.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable

from bot.table.timers import Retries

log = logging.getLogger(__name__)

# A pass over a server: None when all is done, else why something is left.
Pass = Callable[[int], Awaitable[str | None]]


class GuildLocks:
    """A lock per server, alive while someone holds or awaits it."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())

    def of(self, guild_id: int) -> asyncio.Lock:
        lock = self._locks.get(guild_id)
        if lock is None:
            lock = self._locks[guild_id] = asyncio.Lock()
        return lock


class GuildPasses:
    def __init__(self, run: Pass, what: str) -> None:
        """``what`` names the passes in the log."""
        self._run = run
        self._what = what
        self.retries = Retries(self.run)
        self._locks = GuildLocks()

    async def run(self, guild_id: int) -> None:
        """A pass over the server, once any under way is over."""
        async with self._locks.of(guild_id):
            try:
                left = await self._run(guild_id)
            except Exception:
                log.exception("guild %s: %s failed", guild_id, self._what)
                left = "an error"
        if left is None:
            self.retries.succeeded(guild_id)
            return
        delay = self.retries.failed(guild_id)
        log.info("guild %s: %s tried again in %.0f s (%s)", guild_id, self._what, delay, left)

    def close(self) -> None:
        self.retries.close()
