"""The turn timers: one sleeping task serves every game's deadline."""

from __future__ import annotations

import asyncio

from bot.table.timers import Deadlines


async def test_deadlines_fire_in_order_and_same_decisions_keep_their_deadline() -> None:
    fired: list[tuple[int, tuple[int, ...]]] = []

    async def expire(game_id: int, decision_ids: tuple[int, ...]) -> None:
        fired.append((game_id, decision_ids))

    timers = Deadlines(expire)
    timers.set(1, (10,), 0.06)
    timers.set(2, (20,), 0.02)
    timers.set(3, (30,), 0.03)
    timers.cancel(3)
    await asyncio.sleep(0.04)
    timers.set(1, (10,), 10)  # the same question: the running deadline stands
    await asyncio.sleep(0.05)
    assert fired == [(2, (20,)), (1, (10,))]

    timers.set(4, (40,), 0.02)
    timers.set(4, (41,), 10)  # a new question restarts the clock
    timers.set(5, (50,), 0)  # 0 means no timer
    await asyncio.sleep(0.04)
    assert fired == [(2, (20,)), (1, (10,))]
    assert timers.waiting_on(4) == (41,) and timers.waiting_on(5) == ()
    timers.close()
