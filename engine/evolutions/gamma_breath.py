"""Gamma Breath (Gigazaur, permanent): once a turn, while it rolls, its owner turns one of
its dice into a Smash (a dice tool, as Herd Culler turns one into a 1)."""

from __future__ import annotations

from engine.cards.dice_tools import HerdCuller
from engine.evolution import Evolution, register_evolution


@register_evolution
class GammaBreath(HerdCuller, Evolution):
    key = "gamma_breath"
    target = "smash"
    ai_worth = 2.5
