"""Vast Storm: +2 VP, and every other monster loses half its energy (rounded down)."""

from __future__ import annotations

from engine.cards.instants import Instant
from engine.core import Ctx, card_name, pay_energy, register


@register
class VastStorm(Instant):
    key = "vast_storm"
    vp = 2

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        for other in others:
            lost = ctx.mon(other).energy // 2
            if lost:
                pay_energy(ctx, other, lost, card_name(ctx.s, self.key))
