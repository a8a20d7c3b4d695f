"""Mouse Hunter (Cyber Kitty, permanent): +1 VP when the owner's final dice show a 1."""

from __future__ import annotations

from engine.core import Ctx, card_reason, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Face


@register_evolution
class MouseHunter(Evolution):
    key = "mouse_hunter"
    ai_worth = 2.0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if "1" in dice:
            gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
