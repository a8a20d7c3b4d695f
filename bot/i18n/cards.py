"""A card's words in a language: its name, kind and text as an edition prints them (the
catalogs' ``card-``/``card2011-``, ``cardkind-`` and ``cardtext-``/``cardtext2011-``
messages)."""

from __future__ import annotations

from bot.i18n.catalog import text
from engine import CardKind, Edition


def card_name(language: str, key: str, edition: Edition) -> str:
    return text(language, f"{_prefix('card', edition)}-{key}")


def card_text(language: str, key: str, edition: Edition) -> str:
    """What the card does, in our own short words (the 2011 text in a 2011 game)."""
    return text(language, f"{_prefix('cardtext', edition)}-{key}")


def card_kind(language: str, kind: CardKind) -> str:
    """"Keep" or "Discard" ("Permanente", "Descartar")."""
    return text(language, f"cardkind-{kind}")


def _prefix(kind: str, edition: Edition) -> str:
    return f"{kind}2011" if edition == "2011" else kind


def evolution_name(language: str, key: str) -> str:
    """An Evolution's name (Power Up!: one whatever the edition)."""
    return text(language, f"evo-{key}")


def evolution_text(language: str, key: str) -> str:
    """What an Evolution does, in our own short words."""
    return text(language, f"evotext-{key}")
