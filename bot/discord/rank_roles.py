"""The Discord side of the rank roles (``bot.table.league.rank_roles``): a member's role
given or taken by ids over HTTP (no member intent, no member cache), and whether the bot may
hand out a role at all (checked when a server maps one)."""

from __future__ import annotations

from collections.abc import Awaitable

import discord

from bot.discord.io import DiscordFailure, DiscordIO
from bot.discord.publisher import failed_as
from bot.table.carrier import Failure

REASON = "King of Tokyo: season rank"


class DiscordRoles:
    """The rank roles' carrier on Discord."""

    def __init__(self, io: DiscordIO) -> None:
        self._io = io

    async def give_role(self, guild_id: int, user_id: int, role_id: int) -> Failure | None:
        return await _done(self._io.give_role(guild_id, user_id, role_id, REASON))

    async def take_role(self, guild_id: int, user_id: int, role_id: int) -> Failure | None:
        return await _done(self._io.take_role(guild_id, user_id, role_id, REASON))


async def _done(call: Awaitable[None]) -> Failure | None:
    """A call's failure as the table reads it; None when it worked."""
    try:
        await call
    except DiscordFailure as failure:
        return failed_as(failure)
    return None


def role_refusal(guild: discord.Guild, role: discord.Role) -> str | None:
    """Why the bot cannot hand out ``role`` (a catalog message id), or None: it needs Manage
    Roles, and the role below its own top role; a bot's or a booster's role, or @everyone,
    is nobody's to give."""
    me = guild.me
    if role.is_default() or role.managed:
        return "league-role-unusable"
    if not me.guild_permissions.manage_roles:
        return "league-role-no-permission"
    if role >= me.top_role:
        return "league-role-too-high"
    return None
