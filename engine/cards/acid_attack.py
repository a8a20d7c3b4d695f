"""Acid Attack. 2016: one Smash is added to the final dice every turn. 2011: 1 extra damage
every turn, even with no claw rolled: then the monsters the owner could attack lose 1 heart,
which is not an attack (no yield, nobody enters Tokyo); with claws it is added to them
(docs/rulings.md)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Blow
from engine.cards.smash_adders import SmashAdder
from engine.core import Ctx, register
from engine.state import Card, Face, Loss


@register
class AcidAttack(SmashAdder):
    key = "acid_attack"
    ai_worth = 6.0
    ai_blow_bonus = 1

    def bonus(self, ctx: Ctx, seat: int, dice: tuple[Face, ...], smashes: int) -> int:
        return 1

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        if ctx.s.options.edition != "2011" or smashes or not targets:
            return super().smash_losses(ctx, seat, card, smashes, targets, losses)
        ctx.emit(ev.DamageAdded(seat=seat, amount=1, card=self.key, seats=targets))
        return (*losses, *(Loss(target=t, amount=1, source="card", by=seat) for t in targets))

    def ai_added_damage(self, blow: Blow) -> int:
        return 1  # with or without a Smash, in both editions
