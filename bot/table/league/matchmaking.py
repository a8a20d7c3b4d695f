"""The matchmaking queue as the table keeps it: entries stored, tables found and opened.

- **Join**: a player's entry (``bot.table.league.queue``) is stored, replacing any they had
  in the server's queue, then the queue is matched. Matching a server's queue is one at a
  time (a lock a server), so two joins at once cannot seat one player twice.
- **A table** the queue finds is opened as a lobby of its players, taken out of the queue
  in the same transaction (``SavedGames.create_lobby(from_queue=...)``: opened once or not
  at all), with a notice that calls them (it mentions them), and started at once, hosted by
  the player who waited longest. A lobby the queue opened that a crash left unstarted is
  started at the next start-up (``resume``).
- **Ratings**: an entry keeps the player's conservative rating on the server when they
  joined (0 for a player with no rated game).
- **Expiry**: an expired entry is never matched (the store reads only those still
  waiting) and is dropped at start-up and whenever someone joins.
"""

from __future__ import annotations

import asyncio
import logging

import msgspec

from bot.i18n import say
from bot.table import publish
from bot.table.league.queue import Match, QueueEntry, find_match
from bot.table.league.tables import LeagueTables
from bot.table.model import Game, Lobby, LobbyPlayer, Refused
from bot.table.publish import Show
from engine import phrase

log = logging.getLogger(__name__)

_entry_decoder = msgspec.json.Decoder(QueueEntry)


class Matchmaking:
    def __init__(self, tables: LeagueTables) -> None:
        self._tables = tables
        self._store = tables.store
        self._games = tables.games
        self._lobbies = tables.lobbies
        self._clock = tables.clock
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, guild_id: int) -> asyncio.Lock:
        return self._locks.setdefault(guild_id, asyncio.Lock())

    async def rating(self, guild_id: int, user_id: int) -> float:
        """A player's conservative rating on the server (0: no rated game yet)."""
        return (await self._tables.ratings(guild_id)).get(user_id, 0.0)

    async def entries(self, guild_id: int) -> list[QueueEntry]:
        """The players waiting in a server's queue (not expired). An entry that cannot be
        read is left out (logged): it expires like any other, or its player's next join
        replaces it."""
        entries = []
        for raw in await self._store.queue_entries(guild_id, self._clock()):
            try:
                entries.append(_entry_decoder.decode(raw))
            except msgspec.DecodeError as error:
                log.error("server %s: a queue entry cannot be read (%s)", guild_id, error)
        return entries

    def now(self) -> float:
        """The table's clock (seconds since the epoch), which entries are timed by."""
        return self._clock()

    async def join(self, entry: QueueEntry) -> Match | None:
        """Put a player in their server's queue (their entry replaces any they had); the
        table their joining completes, if any, to open (``open``)."""
        async with self._lock(entry.guild_id):
            now = self._clock()
            await self._store.drop_expired_queue_entries(now)
            await self._store.put_queue_entry(entry.guild_id, entry.user_id,
                                              msgspec.json.encode(entry), entry.expires_at)
            return find_match(await self.entries(entry.guild_id), now)

    async def leave(self, guild_id: int, user_id: int) -> bool:
        """Take a player out of their server's queue; whether they were waiting."""
        async with self._lock(guild_id):
            return await self._store.drop_queue_entry(guild_id, user_id)

    async def open(self, match: Match, channel_id: int, show: Show, *,
                   server_language: str | None = None) -> Game:
        """Open and start the table ``match`` seats, in ``channel_id`` (refused, with
        nothing changed, when one of its players left the queue meanwhile or the channel
        has a game). ``server_language``: the server's own (Discord's), if the bot speaks
        it."""
        host = match.players[0]
        async with self._lock(host.guild_id):
            lobby = await self._lobby(match, server_language)
            mentions = " ".join(f"<@{player.user_id}>" for player in match.players)
            call = publish.Notify(say(lobby.language, phrase(
                "queue-table-called", players=mentions, size=str(match.size))), pings=True)
            game = await self._games.create_lobby(
                guild_id=host.guild_id, channel_id=channel_id, host_id=host.user_id,
                lobby=lobby, effects=(call,),
                from_queue=tuple(player.user_id for player in match.players))
        return await self._lobbies.start(game.id, host.user_id, show)

    async def resume(self, show: Show) -> int:
        """Start the queue's lobbies a crash left unstarted (at start-up); how many."""
        started = 0
        for game in await self._games.active_lobbies():
            if not game.lobby.from_queue:
                continue
            try:
                await self._lobbies.start(game.id, game.host_id, show)
                started += 1
            except Refused as refusal:
                log.warning("queue lobby %s could not be started: %s", game.id, refusal)
        return started

    async def _lobby(self, match: Match, server_language: str | None) -> Lobby:
        """The lobby of a queue table: its players, longest waiting first, the server's
        game language, and the clock they chose."""
        host = match.players[0]
        server = await self._tables.settings.server_settings(host.guild_id)
        turn, reaction = await self._tables.turn_clock(host.guild_id, match.clock)
        return Lobby(players=tuple(LobbyPlayer(player.user_id, name=player.name)
                                   for player in match.players),
                     turn_seconds=turn, reaction_seconds=reaction,
                     language=server.game_language(server_language, host.language),
                     changed_at=self._clock(), from_queue=True)
