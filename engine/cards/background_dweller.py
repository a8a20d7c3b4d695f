"""Background Dweller: the owner may always reroll its dice showing 3, even with no rolls
left. An option of the roll question ("reroll 3s"): every 3 not kept is rolled again, and no
roll is used up."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, Power, register
from engine.phrases import Phrase, phrase
from engine.state import FACES, Card, GameState


def _threes(ctx: Ctx) -> tuple[int, ...]:
    turn = ctx.turn
    return tuple(i for i, face in enumerate(turn.dice) if face == "3" and i not in turn.kept)


@register
class BackgroundDweller(Power):
    key = "background_dweller"
    ai_worth = 2.0

    def roll_use_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return bool(_threes(ctx))

    def roll_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        rerolled = _threes(ctx)
        dice = list(ctx.turn.dice)
        for i, face in zip(rerolled, ctx.roll_dice(len(rerolled)), strict=True):
            dice[i] = face
        ctx.set_turn(dice=tuple(dice))
        ctx.emit(ev.DiceRolled(seat=seat, dice=tuple(dice), rerolled=rerolled, card=self.key))

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-background_dweller-use")

    def ai_use_on_roll(self, judge: Judge, state: GameState, seat: int,
                       planned: tuple[int, ...] | None) -> bool:
        """Reroll the 3s not kept, for free: before a roll that would reroll them anyway, or
        instead of stopping when rerolling them is worth it."""
        turn = state.turn
        assert turn is not None
        loose = sum(1 for i, f in enumerate(turn.dice) if f == "3" and i not in turn.kept)
        if planned is not None:
            return turn.dice.count("3") - loose >= planned[FACES.index("3")]
        kept = tuple(f for i, f in enumerate(turn.dice) if f != "3" or i in turn.kept)
        after = judge.reroll_value(state, seat, kept, loose)
        return after > judge.dice_value(state, seat, turn.dice) + 0.01
