"""``python -m tools.replay FILE``: a game's replay file (``/kot replay``'s JSON) played again
and checked step by step: every move legal, the end equal to the stored final state. Prints a
table of the turns and a JSON last line; exit code 0 when it all checks, 1 when not, 2 for a
file that is not a replay. The checking is the engine's (``engine.replays``); this is its
command, beside the engine, which does no I/O."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine import CorruptState
from engine.replays import check, decode_replay, report


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m tools.replay FILE", file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, "rb") as file:
            replay = decode_replay(file.read())
    except (OSError, CorruptState) as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 2
    result = check(replay)
    print(report(result, path))
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
