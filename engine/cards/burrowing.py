"""Burrowing. In Tokyo, 2016: one Smash is added to the final dice; 2011: +1 damage to the
owner's attacks. When the owner yields Tokyo (a real yield, not being pushed out by Death
From Above), the monster that takes its place this turn loses 1 heart (a card's loss, not an
attack)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Blow
from engine.cards.smash_adders import SmashAdder
from engine.core import Ctx, register
from engine.state import Card, Face, Loss


@register
class Burrowing(SmashAdder):
    key = "burrowing"
    ai_worth = 3.0
    ai_blow_bonus = 1

    def bonus(self, ctx: Ctx, seat: int, dice: tuple[Face, ...], smashes: int) -> int:
        return 1 if ctx.s.in_tokyo(seat) else 0

    def on_place_taken(self, ctx: Ctx, seat: int, card: Card,
                       newcomer: int) -> tuple[Loss, ...]:
        return hurt_newcomer(ctx, seat, self.key, newcomer)

    def ai_added_damage(self, blow: Blow) -> int:
        return 1 if blow.in_tokyo and (blow.smashes or blow.edition == "2016") else 0


def hurt_newcomer(ctx: Ctx, seat: int, key: str, newcomer: int) -> tuple[Loss, ...]:
    """The monster taking the place ``seat`` yielded loses 1 heart to ``seat``'s card
    ``key`` (a card's loss, not an attack), shown by an event."""
    ctx.emit(ev.DamageAdded(seat=seat, amount=1, card=key, seats=(newcomer,)))
    return (Loss(target=newcomer, amount=1, source="card", by=seat),)
