"""Where the bot draws its pictures (boards, cards): in worker processes, ``KOT_DRAWING_
PROCESSES`` of them (2 unless set), or, set to 0, in threads of the bot's own process.

Processes, because drawing a board is some 6 ms of Pillow and Python that holds the GIL
except while zlib compresses the PNG: drawn in threads, the boards of a burst of clicks
took the GIL from the event loop, and every click of the burst waited for them. In two
processes, the bursts of ``python -m tools.bench_bot`` answered faster, their slowest
clicks most of all (docs/bot.md, "Keeping the event loop free").

The pool is the process's, shared by the bots it runs (a process runs one, except the tests
and the benches) and started with the first bot (``Drawers.start``), so no click waits for
a worker to start. Its workers end with the process: when it exits (``concurrent.futures``
stops them), or when it is killed (``bot.processes.worker_started``). A pool found broken
(a worker died) is replaced, and the drawing made again in the new one.

May import: ``bot.processes``."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing.util
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.processes import ctrl_c_held, spawned_pool, stop_pool, timed, worker_started

log = logging.getLogger(__name__)

# Finalizers from this priority up run at a process's exit before it waits for its children.
_STOPPED_AT_EXIT = 0

T = TypeVar("T")

# The drawing threads when drawing in processes is off. Not more than the cores: threads
# beyond them only take the GIL from the event loop (with Python's default pool, six
# threads here, ten boards drawn at once kept every click of a burst waiting).
_THREADS = ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1)),
                              thread_name_prefix="kot-draw")


class Drawers:
    """Draws pictures off the event loop: ``await drawers.drawn(render_card, key, ...)``.
    ``processes``: how many worker processes; 0, threads of this process."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._stop_at_exit: multiprocessing.util.Finalize[None] | None = None
        # What the drawings took, wherever they were made: the benches report it.
        self.drawings = 0
        self.cpu_seconds = 0.0

    def start(self) -> None:
        """Start the worker processes now rather than at the first drawing, which would then
        wait for Python to start and import the renderer (some half a second)."""
        if self.processes:
            pool = self._workers()
            with ctrl_c_held():  # (these submissions start the workers)
                for _worker in range(self.processes):
                    pool.submit(_warmed_up).add_done_callback(_retrieved)

    async def drawn(self, draw: Callable[..., T], *args: Any) -> T:
        """``draw(*args)``, made in a worker process or thread: its arguments and result are
        copied there and back (pickled) when in a process."""
        loop = asyncio.get_running_loop()
        if not self.processes:
            done, cpu_seconds = await loop.run_in_executor(_THREADS, timed, draw, *args)
        else:
            try:
                done, cpu_seconds = await self._in_process(draw, args)
            except BrokenProcessPool:
                log.error("a drawing process died; the drawing processes are replaced")
                done, cpu_seconds = await self._in_process(draw, args)
        self.drawings += 1
        self.cpu_seconds += cpu_seconds
        return done

    async def _in_process(self, draw: Callable[..., T], args: tuple[Any, ...]) -> tuple[T, float]:
        pool = self._workers()
        try:
            with ctrl_c_held():  # (this submission may start a worker)
                drawing = asyncio.get_running_loop().run_in_executor(pool, timed, draw, *args)
            return await drawing
        except BrokenProcessPool:
            if self._pool is pool:  # (the first of the drawings that found it broken)
                self._stop_pool()
            raise

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = spawned_pool(self.processes, worker_started)
            # Stopped as the process exits, before multiprocessing waits there for its
            # children (a bot run in a multiprocessing child, as the benches and tests do,
            # would otherwise wait for ever for workers nobody told to stop).
            self._stop_at_exit = multiprocessing.util.Finalize(
                None, stop_pool, args=(self._pool,), exitpriority=_STOPPED_AT_EXIT)
        return self._pool

    def _stop_pool(self) -> None:
        """Stop the workers now; the next drawing starts new ones."""
        if self._stop_at_exit is not None:
            self._stop_at_exit()  # (runs stop_pool once, and no more at exit)
        self._pool = self._stop_at_exit = None


@functools.cache
def shared_drawers(processes: int) -> Drawers:
    """The process's drawers with ``processes`` workers (one pool whichever bot asks)."""
    return Drawers(processes)


def _warmed_up() -> None:
    """Imports the renderer in a worker, so its first drawing does not wait for it."""
    import bot.render  # noqa: F401


def _retrieved(warming: Any) -> None:
    if not warming.cancelled() and (error := warming.exception()) is not None:
        log.warning("a drawing process did not start: %s: %s", type(error).__name__, error)
