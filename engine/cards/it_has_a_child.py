"""It Has a Child!: at 0 hearts, discard every card, lose every VP, and come back at full
hearts outside Tokyo."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import (
    Ctx,
    Power,
    card_reason,
    current_card,
    leave_tokyo,
    lose_vp,
    max_hearts,
    register,
    remove_card,
)
from engine.phrases import phrase
from engine.state import Card, GameState


@register
class ItHasAChild(Power):
    key = "it_has_a_child"
    ai_worth = 4.0
    ai_comes_back = True

    def on_zero_hearts(self, ctx: Ctx, seat: int, card: Card) -> bool:
        for owned in ctx.mon(seat).cards:
            if current_card(ctx, seat, owned.uid) is not None:
                remove_card(ctx, seat, owned, card_reason(ctx.s, self.key))
        lose_vp(ctx, seat, ctx.mon(seat).vp, card_reason(ctx.s, self.key))
        ctx.set_mon(seat, hearts=max_hearts(ctx.s, seat))
        leave_tokyo(ctx, seat, phrase("reason-restarted"))
        ctx.emit(ev.Restarted(seat=seat, card=self.key))
        return True

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return -2.0 if state.monsters[seat].vp >= 10 else 0.0  # the VP it would cost
