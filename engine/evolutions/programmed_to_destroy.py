"""Programmed to Destroy (Meka Dragon, permanent): +3 VP and +2 energy each time another
monster reaches 0 hearts."""

from __future__ import annotations

from engine.core import Ctx, card_reason, gain_energy, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card


@register_evolution
class ProgrammedToDestroy(Evolution):
    key = "programmed_to_destroy"
    ai_worth = 2.0

    def on_monster_at_zero(self, ctx: Ctx, seat: int, card: Card, fallen: int) -> None:
        if fallen != seat:
            reason = card_reason(ctx.s, self.key)
            gain_vp(ctx, seat, 3, reason)
            gain_energy(ctx, seat, 2, reason)
