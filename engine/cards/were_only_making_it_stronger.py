"""We're Only Making It Stronger!: 1 energy each time the owner loses 2 hearts or more at once
(one loss: the smashes of a roll, one card, its poison). A real gain: Friend of Children adds
1. What counts is the hearts actually lost, after prevention."""

from __future__ import annotations

from engine.core import Ctx, Power, card_reason, gain_energy, register
from engine.state import Card


@register
class WereOnlyMakingItStronger(Power):
    key = "were_only_making_it_stronger"
    ai_worth = 1.5

    def on_hearts_lost(self, ctx: Ctx, seat: int, card: Card, amount: int) -> None:
        if amount >= 2:
            gain_energy(ctx, seat, 1, card_reason(ctx.s, self.key))
