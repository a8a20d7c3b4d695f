"""Swiss nights: each round's tables, the points a game's places give, the standings (pure).

A Swiss night plays a set number of rounds. Each round seats every player once, at tables of
players with similar points, and each table's game gives points by place. Nothing here reads a
store or a clock: the tournament flow keeps the entrants and the tables' records, and asks this
module for the next round's tables and for the standings.

**Table sizes** (``table_sizes``). Every table seats ``smallest`` to ``largest`` players (3 to
6 unless the caller says otherwise); the host picks the preferred size among them (4 unless
said). A seating has as many tables of the preferred size as the players allow; among those,
the one whose other tables are closest to the preferred size (the least sum of squared
differences: two tables of 3 rather than one of 6), then the one with fewer tables. Nobody sits
out a round: there are no byes, only tables of 3 or 5. The preferred tables come first and the
others last, so the other sizes seat the bottom of the standings (where chess gives its bye).
Two players left: one duel. A 2-player game is a legal game of King of Tokyo, so a night down
to its last two players still plays its rounds. Fewer players, or a number no table sizes fit,
raise ``NoSeating``, which the caller turns into a refusal.

**Seeds** (``seed_order``). Before round 1 every entrant gets a seed: by rating when ratings are
given (best first; players without one after those with one), and by a shuffle drawn from the
night's seed among equals. The seed is the last tie-break, so round 1, where everyone has 0
points, seats players in seed order: by rating, or at random.

**Pairing** (``pair_round``). The standings are read in their order, best first. Table 1 seats
the best player, then the next best players they can sit with; table 2 the best player left,
and so on. Two players who have met already sit together again only when every seating with
these table sizes has as many such pairs or more: the fewest pairs meeting again, and among
seatings with that fewest, the first in standing order. The search is exact (a depth-first
search over tables in standing order, remembering what it learnt of each set of players
left); its work is bounded (``SEARCH_BUDGET`` steps), and a search that runs out seats each
table with the players meeting the fewest of its players again, then swaps players between
tables while a swap lowers the pairs meeting again. On this machine 256 players at tables of 4
pair in about 20 ms of CPU in round 5 (``python -m tools.bench_league``).

**Points by place** (``table_points``). A table of ``n`` gives place ``p``
``6 × (n − p) / (n − 1)`` points: the winner 6, the last 0, evenly spaced between (four: 6, 4,
2, 0; three: 6, 3, 0; five: 6, 4.5, 3, 1.5, 0; six: 6, 4.8, 3.6, 2.4, 1.2, 0; a duel: 6, 0).
Every table's points average 3 a player, whatever its size, so no size is worth more than
another. Players who share a place (``bot.table.standings``: 1, 2, 2, 4) share the places it
covers: ``k`` players at place ``p`` each get the points of place ``p + (k − 1) / 2``, the
average of places ``p`` to ``p + k − 1``. Points are exact fractions.

**Standings** (``standings``), best first, by:

1. points;
2. opponents' average points: the points each opponent has now, averaged over every opponent
   at every table the player sat at (a Buchholz score, averaged since tables differ in size);
3. wins (first places, shared ones too);
4. victory points ★ scored over all the player's games;
5. seed (``seed_order``), so no two players tie.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

# The winner's points at any table (the last gets 0).
WINNER_POINTS = 6
# Two players left seat one duel (see the module's docstring).
DUEL = 2
# Steps of the exact pairing search before it falls back on the greedy seating with swaps:
# a tenth of a second of CPU or less on this machine. A night of a dozen players searches to
# the end; a larger one whose players met many of the others may not (in the nights of 13 to
# 24 players tried, the fallback seated as well as a search 30 times longer).
SEARCH_BUDGET = 100_000


class NoSeating(ValueError):
    """No tables within the sizes allowed seat this many players."""

    def __init__(self, players: int, smallest: int, largest: int) -> None:
        super().__init__(f"{players} players cannot be seated at tables of {smallest} to "
                         f"{largest}")
        self.players = players
        self.smallest = smallest
        self.largest = largest


def table_sizes(players: int, preferred: int = 4, smallest: int = 3,
                largest: int = 6) -> tuple[int, ...]:
    """The sizes of a round's tables, the preferred size first (see the module's docstring)."""
    if not DUEL <= smallest <= preferred <= largest:
        raise ValueError(f"table sizes need {DUEL} <= smallest <= preferred <= largest, not "
                         f"{smallest}, {preferred}, {largest}")
    if players == DUEL:
        return (DUEL,)
    if players >= smallest:
        for preferred_tables in range(players // preferred, -1, -1):
            others = _closest_tables(players - preferred_tables * preferred, preferred,
                                     smallest, largest)
            if others is not None:
                return (preferred,) * preferred_tables + others
    raise NoSeating(players, smallest, largest)


def _closest_tables(players: int, preferred: int, smallest: int,
                    largest: int) -> tuple[int, ...] | None:
    """Tables of sizes other than the preferred seating ``players`` exactly, the closest to
    the preferred size, then the fewest; None when none do."""
    sizes = [size for size in range(smallest, largest + 1) if size != preferred]

    def table_order(size: int) -> tuple[int, int]:
        return abs(size - preferred), -size

    # best[total]: (sum of squared differences, tables, sizes) of the best seating of total.
    best: list[tuple[int, int, tuple[int, ...]] | None] = [(0, 0, ())]
    for total in range(1, players + 1):
        options = []
        for size in sizes:
            before = best[total - size] if size <= total else None
            if before is not None:
                cost, count, seated = before
                options.append((cost + (size - preferred) ** 2, count + 1,
                                tuple(sorted((*seated, size), key=table_order))))
        best.append(min(options, default=None))
    found = best[players]
    return None if found is None else found[2]


def seed_order(players: Sequence[int], seed: int,
               ratings: Mapping[int, float] | None = None) -> tuple[int, ...]:
    """The entrants in seed order, first seed first (see the module's docstring)."""
    if len(set(players)) != len(players):
        raise ValueError("an entrant is listed twice")
    shuffled = list(players)
    random.Random(seed).shuffle(shuffled)
    if ratings is None:
        return tuple(shuffled)
    # (A stable sort: equals keep the shuffle's order.)
    return tuple(sorted(shuffled, key=lambda player: (player not in ratings,
                                                      -ratings.get(player, 0.0))))


@dataclass(frozen=True)
class Finish:
    """A player's finish at a table: their place (1: won; tied players share a place, as
    ``bot.table.standings`` gives them) and the victory points ★ they ended with."""

    player: int
    place: int
    stars: int


def place_points(size: int, place: Fraction) -> Fraction:
    """The points of ``place`` at a table of ``size``: 6 for the first, 0 for the last."""
    return WINNER_POINTS * (size - place) / (size - 1)


def table_points(table: Sequence[Finish]) -> dict[int, Fraction]:
    """Each player's points for their place at this table (shared places share points)."""
    size = len(table)
    if size < DUEL or len({finish.player for finish in table}) != size:
        raise ValueError("a table has two players or more, each once")
    sharing = Counter(finish.place for finish in table)
    for place in sharing:
        if place != 1 + sum(count for other, count in sharing.items() if other < place):
            raise ValueError(f"place {place} does not follow the places before it")
    return {finish.player: place_points(size, finish.place + Fraction(sharing[finish.place] - 1,
                                                                      2))
            for finish in table}


@dataclass(frozen=True)
class Contender:
    """A player's line in the standings after the tables played so far."""

    player: int
    # 1 for the first; every line has its own (the seed breaks the last ties).
    rank: int
    points: Fraction
    # The points of the opponents met, averaged over every opponent at every table.
    opponents_points: Fraction
    wins: int
    stars: int
    # The entrant's seed: 1 for the first (``seed_order``).
    seed: int
    games: int
    # Every player they have sat at a table with.
    met: frozenset[int]


def standings(seeds: Sequence[int], tables: Iterable[Sequence[Finish]]) -> tuple[Contender, ...]:
    """Every entrant's line, best first, after these finished tables (the entrants in seed
    order; see the module's docstring for the order)."""
    seed_of = {player: number for number, player in enumerate(seeds, 1)}
    if len(seed_of) != len(seeds):
        raise ValueError("an entrant is listed twice")
    points = dict.fromkeys(seed_of, Fraction(0))
    wins = dict.fromkeys(seed_of, 0)
    stars = dict.fromkeys(seed_of, 0)
    games = dict.fromkeys(seed_of, 0)
    opponents: dict[int, list[int]] = {player: [] for player in seed_of}
    for table in tables:
        for player, scored in table_points(table).items():
            if player not in seed_of:
                raise ValueError(f"player {player} is not an entrant")
            points[player] += scored
        for finish in table:
            wins[finish.player] += finish.place == 1
            stars[finish.player] += finish.stars
            games[finish.player] += 1
            opponents[finish.player] += [other.player for other in table
                                         if other.player != finish.player]
    lines = [Contender(player=player, rank=0, points=points[player],
                       opponents_points=_average(points[other] for other in opponents[player]),
                       wins=wins[player], stars=stars[player], seed=seed, games=games[player],
                       met=frozenset(opponents[player]))
             for player, seed in seed_of.items()]
    lines.sort(key=lambda line: (-line.points, -line.opponents_points, -line.wins, -line.stars,
                                 line.seed))
    return tuple(replace(line, rank=rank) for rank, line in enumerate(lines, 1))


def _average(values: Iterable[Fraction]) -> Fraction:
    """The average of the values (0 for none)."""
    listed = list(values)
    return sum(listed, Fraction(0)) / len(listed) if listed else Fraction(0)


def pair_round(standings: Sequence[Contender], sizes: Sequence[int], *,
               budget: int = SEARCH_BUDGET) -> tuple[tuple[int, ...], ...]:
    """The round's tables, table 1 first, each listing its players best first: every player
    of ``standings`` (read in their order, best first) seated once, at tables of ``sizes``
    (a player's ``met`` may name players no longer in the night: they are left out)."""
    players = [line.player for line in standings]
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if sum(sizes) != len(players) or any(size < 1 for size in sizes):
        raise ValueError(f"tables of {tuple(sizes)} do not seat {len(players)} players")
    number = {player: n for n, player in enumerate(players)}
    met = [0] * len(players)
    for n, line in enumerate(standings):
        for other in line.met & number.keys():
            met[n] |= 1 << number[other]
            met[number[other]] |= 1 << n
    tables = _Seating(met, sizes, budget).fewest_meeting_again()
    return tuple(tuple(players[n] for n in table) for table in tables)


def repeats(tables: Iterable[Sequence[int]], met: Mapping[int, frozenset[int]]) -> int:
    """The pairs of players at the same table who have met before (``met``: whom each player
    has met)."""
    return sum(other in met.get(player, frozenset()) or player in met.get(other, frozenset())
               for table in tables
               for n, player in enumerate(table) for other in table[n + 1:])


# The players left (as bits) and how many tables of each size are left.
_Left = tuple[int, tuple[int, ...]]


class _OutOfBudget(Exception):
    """The exact search took all its steps."""


class _Seating:
    """The search for a round's tables. Players are numbered in standing order (0: the best),
    and sets of players are the bits of an int: ``met[n]`` is the set player ``n`` has met."""

    def __init__(self, met: list[int], sizes: Sequence[int], budget: int) -> None:
        self.met = met
        self.sizes = tuple(sizes)
        # The distinct sizes, in the order given: the order a table tries them in.
        self.kinds = tuple(dict.fromkeys(sizes))
        self.steps_left = budget
        # What the search learnt of the players left at the tables left (the key): their
        # best seating and its pairs meeting again, or that every seating has at least so
        # many pairs meeting again.
        self.solved: dict[_Left, tuple[int, list[tuple[int, ...]]]] = {}
        self.at_least: dict[_Left, int] = {}

    def fewest_meeting_again(self) -> list[tuple[int, ...]]:
        """The seating with the fewest pairs meeting again, the first in standing order among
        those; the greedy seating with swaps when the search runs out of steps."""
        everyone = tuple(range(len(self.met)))
        tables_left = tuple(self.sizes.count(kind) for kind in self.kinds)
        fallback = None
        try:
            # Nobody meeting again is the common case, and the quickest to search for.
            found = self._seat(everyone, tables_left, 1)
            if found is None:
                fallback = self.greedy()
                found = self._seat(everyone, tables_left, self.meeting_again(fallback) + 1)
        except _OutOfBudget:
            found = None
        if found is not None:
            return found[1]
        return fallback or self.greedy()

    def _seat(self, free: tuple[int, ...], tables_left: tuple[int, ...],
              bound: int) -> tuple[int, list[tuple[int, ...]]] | None:
        """The best seating of the players ``free`` (in standing order) at the tables left,
        and its pairs meeting again, when they are fewer than ``bound``; else None. The best
        player left sits at the next table: every seating can be listed so, by the best
        player of each table."""
        if not free:
            return (0, []) if bound > 0 else None
        left = (_bits(free), tables_left)
        if left in self.solved:
            solved = self.solved[left]
            return solved if solved[0] < bound else None
        if self.at_least.get(left, 0) >= bound:
            return None
        best_player, rest = free[0], free[1:]
        best: tuple[int, list[tuple[int, ...]]] | None = None
        for kind, size in enumerate(self.kinds):
            if not tables_left[kind]:
                continue
            fewer = (*tables_left[:kind], tables_left[kind] - 1, *tables_left[kind + 1:])
            for table, again in self._tables((best_player,), 1 << best_player, 0, rest, 0,
                                             size - 1, bound - 1):
                if again >= bound:
                    continue
                seated = _bits(table)
                below = self._seat(tuple(n for n in rest if not seated >> n & 1), fewer,
                                   bound - again)
                if below is not None:
                    # Later seatings must do better: the first of the best is kept.
                    bound = again + below[0]
                    best = (bound, [table, *below[1]])
                    if not bound:
                        break
            if best is not None and not best[0]:
                break
        if best is None:
            self.at_least[left] = bound
        else:
            self.solved[left] = best
        return best

    def _tables(self, table: tuple[int, ...], seated: int, again: int,
                candidates: tuple[int, ...], start: int, missing: int,
                allowance: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """The ways to fill ``missing`` more seats of ``table`` from ``candidates[start:]``,
        in standing order, with at most ``allowance`` pairs meeting again (``again`` so far)."""
        if not missing:
            yield table, again
            return
        for index in range(start, len(candidates) - missing + 1):
            self.steps_left -= 1
            if self.steps_left < 0:
                raise _OutOfBudget
            player = candidates[index]
            with_player = again + (self.met[player] & seated).bit_count()
            if with_player <= allowance:
                yield from self._tables((*table, player), seated | 1 << player, with_player,
                                        candidates, index + 1, missing - 1, allowance)

    def greedy(self) -> list[tuple[int, ...]]:
        """Tables in the sizes' order, each seating the best player left, then one at a time
        the player left meeting the fewest of those seated again (the better of equals);
        then swaps."""
        free = list(range(len(self.met)))
        tables = []
        for size in self.sizes:
            table = [free.pop(0)]
            while len(table) < size:
                seated = _bits(table)
                pick = min(free, key=lambda n: ((self.met[n] & seated).bit_count(), n))
                free.remove(pick)
                table.append(pick)
            tables.append(table)
        self._swap_while_better(tables)
        return sorted(tuple(sorted(table)) for table in tables)

    def meeting_again(self, tables: Iterable[Sequence[int]]) -> int:
        """The pairs meeting again at these tables."""
        return sum((self.met[n] & _bits(table)).bit_count() for table in tables
                   for n in table) // 2

    def _swap_while_better(self, tables: list[list[int]]) -> None:
        """Swap two players of different tables while that lowers the pairs meeting again
        (every swap lowers them, so this ends)."""
        swapped = True
        while swapped:
            swapped = False
            for one, other in _pairs(tables):
                for i in range(len(one)):
                    for j in range(len(other)):
                        if self._swap_gain(one, other, i, j) > 0:
                            one[i], other[j] = other[j], one[i]
                            swapped = True

    def _swap_gain(self, one: list[int], other: list[int], i: int, j: int) -> int:
        """How many fewer pairs meet again with ``one[i]`` and ``other[j]`` swapped."""
        mover, partner = one[i], other[j]
        one_rest = _bits(one) & ~(1 << mover)
        other_rest = _bits(other) & ~(1 << partner)
        before = (self.met[mover] & one_rest).bit_count() + (
            self.met[partner] & other_rest).bit_count()
        after = (self.met[mover] & other_rest).bit_count() + (
            self.met[partner] & one_rest).bit_count()
        return before - after


def _pairs(tables: list[list[int]]) -> Iterator[tuple[list[int], list[int]]]:
    for n, one in enumerate(tables):
        for other in tables[n + 1:]:
            yield one, other


def _bits(players: Iterable[int]) -> int:
    """A set of numbered players as the bits of an int."""
    bits = 0
    for n in players:
        bits |= 1 << n
    return bits
