"""Death From Above: +2 VP and take Tokyo City (each edition's own reading)."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.cards.instants import Instant
from engine.core import (
    Ctx,
    card_reason,
    enter_tokyo,
    leave_tokyo,
    queue_losses,
    register,
)
from engine.state import GameState


@register
class DeathFromAbove(Instant):
    key = "death_from_above"
    vp = 2

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        s = ctx.s
        # Both rulebooks: a monster already in Tokyo (City or Bay; the 2016 rulebook calls
        # both places "Tokyo") stays where it is.
        if s.in_tokyo(seat):
            return
        # 2011: the buyer takes Tokyo City from its occupant. 2016: it takes control of
        # Tokyo, so every monster in Tokyo leaves it (not a yield).
        leaving = (s.city,) if s.options.edition == "2011" else (s.city, s.bay)
        for occupant in leaving:
            if occupant is not None:
                leave_tokyo(ctx, occupant, card_reason(ctx.s, self.key))
        # (Its own losses, none, are queued after: an empty batch leaves these alone.)
        queue_losses(ctx, enter_tokyo(ctx, seat, "city"))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        if state.in_tokyo(seat):
            return 0.0
        return judge.tokyo_value(state, seat, state.monsters[seat].hearts)
