"""Fire Breathing: its owner's neighbours, the nearest living monster on each side (just one
when two monsters remain), each lose 1 more heart, wherever they are. A neighbour the smashes
hit loses it with them (one loss, still an attack); another neighbour loses it as a card's
loss, not an attack: it may not yield.

2016: when the owner rolls at least one Smash (added Smashes included). 2011: "when you deal
damage", so only once its claws have made someone lose hearts: the extra heart of an attacked
neighbour is part of that attack (and is cancelled with it), and the other neighbours lose
theirs after the attack, only if it took hearts from anyone (docs/rulings.md 40). A 2011 game
stored before that rule (``Options.attack_needs_damage`` off) played it as 2016 does, on
the claws rolled."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.core import Ctx, Power, clockwise_others, register
from engine.state import Card, GameState, Loss

EXTRA = 1


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
        if ctx.s.options.counts_only_damaging_attacks():
            # Only the attacked neighbours now: the others wait to see if damage is dealt.
            near = tuple(n for n in near if n in targets)
        if not smashes or not near:
            return losses
        ctx.emit(ev.DamageAdded(seat=seat, amount=EXTRA, card=self.key, seats=near))
        result = list(losses)
        for neighbour in near:
            index = next((i for i, loss in enumerate(result) if loss.target == neighbour), None)
            if index is None:
                result.append(Loss(target=neighbour, amount=EXTRA, source="card", by=seat))
            else:
                result[index] = replace(result[index], amount=result[index].amount + EXTRA)
        return tuple(result)

    def after_smashes(self, ctx: Ctx, seat: int, card: Card, targets: tuple[int, ...],
                      hit: tuple[int, ...]) -> tuple[Loss, ...]:
        if not hit:
            return ()
        # The neighbours the attack was not aimed at (the others had their extra heart with
        # it), as they are now: a neighbour knocked out by the attack is passed over.
        near = tuple(n for n in neighbours(ctx.s, seat) if n not in targets)
        if not near:
            return ()
        ctx.emit(ev.DamageAdded(seat=seat, amount=EXTRA, card=self.key, seats=near))
        return tuple(Loss(target=n, amount=EXTRA, source="card", by=seat) for n in near)
