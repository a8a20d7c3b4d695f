"""The slash commands' words: English from the catalog, Spanish for Spanish clients, within
Discord's limits; names untranslated."""

from __future__ import annotations

from typing import Any

from bot_harness import bot_of
from simcord import Env

from bot.discord.command_words import CatalogTranslator

SPANISH = ("es-ES", "es-419")


def _texts(node: dict[str, Any]) -> list[tuple[str, dict[str, str] | None]]:
    """(English, localizations) of a command payload's descriptions and choices."""
    found = [(node["description"], node.get("description_localizations"))]
    for option in node.get("options", []):
        found += _texts(option)
        found += [(c["name"], c.get("name_localizations")) for c in option.get("choices", [])]
    return found


async def test_every_command_text_has_spanish_within_discord_limits(env: Env) -> None:
    bot = bot_of(env)
    payload = await bot.kot.get_translated_payload(bot.tree, CatalogTranslator())
    assert "name_localizations" not in payload or not payload["name_localizations"]
    texts = _texts(payload)
    assert len(texts) >= 29  # the group, 14 commands, 9 options, 5 choices
    for english, localized in texts:
        assert 1 <= len(english) <= 100
        if english in ("English", "Español"):  # a language is named in its own language
            continue
        assert localized is not None, english
        for locale in SPANISH:
            assert 1 <= len(localized[locale]) <= 100
        assert localized["es-ES"] != english or english.startswith("King of Tokyo"), english
    start = next(o for o in payload["options"] if o["name"] == "start")
    assert start["description"] == "Open a King of Tokyo lobby in this channel"
    assert start["description_localizations"]["es-419"] == (
        "Abre una sala de King of Tokyo en este canal")
