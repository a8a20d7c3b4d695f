"""``/kot start``: open a lobby. Its buttons and menus are handled by ``bot.clicks``."""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot import publish
from bot.cogs import KotCog
from bot.messages import channel_busy_text
from bot.model import BrokenGame, Refused


class LobbyCog(KotCog, name="Lobby"):
    @app_commands.command(name="start", description="Open a King of Tokyo lobby in this channel")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel_id is not None
        service = self.bot.service
        # The lobby message is the command's public answer (the publisher sends it).
        show = partial(self.bot.publisher.show, interaction=interaction)
        try:
            await service.lobbies.open(guild_id=interaction.guild_id,
                                       channel_id=interaction.channel_id,
                                       host_id=interaction.user.id, show=show,
                                       host_name=interaction.user.display_name)
        except Refused as refusal:
            await self._already_busy(interaction, refusal)

    async def _already_busy(self, interaction: discord.Interaction[Any],
                            refusal: Refused) -> None:
        """The channel has a lobby or a game: say so, and make sure it is shown (its message
        may have been deleted while the bot was away)."""
        assert interaction.channel_id is not None
        service, io = self.bot.service, self.bot.io
        try:
            game = await service.games.active_in_channel(interaction.channel_id)
        except BrokenGame:
            game = None
        if game is None:
            await io.reply_privately(interaction, str(refusal))
            return
        if not await io.acknowledge(interaction, thinking_privately=True):
            return
        await service.show_board(game.id, publish.refresh, self.bot.publisher.show)
        latest = service.games.cached(game.id) or game
        await io.reply_privately(interaction, channel_busy_text(latest))
