"""Cat Nip (Cyber Kitty, temporary): played at the start of its owner's turn, before it rolls:
it rolls once only this turn, and its dice count double (as Board Game Arena doubles them:
the VP of three of a kind, the hearts, the energy and the Smashes, those cards add
included). Face up until the turn ends. Its doubled hearts earn no Evolution, which counts
the dice alone (docs/rulings.md 87)."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, card_reason, gain_energy, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Face, GameState

# The roll's worth doubled, less the rerolls given up, to the AI (VP-equivalents).
_WORTH = 0.5


@register_evolution
class CatNip(Evolution):
    key = "cat_nip"
    prompted_at = frozenset({"turn_start"})
    lasts = "turn"
    rolls_once = True
    # Doubles the Smashes after every card has added its own.
    smash_order = 9

    def added_smashes(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                      smashes: int) -> int:
        return smashes

    def added_hearts(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...]) -> int:
        return dice.count("heart")

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        reason = card_reason(ctx.s, self.key)
        for number in (1, 2, 3):
            count = dice.count(str(number))
            if count >= 3:
                gain_vp(ctx, seat, number + count - 3, reason)
        gain_energy(ctx, seat, dice.count("energy"), reason)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return _WORTH
