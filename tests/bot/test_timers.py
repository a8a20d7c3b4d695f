"""The turn timers: one sleeping task serves every game's deadline, on a clock the test
moves (``timers.on_clock``): nothing here waits in real time."""

from __future__ import annotations

import asyncio

from bot.table.timers import Deadlines, on_clock


class ManualClock:
    """A clock only the test moves (``advance``); a sleep on it ends when it has moved past."""

    def __init__(self) -> None:
        self.time = 0.0
        self._sleeping: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.time

    async def sleep(self, delay: float) -> None:
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        sleeper = (self.time + delay, woken)
        self._sleeping.append(sleeper)
        try:
            await woken
        finally:
            self._sleeping.remove(sleeper)

    async def advance(self, seconds: float) -> None:
        """Move the clock and wake the sleeps it passed, once what was started has begun
        sleeping; then let what they start run to its end."""
        await _run_ready()
        self.time += seconds
        for wake, woken in self._sleeping:
            if wake <= self.time and not woken.done():
                woken.set_result(None)
        await _run_ready()


async def _run_ready() -> None:
    """Let the tasks ready to run go as far as they can: a Deadlines' sleeper starting its
    sleep, or woken and firing its deadlines as tasks, which then call ``on_expire``. A few
    turns of the event loop, none of them waiting on anything else."""
    for _ in range(10):
        await asyncio.sleep(0)


async def test_deadlines_fire_in_order_and_same_decisions_keep_their_deadline() -> None:
    fired: list[tuple[int, tuple[int, ...]]] = []

    async def expire(game_id: int, decision_ids: tuple[int, ...]) -> None:
        fired.append((game_id, decision_ids))

    clock = ManualClock()
    with on_clock(clock):
        timers = Deadlines(expire)
        timers.set(1, (10,), 6)
        timers.set(2, (20,), 2)
        timers.set(3, (30,), 3)
        timers.cancel(3)
        await clock.advance(4)
        assert fired == [(2, (20,))]
        timers.set(1, (10,), 10)  # the same question: the running deadline stands
        await clock.advance(2)
        assert fired == [(2, (20,)), (1, (10,))]

        timers.set(4, (40,), 2)
        timers.set(4, (41,), 10)  # a new question restarts the clock
        timers.set(5, (50,), 0)  # 0 means no timer
        await clock.advance(9)
        assert fired == [(2, (20,)), (1, (10,))]
        assert timers.waiting_on(4) == (41,) and timers.waiting_on(5) == ()
        await clock.advance(1)
        assert fired == [(2, (20,)), (1, (10,)), (4, (41,))]
        timers.close()
