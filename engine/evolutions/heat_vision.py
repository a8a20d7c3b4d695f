"""Heat Vision (Gigazaur, permanent): a monster whose Smashes make its owner lose hearts
loses 1 VP."""

from __future__ import annotations

from engine.core import Ctx, card_reason, lose_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card


@register_evolution
class HeatVision(Evolution):
    key = "heat_vision"
    ai_worth = 2.0

    def on_smashed(self, ctx: Ctx, seat: int, card: Card, by: int) -> None:
        lose_vp(ctx, by, 1, card_reason(ctx.s, self.key))
