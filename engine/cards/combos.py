"""Cards that score the owner's final dice on top of their usual effects: Complete
Destruction (all six faces: +9 VP), Detritivore (2011: Omnivore; a 1, a 2 and a 3: +2 VP),
Gourmet (at least three 1s: +2 VP) and Alpha Monster (at least one Smash: +1 VP). Smashes
added by 2016 cards count; they resolve right after the numbers. The 2011 Alpha Monster
("when you attack") scores once the attack is over, and only if it made someone lose hearts:
an attack that deals no damage is no attack (docs/rulings.md 37). A 2011 game stored before
that rule (``Options.attack_needs_damage`` off) scored it as 2016 does, for any claw rolled."""

from __future__ import annotations

from typing import ClassVar

from engine.core import Ctx, Power, card_reason, gain_vp, register
from engine.state import Card, Face, Loss


class Combo(Power):
    vp: ClassVar[int]

    def scores(self, dice: tuple[Face, ...], smashes: int) -> bool:
        raise NotImplementedError

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if self.scores(dice, smashes):
            gain_vp(ctx, seat, self.vp, card_reason(ctx.s, self.key))


@register
class CompleteDestruction(Combo):
    key = "complete_destruction"
    ai_worth = 1.5
    vp = 9

    def scores(self, dice: tuple[Face, ...], smashes: int) -> bool:
        return smashes > 0 and all(face in dice for face in ("1", "2", "3", "heart", "energy"))

    def ai_dice_vp(self, numbers: tuple[int, int, int], every_face: bool, attacked: bool,
                   damaged: bool) -> int:
        return self.vp if all(numbers) and every_face else 0


@register
class Detritivore(Combo):
    key = "detritivore"
    ai_worth = 2.0
    vp = 2

    def scores(self, dice: tuple[Face, ...], smashes: int) -> bool:
        return "1" in dice and "2" in dice and "3" in dice

    def ai_dice_vp(self, numbers: tuple[int, int, int], every_face: bool, attacked: bool,
                   damaged: bool) -> int:
        return self.vp if all(numbers) else 0


@register
class Gourmet(Combo):
    key = "gourmet"
    ai_worth = 1.5
    vp = 2

    def scores(self, dice: tuple[Face, ...], smashes: int) -> bool:
        return dice.count("1") >= 3

    def ai_dice_vp(self, numbers: tuple[int, int, int], every_face: bool, attacked: bool,
                   damaged: bool) -> int:
        return self.vp if numbers[0] >= 3 else 0


@register
class AlphaMonster(Combo):
    key = "alpha_monster"
    ai_worth = 3.5
    vp = 1

    def scores(self, dice: tuple[Face, ...], smashes: int) -> bool:
        return smashes > 0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if not ctx.s.options.counts_only_damaging_attacks():
            super().on_dice_resolved(ctx, seat, card, dice, smashes)

    def after_smashes(self, ctx: Ctx, seat: int, card: Card, targets: tuple[int, ...],
                      hit: tuple[int, ...]) -> tuple[Loss, ...]:
        if hit:
            gain_vp(ctx, seat, self.vp, card_reason(ctx.s, self.key))
        return ()

    def ai_dice_vp(self, numbers: tuple[int, int, int], every_face: bool, attacked: bool,
                   damaged: bool) -> int:
        return 1 if attacked else 0
