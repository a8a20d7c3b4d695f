"""A Swiss night's next step (bot.table.league.tournaments), read from its tables' games
and their records."""

from __future__ import annotations

import msgspec

from bot.table.league.tournaments import (
    AnnounceRound,
    Entrant,
    OpenTable,
    PostStandings,
    SeatRound,
    Tournament,
    next_step,
    start,
)
from bot.table.records import GameRecord, SeatRecord
from engine import Options


def night(entrants: int, rounds: int = 2, size: int = 3) -> Tournament:
    made = Tournament(guild_id=1, channel_id=2, host_id=10, created_at=0.0, rounds=rounds,
                      size=size, entrants=tuple(Entrant(-n, ai="easy")
                                                for n in range(1, entrants + 1)))
    return start(made, seed=5, ratings={})


def record(game_id: int, places: list[int]) -> GameRecord:
    seats = tuple(SeatRecord(seat=seat, user_id=None, ai="easy", name=None, monster="Alienoid",
                             place=place, winner=place == 1, points=10 - place, hearts=0,
                             out_turn=None, cards_bought=0, left_game=False,
                             autopiloted=False)
                  for seat, place in enumerate(places))
    return GameRecord(game_id=game_id, guild_id=1, channel_id=3, status="over",
                      game_type="kot", edition="2016", options=Options(), started_at=0.0,
                      finished_at=1.0, turns=5, rated=False, seats=seats)


def test_a_round_opens_its_tables_is_announced_waits_then_posts_and_seats_the_next() -> None:
    tournament = night(6)
    assert tournament.status == "playing" and [len(t) for t in tournament.tables] == [2]
    assert sorted(p for t in tournament.tables[0] for p in t) == list(range(-6, 0))
    step = next_step(tournament, {}, {})
    assert step == OpenTable(1, 0, tournament.tables[0][0])
    opened = {(1, 0): 100, (1, 1): 101}
    assert next_step(tournament, {(1, 0): 100}, {}) == OpenTable(1, 1, tournament.tables[0][1])
    assert next_step(tournament, opened, {}) == AnnounceRound(1)
    tournament = msgspec.structs.replace(tournament, announced=1)
    # One game still in play: wait.
    assert next_step(tournament, opened, {100: record(100, [1, 2, 3])}) is None
    records = {100: record(100, [1, 2, 3]), 101: record(101, [1, 2, 2])}
    assert next_step(tournament, opened, records) == PostStandings(1, final=False)
    tournament = msgspec.structs.replace(tournament, posted=1)
    seat = next_step(tournament, opened, records)
    assert isinstance(seat, SeatRound) and sorted(len(t) for t in seat.tables) == [3, 3]
    # The winners of round 1 sit together at table 1.
    winners = {tournament.tables[0][0][0], tournament.tables[0][1][0]}
    assert winners <= set(seat.tables[0])

    last = msgspec.structs.replace(tournament, tables=(*tournament.tables, seat.tables),
                                   announced=2)
    opened |= {(2, 0): 102, (2, 1): 103}
    records |= {102: record(102, [1, 2, 3]), 103: record(103, [2, 1, 3])}
    assert next_step(last, opened, records) == PostStandings(2, final=True)
    over = msgspec.structs.replace(last, posted=2, status="finished")
    assert next_step(over, opened, records) is None


def test_a_night_whose_entrants_dropped_below_a_table_posts_its_final_standings_early() -> None:
    tournament = msgspec.structs.replace(night(3, rounds=3), announced=1)
    opened = {(1, 0): 100}
    records = {100: record(100, [1, 2, 3])}
    dropped = msgspec.structs.replace(tournament, entrants=tuple(
        msgspec.structs.replace(e, dropped=e.user_id != -1) for e in tournament.entrants))
    assert next_step(dropped, opened, records) == PostStandings(1, final=True)
    assert next_step(tournament, opened, records) == PostStandings(1, final=False)
