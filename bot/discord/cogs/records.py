"""Finished games: ``/kot stats``, ``/kot leaderboard``, ``/kot history``, ``/kot replay``.

Every answer is private, like the bot's other answers to a command, and acknowledged
first: a server's ratings are computed from all its rated records (a worker thread, well
under a second for 10,000 games), ``/kot stats`` draws a chart of the player's rating (a
worker thread too), and a replay plays its game again.
"""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.record_embeds import (
    PAGE_SIZE,
    RATING_CHART_FILENAME,
    add_crowns,
    add_season_rank,
    chart_values,
    history_embed,
    leaderboard_embed,
    page_count,
    season_leaderboard_embed,
    stats_embed,
)
from bot.discord.request import Request
from bot.i18n import say, text
from bot.render.chart import describe_chart, rating_chart
from bot.table.league.achievements import earned
from bot.table.league.seasons import ranked
from bot.table.model import BrokenGame, Refused
from bot.table.ratings import leaderboard, rate
from bot.table.records import against_ai, player_stats
from engine import encode_replay, transcript

MAX_PAGE = 1000
MAX_SEASON = 100_000


class RecordsCog(KotCog, name="Records"):
    @app_commands.command(name="stats", description=words("cmd-stats"))
    @app_commands.describe(player=words("cmd-stats-player"))
    async def stats(self, interaction: discord.Interaction[Any],
                    player: discord.Member | None = None) -> None:
        request = self.request(interaction)
        guild_id = _guild(interaction)
        if not await request.acknowledge(thinking_privately=True):
            return
        shown = player or interaction.user
        record_book = self.bot.service.record_book
        played = await record_book.records(guild_id, user_id=shown.id)
        rated = await record_book.records(guild_id, rated_only=True)
        rating = (await asyncio.to_thread(rate, rated)).get(shown.id)
        language = request.language
        extra: dict[str, Any] = {}
        if values := chart_values(rating):
            png = await asyncio.to_thread(rating_chart, values, language)
            extra["files"] = [discord.File(io.BytesIO(png), filename=RATING_CHART_FILENAME,
                                           description=describe_chart(values, language))]
        embed = stats_embed(shown.id, shown.display_name, player_stats(played, shown.id),
                            rating, against_ai(played, shown.id), earned(played, shown.id),
                            language)
        running = await self.bot.league.running(guild_id)
        if running is not None:
            season_ratings = await self.bot.league.season_ratings(running)
            add_season_rank(embed, running, season_ratings.get(shown.id), language)
        crowns = await self.bot.crowns.held(guild_id)
        add_crowns(embed, [crown for _monster, crown in sorted(crowns.items())
                           if crown.user_id == shown.id], language)
        await request.answer(None, embed=embed, **extra)

    @app_commands.command(name="leaderboard",
                          description=words("cmd-leaderboard"))
    @app_commands.describe(page=words("cmd-leaderboard-page"),
                           season=words("league-cmd-leaderboard-season"))
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          page: app_commands.Range[int, 1, MAX_PAGE] = 1,
                          season: app_commands.Range[int, 0, MAX_SEASON] | None = None) -> None:
        """All time by default; ``season``: 0 for the running season, N for season N (a
        closed season's table is the one kept when it closed)."""
        request = self.request(interaction)
        guild_id = _guild(interaction)
        if not await request.acknowledge(thinking_privately=True):
            return
        if season is not None:
            await self._season_leaderboard(request, guild_id, season, page)
            return
        rated = await self.bot.service.record_book.records(guild_id, rated_only=True)
        board = leaderboard(await asyncio.to_thread(rate, rated))
        page = min(page, page_count(len(board)))
        await request.answer(None, embed=leaderboard_embed(board, page, request.language))

    async def _season_leaderboard(self, request: Request, guild_id: int, number: int,
                                  page: int) -> None:
        seasons = await self.bot.league.seasons(guild_id)
        shown = next((s for s in seasons if (s.running if number == 0 else s.number == number)),
                      None)
        if shown is None:
            await request.tell("league-no-season-running" if number == 0
                               else "league-no-such-season", season=str(number),
                               seasons=len(seasons))
            return
        standings = await self.bot.league.standings(shown)
        page = min(page, page_count(len(ranked(standings))))
        await request.answer(None, embed=season_leaderboard_embed(shown, standings, page,
                                                                  request.language))

    @app_commands.command(name="history", description=words("cmd-history"))
    @app_commands.describe(page=words("cmd-history-page"))
    async def history(self, interaction: discord.Interaction[Any],
                      page: app_commands.Range[int, 1, MAX_PAGE] = 1) -> None:
        request = self.request(interaction)
        guild_id = _guild(interaction)
        record_book = self.bot.service.record_book
        total = await record_book.record_count(guild_id)
        page = min(page, page_count(total))
        shown = await record_book.records(guild_id, newest_first=True, limit=PAGE_SIZE,
                                          offset=(page - 1) * PAGE_SIZE)
        await request.answer(None, embed=history_embed(shown, page, total, request.language))

    @app_commands.command(name="replay",
                          description=words("cmd-replay"))
    @app_commands.describe(game=words("cmd-replay-game"))
    async def replay(self, interaction: discord.Interaction[Any],
                     game: app_commands.Range[int, 1, 2**53]) -> None:
        request = self.request(interaction)
        guild_id = _guild(interaction)
        record = await self.bot.service.record_book.record(game)
        if record is None or record.guild_id != guild_id:
            await request.tell("records-no-such-game", game=str(game))
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        try:
            replay = await self.bot.service.replay(game)
        except (Refused, BrokenGame):
            await request.tell("records-unreadable", game=str(game))
            return
        language = request.language
        name = text(language, "records-replay-name", game=str(game))
        story = await asyncio.to_thread(transcript, replay, name, partial(say, language))
        await request.answer(
            text(language, "records-replay", name=name,
                 when=f"<t:{int(record.finished_at)}:f>"),
            files=[discord.File(io.BytesIO(story.encode()), filename=f"kot-game-{game}.txt"),
                   discord.File(io.BytesIO(encode_replay(replay)),
                                filename=f"kot-game-{game}.json")])


def _guild(interaction: discord.Interaction[Any]) -> int:
    # The /kot group is guild-only: Discord never sends these commands from a DM.
    assert interaction.guild_id is not None
    return interaction.guild_id
