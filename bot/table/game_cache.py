"""What this process keeps in memory of its games: nothing of it is stored.

Owns the decoded games (at most ``CACHED_MOST``, the least recently kept going first, never
one whose lock is held or awaited), the version of each game's row this process last read
under the lock or wrote, the live message of every lobby and game in progress (cached or
not) both ways, and the per-game asyncio locks. ``bot.table.saved_games`` decides what goes
in and out.
"""

from __future__ import annotations

import asyncio
import itertools
import weakref

from bot.store.store import ACTIVE_STATUSES
from bot.table.model import Game

# Games kept decoded in memory at most, the least recently written (or read under the lock)
# going first: a game is about 20 KB decoded, and 10,000 games in progress would otherwise
# all be kept once each had been played.
CACHED_MOST = 1000


class GameCache:
    def __init__(self) -> None:
        self._games: dict[int, Game] = {}
        # The live message of every lobby and game in progress, cached or not, both ways
        # (a deleted message is looked up among them): message id -> game id, and back.
        self._live_games: dict[int, int] = {}
        self._live_messages: dict[int, int] = {}
        # The version of each game's row this process last read under the lock or wrote.
        self._versions: dict[int, int] = {}
        # A lock lives while someone holds or awaits it, and not longer.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def get(self, game_id: int) -> Game | None:
        return self._games.get(game_id)

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._games

    def with_live_message(self, message_id: int) -> int | None:
        return self._live_games.get(message_id)

    def version(self, game_id: int) -> int | None:
        """The version of the game's row last read under its lock or written (None: not
        known, as for a game out of the cache)."""
        return self._versions.get(game_id)

    def set_version(self, game_id: int, version: int) -> None:
        self._versions[game_id] = version

    def remember(self, game: Game) -> Game:
        """Keep a lobby or game in progress as the most recent; forget a finished one."""
        if game.status in ACTIVE_STATUSES:
            self.keep(game)
        else:
            self.forget(game.id)
        return game

    def keep(self, game: Game) -> None:
        self._games.pop(game.id, None)  # (to the end: the most recent)
        self._games[game.id] = game
        self.note_live(game)
        if len(self._games) > CACHED_MOST:
            self._evict()

    def forget(self, game_id: int) -> None:
        """The game, its version and its live message dropped (it is read again, if ever)."""
        self._games.pop(game_id, None)
        self._versions.pop(game_id, None)
        self._live_games.pop(self._live_messages.pop(game_id, 0), None)

    def _evict(self) -> None:
        """Drop the least recent games nobody holds or awaits the lock of, down to
        ``CACHED_MOST``; each is read again (with its version) when next used. Their live
        messages stay known."""
        excess = len(self._games) - CACHED_MOST
        idle = (game_id for game_id in self._games if game_id not in self._locks)
        for game_id in list(itertools.islice(idle, excess)):
            self._games.pop(game_id)
            self._versions.pop(game_id, None)

    def note_live(self, game: Game) -> None:
        """Keep the game's live message known (a lobby or game in progress)."""
        message_id = game.board_message_id
        if self._live_messages.get(game.id) == message_id:
            return
        self._live_games.pop(self._live_messages.pop(game.id, 0), None)
        if message_id is not None:
            self._live_messages[game.id] = message_id
            self._live_games[message_id] = game.id
