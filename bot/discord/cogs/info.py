"""Reference: ``/kot rules``, ``/kot card <name>`` and ``/kot help``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.messages import card_embed, card_file, evolution_embed
from bot.i18n import page, text
from bot.i18n.card_search import Found, find_cards, suggest
from engine import EVOLUTIONS

MAX_CHOICES = 25  # Discord's limit for autocomplete suggestions
MAX_NAME = 50  # the longest card name is far shorter; Discord refuses longer input


class InfoCog(KotCog, name="Info"):
    @app_commands.command(name="rules", description=words("cmd-rules"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        request = self.request(interaction)
        await request.answer(page(request.language, "rules"))

    @app_commands.command(name="help", description=words("cmd-help"))
    @app_commands.describe(topic=words("cmd-help-topic"))
    @app_commands.choices(topic=[
        app_commands.Choice(name=words("cmd-help-topic-game"), value="help"),
        app_commands.Choice(name=words("cmd-help-topic-league"), value="help-league")])
    async def help(self, interaction: discord.Interaction[Any],
                   topic: app_commands.Choice[str] | None = None) -> None:
        """The commands: of a game (by default), or of the server's league (a page of its
        own: one message holds 2,000 characters)."""
        request = self.request(interaction)
        chosen = "help-league" if topic is not None and topic.value == "help-league" else "help"
        await request.answer(page(request.language, chosen))

    @app_commands.command(name="card", description=words("cmd-card"))
    @app_commands.describe(name=words("cmd-card-name"))
    async def card(self, interaction: discord.Interaction[Any],
                   name: app_commands.Range[str, 1, MAX_NAME]) -> None:
        request = self.request(interaction)
        language = request.language
        found = find_cards(name, language)
        if found.card is None:
            await request.answer(not_found(name, found, language))
            return
        if found.card in EVOLUTIONS:  # (Power Up!: no picture of its own yet)
            await request.answer(None, embed=evolution_embed(found.card, language))
            return
        await request.answer(None, embed=card_embed(found.card, language),
                             file=await card_file(found.card, language, self.bot.drawers))

    @card.autocomplete("name")
    async def card_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        language = self.request(interaction).language
        return [app_commands.Choice(name=name, value=key)
                for key, name in suggest(current, language, MAX_CHOICES)]


def not_found(typed: str, found: Found, language: str) -> str:
    """The answer to a name that is no one card: the candidates of an ambiguous beginning or
    of a misspelling, or nothing found."""
    shown = typed if len(typed) <= 40 else typed[:40] + "…"
    names = ", ".join(f"**{name}**" for _key, name in found.candidates)
    return text(language, f"cardsearch-{found.outcome}", typed=shown, names=names)
