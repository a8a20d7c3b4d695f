"""The slash commands' words from the catalogs: descriptions, option descriptions and
choices, in English by default and in each client's language through the translator.

Command and option names stay English in every language: players tell each other
"/kot start" across languages, the help and the README name one command, and a Spanish
client still finds it by its Spanish description as it types.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import ENGLISH, language_of, text


def words(message_id: str) -> app_commands.locale_str:
    """A command's text: the English of ``message_id``, which the translator gives in the
    client's language."""
    return app_commands.locale_str(text(ENGLISH, message_id), id=message_id)


class CatalogTranslator(app_commands.Translator):
    """Gives Discord the commands' words in every language of the catalogs (synced with
    the commands; Discord shows each client its own)."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        message_id = string.extras.get("id")
        language = language_of(locale)
        if not isinstance(message_id, str) or language == ENGLISH:
            return None  # (Discord shows the English default)
        return text(language, message_id)
