"""``python -m bot.render --samples DIR`` writes sample pictures; ``--bench`` times the board."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from bot.render import render_board, render_card
from bot.render.samples import SAMPLES, six_monsters_midgame

SAMPLE_CARDS = ("mimic", "alien_origin")
BENCH_WARMUP = 20
BENCH_RUNS = 200


def write_samples(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build in SAMPLES.items():
        path = directory / f"board_{name}.png"
        path.write_bytes(render_board(build()))
        written.append(path)
    for key in SAMPLE_CARDS:
        path = directory / f"card_{key}.png"
        path.write_bytes(render_card(key))
        written.append(path)
    return written


def bench() -> dict[str, float | int]:
    state = six_monsters_midgame()
    for _ in range(BENCH_WARMUP):
        png = render_board(state)
    timings = []
    for _ in range(BENCH_RUNS):
        start = time.perf_counter()
        png = render_board(state)
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    return {
        "runs": BENCH_RUNS,
        "p50_ms": round(statistics.median(timings), 2),
        "p99_ms": round(timings[int(len(timings) * 0.99) - 1], 2),
        "max_ms": round(timings[-1], 2),
        "png_bytes": len(png),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__)
    parser.add_argument("--samples", type=Path, metavar="DIR", help="write sample PNGs here")
    parser.add_argument("--bench", action="store_true", help="time the 6-monster board")
    args = parser.parse_args()
    if args.samples is None and not args.bench:
        parser.error("give --samples DIR and/or --bench")
    if args.samples is not None:
        for path in write_samples(args.samples):
            print(path)
    if args.bench:
        print(json.dumps(bench()))


if __name__ == "__main__":
    main()
