"""Terror of the Deep (Kraken, permanent): for each loss of hearts, its owner rolls a die per
heart it would lose; each heart rolled cancels one. It is Camouflage's roll
(``engine.cards.camouflage``), played face up: it rolls by itself, as Camouflage does, and a
monster with both rolls for each (docs/rulings.md 70)."""

from __future__ import annotations

from engine.cards.camouflage import Camouflage
from engine.evolution import Evolution, register_evolution


@register_evolution
class TerrorOfTheDeep(Camouflage, Evolution):
    key = "terror_of_the_deep"
