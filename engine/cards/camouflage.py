"""Camouflage: for a loss, roll a die per heart; each heart rolled cancels one.

It rolls by itself (docs/rulings.md: rolling can only help, so the owner is not asked)."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, Power, register
from engine.state import Card


@register
class Camouflage(Power):
    key = "camouflage"
    ai_worth = 3.0
    prevent_order = 1

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        dice = ctx.roll_dice(amount)
        ctx.emit(ev.PreventionRolled(seat=seat, dice=dice, card=self.key))
        saved = dice.count("heart")
        if saved:
            ctx.emit(ev.LossPrevented(seat=seat, amount=saved, card=self.key))
        return amount - saved
