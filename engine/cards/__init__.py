"""The power cards: one module per card, or per small family of cards made of the same parts.

Each module registers its cards' :class:`engine.core.Power` subclasses; importing this package
imports every module of it (``MODULES``, found in the package's directory), which registers
them all. A card's whole behaviour lives in its class: the hooks it answers, the
questions it asks (prompt, choices, their labels, the default a timeout takes) and what each
answer does. See docs/engine.md, "How to add a card".
"""

from __future__ import annotations

import importlib
import pkgutil

from engine.card_table import CARDS, Box
from engine.core import POWERS

# The 33 cards every game dealt before the whole base deck was implemented: a game stored
# then, whose options name no cards, replays with these (engine.codec, bot.table.game_rows).
FIRST_DECK = (
    "alien_origin", "armor_plating", "camouflage", "even_bigger", "extra_head", "giant_brain",
    "it_has_a_child", "jets", "mimic", "opportunist", "poison_spit", "psychic_probe",
    "rapid_healing", "shrink_ray", "smoke_cloud", "wings", "apartment_building",
    "commuter_train", "corner_store", "death_from_above", "energize", "evacuation_orders",
    "flame_thrower", "frenzy", "gas_refinery", "heal", "high_altitude_bombing", "jet_fighters",
    "national_guard", "nuclear_power_plant", "skyscraper", "tank", "vast_storm",
)


def implemented_keys(box: Box = "base") -> tuple[str, ...]:
    """Card keys of that box with their behaviour implemented, in table order (the base
    box's: the whole deck of a base game)."""
    return tuple(key for key, card in CARDS.items() if card.box == box and key in POWERS)


# Every module of this package, imported here in the order of their names: the card modules
# register their cards when imported, so a new card's module is dealt without a line here.
MODULES = tuple(importlib.import_module(f"{__name__}.{module.name}")
                for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name))
