"""The heuristic player's answers to the cards' own questions (decisions of kind ``card``):
the card that asks answers through its ``ai_answer`` hook (engine.card_ai), given the
heuristic's valuations. A question it leaves unanswered gets the decision's default."""

from __future__ import annotations

from engine.actions import Action, Choose
from engine.ai.values import JUDGE
from engine.core import POWERS
from engine.state import Decision, GameState


def answer_card(state: GameState, decision: Decision) -> Action:
    """One of the decision's options: the asking card's answer, or the default."""
    power = POWERS.get(decision.power or "")
    choice = power.ai_answer(JUDGE, state, decision) if power is not None else None
    for option in decision.options:
        if isinstance(option, Choose) and option.choice == choice:
            return option
    return decision.default
