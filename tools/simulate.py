"""Play random games and print how fast the engine runs.

    python -m tools.simulate --players 4 --games 2000 --seed 1

Every decision is answered by a uniformly random legal action (dice toggles aside: a random
player rolls with a random set of kept dice instead). The last line is a JSON summary with
``games``, ``games_per_s``, ``decisions_per_s``, ``avg_turns``, ``win_shares`` and more.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from engine import Options, play_random_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", choices=("2016", "2011"), default="2016")
    args = parser.parse_args(argv)

    options = Options(edition=args.edition)
    wins: Counter[str] = Counter()
    turns = decisions = 0
    started = time.perf_counter()
    for game in range(args.games):
        record = play_random_game(options, args.seed * 1_000_003 + game, args.players)
        decisions += record.decisions
        assert record.state.turn is not None
        turns += record.state.turn.number
        if not record.state.winners:
            wins["nobody"] += 1
        for seat in record.state.winners:
            wins[f"seat {seat}"] += 1
    elapsed = time.perf_counter() - started

    summary = {
        "games": args.games,
        "players": args.players,
        "edition": args.edition,
        "seconds": round(elapsed, 3),
        "games_per_s": round(args.games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed),
        "avg_turns": round(turns / args.games, 2),
        "avg_decisions": round(decisions / args.games, 1),
        "win_shares": {k: round(v / args.games, 3) for k, v in sorted(wins.items())},
    }
    print(f"{args.games} random {args.players}-monster games in {elapsed:.2f} s: "
          f"{summary['games_per_s']} games/s, {summary['decisions_per_s']} decisions/s, "
          f"{summary['avg_turns']} turns on average")
    for who, share in summary["win_shares"].items():
        print(f"  {who}: {share:.1%} of wins")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
