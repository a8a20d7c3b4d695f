"""I Am the King! (The King, permanent): +1 VP more each time the owner takes control of
Tokyo, and each time it starts its turn in Tokyo."""

from __future__ import annotations

from engine.core import Ctx, card_reason, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Loss


@register_evolution
class IAmTheKing(Evolution):
    key = "i_am_the_king"
    ai_worth = 3.0

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
        return ()

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if ctx.s.in_tokyo(seat):
            gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
