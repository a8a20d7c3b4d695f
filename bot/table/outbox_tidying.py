"""Effects carried out that would show nothing new if carried out again, removed from the
stored outbox in the background, many games a write.

A pass that did only such effects (an edit: the board shown again after a kept die, a closed
turn, a lobby; a sync of pings or reminders, which records each message as it sends it: see
``bot.table.delivery``) has nothing to record but the removal of their entries. So the pass
need not wait for that removal: it hands the entries here and goes on, its game's lock
released. One task writes what was handed meanwhile, all games in one store write, then
what came during that write, until nothing is left.

Until an entry's removal is written, it is still in the store: ``pending`` tells the reads
of the outbox to leave it out. If the process dies first, the next start-up carries it out
once more: the message is edited to what it already shows, the pings found as recorded. A
removal that fails (the store failing) is logged and tried again with the next one handed,
or at ``close``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable

log = logging.getLogger(__name__)

# What removes entries from the store: game id -> the seqs of its entries.
Remove = Callable[[dict[int, set[int]]], Awaitable[None]]


class OutboxTidying:
    def __init__(self, remove: Remove) -> None:
        self._remove = remove
        self._waiting: dict[int, set[int]] = {}  # handed, not yet being written
        self._writing: dict[int, set[int]] = {}  # in the write under way
        self._writer: asyncio.Task[None] | None = None

    def add(self, game_id: int, seqs: Iterable[int]) -> None:
        """Entries carried out: removed from the store soon."""
        self._waiting.setdefault(game_id, set()).update(seqs)
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(
                self._write(), name="kot-outbox-tidying")

    def pending(self, game_id: int) -> set[int]:
        """The game's entries carried out whose removal is not written yet."""
        return self._waiting.get(game_id, set()) | self._writing.get(game_id, set())

    async def close(self) -> None:
        """Write every removal handed so far (the store is about to close)."""
        if self._writer is not None:
            await asyncio.wait([self._writer])
        if self._waiting:
            self._writer = asyncio.get_running_loop().create_task(self._write())
            await asyncio.wait([self._writer])

    async def _write(self) -> None:
        try:
            while self._waiting:
                self._writing, self._waiting = self._waiting, {}
                try:
                    await self._remove(self._writing)
                except Exception:
                    log.exception("effects carried out could not be removed from the outbox; "
                                  "tried again later")
                    for game_id, seqs in self._writing.items():
                        self._waiting.setdefault(game_id, set()).update(seqs)
                    return
                finally:
                    self._writing = {}
        finally:
            self._writer = None
