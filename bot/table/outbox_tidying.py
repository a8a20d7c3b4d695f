"""Effects carried out that would show nothing new if carried out again, removed from the
stored outbox later, with the game's next write or many games a write.

A pass that did only such effects (an edit: the board shown again after a kept die, a closed
turn, a lobby; a sync of pings or reminders, which records each message as it sends it: see
``bot.table.delivery``) has nothing to record but the removal of their entries. So the pass
need not wait for that removal: it hands the entries here and goes on, its game's lock
released. The next write of the game (its next click, most often) takes them and removes
them in its own transaction (``riding``), no write of their own; those no write took within
``LINGER_S`` are written by one task, all games in one store write, then what came during
that write, until nothing is left.

Until an entry's removal is written, it is still in the store: ``pending`` tells the reads
of the outbox to leave it out. If the process dies first, the next start-up carries it out
once more: the message is edited to what it already shows, the pings found as recorded. A
removal that fails (the store failing) is logged and tried again with the next one handed,
or at ``close``; a write that took some and failed hands them back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextlib import contextmanager

from bot.table import timers

log = logging.getLogger(__name__)

# What removes entries from the store: game id -> the seqs of its entries.
Remove = Callable[[dict[int, set[int]]], Awaitable[None]]

# How long entries wait for a write of their game to take them before a write of their own.
# A player's next click comes within seconds; the removal can wait that long, since the
# entries are left out of every read meanwhile and carried out again if the process dies.
LINGER_S = 10.0


class OutboxTidying:
    def __init__(self, remove: Remove, *, linger: float = LINGER_S) -> None:
        self._remove = remove
        self._linger = linger
        self._waiting: dict[int, set[int]] = {}  # handed, not yet being written
        self._riding: dict[int, set[int]] = {}  # taken by a write of their game under way
        self._writing: dict[int, set[int]] = {}  # in the write of their own under way
        self._writer: asyncio.Task[None] | None = None
        self._lingering = False  # (the writer is waiting the linger out)

    def add(self, game_id: int, seqs: Iterable[int]) -> None:
        """Entries carried out: removed from the store with the game's next write, or
        after the linger (on the deadlines' clock: ``bot.table.timers``)."""
        self._waiting.setdefault(game_id, set()).update(seqs)
        if self._writer is None:
            self._lingering = self._linger > 0
            self._writer = asyncio.get_running_loop().create_task(
                self._write(self._linger), name="kot-outbox-tidying")

    def pending(self, game_id: int) -> set[int]:
        """The game's entries carried out whose removal is not written yet."""
        return (self._waiting.get(game_id, set()) | self._riding.get(game_id, set())
                | self._writing.get(game_id, set()))

    @contextmanager
    def riding(self, game_id: int) -> Iterator[list[int]]:
        """The game's entries waiting, for the write of the game about to be made (holding
        its lock) to remove too; handed back if that write fails."""
        seqs = self._waiting.pop(game_id, set())
        if not seqs:
            yield []
            return
        self._riding[game_id] = seqs
        try:
            yield sorted(seqs)
        except BaseException:
            self.add(game_id, seqs)
            raise
        finally:
            del self._riding[game_id]

    async def close(self) -> None:
        """Write every removal handed so far (the store is about to close)."""
        writer = self._writer
        if writer is not None:
            if self._lingering:  # (maybe not begun yet: then it never runs)
                writer.cancel()
            await asyncio.wait([writer])
        self._writer, self._lingering = None, False
        if self._waiting:
            self._writer = asyncio.get_running_loop().create_task(self._write(0))
            await asyncio.wait([self._writer])

    async def _write(self, linger: float) -> None:
        try:
            if linger:
                await timers.sleep(linger)
                self._lingering = False
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
