"""King of the Gizmo (Cyber Bunny, permanent): +1 VP each time the owner buys a power card."""

from __future__ import annotations

from engine.core import Ctx, card_reason, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card


@register_evolution
class KingOfTheGizmo(Evolution):
    key = "king_of_the_gizmo"
    ai_worth = 2.0

    def on_card_bought(self, ctx: Ctx, seat: int, card: Card, bought: str) -> None:
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
