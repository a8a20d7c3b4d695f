"""``/kot start``: open a lobby. Its buttons and menus are handled by ``bot.clicks``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import KotCog
from bot.messages import lobby_embed
from bot.model import Refused
from bot.views import lobby_view


class LobbyCog(KotCog, name="Lobby"):
    @app_commands.command(name="start", description="Open a King of Tokyo lobby in this channel")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel_id is not None
        service, io = self.bot.service, self.bot.io
        try:
            game = await service.lobbies.open(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                host_id=interaction.user.id,
            )
        except Refused as refusal:
            await io.reply_privately(interaction, str(refusal))
            return
        # Under the lock until the lobby message is remembered, so a click on it always
        # finds the message to update.
        async with service.games.lock(game.id):
            message_id = await io.respond(
                interaction, content=f"{interaction.user.mention} opened a King of Tokyo lobby!",
                embed=lobby_embed(game), view=lobby_view(game),
            )
            await service.set_board_message(game.id, message_id)
