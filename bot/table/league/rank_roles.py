"""Rank roles: a server maps ranks to Discord roles (``/kot league role``), and the bot gives
and takes them as the season's ratings change.

- **Wanted**: each ranked player of the running season (``bot.table.league.ranks``) wants the
  role of their rank, when the server maps one; nobody wants a role without a running
  season, or once a mapping is cleared.
- **Reconciled, never half-done**: the bot stores which roles it gave to whom (table
  ``given_roles``) and makes the members' roles match what is wanted: it gives what is
  missing and takes what is no longer wanted, and only what it gave (a role an admin gave by
  hand is never taken). Each call that works is stored at once; one Discord cannot take now
  (busy, or forbidden) leaves the rest for a retry (``Retries``: from 1 s, doubling, at most
  a minute apart), so the roles end up as wanted, whatever fails in between.
- **When**: after each rated game is stored, when a season turns, when the mapping changes,
  and at start-up (a repair).
- **A lost permission** (Manage Roles removed, or a role moved above the bot's) is said once
  in the league's channel (a ``RolesRefused`` bulletin) and retried; once roles work again
  the next loss is said again.
- **Gone**: a member who left the server (or a role deleted) answers 404: a role to take is
  forgotten; one to give is given at the next reconciliation if they come back.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Protocol

import msgspec

from bot.table.carrier import Failure, Forbidden, Gone, Rejected
from bot.table.league.bulletins import Bulletin, Queued
from bot.table.league.guild_passes import GuildPasses
from bot.table.league.league import League
from bot.table.league.ranks import ranks

log = logging.getLogger(__name__)

# A member's role: (user id, role id).
MemberRole = tuple[int, int]


class RolesRefused(Bulletin, frozen=True, kw_only=True):
    """The bot may no longer give or take the rank roles (Discord's ``reason``)."""

    reason: str


class RoleCarrier(Protocol):
    """The Discord side: a member's role given or taken; None when done."""

    async def give_role(self, guild_id: int, user_id: int, role_id: int) -> Failure | None: ...

    async def take_role(self, guild_id: int, user_id: int, role_id: int) -> Failure | None: ...


def wanted_roles(player_ranks: Mapping[int, str],
                 rank_roles: Mapping[str, int]) -> set[MemberRole]:
    """The role each ranked player should hold (pure)."""
    return {(user_id, rank_roles[rank]) for user_id, rank in player_ranks.items()
            if rank in rank_roles}


class RankRoles:
    def __init__(self, league: League, carrier: RoleCarrier) -> None:
        self._league = league
        self._store = league.store
        self._carrier = carrier
        self._passes = GuildPasses(self._reconcile, "the rank roles' reconciliation")
        self.retries = self._passes.retries

    async def restore(self) -> None:
        """At start-up: every league of this process's servers reconciled (a repair)."""
        for guild_id in await self._league.leagues():
            await self.reconcile(guild_id)

    async def wanted(self, guild_id: int) -> set[MemberRole]:
        settings = await self._league.settings(guild_id)
        running = await self._league.running(guild_id)
        if running is None or not settings.rank_roles:
            return set()
        return wanted_roles(ranks(await self._league.season_ratings(running)),
                            settings.rank_roles)

    async def reconcile(self, guild_id: int) -> None:
        """Make the server's rank roles what its running season wants, one pass at a time
        per server; what fails is tried again, a lost permission said once."""
        await self._passes.run(guild_id)

    async def _reconcile(self, guild_id: int) -> str | None:
        wanted = await self.wanted(guild_id)
        given = set(await self._store.given_roles(guild_id))
        for user_id, role_id in sorted(given - wanted):
            failure = await self._carrier.take_role(guild_id, user_id, role_id)
            if failure is None or isinstance(failure, Gone | Rejected):
                _log_dropped(guild_id, "take", user_id, role_id, failure)
                await self._store.role_taken(guild_id, user_id, role_id)
            else:
                return await self._stopped(guild_id, failure)
        for user_id, role_id in sorted(wanted - given):
            failure = await self._carrier.give_role(guild_id, user_id, role_id)
            if failure is None:
                await self._store.role_given(guild_id, user_id, role_id, self._league.clock())
            elif isinstance(failure, Gone | Rejected):
                _log_dropped(guild_id, "give", user_id, role_id, failure)
            else:
                return await self._stopped(guild_id, failure)
        await self._refused(guild_id, None)
        return None

    async def _stopped(self, guild_id: int, failure: Failure) -> str:
        """What stops the pass (tried again): a lost permission is said once."""
        if isinstance(failure, Forbidden):
            await self._refused(guild_id, failure)
        return failure.reason

    async def _refused(self, guild_id: int, failure: Forbidden | None) -> None:
        """Say a lost permission once in the league's channel; forget it once roles work."""
        async with self._league.lock(guild_id):
            settings = await self._league.settings(guild_id)
            if settings.roles_refused == (failure is not None):
                return
            await self._league.save_settings(guild_id, msgspec.structs.replace(
                settings, roles_refused=failure is not None))
        if failure is None:
            return
        log.warning("guild %s: rank roles refused: %s", guild_id, failure.reason)
        if settings.channel_id is not None:
            await self._league.bulletins.post(Queued(guild_id, settings.channel_id, RolesRefused(
                reason=failure.reason, language=settings.language)))

    def close(self) -> None:
        self._passes.close()


def _log_dropped(guild_id: int, verb: str, user_id: int, role_id: int,
                 failure: Failure | None) -> None:
    if failure is None:
        log.info("guild %s: %s role %s: user %s", guild_id, verb, role_id, user_id)
    elif isinstance(failure, Rejected):
        log.error("guild %s: could not %s role %s of user %s: %s", guild_id, verb, role_id,
                  user_id, failure.reason, exc_info=failure.cause)
    else:
        log.info("guild %s: could not %s role %s of user %s, gone: %s", guild_id, verb,
                 role_id, user_id, failure.reason)
