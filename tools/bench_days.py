"""``python -m tools.bench_days``: many sleeping games with long clocks, and the bot started
on them.

What is stored
    ``--games`` (10,000) games in progress on a SQLite file, each in a channel of its own
    (guilds of 100 channels), with a turn clock of ``--clock-hours`` (24) for the turn and
    for questions out of turn. Each game was asked its question at a different moment of
    the last clock, so their deadlines are spread over the next ``--clock-hours``; a few
    (as many as a deploy of ``--down-seconds``, 60, would leave) ran out while the bot was
    down. They are copies of a few template games played a little way in through the service
    (random moves, so they hold cards, hearts lost and logs), written straight into the
    store in one transaction: the rows a bot would have written, not played through Discord.
    Their boards count as posted, except those of the sample (below), which a first bot
    posts on SimCord before the other games are written.

What is measured
    A new process (Python started, SimCord's Discord unpickled from the setup's copy, as
    ``tools.bench_shards`` restarts a process) starts the real bot (SimCord) on that
    database. From the bot's start:

    ready: ``setup_hook`` done and the bot connected.
    answers: a click on the live board of ``--sample`` (200) games chosen at random, plus
    the first and the last, sent ``--at-once`` (10) at a time as soon as the bot is ready;
    each answer's time since the bot's start (first, median, last).
    armed: the start-up's pass over the games is done, and every game's turn clock holds a
    deadline (checked game by game: ``armed_games`` must equal ``games``; an overdue game,
    answered at once, is armed again for its next question).
    the pass: the wall time and the event loop's CPU time of the pass that arms every
    game's deadlines (``KotBot.arm_restored``): whatever clocks the bot has (the turn clock,
    the lobbies', the retries', a reminders' clock when there is one) are armed by it, and
    every ``Deadlines`` the bot holds is listed with the games it has armed.
    memory: the process's resident set (``VmRSS``) before the bot starts (Python, the
    bot's modules and SimCord's Discord), after the start and the answers, and its peak
    (``VmHWM``) over the start.

Targets on this machine (2 cores, shared): armed and every sampled board answered within
2 s of the start, the process within 300 MB. A table comes first; the last line printed is
JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import multiprocessing
import pickle
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import msgspec
import simcord

from bot.app import KotBot
from bot.store.store import Store
from bot.table import reminders
from bot.table.game_rows import encode_chronicle
from bot.table.model import ClockTimes, Game, LobbyPlayer
from bot.table.service import GameService
from bot.table.timers import Deadlines
from engine import encode_state
from tools.bench_players import Answers, Bench, Place, bench_bot
from tools.bench_shards import World, click_every_game, keep_world

GAMES_PER_GUILD = 100
# Ids of the users seated in games nobody clicks (no SimCord member needed) and of the
# board messages of games counted as posted: far from SimCord's own ids.
_ABSENT_USERS = 10 ** 15
_PRETEND_BOARDS = 10 ** 16
# The message of a reminder counted as sent before the restart.
_PRETEND_REMINDER = 10 ** 16 - 1
# Template games: one for each player count (2 to 6), played this many random moves in.
_TEMPLATES_PER_COUNT = 2
_TEMPLATE_MOVES = (10, 60)
# Boards a bot of the setup posts at its start: SimCord gives a start 5 s to settle.
_BOARDS_A_START = 20
# The bot's pass that arms every game's deadlines at the start (timed by the bench).
_PASS = "arm_restored"


@dataclass(frozen=True)
class Template:
    """A game in progress as the store holds it, to be copied."""

    game: Game
    actions: list[tuple[int, int, int | None, bytes]]  # seq, seat, user, action


@dataclass(frozen=True)
class Setup:
    """What the measuring process needs: the database, SimCord's Discord, the sample."""

    database: Path
    snapshot: Path
    games: int
    sample_ids: list[int]
    at_once: int
    seed: int


# --- the stored games ----------------------------------------------------------------------


async def templates(folder: Path, clock_seconds: float, seed: int) -> list[Template]:
    """Games of 2 to 6 players, each played a few dozen random moves through the service
    on a scratch store (a game that ended meanwhile is played again from a new seed)."""
    rng = random.Random(seed)
    store = await Store.open(folder / "templates.sqlite3")
    service = GameService(store, seed_source=lambda: rng.getrandbits(63),
                          turn_seconds=clock_seconds, reaction_seconds=clock_seconds)
    made: list[Template] = []
    try:
        for number in range(5 * _TEMPLATES_PER_COUNT):
            players = 2 + number % 5
            while (template := await _played(service, number, players, rng)) is None:
                number += 1000
            made.append(template)
    finally:
        await service.close()
    return made


async def _nothing_to_show(game_id: int) -> None:
    """Template games have no channel."""


async def _played(service: GameService, number: int, players: int,
                  rng: random.Random) -> Template | None:
    host = 1 + 10 * number
    game = await service.lobbies.open(guild_id=1, channel_id=number, host_id=host,
                                      show=_nothing_to_show)
    for seat in range(1, players):
        await service.lobbies.join(game.id, host + seat, _nothing_to_show)
    await service.lobbies.start(game.id, host, _nothing_to_show)
    for _move in range(rng.randrange(*_TEMPLATE_MOVES)):
        game = await service.games.peek(game.id)
        state = game.playing_state()
        if game.status != "playing":
            return None
        decision = rng.choice(state.pending)
        code = f"o{rng.randrange(len(decision.options))}"
        await service.click(game.id, game.seats[decision.seat], decision.id, code,
                            _nothing_to_show)
    game = await service.games.peek(game.id)
    if game.status != "playing":
        return None
    logged = await service.games.action_log(game.id)
    actions = [(entry.seq, entry.seat, entry.user_id, msgspec.json.encode(entry.action))
               for entry in logged]
    return Template(game, actions)


def spread_game(template: Template, *, game_id: int, place: Place, users: list[int],
                asked_at: float, board_message_id: int | None,
                reminded_before: float = 0.0) -> Game:
    """A copy of a template game in this place, played by these users, its question asked
    at ``asked_at`` (its turn clock runs from then, nothing of it used before). Its
    reminders whose moment came before ``reminded_before`` (when the bot went down) count
    as sent, as the bot running then sent them."""
    game = template.game
    seats = tuple(users[:len(game.seats)])
    players = tuple(LobbyPlayer(user_id, player.monster, name=f"player {user_id % 1000}")
                    for user_id, player in zip(seats, game.lobby.players, strict=True))
    state = game.playing_state()
    active_asked = state.turn is not None and any(d.seat == state.turn.seat
                                                  for d in state.pending)
    chronicle = msgspec.structs.replace(
        game.chronicle,
        clock=ClockTimes(asked_at=asked_at, turn_asked_at=asked_at if active_asked else 0.0),
        prompts=msgspec.structs.replace(game.chronicle.prompts, pings=()),
        life=msgspec.structs.replace(game.chronicle.life, started_at=asked_at))
    copied = replace(game, id=game_id, guild_id=place.guild_id, channel_id=place.channel_id,
                     host_id=seats[0], seats=seats, chronicle=chronicle,
                     lobby=msgspec.structs.replace(game.lobby, players=players),
                     board_message_id=board_message_id)
    for moment in reminders.moments(copied, asked_at):
        if moment.at <= reminded_before:
            chronicle = reminders.with_reminder(chronicle, moment, _PRETEND_REMINDER)
    return replace(copied, chronicle=chronicle)


async def write_games(database: Path, games: list[tuple[Game, Template]], now: float) -> None:
    """These games and their action logs, in one transaction, as the bot stores games."""
    encode = msgspec.json.encode
    game_rows = [(game.id, game.guild_id, game.channel_id, game.host_id, game.status,
                  encode(game.lobby), encode(game.seats), encode_state(game.playing_state()),
                  encode_chronicle(game.chronicle), game.board_message_id, encode(game.setup),
                  now, now)
                 for game, _template in games]
    action_rows = [(game.id, seq, seat, None if user is None else game.seats[seat], action, now)
                   for game, template in games for seq, seat, user, action in template.actions]

    async def insert(tx: Any) -> None:
        await tx.execute_many(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, lobby, seats, "
            "state, chronicle, board_message_id, setup, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
        await tx.execute_many(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, at) "
            "VALUES (?, ?, ?, ?, ?, ?)", action_rows)

    store = await Store.open(database)
    try:
        await store.backend.write(insert)
    finally:
        await store.close()


# --- the setup: SimCord's Discord, the sample's boards, every game ---------------------------


def choose_sample(games: int, sample: int, rng: random.Random) -> list[int]:
    """Game ids (1 to ``games``): ``sample`` at random, and the first and the last."""
    chosen = set(rng.sample(range(2, games), min(sample, max(0, games - 2))))
    return sorted(chosen | {1, games})


async def set_up(folder: Path, *, games: int, sample: int, clock_hours: float,
                 down_seconds: float, at_once: int, seed: int) -> Setup:
    """The database and SimCord's Discord, kept in ``folder`` for the measuring process."""
    rng = random.Random(seed)
    clock_seconds = clock_hours * 3600
    made = await templates(folder, clock_seconds, seed)
    database = folder / "days.sqlite3"
    sample_ids = choose_sample(games, sample, rng)
    unsampled = [i for i in range(1, games + 1) if i not in set(sample_ids)]
    late = sorted(rng.sample(unsampled, min(len(unsampled),
                                            round(games * down_seconds / clock_seconds))))
    bot = bench_bot(database)
    async with simcord.run(bot) as env:
        try:
            now = KotBot.clock()
            # The sampled and the late games have players and a board on SimCord.
            shown = set(sample_ids) | set(late)
            places, users = _world(env, games, shown, players=6)

            def copy(game_id: int, asked_at: float) -> tuple[Game, Template]:
                template = made[game_id % len(made)]
                seated = users.get(game_id) or [_ABSENT_USERS + 10 * game_id + seat
                                                for seat in range(6)]
                board = None if game_id in shown else _PRETEND_BOARDS + game_id
                return spread_game(template, game_id=game_id, place=places[game_id - 1],
                                   users=seated, asked_at=asked_at, board_message_id=board,
                                   reminded_before=now - down_seconds), template

            # A bot shows the games with a board, as it shows a game it restores (posting
            # it); then every other game is written, counted as shown, and the late ones'
            # questions are dated back to before their last clock.
            ordered = sorted(shown)
            for first in range(0, len(ordered), _BOARDS_A_START):
                batch = ordered[first:first + _BOARDS_A_START]
                await write_games(database, [copy(i, now) for i in batch], now)
                bot = await _restarted(env, bot, database)
            await write_games(database, [copy(i, now - rng.uniform(0, clock_seconds))
                                         for i in unsampled if i not in shown], now)
            await date_back(database, late, [now - clock_seconds - rng.uniform(0, down_seconds)
                                             for _ in late])
            snapshot = folder / "discord.pickle"
            keep_world(env, [places[i - 1] for i in sample_ids], snapshot)
        finally:
            await bot.service.close()
    return Setup(database, snapshot, games, sample_ids, at_once, seed)


async def _restarted(env: simcord.Env, bot: KotBot, database: Path) -> KotBot:
    """A new bot on the database in place of ``bot`` (whose store is closed)."""
    new = bench_bot(database)
    await env.restart_bot(new)
    await bot.service.close()
    return new


async def date_back(database: Path, game_ids: list[int], asked_at: list[float]) -> None:
    """These games' questions were asked at these times (their turn clock from then)."""
    store = await Store.open(database)
    games = GameService(store).games
    try:
        for game_id, moment in zip(game_ids, asked_at, strict=True):
            async with games.lock(game_id):
                game = await games.game(game_id)
                clock = game.chronicle.clock
                chronicle = msgspec.structs.replace(game.chronicle, clock=msgspec.structs.replace(
                    clock, asked_at=moment, turn_asked_at=moment if clock.turn_asked_at else 0.0))
                await games.save(replace(game, chronicle=chronicle), "chronicle")
    finally:
        await store.close()


def _world(env: simcord.Env, games: int, shown: set[int], *,
           players: int) -> tuple[list[Place], dict[int, list[int]]]:
    """A channel for each game, in guilds of ``GAMES_PER_GUILD``; members for the seats of
    the games ``shown`` (the others' seats are users nobody plays). Returns the places by
    game (game id - 1) and the users of the games shown."""
    places: list[Place] = []
    users: dict[int, list[int]] = {}
    guild = None
    for game_id in range(1, games + 1):
        if (game_id - 1) % GAMES_PER_GUILD == 0:
            guild = env.create_guild(f"days-{game_id // GAMES_PER_GUILD}")
        assert guild is not None
        channel = guild.create_text_channel(f"kot-{game_id}")
        places.append(Place(guild.id, channel.id))
        if game_id in shown:
            users[game_id] = [guild.add_member(env.create_user(f"g{game_id}-{seat}")).id
                              for seat in range(players)]
    return places, users


# --- in the measuring process -----------------------------------------------------------------


def measure(setup: Setup) -> dict[str, Any]:
    """The measuring process's whole life (a fresh interpreter: its memory is the bot's)."""
    return asyncio.run(_measure(setup))


async def _measure(setup: Setup) -> dict[str, Any]:
    with setup.snapshot.open("rb") as file:
        world: World = pickle.load(file)
    rss_before = memory()["rss_mb"]
    _reset_peak()
    bot = bench_bot(setup.database)
    timed = PassClock()
    env = simcord.Env(bot)
    env.backend = world.backend
    with timed.installed(bot):
        started, wall_started = time.perf_counter(), time.time()
        connected = asyncio.create_task(_connected(bot))
        try:
            await env.start()
        except BaseException:
            # (The store's threads would keep this process alive.)
            await bot.service.close()
            raise
        with env.time_context():
            try:
                started_s = time.perf_counter() - started
                connected_s = await connected - started
                answers = Answers()
                answers.install(env)
                acknowledged = acknowledgements(bot)
                bench = Bench(env, world.places, setup.seed)
                latencies, answered = await click_every_game(bench, answers, setup.at_once)
                await timed.done.wait()
                after = memory()
                clocks = deadline_counts(bot)
                in_play = games_in_play(setup.database)
                armed = sum(bool(bot.turns.timers.waiting_on(game_id)) for game_id in in_play)
            finally:
                await bot.service.close()
                await env.shutdown()
    since_start = sorted(moment - wall_started for moment in answered)
    acknowledged_since = sorted(moment - wall_started for moment in acknowledged)
    return {
        "games": setup.games,
        "sampled": len(latencies),
        "connected_s": round(connected_s, 3),
        "started_s": round(started_s, 3),
        "armed_s": round(timed.finished - started, 3),
        "in_play": len(in_play),
        "armed_games": armed,
        "first_answer_s": round(since_start[0], 3),
        "median_answer_s": round(statistics.median(since_start), 3),
        "last_answer_s": round(since_start[-1], 3),
        "acknowledged": len(acknowledged_since),
        "last_acknowledged_s": round(acknowledged_since[-1], 3),
        "click_p50_ms": round(statistics.median(latencies), 1),
        "click_max_ms": round(max(latencies), 1),
        "pass_wall_s": round(timed.wall_s, 3),
        "pass_loop_cpu_s": round(timed.cpu_s, 3),
        "deadlines": clocks,
        "rss_before_mb": rss_before,
        "rss_armed_mb": timed.rss_mb,
        "rss_after_mb": after["rss_mb"],
        "rss_peak_mb": after["peak_mb"],
    }


async def _connected(bot: KotBot) -> float:
    """When the bot is connected (ready), ``time.perf_counter()``."""
    while not bot.is_ready():
        await asyncio.sleep(0.005)
    return time.perf_counter()


def acknowledgements(bot: KotBot) -> list[float]:
    """When each click is acknowledged from now on (wall-clock seconds): what Discord needs
    within 3 s, before the board is redrawn."""
    moments: list[float] = []
    acknowledge = bot.io.acknowledge

    async def noted(interaction: Any, *args: Any, **kwargs: Any) -> bool:
        done = await acknowledge(interaction, *args, **kwargs)
        moments.append(time.time())
        return done

    bot.io.acknowledge = noted  # type: ignore[method-assign]
    return moments


def games_in_play(database: Path) -> list[int]:
    """The ids of the games in play now (a late game the autopilot played may have ended)."""
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return [row[0] for row in connection.execute(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY id")]


class PassClock:
    """Times the bot's start-up pass (``KotBot.arm_restored``): its wall time and the
    event loop's CPU time while it ran (the loop's thread's, SimCord's included: nothing
    else is asked of the bot meanwhile but the sample's clicks)."""

    def __init__(self) -> None:
        self.wall_s = self.cpu_s = self.finished = self.rss_mb = 0.0
        self.done = asyncio.Event()

    def installed(self, bot: KotBot) -> _Installed:
        return _Installed(self, bot)


class _Installed:
    def __init__(self, clock: PassClock, bot: KotBot) -> None:
        self._clock, self._bot = clock, bot

    def __enter__(self) -> None:
        clock, original = self._clock, getattr(self._bot, _PASS)

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started, cpu = time.perf_counter(), time.thread_time()
            try:
                return await original(*args, **kwargs)
            finally:
                clock.finished = time.perf_counter()
                clock.wall_s = clock.finished - started
                clock.cpu_s = time.thread_time() - cpu
                clock.rss_mb = memory()["rss_mb"]
                clock.done.set()

        setattr(self._bot, _PASS, timed)

    def __exit__(self, *_exc: object) -> None:
        vars(self._bot).pop(_PASS, None)


def deadline_counts(bot: KotBot) -> dict[str, int]:
    """Every ``Deadlines`` among the bot's own parts (the objects of ``bot.`` modules it
    holds, at any depth), by where it is, with the number of games it has a deadline for:
    a clock added later (reminders) is listed without changing the bench."""
    found: dict[str, int] = {}
    seen: set[int] = set()
    parts: list[tuple[str, object]] = list(vars(bot).items())
    while parts:
        where, part = parts.pop(0)
        if id(part) in seen or not type(part).__module__.startswith("bot."):
            continue
        seen.add(id(part))
        if isinstance(part, Deadlines):
            found[where] = len(part)
            continue
        parts += [(f"{where}.{name}", held)
                  for name, held in getattr(part, "__dict__", {}).items()]
    return found


def memory() -> dict[str, float]:
    """The process's resident set and its peak, in MB (``/proc/self/status``)."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = round(int(value.split()[0]) / 1024, 1)
    return {"rss_mb": fields["VmRSS"], "peak_mb": fields["VmHWM"]}


def _reset_peak() -> None:
    """Start the peak (``VmHWM``) over from now (Linux: ``clear_refs`` 5)."""
    Path("/proc/self/clear_refs").write_text("5")


# --- the command ----------------------------------------------------------------------------


def run(*, games: int, sample: int, clock_hours: float = 24.0, down_seconds: float = 60.0,
        at_once: int = 10, seed: int = 1) -> dict[str, Any]:
    """The whole bench: the setup here, the measure in a new process; its figures."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        setup = asyncio.run(set_up(folder, games=games, sample=sample,
                                   clock_hours=clock_hours, down_seconds=down_seconds,
                                   at_once=at_once, seed=seed))
        spawn = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as process:
            result: dict[str, Any] = process.submit(measure, setup).result()
    result.update(clock_hours=clock_hours, overdue=round(games * down_seconds
                                                         / (clock_hours * 3600)))
    return result


def table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['games']} games, clock {result['clock_hours']:g} h, {result['overdue']} "
        f"overdue: bot connected after {result['connected_s']:.2f} s, started (SimCord "
        f"settled) after {result['started_s']:.2f} s, every clock armed after "
        f"{result['armed_s']:.2f} s ({result['armed_games']} of the {result['in_play']} games "
        "in play armed)",
        f"answers to {result['sampled']} clicks ({result['sampled']} games): first "
        f"{result['first_answer_s']:.2f} s, median {result['median_answer_s']:.2f} s, last "
        f"{result['last_answer_s']:.2f} s after the start (a click {result['click_p50_ms']:.0f}"
        f" ms at p50, {result['click_max_ms']:.0f} ms at most); the last of "
        f"{result['acknowledged']} acknowledged after {result['last_acknowledged_s']:.2f} s",
        f"the start's pass: {result['pass_wall_s']:.3f} s, {result['pass_loop_cpu_s']:.3f} s "
        "of the loop's CPU",
        "deadlines: " + ", ".join(f"{where} {count}" for where, count
                                  in result["deadlines"].items()),
        f"memory: {result['rss_before_mb']:.0f} MB before the bot, {result['rss_armed_mb']:.0f}"
        f" MB once armed, {result['rss_after_mb']:.0f} MB after the answers, peak "
        f"{result['rss_peak_mb']:.0f} MB",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_days", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sample", type=int, default=200,
                        help="games clicked after the start, besides the first and the last")
    parser.add_argument("--clock-hours", type=float, default=24.0)
    parser.add_argument("--down-seconds", type=float, default=60.0,
                        help="how long the bot was down: games whose deadline passed then")
    parser.add_argument("--at-once", type=int, default=10, help="clicks in flight at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 2 or not 0 <= args.sample <= args.games - 2:
        parser.error("--games must be at least 2, --sample at most --games - 2")
    if args.clock_hours <= 0 or not 0 <= args.down_seconds < args.clock_hours * 3600:
        parser.error("--clock-hours must be positive, --down-seconds less than the clock")
    result = run(games=args.games, sample=args.sample, clock_hours=args.clock_hours,
                 down_seconds=args.down_seconds, at_once=max(1, args.at_once),
                 seed=args.seed)
    print(table(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
