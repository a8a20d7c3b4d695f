"""Breath of Doom (Meka Dragon, permanent): when its owner's Smashes make monsters in Tokyo
lose hearts, every other monster outside Tokyo loses 1 heart too (a card's loss; once a
turn, as the Smashes are dealt once)."""

from __future__ import annotations

from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Loss


@register_evolution
class BreathOfDoom(Evolution):
    key = "breath_of_doom"
    ai_worth = 2.0

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        s = ctx.s
        if not any(loss.source == "smash" and loss.amount > 0 and s.in_tokyo(loss.target)
                   for loss in losses):
            return losses
        outside = [other for other in s.alive_seats()
                   if other != seat and not s.in_tokyo(other)]
        return (*losses, *(Loss(target=other, amount=1, source="card", by=seat)
                           for other in outside))
