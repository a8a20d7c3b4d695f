"""Where the bot draws its pictures (boards, cards): a drawing made while none is in hand, on
a thread of the bot's process; one made while another is, in a worker process, of
``KOT_DRAWING_PROCESSES`` (2 unless set; 0: every drawing on the threads).

Drawing a board is some 6 ms of Pillow and Python that holds the GIL except while zlib
compresses the PNG. Drawn on threads, the boards of a burst of clicks took the GIL from the
event loop, and every click of the burst waited for them; drawn in processes, each board
waits for a round trip to another process (the scheduler waking it, the pool's threads
handing the work on), which a lone click does not need. So a lone drawing stays here and
the drawings of a burst beside it go to the processes: ``python -m tools.bench_bot`` found
single clicks faster this way than with every drawing in the processes, and bursts faster
than with threads alone (docs/bot.md, "Speed against 4e1c6cf").

The pool is the process's, shared by the bots it runs (a process runs one, except the tests
and the benches). Its workers start with the first drawing beside another (a bot that never
sees two at once starts none), and until they are up drawings stay on the threads, so no
click waits for a worker to start. They end with the process: when it exits (stopped before
multiprocessing waits for its children), or when it is killed
(``bot.processes.worker_started``). A pool found broken (a worker died) is stopped and the
drawing made on a thread; the next drawing beside another starts new workers.

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

# The drawing threads: a lone drawing's, and every drawing's when the processes are off
# (or starting). Not more than the cores: threads beyond them only take the GIL from the
# event loop (with Python's default pool, six threads here, ten boards drawn at once kept
# every click of a burst waiting).
_THREADS = ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1)),
                              thread_name_prefix="kot-draw")


class Drawers:
    """Draws pictures off the event loop: ``await drawers.drawn(render_card, key, ...)``.
    ``processes``: how many worker processes for the drawings made beside another; 0, all
    on threads of this process."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._stop_at_exit: multiprocessing.util.Finalize[None] | None = None
        # The workers' first task each (importing the renderer): they are ready once done.
        self._warming_up: list[Future[None]] = []
        self._in_hand = 0
        # What the drawings took, wherever they were made: the benches report it.
        self.drawings = 0
        self.cpu_seconds = 0.0
        # Of which in the worker processes (not in this process's CPU time).
        self.worker_cpu_seconds = 0.0

    async def drawn(self, draw: Callable[..., T], *args: Any) -> T:
        """``draw(*args)``, made on a thread, or in a worker process if another drawing is in
        hand and the workers are up (its arguments and result then copied there and back,
        pickled). The first drawing beside another starts the workers; until they are up
        (Python's start and the renderer's imports, some half a second), drawings are made
        on the threads, so that none waits for them."""
        loop = asyncio.get_running_loop()
        in_a_process = self.processes > 0 and self._in_hand > 0 and self.workers_up()
        self._in_hand += 1
        try:
            if in_a_process:
                try:
                    done, cpu_seconds = await self._in_process(draw, args)
                    self.worker_cpu_seconds += cpu_seconds
                except BrokenProcessPool:
                    # (The next drawing beside another starts new workers.)
                    log.error("a drawing process died; the drawing processes are replaced")
                    in_a_process = False
            if not in_a_process:
                done, cpu_seconds = await loop.run_in_executor(_THREADS, timed, draw, *args)
        finally:
            self._in_hand -= 1
        self.drawings += 1
        self.cpu_seconds += cpu_seconds
        return done

    def workers_up(self) -> bool:
        """Whether the workers are up, starting them if none are."""
        if self._pool is None:
            self._pool = spawned_pool(self.processes, worker_started)
            # Stopped as the process exits, before multiprocessing waits there for its
            # children (a bot run in a multiprocessing child, as the benches and tests do,
            # would otherwise wait for ever for workers nobody told to stop).
            self._stop_at_exit = multiprocessing.util.Finalize(
                None, stop_pool, args=(self._pool,), exitpriority=_STOPPED_AT_EXIT)
            with ctrl_c_held():  # (these submissions start the workers)
                self._warming_up = [self._pool.submit(_warmed_up)
                                    for _worker in range(self.processes)]
        return all(warming.done() for warming in self._warming_up)

    async def workers_started(self, within: float) -> None:
        """The workers started, if they are not, and up within ``within`` seconds
        (``TimeoutError`` otherwise); nothing to wait for with no processes. For the benches
        and tests, which time the drawings made beside another."""
        if self.processes and not self.workers_up():
            await asyncio.wait_for(asyncio.gather(*map(asyncio.wrap_future, self._warming_up)),
                                   within)

    async def _in_process(self, draw: Callable[..., T], args: tuple[Any, ...]) -> tuple[T, float]:
        pool = self._pool
        assert pool is not None  # (up: workers_up)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, timed, draw, *args)
        except BrokenProcessPool:
            if self._pool is pool:  # (the first of the drawings that found it broken)
                self._stop_pool()
            raise

    def _stop_pool(self) -> None:
        """Stop the workers now; the next drawing beside another starts new ones."""
        if self._stop_at_exit is not None:
            self._stop_at_exit()  # (runs stop_pool once, and no more at exit)
        self._pool = self._stop_at_exit = None
        self._warming_up = []


@functools.cache
def shared_drawers(processes: int) -> Drawers:
    """The process's drawers with ``processes`` workers (one pool whichever bot asks)."""
    return Drawers(processes)


def _warmed_up() -> None:
    """Imports the renderer in a worker, so its first drawing does not wait for it."""
    import bot.render  # noqa: F401
