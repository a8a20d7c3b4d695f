"""Panda Express (Pandakaï, permanent): when its owner's final dice show all six faces (1, 2,
3, heart, Smash and energy), it gains 2 VP and takes another turn after this one."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, card_reason, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import FACES, Card, Face


@register_evolution
class PandaExpress(Evolution):
    key = "panda_express"
    ai_worth = 2.0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if not set(FACES) <= set(dice):
            return
        gain_vp(ctx, seat, 2, card_reason(ctx.s, self.key))
        # The current turn finishes normally; the extra turn follows it.
        ctx.set(extra_turns=(*ctx.s.extra_turns, seat))
        ctx.emit(ev.ExtraTurnGranted(seat=seat, card=self.key))
