"""Armor Plating: a loss of exactly 1 heart is ignored."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, Power, register
from engine.state import Card


@register
class ArmorPlating(Power):
    key = "armor_plating"
    prevent_order = 0

    def prevents(self, ctx: Ctx, seat: int, card: Card, amount: int) -> bool:
        return amount == 1

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        ctx.emit(ev.LossPrevented(seat=seat, amount=1, card=self.key))
        return 0
