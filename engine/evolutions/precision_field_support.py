"""Precision Field Support (Alienoid, temporary): power cards are turned up from the top of
the deck until a Keep card whose printed cost is 4 energy or less; its owner puts that one into
play for free and the others turned up go to the discard pile. An empty deck stops the search
(docs/rulings.md 78)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.card_table import CARDS
from engine.core import Ctx, card_reason, printed_cost
from engine.evolution import Evolution, register_evolution
from engine.evolutions.free_cards import free_value, put_into_play
from engine.state import GameState

MOST = 4


@register_evolution
class PrecisionFieldSupport(Evolution):
    key = "precision_field_support"

    def on_play(self, ctx: Ctx, seat: int) -> None:
        reason = card_reason(ctx.s, self.key)
        while ctx.s.deck:
            key = ctx.s.deck[0]
            ctx.set(deck=ctx.s.deck[1:])
            if _wanted(ctx.s, key):
                put_into_play(ctx, seat, key, reason)
                return
            ctx.set(discard=(*ctx.s.discard, key))
            ctx.emit(ev.CardDiscarded(seat=seat, card=key, reason=reason))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """The card it finds, one of the deck's Keep cards of 4 energy or less (the deck's
        contents are known, not their order): their value on average."""
        wanted = [key for key in state.deck if _wanted(state, key)]
        if not wanted:
            return 0.0
        worth = {key: free_value(judge, state, seat, key) for key in set(wanted)}
        return sum(worth[key] for key in wanted) / len(wanted)


def _wanted(state: GameState, key: str) -> bool:
    """Is this the card the search stops at: a Keep card of 4 energy or less?"""
    return CARDS[key].kind != "discard" and printed_cost(state, key) <= MOST
