"""Even Bigger: +2 hearts when gained, and a maximum of 12 hearts while owned."""

from __future__ import annotations

from engine.core import Ctx, Power, card_name, heal, register, trim_hearts
from engine.state import Card


@register
class EvenBigger(Power):
    key = "even_bigger"
    max_hearts = 12

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        heal(ctx, seat, 2, card_name(ctx.s, self.key))

    def on_lose(self, ctx: Ctx, seat: int, card: Card) -> None:
        # The maximum goes back to 10; hearts above it are lost (docs/rulings.md).
        trim_hearts(ctx, seat)
