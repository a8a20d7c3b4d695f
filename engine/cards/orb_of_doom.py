"""Orb of Doom: each time another monster rolls its dice again during its turn (a normal
reroll, or an extra roll a card gives: Smoke Cloud, Energy Drink), it loses 1 heart, a card's
loss, not an attack. The first roll is no reroll; nor are dice a card changes or rerolls
without a roll of the turn (Background Dweller, Psychic Probe) (docs/rulings.md)."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, Power, register
from engine.state import Card, Loss


@register
class OrbOfDoom(Power):
    key = "orb_of_doom"
    ai_worth = 5.0
    ai_reroll_hearts = 1

    def on_rerolled(self, ctx: Ctx, seat: int, card: Card, roller: int) -> tuple[Loss, ...]:
        ctx.emit(ev.CardStruck(seat=seat, amount=1, card=self.key, seats=(roller,)))
        return (Loss(target=roller, amount=1, source="card", by=seat),)
