"""``/kot start``: open a lobby. Its buttons and menus are handled by ``bot.discord.clicks``."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.locales import asker_language, server_language
from bot.discord.messages import channel_busy_text
from bot.discord.publisher import LOBBY_ANSWER_DEFERRED
from bot.table import publish
from bot.table.model import GAME_CHOICES, BrokenGame, Refused

# Discord wants an answer within 3 seconds. The lobby is the answer when it is stored by
# then; otherwise the command is acknowledged ("thinking…") and the lobby replaces that.
ANSWER_WITHIN = 2.0

Interaction = discord.Interaction[Any]


class LobbyCog(KotCog, name="Lobby"):
    @app_commands.command(name="start", description=words("cmd-start"))
    @app_commands.describe(game=words("cmd-start-game"))
    @app_commands.choices(game=[app_commands.Choice(name=words(f"cmd-start-game-{value}"),
                                                    value=value) for value in GAME_CHOICES])
    @app_commands.guild_only()
    async def start(self, interaction: Interaction,
                    game: app_commands.Choice[str] | None = None) -> None:
        assert interaction.channel_id is not None
        choice = next((c for c in GAME_CHOICES if game is not None and c == game.value), None)
        # The answer is either the lobby (sent by the publisher's pass) or the deferral:
        # never both at once.
        answering = asyncio.Lock()

        async def show(game_id: int) -> object:
            async with answering:
                return await self.bot.publisher.show(game_id, interaction=interaction)

        opening = asyncio.create_task(self.bot.service.lobbies.open(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, show=show, host_name=interaction.user.display_name,
            choice=choice, server_language=server_language(interaction),
            host_language=asker_language(interaction)))
        done, _pending = await asyncio.wait({opening}, timeout=ANSWER_WITHIN)
        if not done:
            async with answering:
                if not interaction.response.is_done():
                    interaction.extras[LOBBY_ANSWER_DEFERRED] = True
                    await self.bot.io.acknowledge(interaction)
        try:
            await opening
        except Refused as refusal:
            await self._already_busy(interaction, refusal)

    async def _already_busy(self, interaction: Interaction, refusal: Refused) -> None:
        """The channel has a lobby or a game: say so, and make sure it is shown (its message
        may have been deleted while the bot was away)."""
        assert interaction.channel_id is not None
        service, io = self.bot.service, self.bot.io
        try:
            game = await service.games.active_in_channel(interaction.channel_id)
        except BrokenGame:
            game = None
        deferred = bool(interaction.extras.get(LOBBY_ANSWER_DEFERRED))
        if game is None:
            await self._refuse(interaction, refusal.said(asker_language(interaction)),
                               deferred=deferred)
            return
        if not deferred and not await io.acknowledge(interaction, thinking_privately=True):
            return
        await service.show_board(game.id, publish.refresh, self.bot.publisher.show)
        latest = service.games.cached(game.id) or game
        busy = channel_busy_text(latest, asker_language(interaction))
        await self._refuse(interaction, busy, deferred=deferred)

    async def _refuse(self, interaction: Interaction, text: str, *, deferred: bool) -> None:
        """A refusal is private, except after a slow store made the answer public already:
        then the "thinking…" answer says it."""
        if deferred:
            await self.bot.io.edit_response(interaction, content=text)
        else:
            await self.bot.io.reply_privately(interaction, text)
