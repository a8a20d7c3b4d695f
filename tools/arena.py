"""Play seeded games between player types and print their win rates; or the strength curve;
or the AI levels' ratings.

    python -m tools.arena --players heuristic,random --games 1000 --seed 1
    python -m tools.arena --players heuristic,heuristic,heuristic,random --edition 2011
    python -m tools.arena --players mc:0.25,heuristic --games 100   # a faster Monte-Carlo
    python -m tools.arena --players mc,heuristic --games 200 --jobs 2   # two games at once
    python -m tools.arena --players mc:0.2,heuristic --power-up --games 40   # Power Up!

Each game seats ``len(players)`` monsters, the seats rotated one place per game so each type
sits in each seat equally. The table gives, per player type, its win rate with a 95% Wilson
interval, the mean game length in turns (of the games it played, and of those it won) and
its mean thinking time per decision; the last line is the same as JSON.

    python -m tools.arena --curve --jobs 2 --out curve.jsonl
    python -m tools.arena --curve --times 0.05,0.2 --modes duel --games 10

The strength curve (``engine.ai.arena``, "the strength curve"): the Monte-Carlo player at
each think time (``--times``, by default doubling from 0.05 s to 3.2 s) against heuristics,
in a duel and as one of four (``--modes``), ``--games`` games a step (by default enough for
a 95% interval of ±10 points), a process per game (``--jobs``). Each game's result is
printed as it ends (to stderr) and, with ``--out``, added to that file as a JSON line: run
the same command again and the games already there are not played again. Then a row per
mode and think time (wins, win rate, 95% interval, chance, time per decision), and the
same as JSON on the last line. Think times are wall-clock (run it on an idle machine), or,
with ``--clock cpu``, the CPU time of the process thinking: a busy machine then slows the
curve but does not weaken its moves, so it can run niced beside other work. The results
file keeps each game's clock; a run counts only the games of its own clock.

    python -m tools.arena --rate-levels --duels 12 --fours 6 --out levels.jsonl

The AI levels' ratings (``tools/rate_levels.py``): seeded games among the bot's levels
(Easy, Medium, Hard at 0.8 s), ``--duels`` games at each pair in a duel and ``--fours`` at
each table of four (the three levels and one of them again), one after the other; rated as
the bot rates its players. Each game's places are printed as it ends (to stderr) and, with
``--out``, added to that file (the games already there are not played again). Then a row
a level (seats, first places, mean place, mu, sigma, rating), the JSON the bot reads on the
last line, also written to ``--ratings-file`` (by default ``bot/table/ai_ratings.json``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

import msgspec

from bot.table.level_ratings import RATINGS_FILE
from engine.ai.arena import (
    CLOCKS,
    CURVE_GAMES,
    CURVE_MODES,
    CURVE_TIMES,
    PLAYERS,
    CurveResult,
    GameResult,
    LevelGame,
    curve_games,
    curve_report,
    curve_table,
    is_player_type,
    level_games,
    play_level_game,
    run_arena,
    run_curve,
)
from tools.rate_levels import PlacedGame, placed, ratings_file, ratings_table, write_ratings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--players", default="heuristic,random",
                        help=f"comma-separated player types, one per seat ({', '.join(PLAYERS)}; "
                        "mc:<seconds> gives the Monte-Carlo player that thinking time)")
    parser.add_argument("--games", type=int, default=None,
                        help=f"games (100; with --curve, a step's: {CURVE_GAMES})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", choices=("2016", "2011"), default="2016")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once, one process each (a Monte-Carlo player "
                        "thinks on one core: use at most one job per core)")
    parser.add_argument("--power-up", action="store_true",
                        help="play with Power Up! (each monster its Evolutions)")
    parser.add_argument("--curve", action="store_true",
                        help="the strength curve of the Monte-Carlo player against heuristics")
    parser.add_argument("--times", default=",".join(f"{t:g}" for t in CURVE_TIMES),
                        help="with --curve: the think times, in seconds, comma-separated")
    parser.add_argument("--modes", default=",".join(CURVE_MODES),
                        help=f"with --curve: {' and '.join(CURVE_MODES)} (comma-separated)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="with --curve: count think times on the wall's clock, or on "
                        "the CPU time of the process thinking (not shortened by a busy machine)")
    parser.add_argument("--out", type=Path, default=None,
                        help="with --curve or --rate-levels: the results file (JSON lines), "
                        "added to as games end; the games already in it are not played again")
    parser.add_argument("--rate-levels", action="store_true",
                        help="rate the bot's AI levels from games among them")
    parser.add_argument("--duels", type=int, default=12,
                        help="with --rate-levels: games at each pair of levels in a duel")
    parser.add_argument("--fours", type=int, default=6,
                        help="with --rate-levels: games at each table of four")
    parser.add_argument("--ratings-file", type=Path, default=RATINGS_FILE,
                        help="with --rate-levels: where the ratings the bot reads are written")
    args = parser.parse_args(argv)
    if args.curve:
        return _curve(parser, args)
    if args.rate_levels:
        return _rate_levels(parser, args)
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    if not 2 <= len(players) <= 6:
        parser.error("--players names 2 to 6 player types, one per monster")
    unknown = [name for name in players if not is_player_type(name)]
    if unknown:
        parser.error(f"unknown player types {unknown}; known: {', '.join(PLAYERS)}")
    games = 100 if args.games is None else args.games
    report = run_arena(players, games, args.seed, args.edition, jobs=args.jobs,
                       power_up=args.power_up)
    print(report.table())
    print(json.dumps(report.summary()))
    return 0


def _curve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        times = [float(t) for t in args.times.split(",") if t.strip()]
    except ValueError:
        parser.error(f"--times takes seconds, such as 0.05,0.1: not {args.times!r}")
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not times or any(t <= 0 for t in times):
        parser.error("--times names one think time or more, each above 0")
    if not modes or any(m not in CURVE_MODES for m in modes):
        parser.error(f"--modes names {' or '.join(CURVE_MODES)}")
    games = CURVE_GAMES if args.games is None else args.games
    results = [r for r in _stored(args.out, args.seed, args.edition) if r.clock == args.clock]
    done = {r.key for r in results}
    todo = [task for task in curve_games(times, modes, games) if task not in done]
    print(f"strength curve: {games} games a step, {len(todo)} to play "
          f"({len(done)} already in {args.out})" if args.out else
          f"strength curve: {games} games a step, {len(todo)} to play", file=sys.stderr)

    def finished(result: CurveResult) -> None:
        results.append(result)
        line = json.dumps({**result.as_dict(), "seed": args.seed, "edition": args.edition})
        print(line, file=sys.stderr, flush=True)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(line + "\n")

    run_curve(todo, finished, seed=args.seed, edition=args.edition, jobs=args.jobs,
              clock=args.clock)
    wanted = set(curve_games(times, modes, games))
    steps = curve_report([r for r in results if r.key in wanted], times, modes)
    print(curve_table(steps))
    print(json.dumps({"curve": [step.as_dict() for step in steps], "games_per_step": games,
                      "seed": args.seed, "edition": args.edition, "clock": args.clock}))
    return 0


def _rate_levels(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.duels < 0 or args.fours < 0 or args.duels + args.fours == 0:
        parser.error("--duels and --fours are counts of games, 0 or more (not both 0)")
    stored = [PlacedGame.from_dict(line) for line in _lines(args.out, args.seed, args.edition)]
    done = {game.key: game for game in stored}
    tasks = level_games(args.duels, args.fours)
    todo = [task for task in tasks if task not in done]
    print(f"AI levels: {len(tasks)} games, {len(todo)} to play", file=sys.stderr)

    def finished(task: LevelGame, result: GameResult) -> None:
        game = placed(task, result)
        done[task] = game
        line = json.dumps({**game.as_dict(), "seed": args.seed, "edition": args.edition})
        print(line, file=sys.stderr, flush=True)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(line + "\n")

    for task in todo:
        finished(task, play_level_game(task, args.seed, args.edition))
    games = [done[task] for task in tasks]
    command = " ".join(["python -m tools.arena --rate-levels", f"--duels {args.duels}",
                        f"--fours {args.fours}", f"--seed {args.seed}"])
    ratings = ratings_file(games, command, datetime.date.today().isoformat())
    write_ratings(ratings, args.ratings_file)
    print(ratings_table(ratings, games))
    print(json.dumps(msgspec.to_builtins(ratings)))
    return 0


def _lines(path: Path | None, seed: int, edition: str) -> list[dict[str, object]]:
    """The JSON lines a results file already holds for this seed and edition (none without
    a file, or a new one)."""
    if path is None or not path.exists():
        return []
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    return [line for line in lines
            if line.get("seed") == seed and line.get("edition") == edition]


def _stored(path: Path | None, seed: int, edition: str) -> list[CurveResult]:
    """The results a curve's file already holds for this seed and edition (none without a
    file, or a new one)."""
    return [CurveResult.from_dict(line) for line in _lines(path, seed, edition)]


if __name__ == "__main__":
    sys.exit(main())
