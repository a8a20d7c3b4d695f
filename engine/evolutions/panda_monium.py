"""Panda-Monium (Pandakaï, temporary): +6 energy, and every other monster gains 3."""

from __future__ import annotations

from engine.card_ai import Amounts, Judge
from engine.core import Ctx, card_reason, clockwise_others, gain_energy
from engine.evolution import Evolution, register_evolution
from engine.state import GameState


@register_evolution
class PandaMonium(Evolution):
    key = "panda_monium"

    def on_play(self, ctx: Ctx, seat: int) -> None:
        reason = card_reason(ctx.s, self.key)
        gain_energy(ctx, seat, 6, reason)
        for other in clockwise_others(ctx.s, seat):
            gain_energy(ctx, other, 3, reason)

    def ai_amounts(self) -> Amounts:
        return Amounts(energy=6)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """The energy the others gain counts against it, as much as each rival weighs."""
        return -sum(3 * judge.energy * judge.enemy_weight(state, seat, other)
                    for other in judge.others(state, seat))
