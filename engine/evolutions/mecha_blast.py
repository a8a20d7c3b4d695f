"""Mecha Blast (Meka Dragon, temporary): played as its owner's dice are about to resolve,
every monster its Smashes make lose hearts this turn loses 2 more (face up until the turn
ends; Smashes only, as Board Game Arena counts it: docs/rulings.md 85)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.card_ai import Judge
from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.state import Card, GameState, Loss

MORE = 2


@register_evolution
class MechaBlast(Evolution):
    key = "mecha_blast"
    prompted_at = frozenset({"dice_resolving"})
    lasts = "turn"

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        return tuple(replace(loss, amount=loss.amount + MORE)
                     if loss.source == "smash" and loss.amount > 0 else loss
                     for loss in losses)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """Worth it when the final dice show a Smash: 2 more to each monster they hit."""
        if state.turn is None or "smash" not in state.turn.dice:
            return -1.0
        hit = [other for other in judge.others(state, seat)
               if state.in_tokyo(other) != state.in_tokyo(seat)]
        return sum(judge.damage_value(state, seat, other, MORE) for other in hit) - 1.0
