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
    battery_monster,
    camouflage,
    death_from_above,
    even_bigger,
    frenzy,
    healing_ray,
    instants,
    it_has_a_child,
    jets,
    made_in_a_lab,
    mimic,
    modifiers,
    opportunist,
    parasitic_tentacles,
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
    # buying cards and heart dice (Parasitic Tentacles, Made in a Lab, Battery Monster,
    # Healing Ray)
    battery_monster, healing_ray, made_in_a_lab, parasitic_tentacles,
)


def implemented_keys() -> tuple[str, ...]:
    """Card keys with their behaviour implemented, in table order."""
    return tuple(key for key in CARDS if key in POWERS)
