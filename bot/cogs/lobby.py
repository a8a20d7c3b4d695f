"""Lobbies: ``/kot start`` and the Join / Leave / Start / Cancel buttons and menus."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.cogs import KotCog
from bot.messages import lobby_closed_embed, lobby_embed
from bot.service import Game, Outcome, Refused
from bot.views import VARIANT_CHOICES, lobby_view
from engine import Edition


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
        # Remember the lobby message, so ending the lobby can take its buttons away.
        message = await interaction.original_response()
        async with self.bot.service.lock(game.id):
            await self.bot.service.set_board_message(game.id, message.id)

    async def on_lobby_button(
        self, interaction: discord.Interaction[Any], game_id: int, verb: str
    ) -> None:
        # Acknowledge first: the lobby's lock may be held by a Start drawing the first board.
        await interaction.response.defer()
        try:
            await self._lobby_button(interaction, game_id, verb)
        except Refused as refusal:
            await interaction.followup.send(str(refusal), ephemeral=True)
        except Exception:
            await self.bot.play.report_failure(interaction, f"lobby {game_id}: {verb} failed")

    async def _lobby_button(
        self, interaction: discord.Interaction[Any], game_id: int, verb: str
    ) -> None:
        service = self.bot.service
        user_id = interaction.user.id
        if verb == "start":

            async def show(outcome: Outcome) -> None:
                await interaction.edit_original_response(
                    embed=lobby_closed_embed(outcome.game, "game started"), view=None
                )
                await self.bot.play.publish_start(outcome, interaction)

            await service.start(game_id, user_id, show)
            return
        if verb == "join":
            game = await service.join(game_id, user_id)
        elif verb == "leave":
            game = await service.leave(game_id, user_id)
        else:
            game = await service.cancel(game_id, user_id)
        if game.status == "cancelled":
            await interaction.edit_original_response(
                embed=lobby_closed_embed(game, "cancelled"), view=None
            )
        else:
            await interaction.edit_original_response(embed=lobby_embed(game),
                                                     view=lobby_view(game))

    async def on_lobby_select(
        self, interaction: discord.Interaction[Any], game_id: int, field: str,
        values: list[str],
    ) -> None:
        await interaction.response.defer()
        try:
            game = await self._lobby_select(interaction.user.id, game_id, field, values)
        except Refused as refusal:
            await interaction.followup.send(str(refusal), ephemeral=True)
            return
        except Exception:
            await self.bot.play.report_failure(interaction, f"lobby {game_id}: {field} failed")
            return
        await interaction.edit_original_response(embed=lobby_embed(game), view=lobby_view(game))

    async def _lobby_select(
        self, user_id: int, game_id: int, field: str, values: list[str]
    ) -> Game:
        service = self.bot.service
        choice = values[0] if values else ""
        if field == "monster":
            return await service.pick_monster(game_id, user_id, choice)
        if field == "edition":
            if choice not in ("2016", "2011"):
                raise Refused("pick 2016 or 2011")
            return await service.set_edition(game_id, user_id, cast(Edition, choice))
        if choice not in VARIANT_CHOICES:
            raise Refused("pick automatic, on or off")
        return await service.set_two_player_variant(game_id, user_id, VARIANT_CHOICES[choice])
