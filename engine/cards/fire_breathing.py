"""Fire Breathing: when the owner rolls at least one Smash (2016, added Smashes included;
2011: when its claws deal damage), its neighbours, the nearest living monster on each side
(just one when two monsters remain), each lose 1 more heart, wherever they are. A neighbour
the smashes hit loses it with them (one loss, still an attack); another neighbour loses it
as a card's loss, not an attack: it may not yield (docs/rulings.md)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.core import Ctx, Power, clockwise_others, register
from engine.state import Card, GameState, Loss


def neighbours(state: GameState, seat: int) -> tuple[int, ...]:
    """The living monsters directly left and right of ``seat`` (one if they are the same)."""
    others = clockwise_others(state, seat)
    if not others:
        return ()
    return (others[0],) if others[0] == others[-1] else (others[0], others[-1])


@register
class FireBreathing(Power):
    key = "fire_breathing"
    ai_worth = 3.5
    ai_blow_bonus = 1
    ai_neighbours_lose = 1

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        near = neighbours(ctx.s, seat)
        if not smashes or not near:
            return losses
        ctx.emit(ev.DamageAdded(seat=seat, amount=1, card=self.key, seats=near))
        result = list(losses)
        for neighbour in near:
            index = next((i for i, loss in enumerate(result) if loss.target == neighbour), None)
            if index is None:
                result.append(Loss(target=neighbour, amount=1, source="card", by=seat))
            else:
                result[index] = replace(result[index], amount=result[index].amount + 1)
        return tuple(result)
