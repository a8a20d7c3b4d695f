"""Tune-Up (Meka Dragon, temporary): played at the start of its owner's turn, before it
rolls, if it is not in Tokyo: it gives up the rest of its turn for 4 hearts and 2 energy."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, max_hearts
from engine.evolution import Evolution, give_up_turn, register_evolution
from engine.state import GameState

HEARTS = 4
ENERGY = 2
# What the turn given up is worth to the AI, in VP-equivalents (as Sunken Temple's).
_TURN_WORTH = 2.5


@register_evolution
class TuneUp(Evolution):
    key = "tune_up"
    prompted_at = frozenset({"turn_start"})
    ends_the_moment = True

    def playable(self, state: GameState, seat: int) -> bool:
        return not state.in_tokyo(seat)

    def on_play(self, ctx: Ctx, seat: int) -> None:
        give_up_turn(ctx, seat, self.key, HEARTS, ENERGY)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        monster = state.monsters[seat]
        cap = max_hearts(state, seat)
        return judge.heart_worth(monster.hearts, HEARTS, cap) + ENERGY * judge.energy \
            - _TURN_WORTH
