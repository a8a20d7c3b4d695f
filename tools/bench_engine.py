"""Measure ``apply`` latency and the stored size of states.

    python -m tools.bench_engine --games 200 --seed 1

Plays random 6-monster games (the largest states), timing every ``apply`` call, and measures
the JSON size of every state reached. The last line is JSON: ``apply_p50_us``,
``apply_p99_us``, ``apply_max_us``, ``state_json_max_bytes``, ``state_json_avg_bytes``.
Figures on shared machines are noisy: compare runs made at the same time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from engine import Options, RandomPlayer, apply, create_game, encode_state


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, int(fraction * len(sorted_values)))
    return sorted_values[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="apply latency and state size")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    timings: list[float] = []
    sizes: list[int] = []
    clock = time.perf_counter
    for game in range(args.games):
        seed = args.seed * 1_000_003 + game
        state, _ = create_game(Options(), seed, args.players)
        player = RandomPlayer(seed)
        while not state.over:
            seat, action = player.choose(state)
            started = clock()
            state, _ = apply(state, seat, action)
            timings.append(clock() - started)
            sizes.append(len(encode_state(state)))
    timings.sort()
    summary = {
        "games": args.games,
        "players": args.players,
        "applies": len(timings),
        "apply_p50_us": round(percentile(timings, 0.50) * 1e6, 1),
        "apply_p99_us": round(percentile(timings, 0.99) * 1e6, 1),
        "apply_max_us": round(timings[-1] * 1e6, 1),
        "state_json_max_bytes": max(sizes),
        "state_json_avg_bytes": round(sum(sizes) / len(sizes)),
    }
    print(f"apply over {len(timings)} calls: p50 {summary['apply_p50_us']} µs, "
          f"p99 {summary['apply_p99_us']} µs; {args.players}-monster state JSON: "
          f"max {summary['state_json_max_bytes']} B, avg {summary['state_json_avg_bytes']} B")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
