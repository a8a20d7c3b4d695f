"""``python -m tools.crash --seed 1 --kills 100``: the crash campaign (``tools.chaos.crash``).

Runs the real bot and simulated players in a worker process on a SimCord world kept on disk,
SIGKILLs it at random moments and at named points of the publishing path, restarts it on the
same database and world, and checks after each restart that nothing was lost and that the
channels show the truth. Prints a table per kind of kill, the examples found, and as its
last line one JSON object with every count. Exit code 0 when nothing was found, 1 when a
check found something or a worker failed, 2 when the campaign could not run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tools.chaos.crash import CampaignConfig, CampaignError, format_table, run_campaign
from tools.chaos.crash_checks import CHECKS
from tools.chaos.kill_points import BY_NAME, POINTS


def parse(argv: list[str] | None) -> CampaignConfig:
    parser = argparse.ArgumentParser(prog="python -m tools.crash", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--dir", type=Path, default=None,
                        help="keep the store, the world, the journal and the logs here")
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--turn-timeout", type=float, default=300.0)
    parser.add_argument("--points", default=",".join(p.name for p in POINTS),
                        help="named kill points to use in turn (comma separated; empty: "
                             "random moments only). Known: " + ", ".join(BY_NAME))
    parser.add_argument("--point-timeout", type=float, default=30.0,
                        help="seconds to wait for a named point before a random kill")
    args = parser.parse_args(argv)
    if args.kills < 1 or args.channels < 1:
        parser.error("--kills and --channels must be at least 1")
    return CampaignConfig(
        seed=args.seed, kills=args.kills, directory=args.dir, channels=args.channels,
        turn_timeout=args.turn_timeout,
        points=tuple(p for p in args.points.split(",") if p),
        point_timeout=args.point_timeout,
    )


def main(argv: list[str] | None = None) -> int:
    config = parse(argv)
    try:
        summary, issues = run_campaign(config)
    except CampaignError as error:
        print(f"crash: {error}", file=sys.stderr)
        return 2
    if config.directory is not None:
        (config.directory / "issues.json").write_text(json.dumps(issues, indent=1))
    print(format_table(summary, issues))
    print(json.dumps(summary))
    found = any(summary[check] for check in CHECKS) or summary["worker_errors"]
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
