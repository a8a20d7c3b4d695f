"""One life of the bot in a crash campaign: ``python -m tools.chaos.crash_worker``.

The campaign (``tools.chaos.crash``) starts this process, lets it run, and SIGKILLs it. Each
life:

1. loads the durable SimCord world (``tools.chaos.world``) into a new ``Env`` — or, the first
   time, builds one — and starts the real bot on the same SQLite file as the last life;
2. lets the restarted bot settle, then runs the checks (``tools.chaos.crash_checks``) and
   times a click on each game's live board;
3. writes its report (fsynced) — the campaign waits for it before any kill — and arms its
   kill point, if it was given one;
4. plays (``tools.chaos.players``) until it is killed. ``--final`` stops after step 3.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import sys
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from simcord import Env

from bot.app import KotBot
from bot.config import Settings
from bot.discord.views import board_view
from bot.local import SimCordClock
from bot.table import timers
from bot.table.model import Chronicle, Game, Lobby
from bot.table.suggestions import suggestions
from tools.chaos.crash_checks import (
    Issue,
    StoredGame,
    connect_read_only,
    live_buttons,
    read_games,
    read_logs,
    run_checks,
    shown_messages,
)
from tools.chaos.journal import Journal
from tools.chaos.kill_points import BY_NAME, arm
from tools.chaos.players import Players, build_cast, play_forever
from tools.chaos.world import DurableWorld

DATABASE = "kot.sqlite3"
WORLD = "world.sqlite3"
JOURNAL = "journal.jsonl"
# Generous: a loaded machine draws boards slowly, and a settle timeout ends the life.
SETTLE_TIMEOUT = 60.0


def write_json(path: Path, data: Any, *, durable: bool = True) -> None:
    """Write whole or not at all (temp file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    with temporary.open("w", encoding="utf-8") as file:
        json.dump(data, file)
        if durable:
            file.flush()
            os.fsync(file.fileno())
    temporary.replace(path)


def report_path(directory: Path, run: int) -> Path:
    return directory / "reports" / f"run-{run:04d}.json"


def progress_path(directory: Path, run: int) -> Path:
    return directory / "progress" / f"run-{run:04d}.json"


def check_after_restart(env: Env, bot: KotBot, directory: Path,
                        journal: Journal) -> dict[str, list[Issue]]:
    with closing(connect_read_only(directory / DATABASE)) as db:
        games = read_games(db)
        logs = read_logs(db)
    shown = {channel_id: shown_messages(messages.values())
             for channel_id, messages in env.backend.messages.items()}
    playing = [g for g in games if g.status == "playing" and g.state is not None]
    timers = {g.id: bot.turns.timers.waiting_on(g.id) for g in playing}
    drawn = {g.id: drawn_board(g) for g in playing}
    return run_checks(journal.entries(), games, logs, shown, timers, drawn,
                      timers_on=bot.settings.turn_timeout > 0)


def drawn_board(stored: StoredGame) -> tuple[tuple[str, str], ...]:
    """The buttons the bot would draw now for this stored game."""
    game = Game(stored.id, None, stored.channel_id, stored.host_id, "playing", Lobby(),
                stored.seats, stored.state, Chronicle(), stored.board_message_id)
    view = board_view(game, suggestions(game))
    return () if view is None else live_buttons(view.to_components())


async def time_answers(players: Players, directory: Path) -> list[dict[str, Any]]:
    """A click on each game's live board: how long until it is answered."""
    with closing(connect_read_only(directory / DATABASE)) as db:
        games = read_games(db, "WHERE status = 'playing'")
    answers: list[dict[str, Any]] = []
    for game in games:
        if game.state is None:
            continue
        answer = await players.answer_time(game)
        answers.append({"game_id": game.id, "seconds": None, "answered": False}
                       if answer is None else asdict(answer))
    return answers


@dataclass(frozen=True)
class Started:
    bot: KotBot
    env: Env
    restarted: bool  # False for the first life, which built the world
    load_s: float  # spent loading the world: the simulator's time, not the bot's


def attach_bot(args: argparse.Namespace, directory: Path, world: DurableWorld) -> Started:
    """The bot on the stored database, attached to the stored world (or a new one); not
    started yet."""
    fresh = not world.has_snapshot()
    settings = Settings(token="crash-campaign", database=directory / DATABASE,
                        turn_timeout=args.turn_timeout, log_level="WARNING")
    bot = KotBot(settings, sync_commands=fresh)
    env = Env(bot, settle_timeout=SETTLE_TIMEOUT, check_errors=False)
    loading = time.perf_counter()
    if not fresh:
        world.load_into(env.backend)
    load_s = time.perf_counter() - loading
    world.attach(env.backend)
    return Started(bot, env, not fresh, load_s)


async def start_bot(args: argparse.Namespace, started: Started, world: DurableWorld) -> None:
    env = started.env
    await env.start()
    if not started.restarted:
        with env.time_context():
            world.save_cast(build_cast(env, args.channels))
        world.commit()


async def after_restart(args: argparse.Namespace, directory: Path, started: Started,
                        players: Players) -> dict[str, Any]:
    """The report: the checks and answer times (not on the first life), the point armed."""
    env = started.env
    report: dict[str, Any] = {"run": args.run, "fresh": not started.restarted}
    if started.restarted:
        checks = check_after_restart(env, started.bot, directory, players.journal)
        report["checks"] = {name: [asdict(i) for i in found] for name, found in checks.items()}
        report["answers"] = await time_answers(players, directory)
    report["bot_errors"] = [repr(e) for e in env.errors_since(0)]
    if args.point is not None:
        point = BY_NAME.get(args.point)
        report["point"] = ("point not found: no such point" if point is None
                           else arm(point, args.nth))
    return report


def progress_writer(args: argparse.Namespace, directory: Path, players: Players,
                    world: DurableWorld) -> Callable[[], None]:
    parent = os.getppid()

    def progress() -> None:
        if os.getppid() != parent:
            os._exit(4)  # the campaign is gone: nobody will ever kill this life
        write_json(progress_path(directory, args.run),
                   {"play": players.stats.as_dict(), "world": world.stats.as_dict()},
                   durable=False)

    return progress


async def live(args: argparse.Namespace) -> int:
    directory = Path(args.dir)
    world = DurableWorld(directory / WORLD)
    started = attach_bot(args, directory, world)
    env, load_s = started.env, started.load_s
    # The bot's deadlines on SimCord's clock alone, as in the tests: the settle after a
    # restart once waited out in real time the reaction timer of a question asked in the
    # life before (30 s of a 60 s window), and moved the clock 30 s meanwhile.
    with timers.on_clock(SimCordClock(env)):
        await start_bot(args, started, world)
        with env.time_context():
            await env.settle()
            # From the process start to a bot ready to answer, less the simulator's own
            # loading.
            restart_s = time.time() - args.spawned_at - load_s
            players = Players(env, world.cast(), directory / DATABASE,
                              Journal(directory / JOURNAL),
                              rng=random.Random(f"{args.seed}:{args.run}"), run=args.run,
                              turn_timeout=args.turn_timeout, time_moved=world.commit)
            report = await after_restart(args, directory, started, players)
            report |= {"restart_s": restart_s, "world_load_s": load_s,
                       "world_messages": world.message_count()}
            write_json(report_path(directory, args.run), report)
            progress = progress_writer(args, directory, players, world)
            if not args.final:
                await play_forever(players, progress)
            progress()
        await env.shutdown()
    await started.bot.service.close()
    world.close()
    return 0


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.chaos.crash_worker",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--run", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--turn-timeout", type=float, default=300)
    parser.add_argument("--spawned-at", type=float, default=None)
    parser.add_argument("--point", default=None)
    parser.add_argument("--nth", type=int, default=1)
    parser.add_argument("--final", action="store_true")
    args = parser.parse_args(argv)
    if args.spawned_at is None:
        args.spawned_at = time.time()
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(live(args))
    except BaseException:
        logging.exception("the worker failed")
        sys.stderr.flush()
        # The store's own thread would keep a failed worker alive: leave at once.
        os._exit(3)


if __name__ == "__main__":
    sys.exit(main())
