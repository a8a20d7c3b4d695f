"""Jagged Tactician: when its owner yields Tokyo, it gains 1 energy at once, and the monster
that takes its place this turn loses 1 heart (a card's loss, not an attack), as with
Burrowing: only a real yield counts, not being pushed out by Death From Above
(docs/rulings.md)."""

from __future__ import annotations

from engine.cards.burrowing import hurt_newcomer
from engine.core import Ctx, Power, card_reason, gain_energy, register
from engine.state import Card, Loss


@register
class JaggedTactician(Power):
    key = "jagged_tactician"
    ai_worth = 2.0
    ai_yield_energy = 1

    def on_yield_answered(self, ctx: Ctx, seat: int, card: Card, yielded: bool) -> None:
        if yielded:
            gain_energy(ctx, seat, 1, card_reason(ctx.s, self.key))

    def on_place_taken(self, ctx: Ctx, seat: int, card: Card,
                       newcomer: int) -> tuple[Loss, ...]:
        return hurt_newcomer(ctx, seat, self.key, newcomer)
