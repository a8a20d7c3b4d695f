"""Finding a power card, or a Power Up! Evolution, by what someone typed: its name in any
language of the catalogs and either edition (or its key), ignoring case, accents, spaces and
punctuation; a unique beginning is enough, and a misspelling gets the closest names."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Literal, NamedTuple

from bot.i18n.catalog import LANGUAGES, text
from engine import CARD_TABLE, EVOLUTIONS

# How many names an ambiguous beginning or a misspelling is answered with.
MAX_CANDIDATES = 8
# difflib's similarity from which a name is "close" (0.6 is difflib's own default).
CLOSE_ENOUGH = 0.6


class Found(NamedTuple):
    """What a search found: ``card`` (its key) when it is one card; else the candidates, as
    ``(key, name)`` pairs, for an ambiguous beginning (``ambiguous``) or a misspelling
    (``close``); none for ``nothing``."""

    outcome: Literal["card", "ambiguous", "close", "nothing"]
    card: str | None = None
    candidates: tuple[tuple[str, str], ...] = ()


def normalized(name: str) -> str:
    """Lowercase letters and digits only, accents dropped: "¡Pero tiene un hijo!" ->
    "perotieneunhijo", "Ataque ácido" -> "ataqueacido"."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


class _Alias(NamedTuple):
    normal: str
    key: str
    name: str  # as written, to show
    language: str


@cache
def _aliases() -> tuple[_Alias, ...]:
    """Every card's names in every language and edition, and its key: each distinct
    (normalized name, card) once."""
    found: dict[tuple[str, str], _Alias] = {}
    for card in CARD_TABLE:
        for language in LANGUAGES:
            for prefix in ("card", "card2011"):
                name = text(language, f"{prefix}-{card.key}")
                found.setdefault((normalized(name), card.key),
                                 _Alias(normalized(name), card.key, name, language))
        found.setdefault((normalized(card.key), card.key),
                         _Alias(normalized(card.key), card.key, card.key, ""))
    for key in EVOLUTIONS:
        for language in LANGUAGES:
            name = text(language, f"evo-{key}")
            found.setdefault((normalized(name), key),
                             _Alias(normalized(name), key, name, language))
        found.setdefault((normalized(key), key), _Alias(normalized(key), key, key, ""))
    return tuple(found.values())


def find_cards(typed: str, language: str) -> Found:
    """The card ``typed`` names (exactly, or by a beginning only one card's names have), or
    the candidates: names shown preferably in ``language``."""
    query = normalized(typed)
    if not query:
        return Found("nothing")
    exact = _keys(alias for alias in _aliases() if alias.normal == query)
    if len(exact) == 1:
        return Found("card", exact[0])
    starting = [alias for alias in _aliases() if alias.normal.startswith(query)]
    keys = _keys(starting)
    if len(keys) == 1:
        return Found("card", keys[0])
    if keys:
        return Found("ambiguous", candidates=tuple(_named(starting, language)))
    close = difflib.get_close_matches(query, [alias.normal for alias in _aliases()],
                                      n=MAX_CANDIDATES * 2, cutoff=CLOSE_ENOUGH)
    ranked = sorted((alias for alias in _aliases() if alias.normal in close),
                    key=lambda alias: close.index(alias.normal))
    if ranked:
        return Found("close", candidates=tuple(_named(ranked, language)))
    return Found("nothing")


def suggest(typed: str, language: str, limit: int) -> list[tuple[str, str]]:
    """Autocomplete: ``(key, name)`` of the cards one of whose names contains what is typed,
    those starting with it first, each named preferably in ``language``."""
    query = normalized(typed)
    matching = [alias for alias in _aliases() if query in alias.normal]
    named = _named(matching, language, limit=len(CARD_TABLE) + len(EVOLUTIONS))
    starts = {alias.key for alias in matching if alias.normal.startswith(query)}
    named.sort(key=lambda pair: (pair[0] not in starts, normalized(pair[1])))
    return named[:limit]


def _keys(aliases: Iterable[_Alias]) -> list[str]:
    """The cards of these names, each once, in order."""
    return list(dict.fromkeys(alias.key for alias in aliases))


def _named(aliases: Sequence[_Alias], language: str,
           limit: int = MAX_CANDIDATES) -> list[tuple[str, str]]:
    """Each card of these names once, by the name that matched, preferring one in
    ``language``, then the 2016 name in ``language`` when only a key or another language
    matched."""
    best: dict[str, _Alias] = {}
    for alias in aliases:
        held = best.get(alias.key)
        if held is None or (held.language != language and alias.language == language):
            best[alias.key] = alias
    return [(key, alias.name if alias.language == language else _name(language, key))
            for key, alias in list(best.items())[:limit]]


def _name(language: str, key: str) -> str:
    """A card's 2016 name, or an Evolution's, in ``language``."""
    return text(language, f"evo-{key}" if key in EVOLUTIONS else f"card-{key}")
