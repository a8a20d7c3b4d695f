"""What a seat may know about a game, and the rough estimates the heuristic player builds on.

Everything here reads public information only: the monsters, their cards, Tokyo, the face-up
cards and the dice on the table. Never the deck's order nor the random generator.

Values are in "VP-equivalents": one victory point is worth 1, winning the game ``WIN``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import comb

from engine.core import Power, hooked, max_hearts
from engine.state import BLACK_DICE, WINNING_VP, GameState

WIN = 100.0
# An energy gained (dice, cards), and an energy kept rather than spent on a card.
ENERGY = 0.6
SPEND = 0.5
# The marginal worth of the k-th heart (index k): the last few hearts matter most.
HEART = (0.0, 2.2, 2.0, 1.8, 1.5, 1.2, 0.9, 0.7, 0.5, 0.4, 0.3, 0.25, 0.25, 0.25)
# The chance that one die ends on a Smash when a monster rolls three times for them.
SMASH_PER_DIE = 0.42


def powers(state: GameState, seat: int, hook: str) -> list[Power]:
    """The power of each of the monster's cards that answers ``hook`` (a copying card
    counts as the card it copies): for the AI hooks summed over the cards."""
    return [power for _card, power in hooked(state, seat, hook)]


def distinct_powers(state: GameState, seat: int, hook: str) -> list[Power]:
    """The monster's powers that answer ``hook``, each once (in the order of its cards): for
    the AI hooks asked once per power."""
    return list(dict.fromkeys(powers(state, seat, hook)))


def others(state: GameState, seat: int) -> list[int]:
    return [s for s in state.alive_seats() if s != seat]


def is_duel(state: GameState) -> bool:
    return len(state.alive_seats()) <= 2


@lru_cache(maxsize=4096)
def heart_worth(hearts: int, gained: int, cap: int) -> float:
    """What gaining ``gained`` hearts is worth to a monster at ``hearts`` (up to ``cap``)."""
    top = min(cap, hearts + gained)
    return sum(HEART[min(k, len(HEART) - 1)] for k in range(hearts + 1, top + 1))


def dice_of(state: GameState, seat: int) -> int:
    """How many dice the monster rolls (shrink tokens off, extra heads on)."""
    monster = state.monsters[seat]
    extra = sum(power.extra_dice for power in powers(state, seat, "extra_dice"))
    return max(0, BLACK_DICE - monster.shrink) + extra


@lru_cache(maxsize=256)
def at_least(dice: int, need: int) -> float:
    """The chance that ``dice`` dice kept for Smashes show at least ``need`` of them."""
    if need <= 0:
        return 1.0
    p = SMASH_PER_DIE
    return sum(comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(need, dice + 1))


def attackers(state: GameState, seat: int, in_tokyo: bool) -> list[int]:
    """Who may smash ``seat`` before its next turn, if it is (or is not) in Tokyo."""
    result = []
    for other in others(state, seat):
        other_in = state.in_tokyo(other)
        if other_in != in_tokyo or powers(state, other, "hits_everyone"):
            result.append(other)
    return result


def blow_risk(state: GameState, attacker: int, hearts: int) -> float:
    """The chance that one turn of ``attacker`` takes at least ``hearts`` hearts."""
    bonus = sum(power.ai_blow_bonus for power in powers(state, attacker, "ai_blow_bonus"))
    return at_least(dice_of(state, attacker), hearts - bonus)


def risk(state: GameState, attacking: list[int], hearts: int) -> float:
    """The chance that one of ``attacking`` takes ``hearts`` hearts in a single turn (a
    monster in Tokyo may yield after each blow, so blows are not added up)."""
    survive = 1.0
    for attacker in attacking:
        survive *= 1.0 - blow_risk(state, attacker, hearts)
    return 1.0 - survive


def death_risk(state: GameState, seat: int, hearts: int, in_tokyo: bool) -> float:
    """The chance of dropping to 0 before the next turn, in Tokyo or out of it."""
    return risk(state, attackers(state, seat, in_tokyo), hearts)


def kill_value(state: GameState, seat: int, target: int) -> float:
    """Knocking ``target`` out: the game when it is the last opponent."""
    if len(others(state, seat)) <= 1:
        return WIN
    victim = state.monsters[target]
    value = 10.0 + 0.4 * victim.vp
    if comes_back(state, target):
        value = 2.0 + 0.5 * victim.vp
    return value


def enemy_weight(state: GameState, seat: int, target: int) -> float:
    """How much hurting ``target`` helps ``seat``: fully in a duel, less at a bigger table,
    more against the leader."""
    if is_duel(state):
        return 1.0
    leader = max(state.monsters[s].vp for s in state.alive_seats())
    return 0.55 + (0.25 if state.monsters[target].vp >= leader else 0.0)


def damage_value(state: GameState, seat: int, target: int, amount: int) -> float:
    """What making ``target`` lose ``amount`` hearts is worth to ``seat``."""
    return damage_values(state, seat, target, (amount,))[0]


def damage_values(state: GameState, seat: int, target: int,
                  amounts: Iterable[int]) -> list[float]:
    """``damage_value`` of each of ``amounts``, the target's cards and weight read once (a
    dice scorer asks for every number of smashes)."""
    shares = distinct_powers(state, target, "ai_damage_share")
    hearts = state.monsters[target].hearts
    kill: float | None = None
    weight: float | None = None
    values = []
    for amount in amounts:
        share = 1.0
        for power in shares if amount > 0 else ():
            share *= power.ai_damage_share(state, target, amount)
        if amount <= 0 or share == 0.0:
            values.append(0.0)
            continue
        if amount >= hearts:
            if kill is None:
                kill = kill_value(state, seat, target)
            value = kill
        else:
            if weight is None:
                weight = enemy_weight(state, seat, target)
            value = heart_worth(hearts - amount, amount, hearts) * weight
        values.append(value * share)
    return values


def yield_chance(hearts_left: int) -> float:
    """How likely a monster in Tokyo left with ``hearts_left`` is to yield."""
    if hearts_left <= 3:
        return 0.85
    if hearts_left <= 5:
        return 0.6
    if hearts_left <= 7:
        return 0.3
    return 0.15


def stay_bonus(state: GameState, seat: int) -> float:
    """What starting the next turn in Tokyo brings."""
    if state.two_player_variant():
        return ENERGY
    more = sum(p.ai_tokyo_start_vp for p in powers(state, seat, "ai_tokyo_start_vp"))
    return vp_value(state, seat, 2 + more)


def tokyo_value(state: GameState, seat: int, hearts: int) -> float:
    """Taking Tokyo City now with ``hearts``: the entry and next turn's bonus, against the
    danger of being the target of everyone outside, and of not healing there."""
    entry = ENERGY if state.two_player_variant() else 1.0
    bay = state.bay if state.bay != seat else None
    inside = [o for o in others(state, seat) if o != bay]
    outside = [o for o in (state.city, state.bay) if o is not None and o != seat]
    danger = risk(state, inside, hearts) - risk(state, outside, hearts)
    lost = kill_value_of_self(state, seat)
    return entry + stay_bonus(state, seat) * (1 - danger) - danger * lost - 0.6


def kill_value_of_self(state: GameState, seat: int) -> float:
    """What being knocked out costs ``seat``."""
    if comes_back(state, seat):
        return 3.0 + state.monsters[seat].vp
    return WIN * min(0.6, 1.2 / len(state.alive_seats()))


def comes_back(state: GameState, seat: int) -> bool:
    """Does the monster come back after a knock-out (a card of its says so)?"""
    return bool(powers(state, seat, "ai_comes_back"))


def vp_value(state: GameState, seat: int, vp: int) -> float:
    """Gaining ``vp`` points: the game at 20, otherwise a little more as the end nears."""
    if vp <= 0:
        return 0.0
    have = state.monsters[seat].vp
    if have + vp >= WINNING_VP:
        return WIN * 0.95
    return vp * (1.0 + 0.03 * max(0, have - 8))


def progress(state: GameState) -> float:
    """How much of the game is left for a Keep card to work, from 1 (start) down to 0.2."""
    leader = max(state.monsters[s].vp for s in state.alive_seats())
    weakest = min(state.monsters[s].hearts for s in state.alive_seats())
    left = min((WINNING_VP - leader) / 14.0, 1.0)
    if is_duel(state) and weakest <= 4:
        left = min(left, 0.6)
    return max(0.2, left)


def missing_hearts(state: GameState, seat: int) -> int:
    return max_hearts(state, seat) - state.monsters[seat].hearts
