"""Phrases: what the engine says, as data, in no language.

The engine names what a prompt, a button, a narration line or a refusal says (a message id)
and with what (its arguments); the bot's message catalogs hold the words, in each language.
So a stored phrase can be told again later in whoever asks's language.

Arguments are numbers, verbatim text (a monster's name), references to a word the catalogs
translate (a card, a place, a die face: ``Ref``), other phrases, and lists (``Join``: "A and
B").
"""

from __future__ import annotations

from typing import TypeAlias

import msgspec

from engine.evolution_table import EVOLUTIONS


class Ref(msgspec.Struct, frozen=True, tag="ref"):
    """A word the catalogs translate: message ``{kind}-{key}`` (``card-mimic``,
    ``place-city``, ``face-heart``, ``token-poison``)."""

    kind: str
    key: str


class Join(msgspec.Struct, frozen=True, tag="join", omit_defaults=True):
    """Items said as a list in the reader's language: "A, B, and C" (style "standard"), or
    "A, B, C" (style "comma": a bare list of names)."""

    items: tuple[Arg, ...]
    style: str = "standard"


class Phrase(msgspec.Struct, frozen=True, tag="phrase", omit_defaults=True):
    """Message ``id`` of the catalogs with its arguments."""

    id: str
    args: dict[str, Arg] = {}


Arg: TypeAlias = "int | float | str | Ref | Join | Phrase"


def phrase(id: str, **args: Arg) -> Phrase:
    """``Phrase(id, args)`` with the arguments as keywords."""
    return Phrase(id, args)


def card_ref(key: str, edition_2011: bool = False) -> Ref:
    """A card's name as the game's edition prints it (``card-<key>`` or, in a 2011 game,
    ``card2011-<key>``; the catalogs give every card a 2011 name, the same where it was not
    renamed). An Evolution has one name whatever the edition (``evo-<key>``)."""
    if key in EVOLUTIONS:
        return Ref("evo", key)
    return Ref("card2011" if edition_2011 else "card", key)


def card_text_ref(key: str, edition_2011: bool = False) -> Ref:
    """What a card does, as the game's edition has it (``cardtext-<key>`` or, in a 2011 game,
    ``cardtext2011-<key>``; an Evolution's: ``evotext-<key>``)."""
    if key in EVOLUTIONS:
        return Ref("evotext", key)
    return Ref("cardtext2011" if edition_2011 else "cardtext", key)
