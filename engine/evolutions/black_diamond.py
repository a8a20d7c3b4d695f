"""Black Diamond (Space Penguin, permanent): +1 VP more each time the owner takes control of
Tokyo, and each time it stays in Tokyo when it could have yielded."""

from __future__ import annotations

from engine.core import Ctx, card_reason, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Loss


@register_evolution
class BlackDiamond(Evolution):
    key = "black_diamond"
    ai_worth = 2.5

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
        return ()

    def on_yield_answered(self, ctx: Ctx, seat: int, card: Card, yielded: bool) -> None:
        if not yielded:
            gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
