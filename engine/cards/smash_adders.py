"""Cards that make the owner's smashes stronger: Spiked Tail and Poison Quills here, and the
base of Acid Attack, Burrowing and Urbavore (their own modules).

2016 texts add Smash faces to the final dice (``added_smashes``): they are Smashes for
everything (damage, the yield question, Alpha Monster, Fire Breathing, Complete Destruction).
2011 texts deal extra damage instead (``smash_losses``): only to an attack, that is when at
least one claw was rolled, added to each loss the claws cause (docs/rulings.md)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.card_ai import Blow
from engine.core import Ctx, Power, register
from engine.state import Card, Face, Loss


class SmashAdder(Power):
    """Adds ``bonus`` Smashes (2016) or ``bonus`` damage to an attack (2011)."""

    def bonus(self, ctx: Ctx, seat: int, dice: tuple[Face, ...], smashes: int) -> int:
        """How many Smashes (2016) or how much damage (2011) the card adds now."""
        raise NotImplementedError

    def added_smashes(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                      smashes: int) -> int:
        if ctx.s.options.edition != "2016":
            return 0
        return self.bonus(ctx, seat, dice, smashes)

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        if ctx.s.options.edition != "2011" or not smashes:
            return losses  # 2011: extra damage does not turn 0 claws into an attack
        return add_damage(ctx, seat, self.key, self.bonus(ctx, seat, ctx.turn.dice, smashes),
                          losses)


def add_damage(ctx: Ctx, seat: int, key: str, extra: int,
               losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
    """``extra`` more hearts to each loss the claws cause (one loss each: Armor Plating sees
    the total), shown by an event."""
    hit = tuple(loss.target for loss in losses if loss.source == "smash")
    if extra <= 0 or not hit:
        return losses
    ctx.emit(ev.DamageAdded(seat=seat, amount=extra, card=key, seats=hit))
    return tuple(replace(loss, amount=loss.amount + extra) if loss.source == "smash" else loss
                 for loss in losses)


@register
class SpikedTail(SmashAdder):
    """2016: a roll with at least one Smash gets one more. 2011: +1 damage when attacking."""

    key = "spiked_tail"
    ai_worth = 5.0
    ai_blow_bonus = 1
    smash_order = 1  # counts the Smashes other cards added

    def bonus(self, ctx: Ctx, seat: int, dice: tuple[Face, ...], smashes: int) -> int:
        return 1 if smashes else 0

    def ai_added_damage(self, blow: Blow) -> int:
        return 1 if blow.smashes or (blow.bonus and blow.edition == "2016") else 0


@register
class PoisonQuills(SmashAdder):
    """2016: at least three 2s add two Smashes. 2011: at least three 2s add 2 damage to an
    attack (none without a claw)."""

    key = "poison_quills"
    ai_worth = 1.5

    def bonus(self, ctx: Ctx, seat: int, dice: tuple[Face, ...], smashes: int) -> int:
        return 2 if dice.count("2") >= 3 else 0

    def ai_added_damage(self, blow: Blow) -> int:
        return 2 if blow.three_twos and (blow.smashes or blow.edition == "2016") else 0
