"""Simian Scamper (The King, temporary): played with a yield (an answer of the yield question,
"Yield, playing it"), its owner loses no hearts from the attack it yields to, nor any more for
the rest of the turn (docs/rulings.md 88). A monster whose deck may hold it has its loss held
until it answers, as Jets' owner has; face up until the turn ends, preventing every loss as
Detachable Tail does."""

from __future__ import annotations

from engine.core import Ctx
from engine.evolution import register_evolution
from engine.evolutions.no_more_losses import NoMoreLosses
from engine.state import Card, Loss


@register_evolution
class SimianScamper(NoMoreLosses):
    key = "simian_scamper"
    prompted_at = frozenset({"yielding"})

    def cancels_loss_on_yield(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return True
