"""``/kot league``: a server's league (Manage Server, like ``/kot settings``): its seasons'
length and news channel (``season``). Every answer is private."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.locales import server_language
from bot.discord.request import Request
from bot.table.league.league import League
from bot.table.league.seasons import MAX_SEASON_DAYS, LeagueSettings, Season


class LeagueCog(KotCog, name="League"):
    league = app_commands.Group(name="league", description=words("league-cmd-league"),
                                default_permissions=discord.Permissions(manage_guild=True),
                                guild_only=True)

    @property
    def _league(self) -> League:
        return self.bot.league

    async def _allowed(self, request: Request) -> bool:
        """Discord hides the commands from others by default, but a server can change who
        sees them: the permission is checked here too."""
        if request.interaction.permissions.manage_guild:
            return True
        await request.tell("league-not-allowed")
        return False

    @league.command(name="season", description=words("league-cmd-season"))
    @app_commands.describe(days=words("league-cmd-season-days"),
                           channel=words("league-cmd-season-channel"))
    async def season(self, interaction: discord.Interaction[Any],
                     days: app_commands.Range[int, 0, MAX_SEASON_DAYS] | None = None,
                     channel: discord.TextChannel | None = None) -> None:
        """With no option: the league as it is. ``days``: the seasons' length from now on
        (0: none; see ``bot.table.league.seasons``); ``channel``: where the league's news
        goes (by default the channel of the first ``/kot league season``)."""
        request = self.request(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None
        if not await self._allowed(request):
            return
        settings = await self._league.settings(guild_id)
        if days is not None or channel is not None:
            server = await self.bot.service.settings.server_settings(guild_id)
            language = server.game_language(server_language(interaction), request.language)
            news = (channel.id if channel is not None
                    else settings.channel_id or interaction.channel_id)
            settings = await self._league.set_season_days(
                guild_id, settings.season_days if days is None else float(days),
                channel_id=news, language=language)
        await request.answer(league_text(settings, await self._league.running(guild_id),
                                         request))


def league_text(settings: LeagueSettings, running: Season | None, request: Request) -> str:
    """What a server's league is now, in the asker's language."""
    lines = [request.text("league-shown-days", days=round(settings.season_days))]
    if running is not None:
        lines.append(request.text(
            "league-shown-running", season=str(running.number),
            ends=("none" if running.ends_at is None else f"<t:{int(running.ends_at)}:f>")))
    lines.append(request.text("league-shown-channel",
                              channel="none" if settings.channel_id is None
                              else f"<#{settings.channel_id}>"))
    return "\n".join(lines)
