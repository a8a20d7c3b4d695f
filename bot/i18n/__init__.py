"""Words in the players' languages: the message catalogs and what reads them.

Every word a player reads comes from a catalog file, ``locales/<language>/*.ftl`` (Project
Fluent), through ``text`` (a message by id) or ``say`` (a phrase of the engine, with its
references to cards, places and dice resolved in the same language); long Markdown pages
(the rules, the help) are ``locales/<language>/*.md``, through ``page``. English is the
fallback of a message another language lacks; with strict messages on (the tests), a missing
message or argument raises instead. A new language is a new folder (docs/bot.md, "Adding a
language"). ``cards`` says a card's name, kind and text in an edition; ``card_search`` finds
a card by any of its names in any language.

May import: ``engine`` only. Every other room of the bot may import it.
"""

from bot.i18n.catalog import (
    ENGLISH,
    LANGUAGES,
    PSEUDO,
    MissingMessage,
    has_message,
    language_of,
    message_ids,
    page,
    say,
    set_strict,
    text,
)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "PSEUDO",
    "MissingMessage",
    "has_message",
    "language_of",
    "message_ids",
    "page",
    "say",
    "set_strict",
    "text",
]
