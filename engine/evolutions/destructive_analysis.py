"""Destructive Analysis (Meka Dragon, temporary): played as its owner's dice are about to
resolve, an energy for each Smash its dice show (the dice's Smashes, not those cards add)."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, card_reason, gain_energy
from engine.evolution import Evolution, register_evolution
from engine.state import GameState


def _smashes_rolled(state: GameState) -> int:
    return 0 if state.turn is None else state.turn.dice.count("smash")


@register_evolution
class DestructiveAnalysis(Evolution):
    key = "destructive_analysis"
    prompted_at = frozenset({"dice_resolving"})

    def on_play(self, ctx: Ctx, seat: int) -> None:
        gain_energy(ctx, seat, _smashes_rolled(ctx.s), card_reason(ctx.s, self.key))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """Kept for a roll of two Smashes or more."""
        smashes = _smashes_rolled(state)
        return smashes * judge.energy if smashes >= 2 else -1.0
