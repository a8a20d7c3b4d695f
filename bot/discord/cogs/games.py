"""``/kot games``: the asker's lobbies and games in progress on this server, in any channel
or thread, each with what it waits for, until when, and a link (``bot.table.my_games``,
``bot.discord.games_list``). Private, in the asker's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.games_list import games_embed
from bot.discord.record_embeds import page_count
from bot.table.my_games import my_games

MAX_PAGE = 100


class GamesCog(KotCog, name="Games"):
    @app_commands.command(name="games", description=words("games-cmd-games"))
    @app_commands.describe(page=words("games-cmd-games-page"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction[Any],
                    page: app_commands.Range[int, 1, MAX_PAGE] = 1) -> None:
        request = self.request(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None  # (guild only)
        found = await self.bot.service.games_of_player(guild_id, request.user_id)
        waits = my_games(found, request.user_id, self.bot.turns.now(),
                         self.bot.lobby_clock.minutes)
        page = min(page, page_count(len(waits)))
        await request.answer(None, embed=games_embed(waits, page, request.language))
