"""Eater of the Dead: 3 VP each time a monster reaches 0 hearts, even one that It Has a Child!
keeps in the game (2011 rulebook). The owner's own fall gives it nothing: the owner is then
out of the game, or starts again with no VP."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, gain_vp, register
from engine.state import Card, GameState

VP = 3


@register
class EaterOfTheDead(Power):
    key = "eater_of_the_dead"
    ai_worth = 2.5

    def on_monster_at_zero(self, ctx: Ctx, seat: int, card: Card, fallen: int) -> None:
        if fallen != seat:
            gain_vp(ctx, seat, VP, card_reason(ctx.s, self.key))

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return -2.0 if judge.is_duel(state) else 0.0
