"""Funny Looking But Dangerous (Alienoid, permanent): when the owner's final dice show three
2s or more, every other monster loses 1 heart (a card's loss, not an attack)."""

from __future__ import annotations

from engine.core import Ctx, clockwise_others
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Loss


@register_evolution
class FunnyLookingButDangerous(Evolution):
    key = "funny_looking_but_dangerous"
    ai_worth = 1.5

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        # (Queued with the Smashes' losses, as the dice resolve: one batch of losses.)
        if ctx.turn.dice.count("2") < 3:
            return losses
        return (*losses, *(Loss(target=other, amount=1, source="card", by=seat)
                           for other in clockwise_others(ctx.s, seat)))
