"""The message catalogs: Fluent bundles read once from ``locales/``, one per language.

Why Fluent (``fluent.runtime``, with Babel for plural rules, numbers and lists) rather than
gettext: a message in Fluent is one id with named variables, and each language chooses its
own plural and gender forms inside its own file (Spanish agrees adjectives and articles where
English does not), so adding a language never touches the code or the English file.
"""

from __future__ import annotations

import logging
import os
import unicodedata
from collections.abc import Hashable
from functools import cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser, ast

from engine import Arg, Join, Phrase, Ref

log = logging.getLogger(__name__)

ENGLISH = "en"
_LOCALES = Path(__file__).parent / "locales"
# Every folder of locales/ is a language (its name a BCP 47 tag: en, es, pt-BR...).
LANGUAGES: tuple[str, ...] = tuple(sorted(p.name for p in _LOCALES.iterdir() if p.is_dir()))
# The pseudo-language of the layout tests: English made ~40% longer, with accents.
PSEUDO = "qps"


class MissingMessage(LookupError):
    """A message id a catalog lacks, or a message missing an argument (strict mode only)."""


_strict = os.environ.get("KOT_STRICT_MESSAGES", "") not in ("", "0")


def set_strict(on: bool) -> None:
    """Strict messages: a missing message or argument raises ``MissingMessage`` instead of
    falling back to English (or to the id) with a warning in the log. The tests turn it on."""
    global _strict
    _strict = on
    _SAID.clear()  # (what was said the other way)


def language_of(locale: object) -> str:
    """The catalog language for a Discord locale (``es-ES``, ``es-419`` -> ``es``), English
    for one without a catalog or for none."""
    tag = str(getattr(locale, "value", locale or "")).replace("_", "-")
    if tag in LANGUAGES:
        return tag
    base = tag.split("-", 1)[0].lower()
    return base if base in LANGUAGES else ENGLISH


@cache
def _bundle(language: str) -> FluentBundle:
    # use_isolating=False: no Unicode isolation marks around variables; Discord and the
    # board picture would show them as boxes, and no language of ours is right to left.
    bundle = FluentBundle([language], use_isolating=False)
    for path in sorted((_LOCALES / language).glob("*.ftl")):
        resource = FluentResource(path.read_text(encoding="utf-8"))
        bundle.add_resource(resource)
    return bundle


@cache
def message_ids(language: str) -> frozenset[str]:
    """The ids of the messages a language's catalog holds."""
    return frozenset(
        entry.id.name
        for path in (_LOCALES / language).glob("*.ftl")
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body
        if isinstance(entry, ast.Message))


def has_message(language: str, message_id: str) -> bool:
    return _bundle(language).has_message(message_id)


# Messages already said, by language, id and arguments: a board says the same labels and
# narration lines at every click, and formatting one (Fluent's resolver, Babel's numbers)
# costs far more than looking it up. Bounded: emptied when full. (Safe across the drawing
# threads: a dict's item operations are atomic under the GIL, and a lost entry is only said
# again.)
_SAID: dict[tuple[str, str, Hashable], str] = {}
_SAID_MOST = 20_000


def text(language: str, message_id: str, /, **args: Arg) -> str:
    """Message ``message_id`` in ``language``, with its arguments (references and phrases
    among them said in the same language)."""
    key = (language, message_id, _frozen(args))
    said = _SAID.get(key)
    if said is None:
        said = _format(language, message_id, args)
        if len(_SAID) >= _SAID_MOST:
            _SAID.clear()
        _SAID[key] = said
    return said


def _frozen(value: object) -> Hashable:
    """Arguments as a key: their values, with phrases and lists made hashable."""
    if isinstance(value, dict):
        return tuple((name, _frozen(item)) for name, item in sorted(value.items()))
    if isinstance(value, Phrase):
        return ("phrase", value.id, _frozen(value.args))
    if isinstance(value, Join):
        return ("join", value.style, tuple(_frozen(item) for item in value.items))
    if isinstance(value, Ref):
        # As its strings, not the struct: a key of strings and numbers alone is left out of
        # the cycle collector's walks once it has seen it (up to _SAID_MOST keys here, on
        # every full collection, each a pause of the event loop).
        return ("ref", value.kind, value.key)
    return (type(value).__name__, value)  # (1 and 1.0 and True are not the same words)


def _format(language: str, message_id: str, args: dict[str, Arg]) -> str:
    if language == PSEUDO:
        return _pseudo(text(ENGLISH, message_id, **args))
    bundle = _bundle(language if language in LANGUAGES else ENGLISH)
    if not bundle.has_message(message_id):
        if _strict or language == ENGLISH:
            return _missing(language, message_id, f"no message {message_id!r}")
        log.warning("catalog %s has no message %r: said in English", language, message_id)
        return text(ENGLISH, message_id, **args)
    values = {name: _value(language, value) for name, value in args.items()}
    message = bundle.get_message(message_id)
    if message.value is None:
        return _missing(language, message_id, f"message {message_id!r} has no value")
    said, errors = bundle.format_pattern(message.value, values)
    if errors:
        detail = "; ".join(str(error) for error in errors)
        if _strict:
            raise MissingMessage(f"{language} {message_id}: {detail}")
        log.warning("catalog %s, message %r: %s", language, message_id, detail)
    return str(said)


@cache
def page(language: str, name: str) -> str:
    """A long text of Markdown kept whole, ``locales/<language>/<name>.md`` (the rules, the
    help): easier to write and review as a page than as a message."""
    path = _LOCALES / (language if language in LANGUAGES else ENGLISH) / f"{name}.md"
    if not path.exists():
        if _strict or language == ENGLISH:
            return _missing(language, name, f"no page {name}.md")
        log.warning("catalog %s has no page %s.md: said in English", language, name)
        return page(ENGLISH, name)
    return path.read_text(encoding="utf-8")


def say(language: str, said: Phrase | str) -> str:
    """A phrase of the engine in ``language``; a plain string (a line stored before
    phrases) as it is."""
    if isinstance(said, str):
        return said
    return text(language, said.id, **said.args)


def _value(language: str, value: Arg) -> str | int | float:
    if isinstance(value, Ref):
        return text(language, f"{value.kind}-{value.key}")
    if isinstance(value, Phrase):
        return say(language, value)
    if isinstance(value, Join):
        items = [str(_value(language, item)) for item in value.items]
        if value.style == "comma":
            return ", ".join(items)
        return format_list(items, locale=_babel_locale(language))
    return value


@cache
def _babel_locale(language: str) -> Locale:
    return Locale.parse(ENGLISH if language == PSEUDO else language, sep="-")


def _missing(language: str, message_id: str, why: str) -> str:
    if _strict:
        raise MissingMessage(f"{language}: {why}")
    log.error("catalog %s: %s", language, why)
    return message_id


# Accented look-alikes of ASCII letters, for the pseudo-language.
_ACCENTED = str.maketrans(
    "aeiouAEIOUcnyCNY", "áéíóúÁÉÍÓÚçñýÇÑÝ")


def _pseudo(english: str) -> str:
    """English with accents and ~40% longer, so a layout test sees long words and marks
    above and below the line (a real language may be this much longer than English)."""
    accented = unicodedata.normalize("NFC", english.translate(_ACCENTED))
    letters = sum(ch.isalpha() for ch in english)
    return accented + ("·ẞ" * ((letters * 2 + 9) // 10))[: (letters * 4 + 9) // 10]
