"""Finished games: ``/kot stats``, ``/kot leaderboard``, ``/kot history``, ``/kot replay``.

Every answer is private, like the bot's other answers to a command, and acknowledged
first: a server's ratings are computed from all its rated records (a worker thread, well
under a second for 10,000 games), ``/kot stats`` draws a chart of the player's rating (a
worker thread too), and a replay plays its game again.
"""

from __future__ import annotations

import asyncio
import io
import json
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.locales import asker_language, told
from bot.discord.record_embeds import (
    PAGE_SIZE,
    RATING_CHART_FILENAME,
    chart_values,
    history_embed,
    leaderboard_embed,
    page_count,
    stats_embed,
)
from bot.i18n import say, text
from bot.render.chart import describe_chart, rating_chart
from bot.table.game_rows import setup_for
from bot.table.model import BrokenGame, Refused
from bot.table.ratings import leaderboard, rate
from bot.table.records import against_ai, player_stats
from engine import Move, ReplayFile, encode_replay, encode_state, transcript

MAX_PAGE = 1000


class RecordsCog(KotCog, name="Records"):
    @app_commands.command(name="stats", description=words("cmd-stats"))
    @app_commands.describe(player=words("cmd-stats-player"))
    async def stats(self, interaction: discord.Interaction[Any],
                    player: discord.Member | None = None) -> None:
        guild_id = _guild(interaction)
        if not await self.bot.io.acknowledge(interaction, thinking_privately=True):
            return
        shown = player or interaction.user
        record_book = self.bot.service.record_book
        played = await record_book.records(guild_id, user_id=shown.id)
        rated = await record_book.records(guild_id, rated_only=True)
        rating = (await asyncio.to_thread(rate, rated)).get(shown.id)
        language = asker_language(interaction)
        extra: dict[str, Any] = {}
        if values := chart_values(rating):
            png = await asyncio.to_thread(rating_chart, values, language)
            extra["files"] = [discord.File(io.BytesIO(png), filename=RATING_CHART_FILENAME,
                                           description=describe_chart(values, language))]
        await self.bot.io.reply_privately(interaction, None, embed=stats_embed(
            shown.id, shown.display_name, player_stats(played, shown.id), rating,
            against_ai(played, shown.id), language), **extra)

    @app_commands.command(name="leaderboard",
                          description=words("cmd-leaderboard"))
    @app_commands.describe(page=words("cmd-leaderboard-page"))
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          page: app_commands.Range[int, 1, MAX_PAGE] = 1) -> None:
        guild_id = _guild(interaction)
        if not await self.bot.io.acknowledge(interaction, thinking_privately=True):
            return
        rated = await self.bot.service.record_book.records(guild_id, rated_only=True)
        board = leaderboard(await asyncio.to_thread(rate, rated))
        page = min(page, page_count(len(board)))
        await self.bot.io.reply_privately(interaction, None,
                                          embed=leaderboard_embed(board, page,
                                                                  asker_language(interaction)))

    @app_commands.command(name="history", description=words("cmd-history"))
    @app_commands.describe(page=words("cmd-history-page"))
    async def history(self, interaction: discord.Interaction[Any],
                      page: app_commands.Range[int, 1, MAX_PAGE] = 1) -> None:
        guild_id = _guild(interaction)
        record_book = self.bot.service.record_book
        total = await record_book.record_count(guild_id)
        page = min(page, page_count(total))
        shown = await record_book.records(guild_id, newest_first=True, limit=PAGE_SIZE,
                                          offset=(page - 1) * PAGE_SIZE)
        await self.bot.io.reply_privately(interaction, None,
                                          embed=history_embed(shown, page, total,
                                                              asker_language(interaction)))

    @app_commands.command(name="replay",
                          description=words("cmd-replay"))
    @app_commands.describe(game=words("cmd-replay-game"))
    async def replay(self, interaction: discord.Interaction[Any],
                     game: app_commands.Range[int, 1, 2**53]) -> None:
        guild_id = _guild(interaction)
        games = self.bot.service.games
        record = await self.bot.service.record_book.record(game)
        if record is None or record.guild_id != guild_id:
            await self.bot.io.reply_privately(
                interaction, told(interaction, "records-no-such-game", game=str(game)))
            return
        if not await self.bot.io.acknowledge(interaction, thinking_privately=True):
            return
        try:
            finished = await games.peek(game)
        except (Refused, BrokenGame):
            await self.bot.io.reply_privately(
                interaction, told(interaction, "records-unreadable", game=str(game)))
            return
        state = finished.playing_state()
        setup = finished.setup or setup_for(state)
        replay = ReplayFile(
            game_id=game, seed=setup.seed, options=setup.options, monsters=setup.monsters,
            moves=tuple(Move(entry.seat, entry.action) for entry in await games.action_log(game)),
            final_state=json.loads(encode_state(state)),
        )
        language = asker_language(interaction)
        name = text(language, "records-replay-name", game=str(game))
        story = await asyncio.to_thread(transcript, replay, name, partial(say, language))
        await self.bot.io.reply_privately(
            interaction, text(language, "records-replay", name=name,
                              when=f"<t:{int(record.finished_at)}:f>"),
            files=[discord.File(io.BytesIO(story.encode()), filename=f"kot-game-{game}.txt"),
                   discord.File(io.BytesIO(encode_replay(replay)),
                                filename=f"kot-game-{game}.json")])


def _guild(interaction: discord.Interaction[Any]) -> int:
    # The /kot group is guild-only: Discord never sends these commands from a DM.
    assert interaction.guild_id is not None
    return interaction.guild_id
