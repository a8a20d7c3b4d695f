"""Turn timers: one sleeping task for every game's deadline, not a task per game.

``TurnClock`` times each game's pending decisions from when they were asked; ``TurnTimers``
underneath keeps the deadlines.

A game waits on a set of decision ids; when its deadline passes, ``on_expire(game_id,
decision_ids)`` runs (the service then answers whichever of those decisions are still
pending). Setting the same decision ids again keeps the running deadline, so toggling dice
does not buy a player more time.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import math
import time
from collections.abc import Awaitable, Callable

from bot.model import Game

log = logging.getLogger(__name__)

Expire = Callable[[int, tuple[int, ...]], Awaitable[None]]


class TurnTimers:
    def __init__(self, on_expire: Expire) -> None:
        self._on_expire = on_expire
        # game id -> (deadline, decision ids); the heap may hold outdated entries, which are
        # skipped when they come up (cheaper than removing them).
        self._current: dict[int, tuple[float, tuple[int, ...]]] = {}
        self._heap: list[tuple[float, int, tuple[int, ...]]] = []
        self._sleeper: asyncio.Task[None] | None = None
        self._wake_at = math.inf
        self._running: set[asyncio.Task[None]] = set()

    def waiting_on(self, game_id: int) -> tuple[int, ...]:
        entry = self._current.get(game_id)
        return entry[1] if entry else ()

    def set(self, game_id: int, decision_ids: tuple[int, ...], delay: float) -> None:
        if not decision_ids or delay <= 0:
            self.cancel(game_id)
            return
        if self.waiting_on(game_id) == decision_ids:
            return
        # time.monotonic, not loop.time: test harnesses move it to simulate waiting.
        deadline = time.monotonic() + delay
        self._current[game_id] = (deadline, decision_ids)
        heapq.heappush(self._heap, (deadline, game_id, decision_ids))
        self._arm()

    def cancel(self, game_id: int) -> None:
        self._current.pop(game_id, None)

    def close(self) -> None:
        if self._sleeper is not None:
            self._sleeper.cancel()
        for task in self._running:
            task.cancel()

    def _arm(self) -> None:
        while self._heap and self._current.get(self._heap[0][1]) != (
            self._heap[0][0], self._heap[0][2]
        ):
            heapq.heappop(self._heap)
        if not self._heap:
            return
        next_deadline = self._heap[0][0]
        if self._sleeper is not None and not self._sleeper.done():
            if self._wake_at <= next_deadline:
                return
            self._sleeper.cancel()
        self._wake_at = next_deadline
        self._sleeper = asyncio.create_task(self._sleep_until(next_deadline),
                                            name="kot-turn-timers")

    async def _sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        now = max(time.monotonic(), deadline)
        while self._heap and self._heap[0][0] <= now:
            when, game_id, decision_ids = heapq.heappop(self._heap)
            if self._current.get(game_id) != (when, decision_ids):
                continue
            del self._current[game_id]
            task = asyncio.create_task(self._expire(game_id, decision_ids),
                                       name=f"kot-timeout-{game_id}")
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        self._sleeper = None
        self._wake_at = math.inf
        self._arm()

    async def _expire(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        try:
            await self._on_expire(game_id, decision_ids)
        except Exception:
            log.exception("game %s: the turn timer failed", game_id)


class TurnClock:
    """The turn timer of every game: ``on_expire`` runs when a game's pending decisions have
    waited ``timeout`` seconds (0: never)."""

    def __init__(self, timeout: float, clock: Callable[[], float], on_expire: Expire) -> None:
        self.timeout = timeout
        self._clock = clock
        self.timers = TurnTimers(on_expire)

    def schedule(self, game: Game) -> None:
        """Time the pending decisions from when they were asked (so a restart does not give
        anyone a fresh full delay); no pending decision stops the timer."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state and game.status == "playing" else ()
        if not waiting or self.timeout <= 0:
            self.timers.cancel(game.id)
            return
        asked_at = game.chronicle.asked_at
        waited = max(0.0, self._clock() - asked_at) if asked_at else 0.0
        self.timers.set(game.id, waiting, max(self.timeout - waited, 0.001))

    def retry(self, game: Game) -> None:
        """The timer's answer failed: try the same decisions again after a full delay."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state is not None else ()
        self.timers.set(game.id, waiting, max(self.timeout, 1.0))

    def close(self) -> None:
        self.timers.close()
