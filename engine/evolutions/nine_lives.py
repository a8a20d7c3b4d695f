"""Nine Lives (Cyber Kitty, temporary): never played by hand; when its owner reaches 0
hearts, it acts by itself from the hand (before It Has a Child! would): its owner discards
every card it has, its Evolutions too (in hand and face up, Nine Lives with them), loses
all its energy and VP, leaves Tokyo, then comes back with 9 hearts and 9 VP."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import (
    Ctx,
    card_reason,
    current_card,
    discard_evolutions,
    gain_vp,
    heal,
    leave_tokyo,
    lose_vp,
    pay_energy,
    release_copies,
    remove_card,
)
from engine.evolution import Evolution, register_evolution
from engine.state import GameState

BACK_WITH = 9


# What holding it is worth to the AI choosing what to keep (a second life).
_HELD_WORTH = 3.0


@register_evolution
class NineLives(Evolution):
    key = "nine_lives"

    def from_hand_at_zero(self, ctx: Ctx, seat: int) -> bool:
        reason = card_reason(ctx.s, self.key)
        ctx.emit(ev.EvolutionPlayed(seat=seat, card=self.key))
        for owned in ctx.mon(seat).cards:
            if current_card(ctx, seat, owned.uid) is not None:
                remove_card(ctx, seat, owned, reason)
        for discarded in discard_evolutions(ctx, seat):
            release_copies(ctx, discarded)
        monster = ctx.mon(seat)
        pay_energy(ctx, seat, monster.energy, reason)
        lose_vp(ctx, seat, monster.vp, reason)
        leave_tokyo(ctx, seat, reason)
        heal(ctx, seat, BACK_WITH, reason, bonus_of=-1)
        gain_vp(ctx, seat, BACK_WITH, reason)
        return True

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return _HELD_WORTH
