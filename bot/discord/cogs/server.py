"""``/kot settings``: a server's own defaults for its new lobbies (Manage Server)."""

from __future__ import annotations

from typing import Any

import discord
import msgspec
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.messages import clock_words
from bot.i18n import LANGUAGES, text

# Up to the lobby's longest choices (bot.discord.views.CLOCK_CHOICES): 3 days a turn, 12 h
# for a question out of turn.
MAX_TURN_SECONDS = 3 * 24 * 3600
MAX_REACTION_SECONDS = 12 * 3600


class ServerCog(KotCog, name="Server"):
    @app_commands.command(name="settings",
                          description=words("cmd-settings"))
    @app_commands.describe(
        turn_seconds=words("days-cmd-settings-turn_seconds"),
        reaction_seconds=words("days-cmd-settings-reaction_seconds"),
        language=words("cmd-settings-language"),
        threads=words("games-cmd-settings-threads"),
    )
    @app_commands.choices(language=[app_commands.Choice(name=text(lang, "language-name"),
                                                        value=lang) for lang in LANGUAGES])
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(
        self, interaction: discord.Interaction[Any],
        turn_seconds: app_commands.Range[int, 0, MAX_TURN_SECONDS] | None = None,
        reaction_seconds: app_commands.Range[int, 0, MAX_REACTION_SECONDS] | None = None,
        language: app_commands.Choice[str] | None = None,
        threads: bool | None = None,
    ) -> None:
        """With no option: the settings in force. With options: the new defaults, for
        lobbies opened from now on (a lobby's host can still change its own)."""
        request = self.request(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None
        # Discord hides the command from others by default, but a server can change who
        # sees it: the permission is checked here too.
        if not interaction.permissions.manage_guild:
            await request.tell("settings-not-allowed")
            return
        service = self.bot.service
        current = await service.settings.server_settings(guild_id)
        changes: dict[str, object] = {}
        if turn_seconds is not None:  # (first: it may bring its own reaction time)
            current = current.with_turn_time(float(turn_seconds))
            changes["turn_seconds"] = float(turn_seconds)
        if reaction_seconds is not None:
            changes["reaction_seconds"] = float(reaction_seconds)
        if language is not None and language.value in LANGUAGES:
            changes["language"] = language.value
        if threads is not None:
            changes["threads"] = threads
        if changes:
            current = msgspec.structs.replace(current, **changes)
            await service.settings.save_server_settings(guild_id, current)
        turn, reaction = service.lobbies.clock_of(current)
        said = request.language
        shown = text(
            said, "settings-shown", saved=str(bool(changes)).lower(),
            turn=clock_words(turn, said), reaction=clock_words(reaction, said),
            language=text(current.language, "language-name") if current.language else "auto")
        threads_shown = text(said, "games-settings-threads",
                             threads="on" if current.threads else "off")
        await request.answer(f"{shown}\n{threads_shown}")
