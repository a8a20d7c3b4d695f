"""Alpha Male (The King, permanent): +1 VP in each of the owner's turns in which its Smashes
make at least one monster lose hearts (once a turn)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.core import Ctx, card_reason, gain_vp, replace_card
from engine.evolution import Evolution, register_evolution
from engine.state import Card


@register_evolution
class AlphaMale(Evolution):
    key = "alpha_male"
    ai_worth = 3.0

    def on_smash_hit(self, ctx: Ctx, seat: int, card: Card, target: int) -> None:
        if card.used_turn == ctx.turn.number:
            return
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
