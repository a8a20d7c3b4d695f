"""Background Dweller: the owner may always reroll its dice showing 3, even with no rolls
left. An option of the roll question ("reroll 3s"): every 3 not kept is rolled again, and no
roll is used up."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, Power, register
from engine.state import Card, GameState


def _threes(ctx: Ctx) -> tuple[int, ...]:
    turn = ctx.turn
    return tuple(i for i, face in enumerate(turn.dice) if face == "3" and i not in turn.kept)


@register
class BackgroundDweller(Power):
    key = "background_dweller"

    def roll_use_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return bool(_threes(ctx))

    def roll_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        rerolled = _threes(ctx)
        dice = list(ctx.turn.dice)
        for i, face in zip(rerolled, ctx.roll_dice(len(rerolled)), strict=True):
            dice[i] = face
        ctx.set_turn(dice=tuple(dice))
        ctx.emit(ev.DiceRolled(seat=seat, dice=tuple(dice), rerolled=rerolled, card=self.key))

    def use_label(self, state: GameState, card: Card) -> str:
        return "reroll 3s"
