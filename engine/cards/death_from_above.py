"""Death From Above: +2 VP and take Tokyo City (each edition's own reading)."""

from __future__ import annotations

from engine.cards.instants import Instant
from engine.core import Ctx, card_name, enter_tokyo, leave_tokyo, register


@register
class DeathFromAbove(Instant):
    key = "death_from_above"
    vp = 2

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        s = ctx.s
        if s.options.edition == "2011":
            # 2011 rulebook: a monster already in Tokyo (City or Bay) stays where it is.
            if s.in_tokyo(seat):
                return
            if s.city is not None:
                leave_tokyo(ctx, s.city, card_name(ctx.s, self.key))
            enter_tokyo(ctx, seat, "city")
            return
        # 2016: the buyer takes Tokyo City; every other monster in Tokyo leaves.
        if s.city == seat:
            return
        for occupant in (s.city, s.bay):
            if occupant is not None:
                leave_tokyo(ctx, occupant, card_name(ctx.s, self.key))
        enter_tokyo(ctx, seat, "city")
