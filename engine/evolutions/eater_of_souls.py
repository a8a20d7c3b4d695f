"""Eater of Souls (Kraken, permanent): +1 heart each time the owner takes control of Tokyo,
and its maximum is 12 hearts."""

from __future__ import annotations

from engine.core import Ctx, card_reason, heal, trim_hearts
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Loss


@register_evolution
class EaterOfSouls(Evolution):
    key = "eater_of_souls"
    max_hearts = 12
    ai_worth = 2.5

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        heal(ctx, seat, 1, card_reason(ctx.s, self.key))
        return ()

    def on_lose(self, ctx: Ctx, seat: int, card: Card) -> None:
        trim_hearts(ctx, seat)
