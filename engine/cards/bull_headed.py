"""Bull Headed: 1 VP each time its owner could yield Tokyo and stays instead, that is each
time it answers the yield question (itself, by a standing order or by a timeout) with Stay.
A monster that was not asked (no smash hit it) could not yield: nothing (docs/rulings.md)."""

from __future__ import annotations

from engine.core import Ctx, Power, card_reason, gain_vp, register
from engine.state import Card


@register
class BullHeaded(Power):
    key = "bull_headed"
    ai_worth = 2.5
    ai_stay_vp = 1

    def on_yield_answered(self, ctx: Ctx, seat: int, card: Card, yielded: bool) -> None:
        if not yielded:
            gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
