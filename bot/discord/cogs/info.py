"""Reference: ``/kot rules``, ``/kot card <name>`` and ``/kot help``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.messages import HELP, RULES, card_embed, card_file
from engine import CARD_TABLE, find_card

MAX_CHOICES = 25  # Discord's limit for autocomplete suggestions
MAX_NAME = 50  # the longest card name is far shorter; Discord refuses longer input


class InfoCog(KotCog, name="Info"):
    @app_commands.command(name="rules", description=words("cmd-rules"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.io.reply_privately(interaction, RULES)

    @app_commands.command(name="help", description=words("cmd-help"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.io.reply_privately(interaction, HELP)

    @app_commands.command(name="card", description=words("cmd-card"))
    @app_commands.describe(name=words("cmd-card-name"))
    async def card(self, interaction: discord.Interaction[Any],
                   name: app_commands.Range[str, 1, MAX_NAME]) -> None:
        card = find_card(name)
        if card is None:
            shown = name if len(name) <= 40 else name[:40] + "…"
            await self.bot.io.reply_privately(interaction,
                                              f"No power card is called {shown!r}: "
                                              "start typing and pick one from the list.")
            return
        await self.bot.io.reply_privately(interaction, None, embed=card_embed(card.key),
                                          file=await card_file(card.key))

    @card.autocomplete("name")
    async def card_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.casefold().strip()
        matches = [
            card for card in CARD_TABLE
            if typed in card.name.casefold() or typed in card.name_2011.casefold()
        ]
        # Names that start with what was typed come first.
        matches.sort(key=lambda card: (not card.name.casefold().startswith(typed), card.name))
        return [app_commands.Choice(name=card.name, value=card.key)
                for card in matches[:MAX_CHOICES]]
