"""Frenzy: the buyer takes another turn after this one."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.cards.instants import Instant
from engine.core import Ctx, register
from engine.state import GameState


@register
class Frenzy(Instant):
    key = "frenzy"

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        # The current turn finishes normally; the buyer's extra turn follows it.
        ctx.set(extra_turns=(*ctx.s.extra_turns, seat))
        ctx.emit(ev.ExtraTurnGranted(seat=seat, card=self.key))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return 5.0  # another turn
