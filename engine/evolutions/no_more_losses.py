"""Detachable Tail (Gigazaur) and Rabbit's Foot (Cyber Bunny), temporary, the same text:
played when their owner is about to lose hearts, it loses none for the rest of the turn.

They are asked at the "losing_hearts" moment only (Board Game Arena offers them when a loss
comes, never by hand). Played, the card stays face up until the turn ends and prevents every
loss of its owner before any other card does, the one that brought it out included
(docs/rulings.md 85)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.state import Card, GameState

# What the AI keeps the card for: it spends it on a loss worth more than this (in
# VP-equivalents), or on a loss that would knock its owner out.
_HELD_WORTH = 1.5


class NoMoreLosses(Evolution):
    prompted_at = frozenset({"losing_hearts"})
    lasts = "turn"
    prevent_order = 0

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        ctx.emit(ev.LossPrevented(seat=seat, amount=amount, card=self.key))
        return 0

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """The loss its owner is asked about (or holds until its yield answer, for Simian
        Scamper), saved, less what the card is kept for."""
        at_stake = next((d.amount for d in state.pending if d.seat == seat and (
            d.question == "losing_hearts" or d.kind == "yield")), 0)
        hearts = state.monsters[seat].hearts
        if at_stake >= hearts:
            return judge.kill_value_of_self(state, seat)
        saved = judge.heart_worth(hearts - at_stake, at_stake, hearts)
        return saved - _HELD_WORTH


for _key in ("detachable_tail", "rabbits_foot"):
    register_evolution(type(f"NoMoreLosses_{_key}", (NoMoreLosses,), {"key": _key}))
