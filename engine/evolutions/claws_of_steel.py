"""Claws of Steel (Meka Dragon, permanent): in its owner's turn, a monster its Smashes make
lose 3 hearts or more loses 1 more (docs/rulings.md 68: each attack's loss is counted on
its own)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Loss

AT_LEAST = 3


@register_evolution
class ClawsOfSteel(Evolution):
    key = "claws_of_steel"
    ai_worth = 2.5

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        return tuple(replace(loss, amount=loss.amount + 1)
                     if loss.source == "smash" and loss.amount >= AT_LEAST else loss
                     for loss in losses)
