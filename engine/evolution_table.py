"""Static data for Power Up!'s Evolution cards: each monster's deck of eight.

One row per card: its key, the monster whose deck it is in, its kind and the moment it may be
played (``EvolutionTiming``). What each card does, in words and in each language, is in the
bot's message catalogs (``evo-<key>`` for its name, ``evotext-<key>`` for its text): the
engine keeps no player-facing text. Source: ``rules/power-up.md`` section 3 (card kinds and
timings as Board Game Arena plays them; the rulings we chose where sources disagree are in
docs/rulings.md).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

# Permanent: played face up, it works for the rest of the game (like a Keep card).
# Temporary: one use, then to its owner's Evolution discard pile.
EvolutionKind = Literal["permanent", "temporary"]

# When a card may be played from the hand:
# "any": at any moment its owner is asked something (in its own turn: every question);
# "own_turn": only during its owner's own turn;
# "start_of_turn": at the start of its owner's turn, before the first roll;
# "dice_resolving": in its owner's turn, once the dice are final, before they resolve;
# "in_tokyo": only while its owner is in Tokyo;
# "reaction": never by hand: the rules offer it at its own moment (a loss, a yield, another
# monster's moment), or it acts by itself from the hand (Nine Lives).
EvolutionTiming = Literal["any", "own_turn", "start_of_turn", "dice_resolving", "in_tokyo",
                          "reaction"]


class EvolutionInfo(NamedTuple):
    key: str  # snake_case of the English name, ASCII only
    monster: str  # the monster whose deck it is in (``engine.state`` names)
    kind: EvolutionKind
    timing: EvolutionTiming = "any"


_P: EvolutionKind = "permanent"
_T: EvolutionKind = "temporary"

# In each deck, Board Game Arena's order (its card numbers n = 1..8 of ``monster * 10 + n``).
_ROWS: tuple[EvolutionInfo, ...] = (
    # Space Penguin
    EvolutionInfo("freeze_ray", "Space Penguin", _P),
    EvolutionInfo("miraculous_catch", "Space Penguin", _P),
    EvolutionInfo("deep_dive", "Space Penguin", _T),
    EvolutionInfo("cold_wave", "Space Penguin", _T),
    EvolutionInfo("encased_in_ice", "Space Penguin", _P),
    EvolutionInfo("blizzard", "Space Penguin", _T, "own_turn"),
    EvolutionInfo("black_diamond", "Space Penguin", _P),
    EvolutionInfo("icy_reflection", "Space Penguin", _P),
    # Alienoid
    EvolutionInfo("alien_scourge", "Alienoid", _T),
    EvolutionInfo("precision_field_support", "Alienoid", _T),
    EvolutionInfo("anger_batteries", "Alienoid", _T),
    EvolutionInfo("adapting_technology", "Alienoid", _P),
    EvolutionInfo("funny_looking_but_dangerous", "Alienoid", _P),
    EvolutionInfo("exotic_arms", "Alienoid", _P),
    EvolutionInfo("mothership_support", "Alienoid", _P),
    EvolutionInfo("superior_alien_technology", "Alienoid", _P),
    # Cyber Kitty
    EvolutionInfo("nine_lives", "Cyber Kitty", _T, "reaction"),
    EvolutionInfo("mega_purr", "Cyber Kitty", _T),
    EvolutionInfo("electro_scratch", "Cyber Kitty", _T),
    EvolutionInfo("cat_nip", "Cyber Kitty", _T, "start_of_turn"),
    EvolutionInfo("play_with_your_food", "Cyber Kitty", _P),
    EvolutionInfo("feline_motor", "Cyber Kitty", _P, "reaction"),
    EvolutionInfo("mouse_hunter", "Cyber Kitty", _P),
    EvolutionInfo("meow_missle", "Cyber Kitty", _P),
    # The King
    EvolutionInfo("monkey_rush", "The King", _T, "reaction"),
    EvolutionInfo("simian_scamper", "The King", _T, "reaction"),
    EvolutionInfo("jungle_frenzy", "The King", _T, "reaction"),
    EvolutionInfo("giant_banana", "The King", _T),
    EvolutionInfo("chest_thumping", "The King", _P),
    EvolutionInfo("alpha_male", "The King", _P),
    EvolutionInfo("i_am_the_king", "The King", _P),
    EvolutionInfo("twas_beauty_killed_the_beast", "The King", _P, "in_tokyo"),
    # Gigazaur
    EvolutionInfo("detachable_tail", "Gigazaur", _T, "reaction"),
    EvolutionInfo("radioactive_waste", "Gigazaur", _T),
    EvolutionInfo("primal_bellow", "Gigazaur", _T),
    EvolutionInfo("saurian_adaptability", "Gigazaur", _T, "reaction"),
    EvolutionInfo("defender_of_tokyo", "Gigazaur", _P),
    EvolutionInfo("heat_vision", "Gigazaur", _P),
    EvolutionInfo("gamma_breath", "Gigazaur", _P),
    EvolutionInfo("tail_sweep", "Gigazaur", _P),
    # Meka Dragon
    EvolutionInfo("mecha_blast", "Meka Dragon", _T, "dice_resolving"),
    EvolutionInfo("destructive_analysis", "Meka Dragon", _T, "dice_resolving"),
    EvolutionInfo("programmed_to_destroy", "Meka Dragon", _P),
    EvolutionInfo("tune_up", "Meka Dragon", _T, "start_of_turn"),
    EvolutionInfo("breath_of_doom", "Meka Dragon", _P),
    EvolutionInfo("lightning_armor", "Meka Dragon", _P),
    EvolutionInfo("claws_of_steel", "Meka Dragon", _P),
    EvolutionInfo("target_acquired", "Meka Dragon", _P),
    # Pandakaï
    EvolutionInfo("panda_monium", "Pandakaï", _T),
    EvolutionInfo("eats_shoots_and_leaves", "Pandakaï", _T, "reaction"),
    EvolutionInfo("bamboozle", "Pandakaï", _T, "reaction"),
    EvolutionInfo("bear_necessities", "Pandakaï", _T),
    EvolutionInfo("panda_express", "Pandakaï", _P),
    EvolutionInfo("bamboo_supply", "Pandakaï", _P),
    EvolutionInfo("pandarwinism", "Pandakaï", _P),
    EvolutionInfo("yin_and_yang", "Pandakaï", _P),
    # Cyber Bunny
    EvolutionInfo("stroke_of_genius", "Cyber Bunny", _T),
    EvolutionInfo("emergency_battery", "Cyber Bunny", _T),
    EvolutionInfo("rabbits_foot", "Cyber Bunny", _T, "reaction"),
    EvolutionInfo("heart_of_the_rabbit", "Cyber Bunny", _T, "reaction"),
    EvolutionInfo("secret_laboratory", "Cyber Bunny", _P),
    EvolutionInfo("king_of_the_gizmo", "Cyber Bunny", _P),
    EvolutionInfo("energy_sword", "Cyber Bunny", _P),
    EvolutionInfo("electric_carrot", "Cyber Bunny", _P),
    # Kraken
    EvolutionInfo("healing_rain", "Kraken", _T),
    EvolutionInfo("destructive_wave", "Kraken", _T, "reaction"),
    EvolutionInfo("cult_worshippers", "Kraken", _T),
    EvolutionInfo("high_tide", "Kraken", _T, "dice_resolving"),
    EvolutionInfo("terror_of_the_deep", "Kraken", _P),
    EvolutionInfo("eater_of_souls", "Kraken", _P),
    EvolutionInfo("sunken_temple", "Kraken", _P),
    EvolutionInfo("mandibles_of_dread", "Kraken", _P),
)

EVOLUTIONS: dict[str, EvolutionInfo] = {row.key: row for row in _ROWS}

# The monsters that have a deck of Evolutions, in the order of the table.
EVOLUTION_MONSTERS: tuple[str, ...] = tuple(dict.fromkeys(row.monster for row in _ROWS))


_DECKS: dict[str, tuple[str, ...]] = {
    monster: tuple(row.key for row in _ROWS if row.monster == monster)
    for monster in EVOLUTION_MONSTERS
}


def deck_of(monster: str) -> tuple[str, ...]:
    """The keys of a monster's eight Evolutions, in the table's order (none for a monster
    without a deck). (Asked at every moment of a Power Up! turn: made once.)"""
    return _DECKS.get(monster, ())
