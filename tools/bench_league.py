"""``python -m tools.bench_league``: a Swiss night's pairing and a season's leaderboard, timed.

Pairing (``bot.table.league.swiss``): ``--players`` entrants (256) in a random seed order, at
tables of ``--table`` (4). Round 1 is paired; then rounds of random finishes are played until
round ``--rounds`` (5), which is paired after them. A pairing's time counts the standings it
reads (``standings``) and the seating (``table_sizes``, ``pair_round``).

Leaderboard: ``--records`` (10,000) rated game records (``bot.table.records.GameRecord``) of 2
to 6 seats among ``--record-players`` (200) players, with random places (a tie now and then),
rated by ``bot.table.ratings.rate`` and listed by ``leaderboard``, as a season's leaderboard is
recomputed from its records.

Each figure is the median of ``--repeats`` runs (3), in wall time (``_ms``) and in the CPU time
of the thread (``_cpu_ms``: on a busy machine the wall time also waits for a core). Printed: a
table, then a JSON last line: ``players``, ``round_1_ms``, ``round_1_cpu_ms``, ``last_round``,
``last_round_ms``, ``last_round_cpu_ms``, ``meeting_again`` (pairs in the last round who met
before), ``records``, ``leaderboard_ms``, ``leaderboard_cpu_ms``, ``rated_players``,
``listed``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.table.league.swiss import Finish, pair_round, repeats, seed_order, standings, table_sizes
from bot.table.ratings import PlayerRating, leaderboard, rate
from bot.table.records import GameRecord, SeatRecord
from engine import Options

# A tie between neighbours in a finishing order happens about this often.
TIE_CHANCE = 0.05

Result = TypeVar("Result")


def _timed(runs: int, work: Callable[[], Result]) -> tuple[float, float, Result]:
    """The median wall time and CPU time of ``work`` over the runs, in milliseconds (on a
    busy machine the wall time waits for the CPU too), and its last result."""
    walls, cpus = [], []
    for _ in range(runs):
        started, cpu_started = time.perf_counter(), time.thread_time()
        result = work()
        walls.append((time.perf_counter() - started) * 1000)
        cpus.append((time.thread_time() - cpu_started) * 1000)
    return round(statistics.median(walls), 1), round(statistics.median(cpus), 1), result


def _places(rng: random.Random, seats: int) -> list[int]:
    """Places of a finishing order as the standings give them (1, 2, 2, 4 for a tie)."""
    places = [1]
    for position in range(2, seats + 1):
        places.append(places[-1] if rng.random() < TIE_CHANCE else position)
    return places


def _pairing(night: Sequence[int], table: int,
             tables: list[list[Finish]]) -> tuple[tuple[int, ...], ...]:
    return pair_round(standings(night, tables), table_sizes(len(night), table))


def bench_pairing(*, players: int, table: int, rounds: int, runs: int,
                  rng: random.Random) -> dict[str, Any]:
    night = seed_order(range(1, players + 1), rng.randrange(2**32))
    round_1_ms, round_1_cpu_ms, _ = _timed(runs, lambda: _pairing(night, table, []))
    tables: list[list[Finish]] = []
    for _ in range(rounds - 1):
        for seated in _pairing(night, table, tables):
            finishing = rng.sample(seated, len(seated))
            tables.append([Finish(player, place, rng.randint(0, 20))
                           for player, place in zip(finishing, _places(rng, len(seated)),
                                                    strict=True)])
    last_round_ms, last_round_cpu_ms, last = _timed(runs,
                                                    lambda: _pairing(night, table, tables))
    met = {line.player: line.met for line in standings(night, tables)}
    return {"players": players, "round_1_ms": round_1_ms, "round_1_cpu_ms": round_1_cpu_ms,
            "last_round": rounds, "last_round_ms": last_round_ms,
            "last_round_cpu_ms": last_round_cpu_ms, "meeting_again": repeats(last, met)}


def season_records(*, records: int, players: int, rng: random.Random) -> list[GameRecord]:
    """Rated records of 2 to 6 seats among ``players`` players, in the order they finished."""
    made = []
    for game_id in range(1, records + 1):
        seated = rng.sample(range(1, players + 1), rng.randint(2, min(6, players)))
        places = _places(rng, len(seated))
        made.append(GameRecord(
            game_id=game_id, guild_id=1, channel_id=10, status="over", game_type="kot",
            edition="2016", options=Options(), started_at=game_id * 60.0,
            finished_at=game_id * 60.0 + 1800, turns=12, rated=True,
            seats=tuple(SeatRecord(seat=seat, user_id=user_id, ai=None, name=None,
                                   monster="The King", place=place, winner=place == 1,
                                   points=rng.randint(0, 20), hearts=0, out_turn=None,
                                   cards_bought=0, left_game=False, autopiloted=False)
                        for seat, (user_id, place) in enumerate(zip(seated, places,
                                                                    strict=True)))))
    return made


def bench_leaderboard(*, records: int, players: int, runs: int,
                      rng: random.Random) -> dict[str, Any]:
    season = season_records(records=records, players=players, rng=rng)

    def recompute() -> tuple[dict[int, PlayerRating], list[PlayerRating]]:
        ratings = rate(season)
        return ratings, leaderboard(ratings)

    leaderboard_ms, leaderboard_cpu_ms, (ratings, listed) = _timed(runs, recompute)
    return {"records": records, "leaderboard_ms": leaderboard_ms,
            "leaderboard_cpu_ms": leaderboard_cpu_ms, "rated_players": len(ratings),
            "listed": len(listed)}


def table(result: dict[str, Any]) -> str:
    rows = [(f"pair {result['players']} players, round 1", "round_1"),
            (f"pair them, round {result['last_round']}", "last_round"),
            (f"leaderboard of {result['records']:,} rated games", "leaderboard")]
    return "\n".join([
        f"{'':44} {'ms':>8} {'CPU ms':>8}",
        *(f"{label:44} {result[key + '_ms']:>8.1f} {result[key + '_cpu_ms']:>8.1f}"
          for label, key in rows),
        f"pairs meeting again in round {result['last_round']}: {result['meeting_again']}; "
        f"players rated: {result['rated_players']}, listed: {result['listed']}",
    ])


# The options, all whole numbers, with their defaults: the sizes the issue asks about.
OPTIONS: dict[str, tuple[int, str | None]] = {
    "players": (256, None),
    "table": (4, "the preferred table size, 3 to 6"),
    "rounds": (5, "the round paired last, after random results for the others"),
    "records": (10_000, None),
    "record_players": (200, None),
    "repeats": (3, "runs of each measure (the median is shown)"),
    "seed": (1, None),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_league", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, (default, words) in OPTIONS.items():
        parser.add_argument("--" + name.replace("_", "-"), type=int, default=default, help=words)
    args = parser.parse_args(argv)
    if not 3 <= args.table <= 6 or args.players < 3 or args.rounds < 1 or args.repeats < 1:
        parser.error("--table must be 3 to 6, --players at least 3, --rounds and --repeats "
                     "at least 1")
    if args.records < 1 or args.record_players < 2:
        parser.error("--records must be at least 1 and --record-players at least 2")
    rng = random.Random(args.seed)
    result = bench_pairing(players=args.players, table=args.table, rounds=args.rounds,
                           runs=args.repeats, rng=rng)
    result |= bench_leaderboard(records=args.records, players=args.record_players,
                                runs=args.repeats, rng=rng)
    print(table(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
