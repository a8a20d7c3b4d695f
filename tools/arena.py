"""Play seeded games between player types and print their win rates.

    python -m tools.arena --players heuristic,random --games 1000 --seed 1
    python -m tools.arena --players heuristic,heuristic,heuristic,random --edition 2011
    python -m tools.arena --players mc:0.25,heuristic --games 100   # a faster Monte-Carlo
    python -m tools.arena --players mc,heuristic --games 200 --jobs 2   # two games at once

Each game seats ``len(players)`` monsters, the seats rotated one place per game so each type
sits in each seat equally. The table gives, per player type, its win rate with a 95% Wilson
interval, the mean game length in turns (of the games it played, and of those it won) and
its mean thinking time per decision; the last line is the same as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.ai.arena import PLAYERS, is_player_type, run_arena


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--players", default="heuristic,random",
                        help=f"comma-separated player types, one per seat ({', '.join(PLAYERS)}; "
                        "mc:<seconds> gives the Monte-Carlo player that thinking time)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", choices=("2016", "2011"), default="2016")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once, one process each (a Monte-Carlo player "
                        "thinks on one core: use at most one job per core)")
    args = parser.parse_args(argv)
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    if not 2 <= len(players) <= 6:
        parser.error("--players names 2 to 6 player types, one per monster")
    unknown = [name for name in players if not is_player_type(name)]
    if unknown:
        parser.error(f"unknown player types {unknown}; known: {', '.join(PLAYERS)}")
    report = run_arena(players, args.games, args.seed, args.edition, jobs=args.jobs)
    print(report.table())
    print(json.dumps(report.summary()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
