"""Pandarwinism (Pandakaï, permanent): with three hearts or more among the owner's final
dice, +1 VP, and +1 VP for each heart beyond three."""

from __future__ import annotations

from engine.core import Ctx, card_reason, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Face


@register_evolution
class Pandarwinism(Evolution):
    key = "pandarwinism"
    ai_worth = 2.0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        hearts = dice.count("heart")
        if hearts >= 3:
            gain_vp(ctx, seat, hearts - 2, card_reason(ctx.s, self.key))
