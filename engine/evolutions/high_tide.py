"""High Tide (Kraken, temporary): played as its owner's dice are about to resolve, each
heart the dice show brings one more (they heal as the dice's do; they earn no Evolution,
which counts the dice alone). Face up until the turn ends."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, max_hearts
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Face, GameState


@register_evolution
class HighTide(Evolution):
    key = "high_tide"
    prompted_at = frozenset({"dice_resolving"})
    lasts = "turn"

    def added_hearts(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...]) -> int:
        return dice.count("heart")

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """The hearts it adds, where they heal (not in Tokyo), less what it is kept for."""
        if state.turn is None or state.in_tokyo(seat):
            return -1.0
        monster = state.monsters[seat]
        rolled = state.turn.dice.count("heart")
        after_dice = min(monster.hearts + rolled, max_hearts(state, seat))
        return judge.heart_worth(after_dice, rolled, max_hearts(state, seat)) - 0.5
