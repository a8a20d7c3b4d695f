"""Cold Wave (Space Penguin, temporary): until its owner's next turn, every other monster
rolls one die fewer. Face up until then; Board Game Arena asks for it at the end of its
owner's turn, which is when it lasts longest."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.evolution import Evolution, register_evolution
from engine.state import GameState

# What one die fewer for every other monster's next turn is worth to the AI, a monster.
_A_DIE_FEWER = 0.6


@register_evolution
class ColdWave(Evolution):
    key = "cold_wave"
    prompted_at = frozenset({"turn_end"})
    lasts = "until_next_turn"
    others_fewer_dice = 1

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """Best played at the end of its owner's own turn (it then lasts a whole round)."""
        if state.turn is None or state.turn.seat != seat:
            return -1.0
        return _A_DIE_FEWER * len(judge.others(state, seat)) - 1.0
