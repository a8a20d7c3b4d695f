"""Meow Missle (Cyber Kitty, permanent): when the owner's final dice show a 1, a Smash is
added to them (it counts as a Smash rolled, as the 2016 cards' added Smashes do)."""

from __future__ import annotations

from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.state import Card, Face


@register_evolution
class MeowMissle(Evolution):
    key = "meow_missle"
    ai_worth = 2.5

    def added_smashes(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                      smashes: int) -> int:
        return 1 if "1" in dice else 0
