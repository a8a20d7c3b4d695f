"""``python -m tools.fuzz --seed 1 --interactions 10000 [--channels 3] [--players 5]``

Runs a seeded fuzz campaign against the real bot on SimCord (``tools.chaos.fuzz``): legal
play mixed with stale, duplicate, late and forged clicks, commands, injected Discord errors,
deleted messages, missing permissions, restarts and time passing. Prints a table of what
drifted, then, as the last line, one JSON object with every count.

Exit code 0 whatever the counts (it measures, it does not judge); 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import sys

from tools.chaos.fuzz import JSON_KEYS, Config, Report, run_campaign

TOP = 12


def table(report: Report) -> str:
    counts = report.counts
    lines = [f"seed {counts['seed']:g}: {counts['steps']:g} steps, "
             f"{counts['interactions']:g} interactions in {counts['wall_s']:g} s "
             f"({counts['steps_per_s']:g} steps/s)",
             f"games started {counts['games_started']:g}, finished {counts['games_finished']:g}"
             f", ended {counts['games_ended']:g}, lobbies cancelled "
             f"{counts['lobbies_cancelled']:g}", ""]
    lines += [f"  {key:<28} {counts[key]:>8g}" for key in JSON_KEYS]
    lines += ["", "  other counts:"]
    lines += [f"  {key:<28} {value:>8g}" for key, value in counts.items()
              if key not in JSON_KEYS and key != "seed"]
    for title, counter in (("errors", report.errors), ("unanswered", report.unanswered),
                           ("findings", report.findings), ("moves", report.moves)):
        if counter:
            lines += ["", f"  {title}:"]
            lines += [f"  {n:>6}  {text}" for text, n in counter.most_common(TOP)]
    if report.samples:
        lines += ["", "  first occurrences:"] + [f"    {s}" for s in report.samples[:TOP]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--interactions", type=int, default=10_000)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--turn-timeout", type=float, default=120.0)
    parser.add_argument("--checkpoint-every", type=int, default=250)
    parser.add_argument("--log", metavar="FILE", help="write the bot's log (INFO) to FILE")
    parser.add_argument("--steps", metavar="FILE",
                        help="write every step (move, faults, interactions, errors) to FILE, "
                        "one JSON object a line")
    args = parser.parse_args(argv)
    if args.interactions < 1 or args.channels < 1 or not 2 <= args.players <= 8:
        parser.error("need --interactions >= 1, --channels >= 1 and 2 <= --players <= 8")
    if args.log:
        logging.basicConfig(filename=args.log, level=logging.INFO,
                            format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = Config(seed=args.seed, interactions=args.interactions, channels=args.channels,
                    players=args.players, turn_timeout=args.turn_timeout,
                    checkpoint_every=args.checkpoint_every)
    report = asyncio.run(run_campaign(config))
    if args.steps:
        with open(args.steps, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(dataclasses.asdict(step)) + "\n" for step in report.steps)
    print(table(report))
    print(json.dumps(report.counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
