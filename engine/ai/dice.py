"""Dice for the heuristic player: what a set of final dice is worth to the monster rolling
them, and which dice to keep.

Dice are counted per face (1, 2, 3, energy, heart, smash), packed into one integer of six
4-bit counts, so the dice a kept set plus a reroll can end on are a sum of two codes. A roll
is planned one step ahead: each way to keep dice is scored by the expected value of the dice
after rerolling the others once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from itertools import product
from math import factorial
from operator import mul

from engine.ai import view
from engine.card_ai import Blow
from engine.core import max_hearts
from engine.state import FACES, Face, GameState

ONE, TWO, THREE, ENERGY, HEART, SMASH = range(6)
FACE_INDEX: dict[str, int] = {face: i for i, face in enumerate(FACES)}
_BITS = 4
# The chance that a rerolled die lands on a given face, or not.
_HIT = 1 / 6
_MISS = 5 / 6
# The most points the numbers of a roll can score (fifteen 3s: a count is 4 bits).
_MOST_POINTS = 15
# The losses of hearts a scorer values for each target at once (more dice and cards' added
# damage rarely go past it; a bigger loss is valued alone).
_HURT_AMOUNTS = 12


def encode(counts: tuple[int, ...] | list[int]) -> int:
    one, two, three, energy, heart, smash = counts
    return one | two << 4 | three << 8 | energy << 12 | heart << 16 | smash << 20


def decode(code: int) -> tuple[int, ...]:
    return (code & 0xF, code >> 4 & 0xF, code >> 8 & 0xF, code >> 12 & 0xF, code >> 16 & 0xF,
            code >> 20 & 0xF)


def unit(face: int) -> int:
    """The code of one die showing ``face``."""
    return 1 << (_BITS * face)


def count(dice: tuple[Face, ...]) -> tuple[int, ...]:
    counts = [0] * 6
    for face in dice:
        counts[FACE_INDEX[face]] += 1
    return tuple(counts)


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _compositions(n - k, parts - 1)]


def numbers_vp(code: int) -> int:
    """The points the numbers of dice ``code`` score (three of a kind and more)."""
    return sum(n + (code >> _BITS * (n - 1) & 0xF) - 3 for n in (1, 2, 3)
               if code >> _BITS * (n - 1) & 0xF >= 3)


@cache
def points_spread(numbers: int, n: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The points the numbers score once ``n`` dice are rerolled beside the kept
    ``numbers`` (a code of the 1s, 2s and 3s kept), and the chance of each."""
    spread: dict[int, float] = {}
    for code, p in outcomes(n):
        vp = numbers_vp(numbers + (code & 0xFFF))
        spread[vp] = spread.get(vp, 0.0) + p
    ordered = sorted(spread.items())
    return tuple(vp for vp, _p in ordered), tuple(p for _vp, p in ordered)


@cache
def numbers_spread(numbers: int, n: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The numbers (a code of the 1s, 2s and 3s) the dice can end on once ``n`` dice are
    rerolled beside the kept ``numbers``, and the chance of each."""
    spread: dict[int, float] = {}
    for code, p in outcomes(n):
        ending = numbers + (code & 0xFFF)
        spread[ending] = spread.get(ending, 0.0) + p
    return tuple(spread), tuple(spread.values())


@lru_cache(maxsize=4096)
def expectation_table(values: tuple[float, ...]) -> tuple[tuple[float, ...], ...]:
    """The expected value of one face's dice, from ``values``, the value of 0, 1, 2... dice
    showing it: ``[r][k]`` with k dice kept on the face and r rerolled. Each rerolled die
    lands on the face one time in six, so a row is the one before it rerolling one die
    fewer. Shared by the scorers that value a face alike (an energy is most often worth
    the same)."""
    row = values
    table = [row]
    for _rerolled in range(len(values) - 1):
        row = tuple(row[k] * _MISS + row[k + 1] * _HIT for k in range(len(row) - 1))
        table.append(row)
    return tuple(table)


@dataclass
class PointsMemo:
    """Expected points of the numbers: by (kept numbers, dice rerolled) code, and as a row
    per (kept numbers, dice) code (``DiceScorer.points_row``)."""

    averages: dict[int, float] = field(default_factory=dict)
    rows: dict[int, list[float]] = field(default_factory=dict)


@lru_cache(maxsize=64)
def shared_points_memo(point_values: tuple[float, ...]) -> PointsMemo:
    """The expected points for the scorers to which points are worth ``point_values``
    (their monster has the same points: there are a few dozen such tables in all)."""
    return PointsMemo()


@cache
def outcome_lists(n: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """``outcomes(n)`` as two lists: the codes, and their chances."""
    pairs = outcomes(n)
    return tuple(code for code, _p in pairs), tuple(p for _code, p in pairs)


@lru_cache(maxsize=32)
def outcomes(n: int) -> tuple[tuple[int, float], ...]:
    """Every way ``n`` rerolled dice can land (as a code) with its probability."""
    total = 6**n
    result = []
    for counts in _compositions(n, 6):
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        result.append((encode(counts), ways / total))
    return tuple(result)


# What an energy rolled is worth to a monster in a situation, in VP-equivalents: the
# heuristic weighs it by the cards on offer (engine.ai.values.energy_weight).
EnergyWeight = Callable[[GameState, int], float]


def cached_scorer(state: GameState, seat: int, energy_weight: EnergyWeight,
                  quick: bool = False) -> DiceScorer:
    """The scorer for ``seat`` in this situation, shared by the decisions of one turn (its
    values depend on the monsters and Tokyo, not on the dice); ``quick``: the playouts'
    (see ``DiceScorer``), kept apart from the exact one. ``energy_weight`` is asked
    only when a scorer is built: it must depend only on what the cache's key holds (the
    monsters, Tokyo, the options and the cards on offer), as the heuristic's does
    (``engine.ai.values.scorer_for``, which the callers use).

    Safe to call from several threads (the bot thinks for two games at once): the cache is
    read and changed under a lock, and a scorer is built outside it, so threads wait for
    each other only for a dictionary access. Two threads may then build the same scorer;
    the first one stored is kept. A shared scorer's memos are filled by whichever thread
    asks first, with the same values either would compute."""
    key = (seat, quick, state.monsters, state.city, state.bay, state.bay_open, state.options,
           state.face_up)
    with _SCORERS_LOCK:
        scorer = _SCORERS.get(key)
    if scorer is not None:
        return scorer
    built = DiceScorer(state, seat, energy_weight(state, seat), quick=quick)
    with _SCORERS_LOCK:
        scorer = _SCORERS.setdefault(key, built)
        while len(_SCORERS) > _KEPT_SCORERS:
            del _SCORERS[next(iter(_SCORERS))]  # the oldest
    return scorer


class DiceScorer:
    """The value to ``seat`` of resolving final dice, by face counts (memoised).
    ``energy_weight``: what each energy rolled is worth (``EnergyWeight``).

    ``quick`` (the playouts' scorer): always valued face by face (``separable``), even with
    cards that tie faces together, which then count as if they did not: added damage as if
    no three 2s showed, a card's points for the numbers as if the dice neither attacked nor
    showed every face. The monster still values its cards' damage and points, roughly, and
    a playout's roll costs no more with them than without."""

    def __init__(self, state: GameState, seat: int, energy_weight: float,
                 quick: bool = False) -> None:
        self.state = state
        self.seat = seat
        self.monster = state.monsters[seat]
        self.in_tokyo = state.in_tokyo(seat)
        self.edition = state.options.edition
        self.cap = max_hearts(state, seat)
        # What the monster's cards do to its dice (engine.card_ai), gathered once.
        powers, once = view.powers, view.distinct_powers
        self.damage_cards = sorted(powers(state, seat, "ai_added_damage"),
                                   key=lambda p: p.smash_order)
        self.vp_cards = once(state, seat, "ai_dice_vp")
        self.extra_cards = once(state, seat, "ai_dice_extra")
        self.energy_bonus = sum(p.energy_bonus for p in powers(state, seat, "energy_bonus"))
        self.healing_bonus = sum(p.healing_bonus for p in once(state, seat, "healing_bonus"))
        self.heart_in_tokyo = sum(
            (p.ai_heart_in_tokyo for p in once(state, seat, "ai_heart_in_tokyo")), 0.0)
        self.hit_bonus = max((p.ai_hit_bonus for p in once(state, seat, "ai_hit_bonus")),
                             default=0.0)
        self.neighbours_lose = max(
            (p.ai_neighbours_lose for p in once(state, seat, "ai_neighbours_lose")), default=0)
        self.hits_everyone = bool(once(state, seat, "hits_everyone"))
        self.energy_weight = energy_weight
        # Without cards that tie faces together (added damage reads three 2s, points read
        # the other faces), a value is one part per face of energy, hearts and smashes plus
        # the numbers' points, and so is an expected value (``_expected_by_face``).
        self.exact = not (self.damage_cards or self.vp_cards or self.extra_cards)
        self.separable = self.exact or quick
        # Points that depend on more than the numbers' three of a kind (cards'): valued per
        # kept numbers (``_points_expected``).
        self.card_points = bool(self.vp_cards or self.extra_cards)
        self.face_values: dict[int, float] = {}
        self.face_tables: dict[int, tuple[tuple[float, ...], ...]] = {}
        self.number_values: dict[int, float] = {}
        self.attack: dict[tuple[int, bool], float] = {}
        self.hurts: dict[int, list[float]] = {}
        self.memo: dict[int, float] = {}
        self.averages: dict[int, float] = {}
        # The two parts of a value, each reading a few faces only (see ``_value``).
        self.rests: dict[int, tuple[float, int]] = {}
        self.scores: dict[int, float] = {}

    def value(self, code: int) -> float:
        found = self.memo.get(code)
        if found is None:
            found = self.memo[code] = (self._value_by_face(code) if self.separable
                                       else self._value(code))
        return found

    def _value_by_face(self, code: int) -> float:
        """A ``separable`` scorer's value of final dice: its parts as ``_expected_by_face``
        counts them (the same value as ``_value`` without cards tying faces; a quick
        scorer's rough one with them), read from the values of each face that the
        expected values are made of."""
        return (self._face_value(ENERGY, code >> 12 & 0xF)
                + self._face_value(HEART, code >> 16 & 0xF)
                + self._face_value(SMASH, code >> 20 & 0xF)
                + self._numbers_value(code & 0xFFF))

    def expected(self, kept: int, rerolled: int) -> float:
        """The expected value of rerolling ``rerolled`` dice beside the ``kept`` ones."""
        key = kept << _BITS | rerolled
        found = self.averages.get(key)
        if found is None:
            found = self.averages[key] = (
                self._expected_by_face(kept, rerolled) if self.separable
                else self._expected_by_outcome(kept, rerolled))
        return found

    def _expected_by_outcome(self, kept: int, rerolled: int) -> float:
        """The expected value over every way the rerolled dice can land."""
        get, value = self.memo.get, self.value
        codes, chances = outcome_lists(rerolled)
        values = [found if (found := get(kept + code)) is not None else value(kept + code)
                  for code in codes]
        return sum(map(mul, chances, values), 0.0)

    def _expected_by_face(self, kept: int, rerolled: int) -> float:
        """The expected value as the sum of each part's (``separable`` only): the energy,
        hearts and smashes by how many rerolled dice land on that face (``face_table``),
        the numbers by what they can end on. The same value as ``_expected_by_outcome``
        with a few dozen sums instead of hundreds of outcomes."""
        dice = sum(decode(kept)) + rerolled
        return (self.face_table(ENERGY, dice)[rerolled][kept >> 12 & 0xF]
                + self.face_table(HEART, dice)[rerolled][kept >> 16 & 0xF]
                + self.face_table(SMASH, dice)[rerolled][kept >> 20 & 0xF]
                + self._points_expected(kept & 0xFFF, rerolled))

    def face_table(self, face: int, dice: int) -> tuple[tuple[float, ...], ...]:
        """The expected value of the energy, hearts or smashes (``face``) of ``dice`` dice:
        ``[r][k]`` with k of them kept on that face and r rerolled (``expectation_table``
        of the values of 0 to ``dice`` dice showing it)."""
        key = face << _BITS | dice
        table = self.face_tables.get(key)
        if table is None:
            table = self.face_tables[key] = expectation_table(
                tuple(self._face_value(face, shown) for shown in range(dice + 1)))
        return table

    def best_keep_by_face(self, counts: tuple[int, ...],
                          ranges: list[list[int]]) -> tuple[tuple[int, ...], float]:
        """``best_keep`` for a ``separable`` scorer: the same ways to keep, in the same
        order, each valued as ``_expected_by_face`` does, with the memos read in line (a
        playout's roll asks it of a new scorer, for a few dozen ways to keep)."""
        total = sum(counts)
        best: tuple[tuple[int, ...], float] = (counts, float("-inf"))
        floor = best[1] + 1e-9
        energies = self.face_table(ENERGY, total)
        hearts = self.face_table(HEART, total)
        smashes = self.face_table(SMASH, total)
        for one, two, three in product(*ranges[:3]):
            numbers = one | two << 4 | three << 8
            left = total - one - two - three
            points = self.points_row(numbers, left)
            for energy in ranges[ENERGY]:
                after_energy = left - energy
                for heart in ranges[HEART]:
                    after_hearts = after_energy - heart
                    for smash in ranges[SMASH]:
                        rerolled = after_hearts - smash
                        if not rerolled:
                            continue
                        e = energies[rerolled][energy]
                        h = hearts[rerolled][heart]
                        m = smashes[rerolled][smash]
                        p = points[rerolled]
                        value = e + h + m + p
                        if value > floor:
                            best = ((one, two, three, energy, heart, smash), value)
                            floor = value + 1e-9
        return best

    def _face_value(self, face: int, shown: int) -> float:
        """What ``shown`` dice of energy, hearts or smashes are worth (``separable``)."""
        key = face << _BITS | shown
        found = self.face_values.get(key)
        if found is None:
            if face == ENERGY:
                found = self.energy(shown)
            elif face == HEART:
                found = self.hearts(shown)
            else:
                found = self.attack_value(*self.damage((0, 0, 0, 0, 0, shown)))
            self.face_values[key] = found
        return found

    def _numbers_value(self, numbers: int) -> float:
        """What the numbers ``numbers`` (a code of 1s, 2s and 3s) score with the monster's
        cards, as a quick scorer counts them (see the class)."""
        found = self.number_values.get(numbers)
        if found is None:
            found = self.number_values[numbers] = self._score(decode(numbers), False, False)
        return found

    def _points_expected(self, numbers: int, rerolled: int) -> float:
        """The expected value of the numbers' points once ``rerolled`` dice are rerolled
        beside the kept ``numbers``."""
        key = numbers << _BITS | rerolled
        averages = self.points_memo.averages
        total = averages.get(key)
        if total is None:
            if self.card_points:
                codes, chances = numbers_spread(numbers, rerolled)
                values = [self._numbers_value(code) for code in codes]
            else:
                scored, chances = points_spread(numbers, rerolled)
                values = [self.point_values[vp] for vp in scored]
            total = averages[key] = sum(map(mul, chances, values), 0.0)
        return total

    def points_row(self, numbers: int, dice: int) -> list[float]:
        """``_points_expected`` of the kept ``numbers`` for every number of dice rerolled
        from 1 to ``dice`` (at its index; none rerolled is not asked)."""
        key = numbers << _BITS | dice
        rows = self.points_memo.rows
        row = rows.get(key)
        if row is None:
            row = rows[key] = [0.0, *(self._points_expected(numbers, rerolled)
                                      for rerolled in range(1, dice + 1))]
        return row

    @cached_property
    def point_values(self) -> tuple[float, ...]:
        """What scoring 0, 1, 2... points with the numbers is worth (as many as the dice
        can score)."""
        return tuple(view.vp_value(self.state, self.seat, vp) for vp in range(_MOST_POINTS + 1))

    @cached_property
    def points_memo(self) -> PointsMemo:
        """The expected points by numbers kept and dice rerolled: shared by every scorer to
        which points are worth the same (``point_values``), its own with cards that score
        the numbers."""
        return PointsMemo() if self.card_points else shared_points_memo(self.point_values)

    def _value(self, code: int) -> float:
        """The value of final dice, as two parts cached by the faces they read: the energy,
        hearts and attack (with whether three 2s show, for cards adding damage), and the
        points (the numbers, with what the attack and every face shown change to them)."""
        rest_key = (code >> 12) << 1 | (code >> 4 & 0xF >= 3)
        rest = self.rests.get(rest_key)
        if rest is None:
            rest = self.rests[rest_key] = self._rest(decode(code))
        part, flags = rest
        score_key = (code & 0xFFF) << 3 | flags
        score = self.scores.get(score_key)
        if score is None:
            c = decode(code)
            score = self.scores[score_key] = self._score(c, flags & 2 != 0, flags & 1 != 0)
        return part + score

    def _rest(self, c: tuple[int, ...]) -> tuple[float, int]:
        """The value of the energy, hearts and attack of the dice, and the flags the points
        depend on: every face shown (4), the dice hit (2), they attack (1)."""
        damage, attacked = self.damage(c)
        value = self.energy(c[ENERGY]) + self.hearts(c[HEART]) + self.attack_value(damage,
                                                                                   attacked)
        every_face = c[ENERGY] and c[HEART] and c[SMASH]
        return value, (4 if every_face else 0) | (2 if damage else 0) | (1 if attacked else 0)

    def _score(self, c: tuple[int, ...], damaged: bool, attacked: bool) -> float:
        """The points of the dice, with what the cards add to them (they read the numbers,
        whether every face shows, and whether the dice attack and hit)."""
        numbers = (c[ONE], c[TWO], c[THREE])
        every_face = all(c)
        vp = sum(n + c[n - 1] - 3 for n in (1, 2, 3) if c[n - 1] >= 3)
        vp += sum(p.ai_dice_vp(numbers, every_face, attacked, damaged) for p in self.vp_cards)
        value = view.vp_value(self.state, self.seat, vp) if vp > 0 else float(vp)
        for power in self.extra_cards:
            value += power.ai_dice_extra(numbers)
        return value

    def damage(self, c: tuple[int, ...]) -> tuple[int, bool]:
        """The hearts each target would lose, and whether it is an attack (a Smash)."""
        smashes = c[SMASH]
        bonus = 0
        for power in self.damage_cards:
            bonus += power.ai_added_damage(
                Blow(self.edition, self.in_tokyo, c[TWO] >= 3, smashes, bonus))
        if self.edition == "2011" and not smashes:
            return bonus, False  # 2011: no attack without a Smash
        return smashes + bonus, smashes + bonus > 0

    def energy(self, gained: int) -> float:
        if not gained:
            return 0.0
        return (gained + self.energy_bonus) * self.energy_weight

    def hearts(self, rolled: int) -> float:
        if not rolled:
            return 0.0
        if self.in_tokyo:
            return self.heart_in_tokyo * rolled
        me = self.monster
        poison = min(rolled, me.poison)
        shrink = min(rolled - poison, me.shrink)
        heal = rolled - poison - shrink
        if heal:
            heal += self.healing_bonus
        value = 1.6 * (poison + shrink) + view.heart_worth(me.hearts, heal, self.cap)
        if me.poison - poison >= min(self.cap, me.hearts + heal):
            value -= view.kill_value_of_self(self.state, self.seat)
        return value

    def attack_value(self, damage: int, attacked: bool) -> float:
        key = (damage, attacked)
        found = self.attack.get(key)
        if found is None:
            found = self.attack[key] = self._attack_value(damage, attacked)
        return found

    def _attack_value(self, damage: int, attacked: bool) -> float:
        s = self.state
        if damage <= 0:
            return 0.0
        if attacked and self.edition == "2011" and not self.in_tokyo and s.city is None:
            return self.tokyo_worth  # takes it, no damage
        targets = self.targets
        near = self.neighbours if attacked and self.neighbours_lose else ()
        value = 0.0
        for target in set(targets) | set(near):
            amount = (damage if target in targets else 0) + (
                self.neighbours_lose if target in near else 0)
            value += self.hurt(target, amount)
            if target in targets and self.hit_bonus:
                value += self.hit_bonus
        if attacked and not self.in_tokyo:
            value += self.entry_value(damage)
        return value

    def hurt(self, target: int, amount: int) -> float:
        """``view.damage_value`` of ``target`` losing ``amount`` hearts, read from the
        values of every amount up to ``_HURT_AMOUNTS``, asked once a target."""
        values = self.hurts.get(target)
        if values is None:
            values = self.hurts[target] = view.damage_values(
                self.state, self.seat, target, range(_HURT_AMOUNTS))
        if amount < _HURT_AMOUNTS:
            return values[amount]
        return view.damage_value(self.state, self.seat, target, amount)

    @cached_property
    def targets(self) -> tuple[int, ...]:
        s = self.state
        if self.hits_everyone:
            return tuple(view.others(s, self.seat))
        if self.in_tokyo:
            return tuple(t for t in view.others(s, self.seat) if not s.in_tokyo(t))
        return tuple(t for t in (s.city, s.bay) if t is not None and t != self.seat)

    @cached_property
    def neighbours(self) -> tuple[int, ...]:
        others = view.others(self.state, self.seat)
        clockwise = sorted(others, key=lambda o: (o - self.seat) % len(self.state.monsters))
        return tuple({clockwise[0], clockwise[-1]}) if clockwise else ()

    def entry_value(self, damage: int) -> float:
        """Smashing Tokyo from outside may make its occupants leave: the attacker enters."""
        s = self.state
        if self._place_open():
            return 0.0  # it enters anyway (2016)
        chance = 0.0
        for occupant in (s.city, s.bay):
            if occupant is None:
                continue
            left = s.monsters[occupant].hearts - damage
            chance = max(chance, 1.0 if left <= 0 else view.yield_chance(left))
        return chance * self.tokyo_worth

    @cached_property
    def tokyo_worth(self) -> float:
        """What taking Tokyo City now is worth to the monster (asked once a scorer)."""
        return view.tokyo_value(self.state, self.seat, self.monster.hearts)

    def _place_open(self) -> bool:
        s = self.state
        if self.edition != "2016":
            return False
        return s.city is None or (s.bay_open and s.bay is None)


_SCORERS: dict[tuple[object, ...], DiceScorer] = {}
_SCORERS_LOCK = threading.Lock()
# Enough for a search's playouts to come back to the scorers of the turn it is deciding.
_KEPT_SCORERS = 64


def keep_ranges(counts: tuple[int, ...],
                held: tuple[int, ...] | None = None) -> list[list[int]]:
    """How many dice of each face a way to keep may keep (``keep_choices``)."""
    ranges = []
    for face, n in enumerate(counts):
        choices = {0, n, *range(3, n)} if face <= THREE else set(range(n + 1))
        if held is not None:
            choices = {held[face]} | {c for c in choices if c >= held[face]}
        ranges.append(sorted(choices))
    return ranges


def keep_choices(counts: tuple[int, ...],
                 held: tuple[int, ...] | None = None) -> list[tuple[int, ...]]:
    """The ways to keep dice worth trying: numbers all or nothing (or three and more),
    any number of energy, hearts and smashes. ``held``: counts each way keeps at least (the
    dice a player kept, which a suggestion never releases), themselves a way too."""
    return [tuple(choice) for choice in product(*keep_ranges(counts, held))]


def best_keep(scorer: DiceScorer, counts: tuple[int, ...],
              held: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], float]:
    """The kept counts that reroll at least one die with the best expected value (keeping at
    least ``held`` of each face, when given)."""
    if scorer.separable:
        return scorer.best_keep_by_face(counts, keep_ranges(counts, held))
    total = sum(counts)
    best: tuple[tuple[int, ...], float] = (counts, float("-inf"))
    for kept in keep_choices(counts, held):
        rerolled = total - sum(kept)
        if not rerolled:
            continue
        value = scorer.expected(encode(kept), rerolled)
        if value > best[1] + 1e-9:
            best = (kept, value)
    return best


def keep_indices(dice: tuple[Face, ...], kept: tuple[int, ...]) -> tuple[int, ...]:
    """Die indices to keep for these kept counts (the first dice showing each face)."""
    left = list(kept)
    indices = []
    for i, face in enumerate(dice):
        f = FACE_INDEX[face]
        if left[f]:
            left[f] -= 1
            indices.append(i)
    return tuple(indices)


def best_change(scorer: DiceScorer, counts: tuple[int, ...], target: str | None,
                source: str | None = None) -> tuple[int, int, float]:
    """The best single die to set (one showing ``source``, or any; to ``target``, or to any
    face): (from face, to face, gain). The gain is 0 or less when no change helps."""
    now = scorer.value(encode(counts))
    best = (-1, -1, 0.0)
    faces = [FACE_INDEX[target]] if target is not None else list(range(6))
    for old in range(6):
        if not counts[old] or (source is not None and old != FACE_INDEX[source]):
            continue
        for new in faces:
            if new == old:
                continue
            gain = scorer.value(encode(counts) - unit(old) + unit(new)) - now
            if gain > best[2] + 1e-9:
                best = (old, new, gain)
    return best
