"""``/kot league``: a server's league (Manage Server, like ``/kot settings``): its seasons'
length and news channel (``season``), the roles of its ranks (``role``), the monsters'
crowns (``crowns``). Every answer is private."""

from __future__ import annotations

from typing import Any

import discord
import msgspec
from discord import app_commands

from bot.discord.bulletins import rank_name
from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.locales import server_language
from bot.discord.rank_roles import role_refusal
from bot.discord.request import Request
from bot.table.league.league import League
from bot.table.league.ranks import RANK_IDS
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

    @league.command(name="role", description=words("league-cmd-role"))
    @app_commands.describe(rank=words("league-cmd-role-rank"),
                           role=words("league-cmd-role-role"))
    @app_commands.choices(rank=[app_commands.Choice(name=words(f"league-rank-{rank}"),
                                                    value=rank) for rank in RANK_IDS])
    async def role(self, interaction: discord.Interaction[Any], rank: app_commands.Choice[str],
                   role: discord.Role | None = None) -> None:
        """The role of a rank (none: the rank has no role any more, and the bot takes back
        the ones it gave). Refused when the bot could not hand it out; then the members'
        roles follow at once."""
        request = self.request(interaction)
        guild = interaction.guild
        assert guild is not None
        if not await self._allowed(request):
            return
        refusal = None if role is None else role_refusal(guild, role)
        if refusal is not None:
            await request.tell(refusal, role=role.mention if role is not None else "")
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        async with self._league.lock(guild.id):
            settings = await self._league.settings(guild.id)
            roles = {r: i for r, i in settings.rank_roles.items() if r != rank.value}
            if role is not None:
                roles[rank.value] = role.id
            await self._league.save_settings(guild.id, msgspec.structs.replace(
                settings, rank_roles=roles))
        await self.bot.rank_roles.reconcile(guild.id)
        await request.answer(roles_text(roles, request))

    @league.command(name="crowns", description=words("league-cmd-crowns"))
    @app_commands.describe(on=words("league-cmd-crowns-on"))
    async def crowns(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """Turn the monsters' crowns on (their holders then are kept without a word: only
        changes from then on are said) or off."""
        request = self.request(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None
        if not await self._allowed(request):
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        async with self._league.lock(guild_id):
            settings = await self._league.settings(guild_id)
            await self._league.save_settings(guild_id, msgspec.structs.replace(
                settings, crowns=on))
        if on:
            await self.bot.crowns.turned_on(guild_id)
        await request.tell("league-crowns-shown", on="on" if on else "off")


def roles_text(roles: dict[str, int], request: Request) -> str:
    """The roles of the ranks, in the asker's language."""
    if not roles:
        return request.text("league-roles-none")
    return "\n".join(request.text("league-role-line", rank=rank_name(rank, request.language),
                                  role=f"<@&{roles[rank]}>")
                     for rank in RANK_IDS if rank in roles)


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
