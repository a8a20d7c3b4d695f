"""A server's league as the bot keeps it: its settings, its seasons (stored, and closed by a
clock), the seasons' ratings read from the records. The rules are ``seasons`` and ``ranks``
(pure); this module stores and schedules them.

Each running season with an end waits on one ``Deadlines`` for all servers (keyed by the
server's id, tagged with the season's number), armed at start-up from the store (an overdue
one fires at once) and whenever a season starts. Closing a season is one transaction (its
table, the next season, the closing post: ``Store.close_season``), after which the post is
shown (``BulletinBoard``) and ``after_turn`` runs (the rank roles follow the new season).
One change at a time per server (a lock of its own): the clock and ``/kot league`` never
close a season twice; across processes the store's conditional update does the same.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import msgspec

from bot.store.store import SeasonRow, Store
from bot.table.league.bulletins import BulletinBoard, Queued
from bot.table.league.guild_passes import GuildLocks
from bot.table.league.seasons import (
    LeagueSettings,
    Season,
    Standing,
    decode_standings,
    encode_standings,
    first_season,
    season_records,
    standings_of,
    turn,
)
from bot.table.ratings import PlayerRating, rate
from bot.table.record_book import RecordBook
from bot.table.records import GameRecord
from bot.table.timers import AT_ONCE, Deadlines

log = logging.getLogger(__name__)

# Seconds before a season's close that failed is tried again.
CLOSE_RETRY = 60.0
# What runs once a server's season turned (closed, and the next started or not).
AfterTurn = Callable[[int], Awaitable[None]]


class League:
    def __init__(self, store: Store, record_book: RecordBook, bulletins: BulletinBoard,
                 clock: Callable[[], float], *,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        """``clock``: wall-clock seconds (a season's start and end); ``owns``: whether this
        process serves a server (its shards'). The store, the bulletins, the clock and
        ``owns`` are the league's parts' too (``rank_roles``, ``crown_book``)."""
        self.store = store
        self._record_book = record_book
        self.bulletins = bulletins
        self.clock = clock
        self.owns = owns
        self.timers = Deadlines(self._season_due)
        self.after_turn: list[AfterTurn] = []
        self._locks = GuildLocks()

    def lock(self, guild_id: int) -> asyncio.Lock:
        """One change of a server's league at a time."""
        return self._locks.of(guild_id)

    # --- settings ---------------------------------------------------------------------

    async def settings(self, guild_id: int) -> LeagueSettings:
        """A server's league settings (the defaults for none, or for an unreadable row,
        logged)."""
        data = await self.store.league_settings(guild_id)
        if data is None:
            return LeagueSettings()
        try:
            return msgspec.json.decode(data, type=LeagueSettings)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            log.warning("guild %s: league settings unreadable (%s): the defaults", guild_id,
                        error)
            return LeagueSettings()

    async def save_settings(self, guild_id: int, settings: LeagueSettings) -> None:
        await self.store.save_league_settings(guild_id, msgspec.json.encode(settings))

    # --- seasons ----------------------------------------------------------------------

    async def seasons(self, guild_id: int) -> list[Season]:
        return [_season(row) for row in await self.store.seasons(guild_id)]

    async def running(self, guild_id: int) -> Season | None:
        return next((s for s in await self.seasons(guild_id) if s.running), None)

    async def rated_records(self, guild_id: int) -> list[GameRecord]:
        """The server's rated records, in the order the games finished."""
        return await self._record_book.records(guild_id, rated_only=True)

    async def season_ratings(self, season: Season) -> dict[int, PlayerRating]:
        """Every player's rating over the season's games (everyone starting afresh), in a
        worker thread."""
        records = await self.rated_records(season.guild_id)
        return await asyncio.to_thread(lambda: rate(season_records(records, season)))

    async def standings(self, season: Season) -> tuple[Standing, ...]:
        """A season's table: kept when it closed, computed while it runs."""
        if not season.running:
            return season.standings
        return standings_of(await self.season_ratings(season))

    async def set_season_days(self, guild_id: int, days: float, *,
                              channel_id: int | None, language: str) -> LeagueSettings:
        """A server's season length from now on (0: no seasons), and its league's channel
        and language. With a length and no season running, one starts now; with 0, the
        running season closes now; another length applies from the next season."""
        turned = False
        async with self.lock(guild_id):
            settings = await self.settings(guild_id)
            settings = msgspec.structs.replace(
                settings, season_days=days, language=language,
                channel_id=channel_id if channel_id is not None else settings.channel_id)
            await self.save_settings(guild_id, settings)
            seasons = await self.seasons(guild_id)
            running = next((s for s in seasons if s.running), None)
            if days > 0 and running is None:
                started = first_season(guild_id, seasons, days, self.clock())
                if await self.store.start_season(_row(started)):
                    self._arm(started)
            elif days == 0 and running is not None:
                turned = await self._close(running, settings)
        if turned:
            await self._turned(guild_id)
        return settings

    async def leagues(self) -> list[int]:
        """The servers of this process that have a league."""
        return [guild_id for guild_id in await self.store.leagues() if self.owns(guild_id)]

    async def restore(self) -> None:
        """At start-up: every running season of this process's servers waits for its end
        (an overdue one closes at once)."""
        for row in await self.store.running_seasons():
            if self.owns(row.guild_id):
                self._arm(_season(row))

    def _arm(self, season: Season) -> None:
        if season.ends_at is None:
            self.timers.cancel(season.guild_id)
            return
        delay = max(season.ends_at - self.clock(), AT_ONCE)
        self.timers.set(season.guild_id, (season.number,), delay)

    async def _season_due(self, guild_id: int, tag: tuple[int, ...]) -> None:
        """A season's end came: closed, unless it changed meanwhile. A close that fails
        (the store) is tried again a minute later, logged."""
        try:
            await self._close_if_due(guild_id, tag)
        except Exception:
            log.exception("guild %s: season %s could not be closed; tried again in %.0f s",
                          guild_id, tag[0], CLOSE_RETRY)
            self.timers.set(guild_id, tag, CLOSE_RETRY)

    async def _close_if_due(self, guild_id: int, tag: tuple[int, ...]) -> None:
        (number,) = tag
        async with self.lock(guild_id):
            running = await self.running(guild_id)
            if running is None or running.number != number:
                return
            if not running.overdue(self.clock()):
                self._arm(running)  # (moved: not yet)
                return
            turned = await self._close(running, await self.settings(guild_id))
        if turned:
            await self._turned(guild_id)

    async def _close(self, season: Season, settings: LeagueSettings) -> bool:
        """Close a running season now with its table, start the next (with the current
        length), queue its closing post in the league's channel (none without one); whether
        it closed. Call it holding the server's lock, and ``_turned`` after it."""
        guild_id = season.guild_id
        turned = turn(season, await self.season_ratings(season), settings.season_days,
                      self.clock())
        posts = ([] if settings.channel_id is None else
                 [Queued(guild_id, settings.channel_id,
                         turned.bulletin(settings.language)).row(self.clock())])
        following = turned.following
        if not await self.store.close_season(
                _row(turned.closed), None if following is None else _row(following), posts):
            log.info("guild %s: season %s was closed already", guild_id, season.number)
            return False
        log.info("guild %s: season %s closed (%d players)", guild_id, season.number,
                 len(turned.closed.standings))
        if following is not None:
            self._arm(following)
        else:
            self.timers.cancel(guild_id)
        return True

    async def _turned(self, guild_id: int) -> None:
        """A season turned: its closing post shown, and the rest follows (the rank roles),
        without the server's lock (they take it)."""
        await self.bulletins.show(guild_id)
        for follow in self.after_turn:
            await follow(guild_id)

    def close(self) -> None:
        self.timers.close()


def _season(row: SeasonRow) -> Season:
    return Season(row.guild_id, row.number, row.started_at, row.ends_at, row.closed_at,
                  decode_standings(row.standings))


def _row(season: Season) -> SeasonRow:
    return SeasonRow(season.guild_id, season.number, season.started_at, season.ends_at,
                     season.closed_at,
                     None if season.running else encode_standings(season.standings))
