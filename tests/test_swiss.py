"""Swiss nights' rules (bot.table.league.swiss): table sizes, seeds, points by place, the
standings' order, and each round's tables, checked against brute force on small nights."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.table.league.swiss import (
    Contender,
    Finish,
    NoSeating,
    pair_round,
    repeats,
    seed_order,
    standings,
    table_points,
    table_sizes,
)

Tables = tuple[tuple[int, ...], ...]


# --- Table sizes ---------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "sizes"), [
    (3, (3,)), (4, (4,)), (5, (5,)), (6, (3, 3)), (7, (4, 3)), (8, (4, 4)), (9, (4, 5)),
    (10, (4, 3, 3)), (11, (4, 4, 3)), (13, (4, 4, 5)), (14, (4, 4, 3, 3)),
    (256, (4,) * 64),
])
def test_tables_of_four_with_pods_of_three_or_five_last(players: int,
                                                        sizes: tuple[int, ...]) -> None:
    assert table_sizes(players) == sizes


def test_two_players_left_play_a_duel_and_fewer_cannot_be_seated() -> None:
    assert table_sizes(2) == (2,)
    for players in (0, 1):
        with pytest.raises(NoSeating) as refused:
            table_sizes(players)
        assert refused.value.players == players


def test_sizes_that_cannot_add_up_are_refused() -> None:
    with pytest.raises(NoSeating):
        table_sizes(6, preferred=4, smallest=4, largest=4)
    with pytest.raises(NoSeating):
        table_sizes(3, preferred=4, smallest=4, largest=6)


@pytest.mark.parametrize(("preferred", "smallest", "largest"),
                         [(2, 3, 6), (7, 3, 6), (4, 5, 6), (4, 3, 3), (2, 1, 4)])
def test_a_preferred_size_outside_the_bounds_is_an_error(preferred: int, smallest: int,
                                                          largest: int) -> None:
    with pytest.raises(ValueError, match="smallest <= preferred <= largest"):
        table_sizes(12, preferred, smallest, largest)


def _all_sizes(players: int, smallest: int, largest: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of table sizes seating exactly ``players`` (largest first)."""
    if players == 0:
        yield ()
        return
    for size in range(min(largest, players), smallest - 1, -1):
        for rest in _all_sizes(players - size, smallest, size):
            yield (size, *rest)


@given(players=st.integers(3, 40), preferred=st.integers(3, 6))
def test_sizes_are_in_bounds_with_the_most_preferred_tables_then_the_closest(
        players: int, preferred: int) -> None:
    sizes = table_sizes(players, preferred)
    assert sum(sizes) == players
    assert all(3 <= size <= 6 for size in sizes)

    def badness(choice: Sequence[int]) -> tuple[int, int]:
        return (-choice.count(preferred), sum((size - preferred) ** 2 for size in choice))

    assert badness(sizes) == min(badness(choice) for choice in _all_sizes(players, 3, 6))
    # The preferred tables first, then the others.
    others = [size != preferred for size in sizes]
    assert others == sorted(others)


# --- Seeds -----------------------------------------------------------------------------------

def test_seeds_follow_ratings_with_unrated_players_last() -> None:
    order = seed_order([1, 2, 3, 4, 5], seed=7, ratings={3: 30.0, 1: 10.0, 5: 20.0})
    assert order[:3] == (3, 5, 1)
    assert set(order[3:]) == {2, 4}


def test_seeds_without_ratings_are_a_shuffle_drawn_from_the_seed() -> None:
    players = list(range(100, 140))
    assert seed_order(players, seed=3) == seed_order(players, seed=3)
    assert seed_order(players, seed=3) != seed_order(players, seed=4)
    assert sorted(seed_order(players, seed=3)) == players
    with pytest.raises(ValueError, match="twice"):
        seed_order([1, 1], seed=3)


# --- Points by place -------------------------------------------------------------------------

def _table(*places: int) -> list[Finish]:
    return [Finish(player=100 + seat, place=place, stars=0) for seat, place in enumerate(places)]


@pytest.mark.parametrize(("places", "points"), [
    ((1, 2, 3, 4), (6, 4, 2, 0)),
    ((1, 2, 3), (6, 3, 0)),
    ((1, 2, 3, 4, 5), (6, Fraction(9, 2), 3, Fraction(3, 2), 0)),
    ((1, 2, 3, 4, 5, 6), (6, Fraction(24, 5), Fraction(18, 5), Fraction(12, 5), Fraction(6, 5),
                          0)),
    ((1, 2), (6, 0)),
    # Shared places share the places they cover.
    ((1, 2, 2, 4), (6, 3, 3, 0)),
    ((1, 1, 3, 4), (5, 5, 2, 0)),
    ((1, 2, 2, 2), (6, 2, 2, 2)),
    ((4, 1, 2, 2), (0, 6, 3, 3)),
])
def test_points_by_place(places: tuple[int, ...], points: tuple[Fraction, ...]) -> None:
    assert tuple(table_points(_table(*places)).values()) == points


@pytest.mark.parametrize("places", [(1, 3, 4, 5), (2, 2, 3), (1, 1, 2), (1,)])
def test_places_that_do_not_follow_are_an_error(places: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        table_points(_table(*places))


@st.composite
def finishing_orders(draw: st.DrawFn, players: int | None = None) -> list[int]:
    """Places as the standings give them: a finishing order cut into groups that tie."""
    if players is None:
        players = draw(st.integers(2, 6))
    ties = draw(st.lists(st.booleans(), min_size=players - 1, max_size=players - 1))
    places = [1]
    for position, tied in enumerate(ties, 2):
        places.append(places[-1] if tied else position)
    return draw(st.permutations(places))


@given(finishing_orders())
def test_a_table_gives_three_points_a_player_from_six_to_nothing(places: list[int]) -> None:
    size = len(places)
    points = table_points(_table(*places))
    assert sum(points.values()) == 3 * size
    by_place = sorted(zip(places, points.values(), strict=True))
    assert [point for _, point in by_place] == sorted(points.values(), reverse=True)
    for place, point in by_place:
        sharing = places.count(place)
        assert point == sum(6 * Fraction(size - covered, size - 1)
                            for covered in range(place, place + sharing)) / sharing
    if places.count(1) == 1:
        assert max(points.values()) == 6
    if places.count(max(places)) == 1:
        assert min(points.values()) == 0


# --- Standings -------------------------------------------------------------------------------

def test_standings_by_points_then_opponents_points() -> None:
    seeds = [1, 2, 3, 4, 5, 6, 7, 8]
    tables = [
        [Finish(1, 1, 10), Finish(2, 2, 5), Finish(3, 3, 0), Finish(4, 4, 0)],
        [Finish(5, 1, 10), Finish(6, 2, 5), Finish(7, 3, 0), Finish(8, 4, 0)],
        [Finish(1, 1, 20), Finish(5, 2, 20), Finish(2, 3, 0), Finish(6, 4, 0)],
        [Finish(3, 1, 20), Finish(7, 2, 0), Finish(4, 3, 0), Finish(8, 4, 0)],
    ]
    lines = standings(seeds, tables)
    assert [line.rank for line in lines] == list(range(1, 9))
    by_player = {line.player: line for line in lines}
    assert (by_player[1].points, by_player[1].wins, by_player[1].stars) == (Fraction(12), 2, 30)
    assert by_player[5].met == frozenset({1, 2, 6, 7, 8})
    assert by_player[5].games == 2
    # Points: 1: 12, 5: 10, 3: 8, 2: 6, 7: 6, 6: 4, 4: 2, 8: 0. Player 2 met 1 (12), 3 (8),
    # 4 (2), then 1 again, 5 (10) and 6 (4): 8 on average; player 7 met 5, 6, 8, 3, 4, 8: 4.
    assert by_player[2].opponents_points == 8
    assert by_player[7].opponents_points == 4
    assert [line.player for line in lines] == [1, 5, 3, 2, 7, 6, 4, 8]


def test_equal_points_go_to_the_stronger_opponents_then_wins_then_stars_then_seed() -> None:
    seeds = [1, 2, 3, 4, 5, 6]
    # 1 and 4 each win a duel against a player with nothing; 2 wins a table of three.
    tables = [[Finish(1, 1, 3), Finish(5, 2, 0)], [Finish(4, 1, 3), Finish(6, 2, 0)],
              [Finish(2, 1, 7), Finish(3, 2, 0), Finish(6, 3, 0)]]
    order = [line.player for line in standings(seeds, tables)]
    # 2 and 1 and 4 have 6 points: 2 met players with 3 and 0 (1.5), 4 met 6 (0), 1 met 5 (0).
    # 1 and 4 tie on opponents, wins and stars: the seed decides.
    assert order[:3] == [2, 1, 4]
    tables[1] = [Finish(4, 1, 4), Finish(6, 2, 0)]
    assert [line.player for line in standings(seeds, tables)][:3] == [2, 4, 1]


def test_a_table_with_a_stranger_is_an_error() -> None:
    with pytest.raises(ValueError, match="not an entrant"):
        standings([1, 2], [[Finish(1, 1, 0), Finish(9, 2, 0)]])
    with pytest.raises(ValueError, match="twice"):
        standings([1, 2, 1], [])


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[int], list[list[Finish]]]:
    """Entrants and tables of random finishes among them."""
    players = draw(st.integers(2, 12))
    seeds = draw(st.permutations(range(1, players + 1)))
    tables = []
    for _ in range(draw(st.integers(0, 8))):
        seated = draw(st.lists(st.sampled_from(seeds), min_size=2, max_size=min(6, players),
                               unique=True))
        places = draw(finishing_orders(len(seated)))
        stars = draw(st.lists(st.integers(0, 20), min_size=len(seated), max_size=len(seated)))
        tables.append([Finish(*finish) for finish in zip(seated, places, stars, strict=True)])
    return list(seeds), tables


@given(nights())
def test_standings_follow_the_tie_break_order(night: tuple[list[int], list[list[Finish]]]
                                              ) -> None:
    seeds, tables = night
    lines = standings(seeds, tables)
    assert sorted(line.player for line in lines) == sorted(seeds)
    assert [line.rank for line in lines] == list(range(1, len(seeds) + 1))
    assert sum(line.points for line in lines) == 3 * sum(len(table) for table in tables)
    points = {line.player: line.points for line in lines}
    for line in lines:
        opponents = [other.player for table in tables if any(f.player == line.player
                                                             for f in table)
                     for other in table if other.player != line.player]
        expected = (Fraction(sum(points[other] for other in opponents), len(opponents))
                    if opponents else 0)
        assert line.opponents_points == expected
        assert line.seed == seeds.index(line.player) + 1

    def tie_breaks(line: Contender) -> tuple[Fraction, Fraction, int, int, int]:
        return (-line.points, -line.opponents_points, -line.wins, -line.stars, line.seed)

    for better, worse in itertools.pairwise(lines):
        assert tie_breaks(better) < tie_breaks(worse)


# --- Pairing ---------------------------------------------------------------------------------

def _fresh(players: Sequence[int], met: dict[int, frozenset[int]] | None = None
           ) -> list[Contender]:
    """Standings lines in this order, with whom each has met (nothing else matters)."""
    met = met or {}
    return [Contender(player=player, rank=rank, points=Fraction(0),
                      opponents_points=Fraction(0), wins=0, stars=0, seed=rank, games=0,
                      met=met.get(player, frozenset()))
            for rank, player in enumerate(players, 1)]


def _seatings(players: Sequence[int], sizes: Sequence[int]) -> Iterator[Tables]:
    """Every seating, in standing order: each next table seats the best player left, its
    size tried in the sizes' order, then the others in order (brute force)."""
    if not players:
        yield ()
        return
    best, rest = players[0], players[1:]
    for size in dict.fromkeys(sizes):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            below = [player for player in rest if player not in others]
            for tables in _seatings(below, left):
                yield ((best, *others), *tables)


def _check_seating(tables: Tables, players: Sequence[int], sizes: Sequence[int]) -> None:
    seated = [player for table in tables for player in table]
    assert sorted(seated) == sorted(players), "every player seated exactly once"
    assert Counter(len(table) for table in tables) == Counter(sizes)
    order = {player: n for n, player in enumerate(players)}
    for table in tables:
        assert list(table) == sorted(table, key=order.__getitem__), "a table lists best first"


def test_round_one_seats_the_standings_in_order() -> None:
    players = [50, 40, 30, 20, 10, 60, 70, 80, 90, 11]
    tables = pair_round(_fresh(players), table_sizes(len(players)))
    assert tables == ((50, 40, 30, 20), (10, 60, 70), (80, 90, 11))


def test_the_best_players_who_met_are_kept_apart_by_the_next_best() -> None:
    met = {1: frozenset({2}), 2: frozenset({1})}
    tables = pair_round(_fresh(range(1, 9), met), (4, 4))
    assert tables == ((1, 3, 4, 5), (2, 6, 7, 8))


def test_players_who_left_the_night_are_ignored_in_whom_one_met() -> None:
    met = {1: frozenset({2, 99}), 2: frozenset({1})}
    assert pair_round(_fresh([1, 2, 3, 4, 5, 6], met), (3, 3)) == ((1, 3, 4), (2, 5, 6))


def test_meetings_told_by_one_side_only_count() -> None:
    met = {2: frozenset({1})}
    assert pair_round(_fresh([1, 2, 3, 4, 5, 6], met), (3, 3)) == ((1, 3, 4), (2, 5, 6))


def test_sizes_that_do_not_seat_everyone_are_an_error() -> None:
    with pytest.raises(ValueError, match="do not seat"):
        pair_round(_fresh([1, 2, 3, 4, 5]), (4,))
    with pytest.raises(ValueError, match="twice"):
        pair_round(_fresh([1, 1, 2]), (3,))


@st.composite
def met_graphs(draw: st.DrawFn, most: int = 9) -> tuple[list[int], dict[int, frozenset[int]],
                                                        tuple[int, ...]]:
    """A small night: players in standing order, whom each met, and table sizes."""
    players = draw(st.integers(2, most))
    order = list(draw(st.permutations(range(1, players + 1))))
    pairs = draw(st.sets(st.tuples(st.sampled_from(order), st.sampled_from(order))))
    met: dict[int, set[int]] = {player: set() for player in order}
    for one, other in pairs:
        if one != other:
            met[one].add(other)
            met[other].add(one)
    sizes = table_sizes(players, preferred=draw(st.integers(3, 6)))
    return order, {player: frozenset(seen) for player, seen in met.items()}, sizes


@settings(max_examples=300, deadline=None)
@given(met_graphs())
def test_the_fewest_pairs_meet_again_and_the_first_such_seating_in_standing_order(
        night: tuple[list[int], dict[int, frozenset[int]], tuple[int, ...]]) -> None:
    players, met, sizes = night
    tables = pair_round(_fresh(players, met), sizes)
    _check_seating(tables, players, sizes)
    every = list(_seatings(players, sizes))
    fewest = min(repeats(seating, met) for seating in every)
    assert repeats(tables, met) == fewest
    assert tables == next(seating for seating in every if repeats(seating, met) == fewest)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 9), preferred=st.integers(3, 6), rounds=st.integers(2, 5),
       seed=st.integers(0, 2**32))
def test_nights_of_several_rounds_seat_everyone_with_the_fewest_meeting_again(
        players: int, preferred: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    seeds = seed_order(range(1, players + 1), seed)
    sizes = table_sizes(players, preferred)
    tables: list[list[Finish]] = []
    for _ in range(rounds):
        lines = standings(seeds, tables)
        order = [line.player for line in lines]
        met = {line.player: line.met for line in lines}
        seating = pair_round(lines, sizes)
        _check_seating(seating, order, sizes)
        assert repeats(seating, met) == min(repeats(other, met)
                                            for other in _seatings(order, sizes))
        for table in seating:
            finishing = rng.sample(table, len(table))
            tables.append([Finish(player, place, rng.randint(0, 20))
                           for place, player in enumerate(finishing, 1)])


@settings(max_examples=50, deadline=None)
@given(met_graphs(most=30), st.integers(0, 50))
def test_a_search_out_of_steps_still_seats_everyone_once(
        night: tuple[list[int], dict[int, frozenset[int]], tuple[int, ...]],
        budget: int) -> None:
    players, met, sizes = night
    tables = pair_round(_fresh(players, met), sizes, budget=budget)
    _check_seating(tables, players, sizes)
    assert tables == tuple(sorted(tables, key=lambda table: players.index(table[0])))


def test_a_large_night_pairs_without_anyone_meeting_again() -> None:
    players = 256
    rng = random.Random(5)
    seeds = seed_order(range(players), seed=5)
    tables: list[list[Finish]] = []
    for _ in range(5):
        lines = standings(seeds, tables)
        seating = pair_round(lines, table_sizes(players))
        assert repeats(seating, {line.player: line.met for line in lines}) == 0
        tables += [[Finish(player, place, 0)
                    for place, player in enumerate(rng.sample(table, len(table)), 1)]
                   for table in seating]
