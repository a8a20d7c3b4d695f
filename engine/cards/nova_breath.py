"""Nova Breath: the owner's smashes hit every other monster, in Tokyo or not (monsters in
Tokyo it hits may yield as usual)."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Power, register
from engine.state import GameState


@register
class NovaBreath(Power):
    key = "nova_breath"
    ai_worth = 5.0
    hits_everyone = True

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return -2.0 if judge.is_duel(state) else 0.0
