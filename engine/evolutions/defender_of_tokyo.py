"""Defender of Tokyo (Gigazaur, permanent): when the owner starts its turn in Tokyo, every
other monster loses 1 VP."""

from __future__ import annotations

from engine.core import Ctx, card_reason, clockwise_others, lose_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card


@register_evolution
class DefenderOfTokyo(Evolution):
    key = "defender_of_tokyo"
    ai_worth = 2.0

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if ctx.s.in_tokyo(seat):
            for other in clockwise_others(ctx.s, seat):
                lose_vp(ctx, other, 1, card_reason(ctx.s, self.key))
