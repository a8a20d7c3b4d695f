"""The work in hand (``bot.table.in_hand``): which request is alone in hand, the question the
drawers ask before drawing on the event loop (``bot.discord.drawing``)."""

from __future__ import annotations

import asyncio

from bot.table.in_hand import InHand


async def test_a_request_is_alone_only_as_the_one_task_in_hand() -> None:
    in_hand = InHand()
    gate = asyncio.Event()

    async def request() -> bool:
        assert in_hand.take()
        alone = in_hand.alone()
        await gate.wait()
        return alone

    first = asyncio.create_task(request())
    await asyncio.sleep(0)
    # A task that is not in hand (a clock's pass) is never alone: others may run unseen.
    assert not in_hand.alone()
    second = asyncio.create_task(request())
    await asyncio.sleep(0)
    gate.set()
    assert await first and not await second
    third = asyncio.create_task(request())  # (alone once the others ended)
    assert await third
    await asyncio.sleep(0)
    assert in_hand.tasks == set()
