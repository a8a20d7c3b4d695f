"""Cards set off when the owner's final dice show four of a kind or more (Origins): Draining
Ray (1 VP taken from each monster with the most VP) and Flaming Aura (every other monster
loses 1 heart, a card's loss, not an attack).

Four dice showing the same face, any face (numbers, hearts, energy, smashes), as the dice are
when they resolve (after dice tools such as Shrinky); Smashes added by cards are not dice.
Once a turn, however many sets the dice show (docs/rulings.md)."""

from __future__ import annotations

from engine import events as ev
from engine.core import (
    Ctx,
    Power,
    card_reason,
    clockwise_others,
    gain_vp,
    lose_vp,
    register,
)
from engine.state import FACES, Card, Face, Loss

FOUR = 4


def four_of_a_kind(dice: tuple[Face, ...]) -> bool:
    return any(dice.count(face) >= FOUR for face in FACES)


@register
class DrainingRay(Power):
    key = "draining_ray"
    ai_worth = 1.5

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if not four_of_a_kind(dice):
            return
        most = max(ctx.mon(s).vp for s in ctx.s.alive_seats())
        name = card_reason(ctx.s, self.key)
        for leader in clockwise_others(ctx.s, seat):
            before = ctx.mon(leader).vp
            if before != most or not before:
                continue
            lose_vp(ctx, leader, 1, name)
            gain_vp(ctx, seat, 1, name)


@register
class FlamingAura(Power):
    key = "flaming_aura"
    ai_worth = 2.0

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        # (Asked as the smashes resolve, so that its losses join theirs in one batch.)
        others = tuple(clockwise_others(ctx.s, seat))
        if not others or not four_of_a_kind(ctx.turn.dice):
            return losses
        ctx.emit(ev.CardStruck(seat=seat, amount=1, card=self.key, seats=others))
        return (*losses, *(Loss(target=o, amount=1, source="card", by=seat) for o in others))
