"""What this process keeps in memory of its games: nothing of it is stored.

Owns the decoded games (at most ``CACHED_MOST``, the least recently kept going first, never
one whose lock is held or awaited), the version of each game's row this process last read
under the lock or wrote, the outbox of each such game (``Outboxes``), the live message of
every lobby and game in progress (cached or not) both ways, and the per-game asyncio locks.
``bot.table.saved_games`` decides what goes in and out.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import msgspec

from bot.store.store import ACTIVE_STATUSES, Queued
from bot.table.game_rows import OutboxEntry
from bot.table.model import Game
from bot.table.publish import Effect

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
        self.outboxes = Outboxes(holds=self.__contains__)
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

    def forget(self, game_id: int, *, written_elsewhere: bool = False) -> None:
        """The game, its version and its live message dropped (it is read again, if ever).
        ``written_elsewhere``: another process wrote it, and may have tried its posts."""
        self._games.pop(game_id, None)
        self._versions.pop(game_id, None)
        self.outboxes.forget(game_id, untried_too=written_elsewhere)
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
            # (Another process may take it up meanwhile and try its posts: none is known
            # untried when it is read again.)
            self.outboxes.forget(game_id, untried_too=True)

    def note_live(self, game: Game) -> None:
        """Keep the game's live message known (a lobby or game in progress)."""
        message_id = game.board_message_id
        if self._live_messages.get(game.id) == message_id:
            return
        self._live_games.pop(self._live_messages.pop(game.id, 0), None)
        if message_id is not None:
            self._live_messages[game.id] = message_id
            self._live_games[message_id] = game.id


class Outboxes:
    """The outbox of each game this process holds, as it knows it from its own reads and
    writes: a delivery pass reads its game's outbox from here, not from the store, once
    it is known. Like the cached games, it is only as true as this process is the one
    writing its games: a write another process made shows in the version, and the game
    (with its outbox) is forgotten.

    It also knows which entries this process queued and has not tried to carry out: the only
    ones known not to have been sent (``OutboxEntry.maybe_sent``). A post is tried without
    a write to say so: a process that stops leaves every entry it did not finish to one that
    will look for its posts before sending them.

    A read of the store is kept only for a game kept decoded (``holds``: at most as many
    outboxes as games), and only if no write of the game's outbox began meanwhile
    (``changing``) and it was not forgotten meanwhile: a write committed during the read
    may be in it or not. A write that fails, or whose caller is cancelled (it may have been
    committed all the same), drops what is known: the next read takes the store's."""

    def __init__(self, holds: Callable[[int], bool]) -> None:
        self._holds = holds
        self._known: dict[int, dict[int, OutboxEntry]] = {}  # game id -> seq -> entry
        # Per game, while a read or a write of its outbox is under way: the writes under
        # way, the reads, and the writes begun since the first of them.
        self._writing: Counter[int] = Counter()
        self._reading: Counter[int] = Counter()
        self._begun: Counter[int] = Counter()
        # Per game, the seqs of the entries this process queued and has not tried since. Kept
        # when the game leaves the cache as finished; dropped when it leaves it idle or
        # written by another process (``forget``), which may try them.
        self._untried: dict[int, set[int]] = {}

    def get(self, game_id: int) -> list[OutboxEntry] | None:
        """The game's outbox in order, or None when not known (read it from the store)."""
        known = self._known.get(game_id)
        return None if known is None else [known[seq] for seq in sorted(known)]

    @contextlib.contextmanager
    def reading(self, game_id: int) -> Iterator[Callable[[Sequence[OutboxEntry]], None]]:
        """Around a read of the game's outbox from the store: gives the function that keeps
        what was read, unless a write began meanwhile or is still under way."""
        self._reading[game_id] += 1
        begun = self._begun[game_id]

        def keep(entries: Sequence[OutboxEntry]) -> None:
            if (not self._writing[game_id] and self._begun[game_id] == begun
                    and self._holds(game_id)):
                self._known[game_id] = {entry.seq: entry for entry in entries}

        try:
            yield keep
        finally:
            self._reading[game_id] -= 1
            self._tidy(game_id)

    @contextlib.contextmanager
    def changing(self, game_id: int) -> Iterator[None]:
        """Around a write of the game's outbox: what is known stays so only if the write
        succeeds (then the caller tells what it did: ``queued``, ``done``)."""
        self._writing[game_id] += 1
        self._begun[game_id] += 1
        try:
            yield
        except BaseException:
            self._known.pop(game_id, None)
            raise
        finally:
            self._writing[game_id] -= 1
            self._tidy(game_id)

    def _tidy(self, game_id: int) -> None:
        """Nothing under way for the game: its counts are kept no longer."""
        if self._reading[game_id] <= 0 and self._writing[game_id] <= 0:
            for counts in (self._reading, self._writing, self._begun):
                counts.pop(game_id, None)

    def queued(self, game_id: int, queued: Queued, effects: Sequence[Effect]) -> None:
        self._untried.setdefault(game_id, set()).update(queued.seqs)
        known = self._known.get(game_id)
        if known is not None:
            for seq, effect in zip(queued.seqs, effects, strict=True):
                known[seq] = OutboxEntry(seq, effect, queued.at)

    def done(self, game_id: int, seqs: Sequence[int]) -> None:
        self._discard_untried(game_id, seqs)
        known = self._known.get(game_id)
        if known is not None:
            for seq in seqs:
                known.pop(seq, None)

    def attempted(self, game_id: int, seq: int) -> None:
        """The entry is about to be carried out (a post about to be sent): from now on it
        may have been, until it is done."""
        self._discard_untried(game_id, (seq,))
        known = self._known.get(game_id)
        entry = None if known is None else known.get(seq)
        if known is not None and entry is not None:
            known[seq] = msgspec.structs.replace(entry, maybe_sent=True)

    def maybe_sent(self, game_id: int, seq: int) -> bool:
        """Whether an entry read from the store may have been carried out already."""
        return seq not in self._untried.get(game_id, ())

    def _discard_untried(self, game_id: int, seqs: Sequence[int]) -> None:
        untried = self._untried.get(game_id)
        if untried is not None:
            untried.difference_update(seqs)
            if not untried:
                del self._untried[game_id]

    def forget(self, game_id: int, *, untried_too: bool = False) -> None:
        """What is known of the game's outbox dropped (read again from the store), and with
        ``untried_too`` which of its entries this process has not tried."""
        self._known.pop(game_id, None)
        if untried_too:
            self._untried.pop(game_id, None)
        if self._reading[game_id]:  # (what those reads find is not kept either)
            self._begun[game_id] += 1
