"""Mandibles of Dread (Kraken, permanent): a monster the owner's Smashes make lose hearts
loses 1 VP (IELLO's correction of the new edition's misprint: rules/power-up.md 4.1)."""

from __future__ import annotations

from engine.core import Ctx, card_reason, lose_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card


@register_evolution
class MandiblesOfDread(Evolution):
    key = "mandibles_of_dread"
    ai_worth = 2.0

    def on_smash_hit(self, ctx: Ctx, seat: int, card: Card, target: int) -> None:
        lose_vp(ctx, target, 1, card_reason(ctx.s, self.key))
