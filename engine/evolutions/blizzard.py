"""Blizzard (Space Penguin, temporary, played in its owner's turn): until its owner's next
turn, every other monster rolls once only and cannot yield Tokyo (Board Game Arena spares
the owner). Face up until then; asked at the end of its owner's turn, when it lasts a whole
round."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.evolution import Evolution, register_evolution
from engine.state import GameState

# What one roll only for every other monster is worth to the AI, a monster.
_ONE_ROLL = 0.8


@register_evolution
class Blizzard(Evolution):
    key = "blizzard"
    prompted_at = frozenset({"turn_end"})
    lasts = "until_next_turn"
    others_roll_once = True

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        if state.turn is None or state.turn.seat != seat:
            return -1.0
        return _ONE_ROLL * len(judge.others(state, seat)) - 1.0
