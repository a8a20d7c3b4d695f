"""Yin & Yang (Pandakaï, permanent): while it rolls, its owner may turn every one of its dice
to the opposite face: 1 and 3, 2 and heart, Smash and energy (once a turn)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, replace_card
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Face, GameState

OPPOSITE: dict[Face, Face] = {"1": "3", "3": "1", "2": "heart", "heart": "2",
                              "smash": "energy", "energy": "smash"}


def flipped(dice: tuple[Face, ...]) -> tuple[Face, ...]:
    return tuple(OPPOSITE[face] for face in dice)


@register_evolution
class YinAndYang(Evolution):
    key = "yin_and_yang"
    ai_worth = 1.5

    def roll_use_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return card.used_turn != ctx.turn.number and bool(ctx.turn.dice)

    def roll_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        dice = flipped(ctx.turn.dice)
        ctx.set_turn(dice=dice)
        for die, face in enumerate(dice):
            ctx.emit(ev.DieChanged(seat=seat, die=die, face=face, card=self.key))

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-yin_and_yang-use")

    def ai_use_on_roll(self, judge: Judge, state: GameState, seat: int,
                       planned: tuple[int, ...] | None) -> bool:
        """Flip the dice instead of stopping when the flipped dice are worth more."""
        turn = state.turn
        if planned is not None or turn is None:
            return False
        return (judge.dice_value(state, seat, flipped(turn.dice))
                > judge.dice_value(state, seat, turn.dice) + 0.01)
