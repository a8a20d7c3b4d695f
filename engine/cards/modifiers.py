"""Keep cards that only change a number: dice, rolls, costs."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Power, register
from engine.state import GameState


@register
class ExtraHead(Power):
    key = "extra_head"
    ai_worth = 8.5
    extra_dice = 1


@register
class GiantBrain(Power):
    key = "giant_brain"
    ai_worth = 6.0
    extra_rolls = 1


@register
class AlienOrigin(Power):
    key = "alien_origin"
    ai_worth = 4.5
    discount = 1

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return 0.5 if state.monsters[seat].energy >= 6 else 0.0
