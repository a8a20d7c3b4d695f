"""The heuristic player's answers to the cards' own questions (decisions of kind ``card``),
by question name. A question without an answer here gets the decision's default."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import (
    Action,
    Choice,
    Choose,
    Pass,
    PickAmount,
    PickCard,
    PickDie,
    PickMonster,
    SetDie,
    TopCard,
    UseCard,
)
from engine.ai import view
from engine.ai.dice import FACE_INDEX, best_change, count, encode, scorer_for, unit
from engine.ai.values import copy_targets, keep_value, net_value, uid_key
from engine.core import card_cost, find_card, printed_cost
from engine.state import FACES, Decision, GameState

Answer = Callable[[GameState, Decision], Choice | None]

# The value of owning Psychic Probe, risked on each reroll (a heart discards it).
PROBE_RISK = 2.5 / 6


def choices(decision: Decision) -> list[Choice]:
    return [o.choice for o in decision.options if isinstance(o, Choose)]


def answer_card(state: GameState, decision: Decision) -> Action:
    """One of the decision's options: the question's own answer, or the default."""
    handler = handler_for(decision.question)
    choice = handler(state, decision) if handler is not None else None
    for option in decision.options:
        if isinstance(option, Choose) and option.choice == choice:
            return option
    return decision.default


def handler_for(question: str) -> Answer | None:
    handler = HANDLERS.get(question)
    if handler is None and question.endswith("_face"):
        return set_face
    return handler


# --- copying and selling ------------------------------------------------------------------


def mimic(state: GameState, decision: Decision) -> Choice | None:
    return _best_copy(state, decision)[0]


def mimic_move(state: GameState, decision: Decision) -> Choice | None:
    choice, value = _best_copy(state, decision)
    if state.monsters[decision.seat].energy < 1:
        return Pass()  # (spent meanwhile on another question)
    mimic_card = find_card(state, decision.card_uid or -1)
    current = 0.0
    if mimic_card is not None and mimic_card[1].copies is not None:
        copied = uid_key(state, mimic_card[1].copies)
        current = keep_value(state, decision.seat, copied) if copied else 0.0
    return choice if value - current > 1.5 else Pass()


def _best_copy(state: GameState, decision: Decision) -> tuple[Choice | None, float]:
    best: tuple[Choice | None, float] = (None, float("-inf"))
    for choice in choices(decision):
        key = uid_key(state, choice.uid) if isinstance(choice, PickCard) else None
        if key is not None and key in copy_targets(state):
            value = keep_value(state, decision.seat, key)
            if value > best[1]:
                best = (choice, value)
    return best


def metamorph(state: GameState, decision: Decision) -> Choice | None:
    """Sell the card whose energy is worth most more than the card itself (never the card
    that sells)."""
    best: tuple[Choice, float] = (Pass(), 0.0)
    for choice in choices(decision):
        key = uid_key(state, choice.uid) if isinstance(choice, PickCard) else None
        if key is None or choice == PickCard(uid=decision.card_uid or -1):
            continue
        gain = printed_cost(state, key) * view.SPEND - keep_value(state, decision.seat, key)
        if gain > best[1]:
            best = (choice, gain)
    return best[0]


# --- buying ---------------------------------------------------------------------------


def lab(state: GameState, decision: Decision) -> Choice | None:
    """Made in a Lab shows its owner the top card: the one place it may be read."""
    if not state.deck or TopCard() not in choices(decision):
        return Pass()
    return TopCard() if net_value(state, decision.seat, state.deck[0]) > 0 else Pass()


def opportunist(state: GameState, decision: Decision) -> Choice | None:
    """The best revealed card worth its cost, if it is still affordable: another question
    answered meanwhile (the card just bought asking its own) may have spent the energy."""
    energy = state.monsters[decision.seat].energy
    best: tuple[Choice, float] = (Pass(), 0.0)
    for choice in choices(decision):
        key = uid_key(state, choice.uid) if isinstance(choice, PickCard) else None
        if key is None or card_cost(state, decision.seat, key) > energy:
            continue
        if (value := net_value(state, decision.seat, key)) > best[1]:
            best = (choice, value)
    return best[0]


def batteries(state: GameState, decision: Decision) -> Choice | None:
    """Put everything on it (the bank doubles it), but what a good card on offer costs."""
    energy = state.monsters[decision.seat].energy
    keep = 0
    for card in state.face_up:
        cost = card_cost(state, decision.seat, card.key)
        if cost <= energy and net_value(state, decision.seat, card.key) > 1.0:
            keep = max(keep, cost)
    return PickAmount(amount=max(0, energy - keep))


# --- hearts ---------------------------------------------------------------------------


def healing_ray(state: GameState, decision: Decision) -> Choice | None:
    """Heal others for their energy only when the hearts are no use here (in Tokyo, or at
    full hearts) and the monster healed is no danger."""
    seat = decision.seat
    if not state.in_tokyo(seat) and view.missing_hearts(state, seat) > 0:
        return Pass()
    best: tuple[Choice, float] = (Pass(), 0.0)
    for choice in choices(decision):
        if not isinstance(choice, PickMonster):
            continue
        target = state.monsters[choice.seat]
        paid = min(target.energy, 2 * choice.amount)
        cost = view.heart_worth(target.hearts, choice.amount, 12) * view.enemy_weight(
            state, seat, choice.seat)
        gain = paid * view.ENERGY - cost
        if gain > best[1]:
            best = (choice, gain)
    return best[0]


# --- dice -----------------------------------------------------------------------------


def pick_die(state: GameState, decision: Decision) -> Choice | None:
    """Plot Twist, Stretchy, Herd Culler: the die the roll question chose to change."""
    assert state.turn is not None
    target = CARD_TARGETS.get(decision.question)
    scorer = scorer_for(state, decision.seat)
    old, _new, gain = best_change(scorer, count(state.turn.dice), target,
                                  CARD_SOURCES.get(decision.question))
    if gain <= 0:
        return Pass()
    return next((c for c in choices(decision)
                 if isinstance(c, PickDie) and FACE_INDEX[state.turn.dice[c.die]] == old),
                Pass())


def set_face(state: GameState, decision: Decision) -> Choice | None:
    assert state.turn is not None
    dice = state.turn.dice
    scorer = scorer_for(state, decision.seat)
    code = encode(count(dice))
    best: tuple[Choice, float] = (Pass(), float("-inf"))
    for choice in choices(decision):
        if isinstance(choice, SetDie):
            changed = code - unit(FACE_INDEX[dice[choice.die]]) + unit(FACES.index(choice.face))
            if (value := scorer.value(changed)) > best[1]:
                best = (choice, value)
    return best[0]


def probe(state: GameState, decision: Decision) -> Choice | None:
    """Reroll the active monster's die whose reroll costs it the most, on average."""
    assert state.turn is not None
    dice = state.turn.dice
    scorer = scorer_for(state, state.turn.seat)
    code = encode(count(dice))
    now = scorer.value(code)
    best: tuple[Choice, float] = (Pass(), PROBE_RISK)
    for choice in choices(decision):
        if not isinstance(choice, PickDie):
            continue
        base = code - unit(FACE_INDEX[dice[choice.die]])
        drop = now - sum(scorer.value(base + unit(f)) for f in range(6)) / 6
        if drop > best[1] + 1e-9:
            best = (choice, drop)
    return best[0]


def freeze_time(state: GameState, decision: Decision) -> Choice | None:
    take = next((c for c in choices(decision) if isinstance(c, UseCard)), None)
    return take if take is not None else Pass()


# The face a die-setting card turns a die into (None: any face).
CARD_TARGETS: dict[str, str | None] = {
    "plot_twist": None, "stretchy": None, "herd_culler": "1", "shrinky": "1",
    "biofuel": "energy",
}
# The only face a die-setting card can change, for those limited to one.
CARD_SOURCES: dict[str, str] = {"shrinky": "2", "biofuel": "heart"}

HANDLERS: dict[str, Answer] = {
    "mimic": mimic,
    "mimic_move": mimic_move,
    "metamorph": metamorph,
    "lab": lab,
    "opportunist": opportunist,
    "batteries": batteries,
    "healing_ray": healing_ray,
    "plot_twist": pick_die,
    "stretchy": pick_die,
    "herd_culler": pick_die,
    "shrinky": pick_die,
    "biofuel": pick_die,
    "probe": probe,
    "freeze_time": freeze_time,
}
