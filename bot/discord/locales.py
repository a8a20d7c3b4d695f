"""Which language to answer in: the asker's (private answers) and the server's (a new game's
default), from what Discord says of them."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_of


def asker_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the clicker's or commander's Discord client (``es-ES``, ``es-419``:
    Spanish), for the answers only they see. A click or a command has it once, as its
    ``bot.discord.request.Request.language``."""
    return language_of(interaction.locale)


def server_language(interaction: discord.Interaction[Any]) -> str | None:
    """The server's preferred language (its Community setting), None outside a server.
    Read from the server itself rather than the interaction's ``guild_locale``: the same
    value, also where an interaction leaves it out."""
    guild = interaction.guild
    if guild is None:
        return None
    return language_of(guild.preferred_locale)

