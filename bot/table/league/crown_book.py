"""The monsters' crowns as the bot keeps them (the rules: ``bot.table.league.crowns``): the
holders derived again from the records after each game of a server that turned them on, and
each crown that changed hands said in the channel of the game that took it (a ``CrownTaken``
bulletin, queued with the new holders in one transaction). Turning them on stores the
holders then without a word: only changes from then on are said."""

from __future__ import annotations

import asyncio
import logging

from bot.table.league.bulletins import Queued
from bot.table.league.crowns import Crown, changes, decode_crowns, encode_crowns, holders
from bot.table.league.guild_passes import GuildPasses
from bot.table.league.league import League

log = logging.getLogger(__name__)


class CrownBook:
    def __init__(self, league: League) -> None:
        self._league = league
        self._store = league.store
        self._passes = GuildPasses(self._said, "bringing the crowns up to date")
        self.retries = self._passes.retries

    async def held(self, guild_id: int) -> dict[str, Crown]:
        """The crowns held on a server, by monster (none while they are off)."""
        if not (await self._league.settings(guild_id)).crowns:
            return {}
        return decode_crowns(await self._store.crowns(guild_id))

    async def update(self, guild_id: int) -> None:
        """The holders derived again, each change said in its game's channel; tried again
        when it fails (the store)."""
        await self._passes.run(guild_id)

    async def turned_on(self, guild_id: int) -> None:
        """The crowns were turned on: the holders now are stored, without a word."""
        await self._update(guild_id, say=False)

    async def _said(self, guild_id: int) -> None:
        await self._update(guild_id, say=True)

    async def _update(self, guild_id: int, *, say: bool) -> None:
        async with self._league.lock(guild_id):
            settings = await self._league.settings(guild_id)
            if not settings.crowns:
                return
            seasons = await self._league.seasons(guild_id)
            records = await self._league.rated_records(guild_id)
            after = await asyncio.to_thread(holders, records, seasons)
            before = decode_crowns(await self._store.crowns(guild_id))
            taken = changes(before, after, settings.language)
            if not taken and before.keys() == after.keys():
                return
            posts = [Queued(guild_id, change.crown.channel_id, change).row(self._league.clock())
                     for change in taken] if say else []
            await self._store.change_crowns(guild_id, encode_crowns(after), posts)
        log.info("guild %s: %d crowns changed hands", guild_id, len(taken))
        if posts:
            await self._league.bulletins.show(guild_id)

    def close(self) -> None:
        self._passes.close()

    async def restore(self) -> None:
        """At start-up: crowns taken while the process was away are said."""
        for guild_id in await self._league.leagues():
            await self.update(guild_id)
