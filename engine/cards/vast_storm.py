"""Vast Storm: +2 VP, and every other monster loses half its energy (rounded down)."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.cards.instants import Instant
from engine.core import Ctx, card_reason, pay_energy, register
from engine.state import GameState


@register
class VastStorm(Instant):
    key = "vast_storm"
    vp = 2

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        for other in others:
            lost = ctx.mon(other).energy // 2
            if lost:
                pay_energy(ctx, other, lost, card_reason(ctx.s, self.key))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return sum(state.monsters[o].energy // 2 * judge.energy * judge.enemy_weight(state, seat, o)
                   for o in judge.others(state, seat))
