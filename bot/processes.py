"""Pools of worker processes, as the bot runs them: the Hard AI's searches
(``bot.table.autoplay``) and the drawing of pictures (``bot.discord.drawing``).

A pool is spawned, not forked (``spawned_pool``): a fork of a process running an event loop
and threads may inherit a lock held by another thread. Its workers ignore Ctrl-C (the bot
stops them itself; a terminal sends Ctrl-C to the whole process group) and exit when the
bot's process is gone, even killed with no goodbye (``worker_started``). ``stop_pool`` ends
a pool now, without waiting for the work in hand.

May import: nothing of the bot (every room above uses it)."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar, cast

T = TypeVar("T")

# Seconds a worker told to stop is waited for before it is killed.
STOP_SECONDS = 2.0


def spawned_pool(workers: int, initializer: Callable[[], None]) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes, each set up by ``initializer`` (which should
    call ``worker_started``). Its workers start when work is first submitted (submit under
    ``ctrl_c_held``)."""
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=initializer)


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """SIGINT held back (blocked) in this thread meanwhile: a worker started now inherits the
    block, so a Ctrl-C sent to the whole process group while it is still starting (Python,
    its imports), before ``worker_started`` ignores it, cannot interrupt it with a
    traceback. A SIGINT meant for the bot is delivered once unblocked."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def worker_started(niceness: int = 0) -> None:
    """Set up a worker: it ignores Ctrl-C (the terminal sends it to the whole process group,
    and the bot, which stops its workers itself, would otherwise get each worker's
    KeyboardInterrupt traceback printed over its own goodbye); it runs ``niceness`` steps
    below the bot's priority; and it exits as soon as the bot's process is gone. A worker
    waiting for work would not notice that by itself: it holds both ends of its queue's
    pipe, so the pipe never closes when the bot is killed (SIGKILL, out of memory)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):  # (not on Windows)
        os.nice(niceness)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True,
                         name="kot-parent-watch").start()


def _exit_with(parent_sentinel: int) -> None:
    multiprocessing.connection.wait([parent_sentinel])  # ready once the parent has exited
    os._exit(0)  # (no clean-up to wait for: the work in hand has nobody to go to)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now (terminated: ``shutdown`` alone would wait for the work in
    hand), then the pool.

    Only the pool's own thread reaps them. Its manager thread waits on the same processes
    (``join``, ``is_alive``: ``waitpid``), and a second thread doing so too makes one of
    them lose the race: ``waitpid`` finds the process gone, and ``multiprocessing`` then
    reports a dead worker as alive (CPython gh-130895, gh-92881). So this thread only
    signals them and waits on their sentinels (a pipe that closes when the process exits,
    which reaps nothing), and ``shutdown(wait=True)`` then waits for the manager thread,
    which has joined each of them when it ends."""
    # The executor's processes (a private map, the only handle on them).
    processes = list((pool._processes or {}).values())
    # (A process whose sentinel is ready has exited, and may be reaped meanwhile: it is
    # signalled no more, since its pid may be another process's by then.)
    for process in _running(processes, timeout=0):
        process.terminate()
    for process in _running(processes, timeout=STOP_SECONDS):
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def _running(processes: list[multiprocessing.Process],
             timeout: float) -> list[multiprocessing.Process]:
    """Those of ``processes`` that have not exited within ``timeout`` seconds (told by their
    sentinels, without reaping any)."""
    # (perf_counter: the test harnesses move time.monotonic.)
    deadline = time.perf_counter() + timeout
    left = {process.sentinel: process for process in processes}
    while left:
        ended = multiprocessing.connection.wait(list(left),
                                                max(0.0, deadline - time.perf_counter()))
        if not ended:
            break
        for sentinel in ended:
            left.pop(cast(int, sentinel))  # (sentinels are file descriptors)
    return list(left.values())


def timed(work: Callable[..., T], *args: Any) -> tuple[T, float]:
    """``work(*args)`` and the CPU seconds it took on its thread (in a worker process or a
    thread, which another thread's work does not inflate)."""
    started = time.thread_time()
    done = work(*args)
    return done, time.thread_time() - started
