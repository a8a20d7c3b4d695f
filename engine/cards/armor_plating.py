"""Armor Plating: a loss of exactly 1 heart is ignored."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, Power, register
from engine.state import Card, GameState


@register
class ArmorPlating(Power):
    key = "armor_plating"
    ai_worth = 3.5
    prevent_order = 0

    def prevents(self, ctx: Ctx, seat: int, card: Card, amount: int) -> bool:
        return amount == 1

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        ctx.emit(ev.LossPrevented(seat=seat, amount=1, card=self.key))
        return 0

    def ai_damage_share(self, state: GameState, seat: int, amount: int) -> float:
        return 0.0 if amount == 1 else 1.0
