"""Deadlines: one sleeping task for every game's deadline, not a task per game.

``TurnClock`` times each game's pending decisions from when they were asked; ``Retries``
times the next attempt at what Discord refused; ``Deadlines`` underneath keeps the
deadlines.

A game waits on a tag (for the turn clock, the pending decision ids); when its deadline
passes, ``on_expire(game_id, tag)`` runs (the service then answers whichever of those
decisions are still pending). Setting the same tag again keeps the running deadline, so
keeping dice does not buy a player more time.
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


class Deadlines:
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

    def set(self, game_id: int, tag: tuple[int, ...], delay: float) -> None:
        if not tag or delay <= 0:
            self.cancel(game_id)
            return
        if self.waiting_on(game_id) == tag:
            return
        # time.monotonic, not loop.time: test harnesses move it to simulate waiting.
        deadline = time.monotonic() + delay
        self._current[game_id] = (deadline, tag)
        heapq.heappush(self._heap, (deadline, game_id, tag))
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

    async def _expire(self, game_id: int, tag: tuple[int, ...]) -> None:
        try:
            await self._on_expire(game_id, tag)
        except Exception:
            log.exception("game %s: a deadline's task failed", game_id)


class TurnClock:
    """The turn timer of every game: ``on_expire`` runs when a game's pending decisions have
    waited ``timeout`` seconds (0: never), or after ``ai_pause`` for the decisions of AI
    monsters, which come first."""

    def __init__(self, timeout: float, clock: Callable[[], float], on_expire: Expire, *,
                 ai_pause: float = 0.0) -> None:
        self.timeout = timeout
        self.ai_pause = ai_pause
        self._clock = clock
        self.timers = Deadlines(on_expire)

    def schedule(self, game: Game) -> None:
        """Time the pending decisions from when they were asked (so a restart does not give
        anyone a fresh full delay); no pending decision stops the timer. AI monsters answer
        theirs after a short pause."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state and game.status == "playing" else ()
        machines = _ai_decisions(game)
        if machines:
            self.timers.set(game.id, machines, max(self.ai_pause, 0.001))
            return
        if not waiting or self.timeout <= 0:
            self.timers.cancel(game.id)
            return
        asked_at = game.chronicle.asked_at
        waited = max(0.0, self._clock() - asked_at) if asked_at else 0.0
        self.timers.set(game.id, waiting, max(self.timeout - waited, 0.001))

    def now(self) -> float:
        return self._clock()

    def pause(self, game_id: int) -> None:
        """The board cannot be shown: nobody is asked, so no clock runs."""
        self.timers.cancel(game_id)

    def retry(self, game: Game) -> None:
        """The timer's answer failed: try the same decisions again after a full delay (an AI
        monster's after its pause), at least a second."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state is not None else ()
        machines = _ai_decisions(game)
        if machines:
            self.timers.set(game.id, machines, max(self.ai_pause, 1.0))
            return
        self.timers.set(game.id, waiting, max(self.timeout, 1.0))

    def close(self) -> None:
        self.timers.close()


def _ai_decisions(game: Game) -> tuple[int, ...]:
    """The pending decisions of AI monsters in a game in play."""
    state = game.state
    if state is None or game.status != "playing":
        return ()
    return tuple(d.id for d in state.pending if game.ai_level(d.seat) is not None)


# Seconds before trying again what Discord refused: doubling from 1 s up to a minute, so a
# permission given back is noticed within a minute even if nobody clicks.
FIRST_RETRY = 1.0
MAX_RETRY = 60.0


class Retries:
    """When to try again a game whose effects Discord refused (``run(game_id)``)."""

    def __init__(self, run: Callable[[int], Awaitable[None]]) -> None:
        self._failures: dict[int, int] = {}
        self.timers = Deadlines(lambda game_id, _tag: run(game_id))

    def failed(self, game_id: int) -> float:
        """Schedule the next attempt; returns its delay."""
        failures = self._failures.get(game_id, 0) + 1
        self._failures[game_id] = failures
        delay: float = min(FIRST_RETRY * 2.0 ** (failures - 1), MAX_RETRY)
        self.timers.set(game_id, (failures,), delay)
        return delay

    def succeeded(self, game_id: int) -> None:
        if self._failures.pop(game_id, None) is not None:
            self.timers.cancel(game_id)

    def pending(self, game_id: int) -> bool:
        return bool(self.timers.waiting_on(game_id))

    def failing(self, game_id: int) -> bool:
        """Whether the game's last pass failed (its board may not show the game)."""
        return game_id in self._failures

    def close(self) -> None:
        self.timers.close()
