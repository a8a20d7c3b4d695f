"""Tail Sweep (Gigazaur, permanent): once a turn, while it rolls, its owner turns one of its
dice into a 1 or a 2 (a dice tool: which die, then which of the two faces)."""

from __future__ import annotations

from typing import ClassVar

from msgspec.structs import replace

from engine.actions import Choice, Pass, PickDie
from engine.card_ai import DieChange, Judge, choices
from engine.cards.dice_tools import DieSetter
from engine.core import Ctx, replace_card
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Decision, Face, GameState


@register_evolution
class TailSweep(DieSetter, Evolution):
    key = "tail_sweep"
    faces: ClassVar[tuple[Face, ...]] = ("1", "2")
    ai_worth = 1.5

    def can_use(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return card.used_turn != ctx.turn.number

    def after_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))

    def ai_die_change(self) -> DieChange | None:
        return None  # (the heuristic does not plan a die into a 1 or a 2)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """The die whose change into a 1 or a 2 gains most (then, asked the face, the best
        of the two: ``DieSetter``'s), or nothing."""
        if decision.question.endswith("_face") or state.turn is None:
            return super().ai_answer(judge, state, decision)
        dice = state.turn.dice
        now = judge.dice_value(state, decision.seat, dice)
        best: tuple[Choice, float] = (Pass(), now + 0.01)
        for choice in choices(decision):
            if isinstance(choice, PickDie):
                for face in self.faces:
                    changed = (*dice[:choice.die], face, *dice[choice.die + 1:])
                    value = judge.dice_value(state, decision.seat, changed)
                    if value > best[1]:
                        best = (choice, value)
        return best[0]
