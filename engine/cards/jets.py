"""Jets: a monster in Tokyo that yields loses no hearts from the smashes that hit it.

Its loss waits for the yield question: yielding cancels it (even a lethal one), staying
applies it (docs/rulings.md)."""

from __future__ import annotations

from engine.core import Ctx, Power, register
from engine.state import Card, Loss


@register
class Jets(Power):
    key = "jets"
    ai_worth = 3.0

    def cancels_loss_on_yield(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return True
