"""The power cards: one module per card, or per small family of cards made of the same parts.

Each module registers its cards' :class:`engine.core.Power` subclasses; importing this package
registers them all. A card's whole behaviour lives in its class: the hooks it answers, the
questions it asks (prompt, choices, their labels, the default a timeout takes) and what each
answer does. See docs/engine.md, "How to add a card".
"""

from __future__ import annotations

from engine.card_table import CARDS
from engine.cards import (
    armor_plating,
    background_dweller,
    camouflage,
    death_from_above,
    dice_tools,
    energy_drink,
    even_bigger,
    freeze_time,
    frenzy,
    instants,
    it_has_a_child,
    jets,
    mimic,
    modifiers,
    opportunist,
    psychic_probe,
    rapid_healing,
    smoke_cloud,
    token_givers,
    vast_storm,
    wings,
)
from engine.core import POWERS

# The modules register their cards when imported; naming them here is what imports them.
MODULES = (
    armor_plating, camouflage, death_from_above, even_bigger, frenzy, instants, it_has_a_child,
    jets, mimic, modifiers, opportunist, psychic_probe, rapid_healing, smoke_cloud,
    token_givers, vast_storm, wings,
    # Dice tools and extra turns (roll-phase card uses).
    background_dweller, dice_tools, energy_drink, freeze_time,
)


def implemented_keys() -> tuple[str, ...]:
    """Card keys with their behaviour implemented, in table order."""
    return tuple(key for key in CARDS if key in POWERS)
