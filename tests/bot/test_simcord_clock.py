"""SimCord's clock for the bot's deadlines (``bot.local.SimCordClock``), as the tests and the
local table use it: a deadline that has come leaves nothing on the machine's clock."""

from __future__ import annotations

import asyncio
import threading
import time

import discord

from bot.table import timers
from tools.chaos.sim import run


class _OneDeadline(discord.Client):
    """A bot whose only work is one deadline 10 s away and, when it comes, another that
    has come already (``timers.AT_ONCE``: as a Swiss night's next step when a table's game
    ends)."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.fired: list[str] = []

    async def setup_hook(self) -> None:
        self._work = asyncio.create_task(self._deadlines())

    async def _deadlines(self) -> None:
        await timers.sleep(10)
        self.fired.append("the 10 s deadline")
        await timers.sleep(timers.AT_ONCE)
        self.fired.append("the deadline that had come")


async def _woken_by_another_thread_after_a_busy_loop() -> None:
    """Wake the test as an answer from another thread (aiosqlite's) does, in the same turn
    of the event loop as a timer of the machine's clock that fell due while the loop was
    busy: the thread's answer runs first, the timer second, and the test resumes after
    both."""
    loop = asyncio.get_running_loop()
    answered: asyncio.Future[None] = loop.create_future()
    thread = threading.Thread(
        target=lambda: (time.sleep(0.002), loop.call_soon_threadsafe(answered.set_result, None)))
    thread.start()
    time.sleep(0.02)  # (the loop busy: the timer and the answer both fall due meanwhile)
    thread.join()
    await answered


async def test_a_deadline_that_has_come_at_the_end_of_an_advance_leaves_no_timer_behind(
) -> None:
    """SimCord 3.2.1 arms a fallback on the machine's clock for every timer of the bot's
    that is not a declared wait. One that fires between two ``advance_time`` calls starts
    an advance of SimCord's own; if a test's ``advance_time`` begins in the same turn of the
    loop, each advance waits for the other until the settle times out ('bot did not settle
    while advancing time', once in a CI run of the Swiss night's test). A deadline that has
    come runs without a timer, so no fallback is left when the advance returns."""
    bot = _OneDeadline()
    async with run(bot, settle_timeout=1.0) as env:
        await env.advance_time(10)
        await _woken_by_another_thread_after_a_busy_loop()
        await env.advance_time(1)
    assert bot.fired == ["the 10 s deadline", "the deadline that had come"]
