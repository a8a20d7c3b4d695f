"""Which cards a game deals: the base deck, the Origins deck, and a base deck mixed with
Origins' cards as the Origins rulebook offers (its 14 new cards, all its 50 cards, or a
hand-picked few).

A deck is a tuple of (card key, copies) in card-table order. These are the decks as the boxes
hold them; ``playable`` keeps the cards whose behaviour is implemented, which is what a new
game can deal.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal

from engine.card_table import CARD_TABLE, CARDS
from engine.core import POWERS
from engine.state import GameType

Deck = tuple[tuple[str, int], ...]

# How a base game takes in Origins' cards: not at all, its 14 new cards, all 50 of its cards
# (its reprints then come twice), or the cards of the Origins box the host picks.
Mix = Literal["none", "new", "all", "pick"]
MIXES: tuple[Mix, ...] = ("none", "new", "all", "pick")

# The 36 base cards the Origins box reprints (cards.md sections 1 and 4), one copy each: the
# Origins deck has a single Evacuation Orders and no Extra Head.
ORIGINS_REPRINTS: tuple[str, ...] = (
    # Keep cards.
    "acid_attack", "alien_origin", "alpha_monster", "background_dweller", "camouflage",
    "complete_destruction", "detritivore", "energy_drink", "even_bigger", "freeze_time",
    "friend_of_children", "giant_brain", "gourmet", "herbivore", "herd_culler", "jets",
    "media_friendly", "nova_breath", "parasitic_tentacles", "poison_quills", "rapid_healing",
    "regeneration", "rooting_for_the_underdog", "spiked_tail", "wings",
    # Discard cards.
    "corner_store", "death_from_above", "evacuation_orders", "flame_thrower", "frenzy",
    "gas_refinery", "heal", "high_altitude_bombing", "national_guard", "skyscraper", "tank",
)


def base_deck() -> Deck:
    """The 66 cards of King of Tokyo (64 names: two are doubled)."""
    return tuple((card.key, card.copies) for card in CARD_TABLE if card.box == "base")


def new_in_origins() -> tuple[str, ...]:
    """The 14 cards that are new in Origins, in table order."""
    return tuple(card.key for card in CARD_TABLE if card.box == "origins")


def origins_deck() -> Deck:
    """The 50 cards of the Origins box: the 36 reprints and the 14 new cards."""
    return _in_table_order(_counts((*ORIGINS_REPRINTS, *new_in_origins())))


@cache
def origins_cards() -> tuple[str, ...]:
    """The cards of the Origins box a host may pick to mix in, each once: the 14 new cards,
    then the 36 reprints, each group in table order. (Made once: a lobby asks for it at each
    of its cards picked, every time it is shown.)"""
    new = new_in_origins()
    reprints = [key for key, _copies in origins_deck() if key not in new]
    return (*new, *reprints)


def game_deck(game: GameType, mix: Mix = "none", picked: Iterable[str] = ()) -> Deck:
    """The deck of a game as the boxes hold it. A base game may mix in Origins' cards; an
    Origins game plays its own deck. ``picked`` (for ``mix="pick"``) names cards of the
    Origins box, new or reprinted ("just add the ones you want"): each adds the copies that
    box holds of it, so a reprint picked comes twice (docs/rulings.md 63)."""
    if game == "origins":
        if mix != "none":
            raise ValueError("an Origins game plays its own deck: mixing is for a base game")
        return origins_deck()
    picked = tuple(picked)
    in_box = dict(origins_deck())
    strangers = [key for key in picked if key not in in_box]
    if strangers:
        raise ValueError(f"not a card of the Origins box: {', '.join(strangers)}")
    if picked and mix != "pick":
        raise ValueError("cards are picked only with the mix \"pick\"")
    added: Deck = {
        "none": (),
        "new": tuple((key, 1) for key in new_in_origins()),
        "all": origins_deck(),
        "pick": tuple((key, in_box[key]) for key in dict.fromkeys(picked)),
    }[mix]
    counts = dict(base_deck())
    for key, copies in added:
        counts[key] = counts.get(key, 0) + copies
    return _in_table_order(counts)


def playable(deck: Deck) -> Deck:
    """The cards of ``deck`` whose behaviour is implemented."""
    return tuple((key, copies) for key, copies in deck if key in POWERS)


def deck_size(deck: Deck) -> int:
    return sum(copies for _, copies in deck)


def _counts(keys: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return counts


def _in_table_order(counts: dict[str, int]) -> Deck:
    return tuple((key, counts[key]) for key in CARDS if key in counts)
