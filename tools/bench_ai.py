"""``python -m tools.bench_bot --ai-tables N``: the Hard AI under load.

The real bot (as ``tools.bench_bot`` runs it, on SimCord, SQLite on a temporary file) with
its real Autopilot: ``N`` tables, each one person and two Hard AI monsters, play at once for
``--seconds``. The tables start spread over one AI pause, and SimCord's clock then follows
the wall clock (as ``python -m bot --local`` moves it, by 1 s at most a step), so each AI
monster moves after its ``KOT_AI_PAUSE`` (2 s) and thinks in the worker processes
(one per spare core), which every table shares. The person at each table clicks a plausible
button a moment after being asked (0.5-2.5 s), and asks ``/kot hint`` (the Autopilot's hint,
called directly) at one question in five.

Printed: the AI moves' wait (from the end of the monster's pause to its answer) p50, p99 and
max, the hints' p99, how many answers the Easy AI gave instead (the deadline passed), the
budget the searches actually got (``search_budget``, hints' and moves' alike), the clicks' p99
(sent as payloads, timed until the bot's handler finished, as ``tools.bench_bot``'s bursts),
and the CPU seconds of the bot's process and of each worker. Then what the Hard AI's moves
made of their budget (``Thought``: each search's playouts and its time in the worker): of
the moves a search answered with playouts (a decision with a single candidate has none;
hints are left out), the playouts a move p50, mean and min, and the playouts a second of
search, on the clock (what the budget bought on this machine, with what else runs on it)
and of the worker's CPU (what a playout costs). The last line is JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
from simcord import SetupError

from bot.app import KotBot
from bot.local import add_ai, open_lobby
from bot.table.autoplay import Thought
from engine import Options, create_game
from tools.bench_players import Answers, Bench, bench_bot, percentile

# How often the simulated clock catches up with the wall clock, and by how much at most in
# one step (a settle of SimCord fires every timer due meanwhile: a big step, after a slow
# one, outlasted its settle window and left the clock further behind).
_TICK = 0.1
_MOST_CAUGHT_UP = 1.0
# A person's pause between being asked and clicking (seconds, drawn evenly).
THINK = (0.5, 2.5)
# A person's plan at a table: the moment asked (decision, state's seq), when to click, and
# the click once sent.
_Plan = tuple[tuple[int, int], float, "asyncio.Future[float] | None"]
# One question in this many gets a /kot hint first.
_HINT_EVERY = 5


async def run(*, tables: int, seconds: float, seed: int, hard_seconds: float = 0.8,
              think: tuple[float, float] = THINK,
              ai_pause: float = 2.0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        bot = bench_bot(Path(folder) / "bench.sqlite3", ai_pause=ai_pause,
                        hard_ai_seconds=hard_seconds)
        async with simcord.run(bot) as env:
            try:
                return await _play(env, tables, seconds, seed, think, ai_pause)
            finally:
                assert isinstance(env.bot, KotBot)
                # Closed as a stop closes it: the moves under way finish, their searches
                # included, before the store closes. (Closing the store first had a turn
                # timer's answer meet it closed: "the turn timer failed", a traceback.)
                await env.bot.close()


async def _play(env: simcord.Env, tables: int, seconds: float, seed: int,
                think: tuple[float, float], ai_pause: float) -> dict[str, Any]:
    bench = Bench.seat(env, tables, 1, seed)
    answers = Answers()
    answers.install(env)
    bot = env.bot
    assert isinstance(bot, KotBot)
    for number in range(tables):
        lobby = await open_lobby(bench.channels[number], bench.tables[number][0])
        for _ in range(2):
            await add_ai(bench.tables[number][0], lobby, "hard")
    # The workers are started before (a bot that has been up a while has them).
    await _warm_up(bot)
    # Started straight through the service, all in a row: a Start click would wait for the
    # bot to be idle, and the tables started before are thinking already.
    for number in range(tables):
        game = await bench.game(number)
        assert game is not None
        await bot.service.lobbies.start(game.id, bench.tables[number][0].id,
                                        bot.delivery.show)
        # Spread over one AI pause, as tables at a server start at different moments: with
        # SimCord's clock standing still, every table's first AI move fell due at the same
        # simulated instant, and catching up with them at once outlasted SimCord's settle
        # window again and again (its clock then fell ever further behind the wall clock).
        with contextlib.suppress(SetupError, TimeoutError):
            await env.advance_time(ai_pause / tables)
    bot.autopilot.thoughts.clear()
    clicks: list[asyncio.Future[float]] = []
    sent: list[float] = []
    hints: list[asyncio.Task[str]] = []
    # table -> ((decision asked, state's seq), when its person clicks, the click once sent)
    planned: dict[int, _Plan] = {}
    started = time.perf_counter()
    cpu_started = time.process_time()
    virtual_started = env.now()
    async with answers.sweeping():
        while (now := time.perf_counter()) - started < seconds:
            behind = (now - started) - (env.now() - virtual_started).total_seconds()
            with contextlib.suppress(SetupError, TimeoutError):  # bot work still running
                if behind > 0:
                    await env.advance_time(min(behind, _MOST_CAUGHT_UP))
            for number in range(tables):
                await _person(bench, bot, answers, number, planned, think, clicks, sent,
                              hints)
            await asyncio.sleep(_TICK)
        cpu = time.process_time() - cpu_started
        workers = _worker_cpu(bot)
        click_ms = [(answered - at) * 1000 for answered, at in
                    zip(await asyncio.gather(*clicks), sent, strict=True)]
        await asyncio.gather(*hints)
    return _summary(tables, seconds, list(bot.autopilot.thoughts), click_ms, cpu, workers,
                    bot.autopilot.hard_seconds)


async def _warm_up(bot: KotBot) -> None:
    state, _happened = create_game(Options(), 1, 3)
    await bot.autopilot.hint(state, state.pending[0], 0)


async def _person(bench: Bench, bot: KotBot, answers: Answers, number: int,
                  planned: dict[int, _Plan], think: tuple[float, float],
                  clicks: list[asyncio.Future[float]], sent: list[float],
                  hints: list[asyncio.Task[str]]) -> None:
    """The person at this table: plans a click when asked, and sends it when its time
    comes (sometimes asking for a hint first)."""
    game = await bench.game(number)
    state = game.state if game is not None else None
    if game is None or state is None:
        return
    asked = next((d for d in state.pending if game.ai_level(d.seat) is None), None)
    if asked is None:
        planned.pop(number, None)
        return
    # A moment is a decision at a state: a click that keeps dice changes the state but not
    # the decision, and the person is asked again; so is a person whose click, once
    # answered, changed nothing (a button picked at random: "My monster", a die kept twice).
    moment = (asked.id, state.seq)
    plan = planned.get(number)
    if plan is None or plan[0] != moment or (plan[2] is not None and plan[2].done()):
        planned[number] = (moment, time.perf_counter() + bench.rng.uniform(*think), None)
        if bench.rng.randrange(_HINT_EVERY) == 0:
            hints.append(asyncio.create_task(bot.autopilot.hint(state, asked, game.id)))
        return
    if time.perf_counter() < plan[1]:
        return
    prepared = await bench.click_payload(number)
    if prepared is None:
        return
    sent.append(time.perf_counter())
    clicks.append(answers.send(prepared[1]))
    planned[number] = (moment, float("inf"), clicks[-1])  # one click at a time


def _worker_cpu(bot: KotBot) -> list[float]:
    """CPU seconds of each live worker process (Linux: /proc/<pid>/stat)."""
    pool = bot.autopilot._processes
    if pool is None or not pool._processes:
        return []
    ticks = os.sysconf("SC_CLK_TCK")
    seconds = []
    for pid in pool._processes:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        seconds.append((int(fields[11]) + int(fields[12])) / ticks)
    return seconds


def _summary(tables: int, seconds: float, thoughts: list[Thought], click_ms: list[float],
             cpu: float, workers: list[float], most: float) -> dict[str, Any]:
    moves = [t for t in thoughts if t.urgency != "hint"]
    hints = [t for t in thoughts if t.urgency == "hint"]
    budgets = [t.budget for t in thoughts if t.budget > 0]

    def ms(values: list[float], fraction: float) -> float:
        return round(1000 * percentile(values, fraction), 1) if values else 0.0

    waits = [t.waited for t in moves]
    searched = [t for t in moves if t.playouts > 0]
    playouts = [t.playouts for t in searched]
    return {
        "ai_tables": tables,
        "seconds": seconds,
        "hard_ai_seconds": most,
        "ai_moves": len(moves),
        "ai_wait_p50_ms": ms(waits, 0.5),
        "ai_wait_p99_ms": ms(waits, 0.99),
        "ai_wait_max_ms": ms(waits, 1.0),
        "ai_fallbacks": sum(t.fallback for t in thoughts),
        "hints": len(hints),
        "hint_p99_ms": ms([t.waited for t in hints], 0.99),
        "budget_p50_s": round(statistics.median(budgets), 3) if budgets else 0.0,
        "budget_min_s": round(min(budgets), 3) if budgets else 0.0,
        "budget_mean_s": round(statistics.fmean(budgets), 3) if budgets else 0.0,
        "searched_moves": len(searched),
        "playouts_p50": round(statistics.median(playouts)) if playouts else 0,
        "playouts_mean": round(statistics.fmean(playouts), 1) if playouts else 0.0,
        "playouts_min": min(playouts, default=0),
        "playouts_per_s": _rate(playouts, [t.searched for t in searched]),
        "playouts_per_cpu_s": _rate(playouts, [t.searched_cpu for t in searched]),
        "clicks": len(click_ms),
        "click_p50_ms": round(statistics.median(click_ms), 1) if click_ms else 0.0,
        "click_p99_ms": round(percentile(click_ms, 0.99), 1) if click_ms else 0.0,
        "bot_cpu_s": round(cpu, 1),
        "worker_cpu_s": [round(value, 1) for value in workers],
    }


def _rate(playouts: list[int], seconds: list[float]) -> int:
    """Playouts a second, over all the searches together."""
    total = sum(seconds)
    return round(sum(playouts) / total) if total > 0 else 0


def table(result: dict[str, Any]) -> str:
    lines = [f"{result['ai_tables']} tables with 2 Hard AIs and a person each, "
             f"{result['seconds']:.0f} s",
             f"{'':22} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}",
             f"{'AI moves (wait)':22} {result['ai_moves']:>6} {result['ai_wait_p50_ms']:>8.0f} "
             f"{result['ai_wait_p99_ms']:>8.0f} {result['ai_wait_max_ms']:>8.0f}",
             f"{'hints':22} {result['hints']:>6} {'':>8} {result['hint_p99_ms']:>8.0f}",
             f"{'clicks':22} {result['clicks']:>6} {result['click_p50_ms']:>8.1f} "
             f"{result['click_p99_ms']:>8.1f}",
             f"answered by the Easy AI (deadline passed): {result['ai_fallbacks']}",
             f"search budget (configured {result['hard_ai_seconds']} s): "
             f"p50 {result['budget_p50_s']} s, mean {result['budget_mean_s']} s, "
             f"min {result['budget_min_s']} s",
             f"playouts a searched AI move ({result['searched_moves']} moves): "
             f"p50 {result['playouts_p50']}, mean {result['playouts_mean']}, "
             f"min {result['playouts_min']}; a second of search: "
             f"{result['playouts_per_s']} on the clock, "
             f"{result['playouts_per_cpu_s']} of the worker's CPU",
             f"CPU: bot process {result['bot_cpu_s']} s, workers "
             f"{', '.join(f'{value} s' for value in result['worker_cpu_s'])}"]
    return "\n".join(lines)
