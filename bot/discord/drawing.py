"""Where the bot draws its pictures (boards, cards): a drawing a lone click or command asks
for (the only request in hand, no other drawing under way), on the event loop itself; one
asked for while another drawing is, in a worker process, of ``KOT_DRAWING_PROCESSES`` (2
unless set; 0: those on the threads too); any other, on a thread of the bot's process.

Drawing a board is some 6 ms of Pillow and Python that holds the GIL except while zlib
compresses the PNG. Drawn on threads, the boards of a burst of clicks took the GIL from the
event loop, and every click of the burst waited for them; drawn in processes, each board
waits for a round trip to another process (the scheduler waking it, the pool's threads
handing the work on). A lone click has nothing for the loop to do meanwhile, and on a thread
its board waited for the hop there and back (about a millisecond a board): so it is drawn
on the loop (``Drawers``' ``alone``: the bot's ``InHand.alone``). ``python -m
tools.bench_bot`` found single clicks faster this way, and bursts faster with the drawings
beside another in the processes than on threads (docs/bot.md, "Speed against 4e1c6cf").

The worker processes are the process's (``DrawingProcesses``), shared by the bots it runs (a
process runs one, except the tests and the benches). They start with the first drawing
beside another (a bot that never sees two at once starts none), and until they are up
drawings stay on the threads, so no click waits for a worker to start. They end with the
process: when it exits (stopped before multiprocessing waits for its children), or when it
is killed (``bot.processes.worker_started``). A pool found broken (a worker died) is stopped
and the drawing made on a thread; the next drawing beside another starts new workers.

May import: ``bot.processes``."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing.util
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.processes import ctrl_c_held, spawned_pool, stop_pool, timed, worker_started

log = logging.getLogger(__name__)

# Finalizers from this priority up run at a process's exit before it waits for its children.
_STOPPED_AT_EXIT = 0

T = TypeVar("T")

# The drawing threads: the drawings neither on the loop nor beside another drawing (asked
# for beside another request, or by a clock), and those beside another when the processes
# are off (or starting). Not more than the cores: threads beyond them only take the GIL from
# the event loop (with Python's default pool, six threads here, ten boards drawn at once kept
# every click of a burst waiting).
_THREADS = ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1)),
                              thread_name_prefix="kot-draw")


class DrawingProcesses:
    """The process's drawing workers, ``count`` of them (0: none), for the drawings asked for
    beside another: started by the first such drawing, shared by the bots the process runs
    (``shared_processes``)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._pool: ProcessPoolExecutor | None = None
        self._stop_at_exit: multiprocessing.util.Finalize[None] | None = None
        # The workers' first task each (importing the renderer): they are ready once done.
        self._warming_up: list[Future[None]] = []

    def up(self) -> bool:
        """Whether the workers are up, starting them if none are."""
        if self._pool is None:
            self._pool = spawned_pool(self.count, worker_started)
            # Stopped as the process exits, before multiprocessing waits there for its
            # children (a bot run in a multiprocessing child, as the benches and tests do,
            # would otherwise wait for ever for workers nobody told to stop).
            self._stop_at_exit = multiprocessing.util.Finalize(
                None, stop_pool, args=(self._pool,), exitpriority=_STOPPED_AT_EXIT)
            with ctrl_c_held():  # (these submissions start the workers)
                self._warming_up = [self._pool.submit(_warmed_up)
                                    for _worker in range(self.count)]
        return all(warming.done() for warming in self._warming_up)

    async def started(self, within: float) -> None:
        """The workers started, if they are not, and up within ``within`` seconds
        (``TimeoutError`` otherwise); nothing to wait for with none. For the benches and
        tests, which time the drawings made beside another."""
        if self.count and not self.up():
            await asyncio.wait_for(asyncio.gather(*map(asyncio.wrap_future, self._warming_up)),
                                   within)

    async def draw(self, draw: Callable[..., T], args: tuple[Any, ...]) -> tuple[T, float]:
        """``draw(*args)`` made by a worker (up: ``up``), and its CPU seconds there.
        ``BrokenProcessPool`` if a worker died: the workers are stopped, and the next
        drawing beside another starts new ones."""
        pool = self._pool
        assert pool is not None  # (up)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, timed, draw, *args)
        except BrokenProcessPool:
            if self._pool is pool:  # (the first of the drawings that found it broken)
                self.stop()
            raise

    def stop(self) -> None:
        """Stop the workers now; the next drawing beside another starts new ones."""
        if self._stop_at_exit is not None:
            self._stop_at_exit()  # (runs stop_pool once, and no more at exit)
        self._pool = self._stop_at_exit = None
        self._warming_up = []


@functools.cache
def shared_processes(count: int) -> DrawingProcesses:
    """The process's drawing workers, ``count`` of them (one pool whichever bot asks)."""
    return DrawingProcesses(count)


def _never() -> bool:
    return False


class Drawers:
    """A bot's drawings, off the event loop unless a lone request asks for them:
    ``await drawers.drawn(render_card, key, ...)``. ``processes``: the workers for the
    drawings asked for beside another; ``alone``: whether the task asking is the only
    request the bot has in hand (``InHand.alone``)."""

    def __init__(self, processes: DrawingProcesses, alone: Callable[[], bool] = _never) -> None:
        self.processes = processes
        self._alone = alone
        self._in_hand = 0
        # What the drawings took, wherever they were made: the benches report it.
        self.drawings = 0
        self.cpu_seconds = 0.0
        # Of which in the worker processes (not in this process's CPU time).
        self.worker_cpu_seconds = 0.0

    async def drawn(self, draw: Callable[..., T], *args: Any) -> T:
        """``draw(*args)``, made here on the event loop for a lone request (``alone``, and no
        other drawing in hand), else on a thread, or in a worker process if
        another drawing is in hand and the workers are up (its arguments and result then
        copied there and back, pickled). The first drawing beside another starts the
        workers; until they are up (Python's start and the renderer's imports, some half a
        second), drawings are made on the threads, so that none waits for them."""
        if self._in_hand == 0 and self._alone():
            # Nothing waits behind it, and a thread would only add the hop there and back:
            # the GIL the drawing holds is the one the loop would need anyway.
            done, cpu_seconds = timed(draw, *args)
        else:
            done, cpu_seconds = await self._off_the_loop(draw, args)
        self.drawings += 1
        self.cpu_seconds += cpu_seconds
        return done

    async def _off_the_loop(self, draw: Callable[..., T],
                            args: tuple[Any, ...]) -> tuple[T, float]:
        processes = self.processes
        in_a_process = processes.count > 0 and self._in_hand > 0 and processes.up()
        self._in_hand += 1
        try:
            if in_a_process:
                try:
                    done, cpu_seconds = await processes.draw(draw, args)
                    self.worker_cpu_seconds += cpu_seconds
                    return done, cpu_seconds
                except BrokenProcessPool:
                    # (The next drawing beside another starts new workers.)
                    log.error("a drawing process died; the drawing processes are replaced")
            return await asyncio.get_running_loop().run_in_executor(_THREADS, timed, draw,
                                                                    *args)
        finally:
            self._in_hand -= 1


def _warmed_up() -> None:
    """Imports the renderer in a worker, so its first drawing does not wait for it."""
    import bot.render  # noqa: F401
