"""Lobbies: ``/kot start`` and the Join / Leave / Start / Cancel buttons and menus."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.cogs import KotCog
from bot.messages import lobby_closed_embed, lobby_embed
from bot.service import Outcome, Refused
from bot.views import VARIANT_CHOICES, lobby_view
from engine.state import Edition


class LobbyCog(KotCog, name="Lobby"):
    @app_commands.command(name="start", description="Open a King of Tokyo lobby in this channel")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel_id is not None
        try:
            game = await self.bot.service.open_lobby(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                host_id=interaction.user.id,
            )
        except Refused as refusal:
            await interaction.response.send_message(str(refusal), ephemeral=True)
            return
        await interaction.response.send_message(
            content=f"{interaction.user.mention} opened a King of Tokyo lobby!",
            embed=lobby_embed(game), view=lobby_view(game),
        )

    async def on_lobby_button(
        self, interaction: discord.Interaction[Any], game_id: int, verb: str
    ) -> None:
        service = self.bot.service
        user_id = interaction.user.id
        if verb == "start":
            # Creating the game and drawing the first board may take a moment.
            await interaction.response.defer()

            async def show(outcome: Outcome) -> None:
                await interaction.edit_original_response(
                    embed=lobby_closed_embed(outcome.game, "game started"), view=None
                )
                await self.bot.play.publish_start(outcome)

            try:
                await service.start(game_id, user_id, show)
            except Refused as refusal:
                await interaction.followup.send(str(refusal), ephemeral=True)
            return
        try:
            if verb == "join":
                game = await service.join(game_id, user_id)
            elif verb == "leave":
                game = await service.leave(game_id, user_id)
            else:
                game = await service.cancel(game_id, user_id)
        except Refused as refusal:
            await interaction.response.send_message(str(refusal), ephemeral=True)
            return
        if game.status == "cancelled":
            await interaction.response.edit_message(
                embed=lobby_closed_embed(game, "cancelled"), view=None
            )
        else:
            await interaction.response.edit_message(embed=lobby_embed(game), view=lobby_view(game))

    async def on_lobby_select(
        self, interaction: discord.Interaction[Any], game_id: int, field: str,
        values: list[str],
    ) -> None:
        service = self.bot.service
        user_id = interaction.user.id
        choice = values[0] if values else ""
        try:
            if field == "monster":
                game = await service.pick_monster(game_id, user_id, choice)
            elif field == "edition":
                if choice not in ("2016", "2011"):
                    raise Refused("pick 2016 or 2011")
                game = await service.set_edition(game_id, user_id, cast(Edition, choice))
            else:
                if choice not in VARIANT_CHOICES:
                    raise Refused("pick automatic, on or off")
                game = await service.set_two_player_variant(
                    game_id, user_id, VARIANT_CHOICES[choice]
                )
        except Refused as refusal:
            await interaction.response.send_message(str(refusal), ephemeral=True)
            return
        await interaction.response.edit_message(embed=lobby_embed(game), view=lobby_view(game))
