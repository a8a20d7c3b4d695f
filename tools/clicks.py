"""``python -m tools.clicks``: how many clicks a turn takes on the bot's buttons.

Plays ``--games`` scripted games through the real bot on SimCord (``tools.fewest_clicks``):
every seat is a person who answers as the heuristic player would, with the fewest clicks the
board offers. Prints, per way of keeping dice, the active monster's clicks per turn (mean,
median, 90th percentile), each kind's share of them, and the other monsters' clicks; the
last line is JSON.

``--buttons`` says which buttons the players use: ``dice`` (the die buttons only, the board
before "Keep 3s ×2"), ``faces`` (those and the face buttons) or ``keep-and-roll`` (those and
"💡 Suggested: keep 3 3 💥, roll 3", the default: every button the board offers);
``--compare`` plays the same games the three ways, in one run. ``--offers``: the players take
the Stay/Yield question's "📋 Always yield at ≤ N❤️" whenever they yield (the order then
yields for them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from tools.fewest_clicks import CLICK_KINDS, WAYS, measure

# --buttons: the ways of tools.fewest_clicks by the name given on the command line.
BUTTONS = dict(zip(("dice", "faces", "keep-and-roll"), WAYS, strict=True))


def table(summaries: list[dict[str, Any]]) -> str:
    """The summaries side by side, one column each."""
    heads = [s["way"] + (" + offers" if s["offers"] else "") for s in summaries]
    rows: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
        ("games", itemgetter("games")),
        ("turns", itemgetter("turns")),
        ("clicks per turn: mean", itemgetter("clicks_per_turn_mean")),
        ("clicks per turn: p50", itemgetter("clicks_per_turn_p50")),
        ("clicks per turn: p90", itemgetter("clicks_per_turn_p90")),
        ("out of turn, per turn", itemgetter("out_of_turn_per_turn")),
        ("clicks with one answer", lambda s: sum(s["one_answer_clicks"].values())),
    ]
    width = max(18, *(len(head) + 2 for head in heads))
    lines = [f"{'':<28}" + "".join(f"{head:>{width}}" for head in heads)]
    lines += [f"{label:<28}" + "".join(f"{value(s)!s:>{width}}" for s in summaries)
              for label, value in rows]
    lines.append("share of the active monster's clicks:")
    for kind in CLICK_KINDS:
        shares = [s["kind_share"].get(kind, 0.0) for s in summaries]
        if any(shares):
            lines.append(f"  {kind:<26}" + "".join(f"{share:>{width}.1%}" for share in shares))
    return "\n".join(lines)


def seat_counts(text: str) -> list[int]:
    """``3`` or ``2,3,4``: the tables' sizes, taken in turn."""
    counts = [int(part) for part in text.split(",")]
    if not all(2 <= count <= 6 for count in counts):
        raise argparse.ArgumentTypeError("each table has 2 to 6 players")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.clicks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=seat_counts, default=[2, 3, 4],
                        help="players at each table, cycled over the games (default 2,3,4)")
    ways = parser.add_mutually_exclusive_group()
    ways.add_argument("--buttons", choices=BUTTONS, default="keep-and-roll",
                      help="the buttons used to keep dice and roll (default: keep-and-roll, "
                           "every one the board offers)")
    ways.add_argument("--compare", action="store_true",
                      help="play the same games with the die buttons only, with the face "
                           "buttons, and with the keep-and-roll button")
    parser.add_argument("--offers", action="store_true",
                        help="the players take the yield order the Stay/Yield question "
                             "offers whenever they yield")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    ways_measured = WAYS if args.compare else (BUTTONS[args.buttons],)
    summaries = [asyncio.run(measure(args.games, args.seed, args.players, way=way,
                                     offers=args.offers)).summary()
                 for way in ways_measured]
    print(table(summaries))
    result: Any = summaries[0] if len(summaries) == 1 else {
        summary["way"]: summary for summary in summaries}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
