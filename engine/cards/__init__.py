"""The power cards: one module per card, or per small family of cards made of the same parts.

Each module registers its cards' :class:`engine.core.Power` subclasses; importing this package
registers them all. A card's whole behaviour lives in its class: the hooks it answers, the
questions it asks (prompt, choices, their labels, the default a timeout takes) and what each
answer does. See docs/engine.md, "How to add a card".
"""

from __future__ import annotations

from engine.card_table import CARDS, Box
from engine.cards import (
    acid_attack,
    armor_plating,
    background_dweller,
    battery_monster,
    bull_headed,
    burrowing,
    camouflage,
    combos,
    death_from_above,
    dice_tools,
    eater_of_the_dead,
    electric_armor,
    end_of_turn_gains,
    energy_drink,
    even_bigger,
    face_swaps,
    fire_breathing,
    four_of_a_kind,
    freeze_time,
    frenzy,
    gain_bonuses,
    healing_ray,
    instants,
    it_has_a_child,
    jagged_tactician,
    jets,
    made_in_a_lab,
    media_friendly,
    metamorph,
    mimic,
    modifiers,
    nova_breath,
    opportunist,
    orb_of_doom,
    origins_instants,
    parasitic_tentacles,
    psychic_probe,
    rapid_healing,
    rooting_for_the_underdog,
    scavenger,
    smash_adders,
    smoke_cloud,
    taking_tokyo,
    token_givers,
    urbavore,
    vast_storm,
    were_only_making_it_stronger,
    wings,
)
from engine.core import POWERS

# The modules register their cards when imported; naming them here is what imports them.
MODULES = (
    armor_plating, camouflage, death_from_above, even_bigger, frenzy, instants, it_has_a_child,
    jets, mimic, modifiers, opportunist, psychic_probe, rapid_healing, smoke_cloud,
    token_givers, vast_storm, wings,
    # (Gains and end-of-turn cards.)
    eater_of_the_dead, end_of_turn_gains, gain_bonuses, media_friendly, metamorph,
    rooting_for_the_underdog, were_only_making_it_stronger,
    # (Smash cards.)
    acid_attack, burrowing, combos, fire_breathing, nova_breath, smash_adders, urbavore,
    # (Buying cards and heart dice.)
    battery_monster, healing_ray, made_in_a_lab, parasitic_tentacles,
    # (Dice tools and extra turns.)
    background_dweller, dice_tools, energy_drink, freeze_time,
    # (The 14 new in Origins.)
    bull_headed, electric_armor, face_swaps, four_of_a_kind, jagged_tactician, orb_of_doom,
    origins_instants, scavenger, taking_tokyo,
)


# The 33 cards every game dealt before the whole base deck was implemented: a game stored
# then, whose options name no cards, replays with these (engine.codec, bot.table.saved_games).
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
