"""Where pictures are drawn (``bot.discord.drawing``): on the event loop for a lone request,
in a worker process beside another drawing, else on a thread; the pictures drawn in
the processes the same, the workers started before the first drawing and deaf to Ctrl-C, a
worker that died replaced without losing a drawing, and no worker left once the bot's
process is killed."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing.connection
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from process_checks import ignores_ctrl_c, running

from bot.discord.drawing import Drawers, DrawingProcesses
from bot.render import board_picture, render_card
from engine import Options, apply, create_game, legal_actions
from tools.samples import six_monsters_midgame

ROOT = Path(__file__).resolve().parents[2]
# Seconds a worker of a killed process is given to notice and exit.
EXIT_SECONDS = 10.0
# Seconds the workers are given to start (Python, the renderer's imports; a loaded machine).
START_SECONDS = 60.0
NAMES = ("Ana", None, "Élodie", "Bo", "Chen", "Dee")
T = TypeVar("T")


@pytest.fixture
def drawers() -> Iterator[Drawers]:
    drawers = Drawers(DrawingProcesses(1))
    yield drawers
    drawers.processes.stop()


def _worker_pids(drawers: Drawers) -> list[int]:
    pool = drawers.processes._pool
    assert pool is not None
    return [process.pid or 0 for process in (pool._processes or {}).values()]


async def _beside_another(drawers: Drawers, draw: Callable[..., T], *args: Any) -> T:
    """``draw(*args)`` drawn by ``drawers`` while another drawing is in hand."""
    _other, drawn = await asyncio.gather(drawers.drawn(time.sleep, 0.1),
                                         drawers.drawn(draw, *args))
    return drawn


async def test_a_lone_drawing_is_made_on_a_thread_one_beside_another_in_a_process(
    drawers: Drawers
) -> None:
    assert await drawers.drawn(os.getpid) == os.getpid()  # (no hop to another process)
    assert drawers.processes._pool is None  # (nor any started)
    # The first drawing beside another starts the workers, and is not kept waiting for
    # them: drawn on a thread meanwhile.
    assert await _beside_another(drawers, os.getpid) == os.getpid()
    assert len(_worker_pids(drawers)) == 1 and drawers.worker_cpu_seconds == 0
    await drawers.processes.started(within=START_SECONDS)
    assert await _beside_another(drawers, os.getpid) in _worker_pids(drawers)
    assert await drawers.drawn(os.getpid) == os.getpid()
    assert drawers.drawings == 6


async def test_a_lone_requests_drawing_is_made_on_the_event_loop() -> None:
    # The bot's answers to "is this request alone in hand?", as each drawing asks.
    answers = iter([True, False, False])
    drawers = Drawers(DrawingProcesses(0), alone=lambda: next(answers))
    loop_thread = threading.current_thread().name
    assert await drawers.drawn(_thread_name) == loop_thread
    # Another request in hand: its work goes on while this one is drawn on a thread.
    assert (await drawers.drawn(_thread_name)).startswith("kot-draw")
    # Beside another drawing (on a thread): on a thread too, without asking.
    _other, beside = await asyncio.gather(drawers.drawn(time.sleep, 0.1),
                                          drawers.drawn(_thread_name))
    assert beside.startswith("kot-draw")
    assert drawers.drawings == 4


def _thread_name() -> str:
    return threading.current_thread().name


async def test_a_board_drawn_in_a_process_is_the_board_drawn_here(drawers: Drawers) -> None:
    await drawers.processes.started(within=START_SECONDS)
    state = six_monsters_midgame()
    drawn = await _beside_another(drawers, board_picture, state, frozenset({1}), NAMES, "es")
    assert drawn == board_picture(state, frozenset({1}), NAMES, "es")
    assert await _beside_another(drawers, render_card, "energize", "2016", "es") == (
        render_card("energize", "2016", "es"))
    assert drawers.drawings == 4 and 0 < drawers.worker_cpu_seconds < drawers.cpu_seconds


@pytest.mark.parametrize("options", [
    Options(), Options(edition="2011"), Options(power_up=True), Options(game="origins"),
], ids=["2016", "2011", "power-up", "origins"])
def test_every_state_of_a_game_goes_to_a_drawing_process_whole(options: Options) -> None:
    # What a drawing process gets is a copy (pickled): every kind of state must make one,
    # equal to itself, in every game a table may play (the suite's bots draw on threads).
    rnd = random.Random(5)
    state, _events = create_game(options, 5, 4)
    moves = 0
    while not state.over and moves < 400:
        assert pickle.loads(pickle.dumps(state)) == state
        decision = rnd.choice(state.pending)
        state, _events = apply(state, decision.seat,
                               rnd.choice(legal_actions(state, decision.seat)))
        moves += 1
    assert pickle.loads(pickle.dumps(state)) == state


async def test_the_workers_ignore_ctrl_c() -> None:
    drawers = Drawers(DrawingProcesses(2))
    try:
        await drawers.processes.started(within=START_SECONDS)  # (each has run its set-up)
        assert len(_worker_pids(drawers)) == 2
        for pid in _worker_pids(drawers):
            assert ignores_ctrl_c(pid)
            os.kill(pid, signal.SIGINT)  # as Ctrl-C sends it to the whole process group
        assert await _beside_another(drawers, os.getpid) in _worker_pids(drawers)
    finally:
        assert drawers.processes._pool is not None
        drawers.processes.stop()


async def test_a_worker_that_died_is_replaced_and_the_drawings_made(
    drawers: Drawers, caplog: pytest.LogCaptureFixture
) -> None:
    state = six_monsters_midgame()
    await drawers.processes.started(within=START_SECONDS)
    broken = drawers.processes._pool
    [worker] = _worker_pids(drawers)
    os.kill(worker, signal.SIGKILL)  # (killed for its memory, say)
    assert broken is not None
    [process] = (broken._processes or {}).values()
    multiprocessing.connection.wait([process.sentinel])
    with caplog.at_level(logging.ERROR, logger="bot.discord.drawing"):
        drawn = await asyncio.gather(*(drawers.drawn(board_picture, state) for _click in range(4)))
    # The second found the pool broken and was drawn on a thread, as the first; the others
    # too, while new workers start.
    assert drawn == [board_picture(state)] * 4
    assert "the drawing processes are replaced" in caplog.text
    assert drawers.processes._pool is not broken
    await drawers.processes.started(within=START_SECONDS)
    assert await _beside_another(drawers, os.getpid) in _worker_pids(drawers)
    assert worker not in _worker_pids(drawers)


def test_no_worker_outlives_its_killed_process() -> None:
    # The bot killed with no goodbye (SIGKILL, out of memory): its workers, waiting for work
    # on a pipe they hold both ends of, see their parent go and exit.
    script = ("import asyncio, os\n"
              "from bot.discord.drawing import Drawers, DrawingProcesses\n"
              "async def main():\n"
              "    drawers = Drawers(DrawingProcesses(1))\n"
              "    worker = os.getpid()\n"
              "    while worker == os.getpid():  # (until the worker is up)\n"
              "        _other, worker = await asyncio.gather(drawers.drawn(os.getpid),\n"
              "                                              drawers.drawn(os.getpid))\n"
              "        await asyncio.sleep(0.02)\n"
              "    print(worker, flush=True)\n"
              "    await asyncio.sleep(60)\n"
              "asyncio.run(main())\n")
    bot = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE)
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert running(worker)
    finally:
        bot.kill()
        bot.wait()  # (not its output's end: a worker left behind would hold it open)
        assert bot.stdout is not None
        bot.stdout.close()
    deadline = time.monotonic() + EXIT_SECONDS
    while running(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(worker)
