"""How ``python -m bot`` and ``python -m bot --local`` stop: on SIGINT (Ctrl-C) and SIGTERM
(what ``docker stop``, systemd and hosting platforms send), the event loop cancels the main
task, whose ``async with`` and ``finally`` blocks close the bot in order (``KotBot.close``:
nothing new started, the work in hand finished or, after a few seconds, cancelled, then the
gateway, the store, the Hard AI's processes; the local table's page first). Each change the
bot makes is one transaction, so a stop leaves no half-written game; effects not yet shown
stay in the outbox and are shown at the next start. A second signal during the close exits at
once, with exit code 128 + its number."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from collections.abc import Coroutine
from types import FrameType
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def run(main: Coroutine[Any, Any, None]) -> signal.Signals | None:
    """``asyncio.run(main)``; the signal that stopped it (once closed), or None when ``main``
    returned by itself. Its exceptions propagate."""
    heard = asyncio.run(_until_stopped(main))
    if heard is not None:
        # What is left after the loop (joining the Hard AI's processes) must not turn a
        # second Ctrl-C into a traceback.
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is not signal.SIG_IGN:
                signal.signal(signum, _exit_at_once)
    return heard


async def _until_stopped(main: Coroutine[Any, Any, None]) -> signal.Signals | None:
    loop = asyncio.get_running_loop()
    task = loop.create_task(main)
    heard: list[signal.Signals] = []

    def stop(signum: signal.Signals) -> None:
        if heard:
            _exit_at_once(signum)
        heard.append(signum)
        task.cancel()

    for signum in STOP_SIGNALS:
        # A signal ignored from the start stays ignored, as Python leaves it: a shell starts
        # a background job (``cmd &``) ignoring SIGINT so that Ctrl-C does not reach it.
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue
        try:
            loop.add_signal_handler(signum, stop, signum)
        except NotImplementedError:  # Windows: Ctrl-C raises KeyboardInterrupt instead
            break
    try:
        await task
    except asyncio.CancelledError:
        if not heard:
            raise
    return heard[0] if heard else None


def _exit_at_once(signum: int, _frame: FrameType | None = None) -> None:
    """Exits without closing anything, and kills the processes this one started (the Hard
    AI's, the drawing's) rather than leave them to notice this one gone (they watch for it:
    ``bot.processes.worker_started``). A transaction in progress is rolled back by the
    database."""
    for child in multiprocessing.active_children():
        child.kill()
    os._exit(128 + signum)
