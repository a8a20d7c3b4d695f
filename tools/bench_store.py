"""``python -m tools.bench_store``: the store's part of a click, in bursts, without Discord.

``tools.bench_bot`` times whole clicks against SimCord, which runs in the bot's event loop and
tracks every callback the loop runs: its own bookkeeping is part of those figures. This bench
times only what the store does for a click, on a SQLite file, in the bot's event loop with
nothing else in it, so the store can be compared with an older one by itself.

A click's store calls, as ``tools.bench_bot``'s clicks make them (counted there): the accepted
action logged with the game's new state and chronicle and one effect (``record_actions``), the
game's outbox read by the delivery pass (``outbox``), and the carried effects removed
(``finish_effects``); a post's attempt is noted in memory (``bot.table.game_cache``).
``--burst`` clicks on different games start in the same instant, ``--bursts`` times over
``--games`` games.

Printed: a table, then a JSON last line: ``click_p50_ms`` and ``click_p99_ms`` (each click's
wall time, from its start until its effects are removed), ``loop_cpu_ms_per_click`` (the
event loop thread's CPU time over the bursts, per click), ``clicks`` and ``outbox_left``
(effects not removed at the end: 0).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.store.store import ActionRow, Store
from tools.bench_players import percentile

# Sizes of a game's columns and of one effect, about those of bench_bot's three-player games.
_STATE = bytes(3000)
_CHRONICLE = bytes(800)
_EFFECT = bytes(300)


class _Game:
    """One game row and what the next click writes on it."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.version = 1  # (after the update that starts it)
        self.seq = 0


async def _click(store: Store, game: _Game) -> float:
    """The store calls of one click on ``game``; its wall time in seconds."""
    started = time.perf_counter()
    await store.record_actions(game.game_id, [ActionRow(game.seq + 1, 0, 7, b"{}")],
                               version=game.version, state=_STATE, chronicle=_CHRONICLE,
                               status="playing", effects=[_EFFECT])
    game.version += 1
    game.seq += 1
    carried = [row.seq for row in await store.outbox(game.game_id)]
    await store.finish_effects(game.game_id, carried)
    return time.perf_counter() - started


async def run(*, games: int, burst: int, bursts: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        try:
            tables = []
            for number in range(games):
                game_id = (await store.create_lobby(guild_id=1, channel_id=100 + number, host_id=7,
                                                    lobby=b"{}")).game_id
                await store.update_game(game_id, version=0, status="playing", state=_STATE)
                tables.append(_Game(game_id))
            rng = random.Random(seed)
            walls: list[float] = []
            cpu_started = time.thread_time()
            for _burst in range(bursts):
                walls += await asyncio.gather(*(_click(store, game)
                                                for game in rng.sample(tables, burst)))
            loop_cpu_s = time.thread_time() - cpu_started
            left = sum([len(await store.outbox(game.game_id)) for game in tables])
        finally:
            await store.close()
    millis = [wall * 1000 for wall in walls]
    return {
        "clicks": len(millis),
        "burst_size": burst,
        "click_p50_ms": round(statistics.median(millis), 2),
        "click_p99_ms": round(percentile(millis, 0.99), 2),
        "loop_cpu_ms_per_click": round(1000 * loop_cpu_s / len(millis), 3),
        "outbox_left": left,
    }


def table(result: dict[str, Any]) -> str:
    return "\n".join([
        f"{'':30} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}",
        f"{'store calls of a click':30} {result['clicks']:>6} "
        f"{result['click_p50_ms']:>8.2f} {result['click_p99_ms']:>8.2f}",
        f"bursts of {result['burst_size']}: the event loop's CPU "
        f"{result['loop_cpu_ms_per_click']:.3f} ms a click; effects left: {result['outbox_left']}",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_store", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--burst", type=int, default=10,
                        help="clicks on different games started in the same instant")
    parser.add_argument("--bursts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.burst <= args.games or args.bursts < 1:
        parser.error("--burst must be between 1 and --games, and --bursts at least 1")
    result = asyncio.run(run(games=args.games, burst=args.burst, bursts=args.bursts,
                             seed=args.seed))
    print(table(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
