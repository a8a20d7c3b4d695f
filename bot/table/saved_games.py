"""The games themselves as saved: the only door to the store for a game's rows.

Owns the reads and writes of games, their action log and their outbox, the start-up's reads,
and what this process keeps in memory of them (``bot.table.game_cache``: the bounded cache,
the versions, the live messages, the per-game locks). A stored state that does not decode is
handed to ``bot.table.rebuild``; a finished game's record is made by ``bot.table.record_book``
and written with the change that finishes it. Servers' and people's settings are
``bot.table.saved_settings``'.

A change happens under the game's asyncio lock as load -> engine -> store, and the store
write is awaited before the change is reported, so what a player sees accepted is already on
disk. States are cached in memory (they are immutable, so a cached state is never half
updated); the store is the source of truth after a restart.

Each game's row carries a version, checked and advanced by every write (optimistic
concurrency). This process knows the version it last read or wrote; a write based on an older
one (another process changed the game: a deploy's old and new processes overlapping, or a
shard misconfigured) is refused by the store and raises StaleGame, after the game is dropped
from the cache so that the next read takes the stored one. ``retried_if_stale`` runs a
request once more on that stored game.

A game that can be neither read nor rebuilt is marked broken. Any other exception is a bug:
it is raised as is, and the game stays as it was stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from typing import ParamSpec, TypeVar

import msgspec

from bot.store.store import (
    ACTIVE_STATUSES,
    ChannelBusy,
    GameRow,
    QueueEntryGone,
    StaleWrite,
    Status,
    Store,
    TableOfRound,
)
from bot.table.game_cache import GameCache
from bot.table.game_rows import (
    DECODE_ERRORS,
    GameField,
    LoggedAction,
    OutboxEntry,
    action_rows,
    column,
    decoded,
    effect_decoder,
    encode,
    encode_chronicle,
    lobby_decoder,
    logged_actions,
    seats_decoder,
    setup_for,
    stamped,
)
from bot.table.model import BrokenGame, Chronicle, Game, Lobby, Refused, StaleGame
from bot.table.outbox_tidying import OutboxTidying
from bot.table.publish import Effect
from bot.table.rebuild import check_playable, rebuilt, unrecorded
from bot.table.record_book import RecordBook
from engine import encode_state, phrase

log = logging.getLogger(__name__)

# Rows read at a time when the bot starts: not every game's row at once (10,000 games' rows
# are about 80 MB).
_START_CHUNK = 500

Parameters = ParamSpec("Parameters")
Returned = TypeVar("Returned")


def retried_if_stale(
    request: Callable[Parameters, Awaitable[Returned]],
) -> Callable[Parameters, Awaitable[Returned]]:
    """``request`` (which reads its game under the lock, changes it and saves it) run once
    more when its write finds the game changed elsewhere: the second run reads the stored
    game, so the request is decided on what is true now (a click on a prompt that passed
    meanwhile is then refused as such). A second conflict reaches the player as StaleGame's
    message."""
    @functools.wraps(request)
    async def retried(*args: Parameters.args, **kwargs: Parameters.kwargs) -> Returned:
        try:
            return await request(*args, **kwargs)
        except StaleGame as conflict:
            log.info("%s; %s runs again on the stored game", conflict.detail, request.__name__)
            return await request(*args, **kwargs)
    return retried


class SavedGames:
    def __init__(self, store: Store, record_book: RecordBook, *,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        self._store = store
        self._record_book = record_book
        # Whether this process plays a server's games (its shards': bot.config.Shards); the
        # start-up reads only those.
        self._owns = owns
        self._cache = GameCache()
        self._tidying = OutboxTidying(self._remove_done)
        # Told of each game a change finished, once its record is stored: the tournaments'
        # desk (a finished table carries its tournament on), the league (rank roles, crowns).
        # Each only schedules its work, outside the change.
        self.finished_listeners: list[Callable[[Game], None]] = []

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._cache.lock(game_id)

    async def close(self) -> None:
        """Write what is still to write (``OutboxTidying``), then close the store."""
        try:
            await self._tidying.close()
        finally:
            await self._store.close()

    # --- reading --------------------------------------------------------------------

    def cached(self, game_id: int) -> Game | None:
        return self._cache.get(game_id)

    def with_live_message(self, message_id: int) -> int | None:
        """The id of the lobby or game in progress whose live message this is (every one
        is known from the start-up on, cached or not)."""
        return self._cache.with_live_message(message_id)

    async def game(self, game_id: int) -> Game:
        """The game, for a caller holding its lock: from the cache, else from the store (and
        then cached). Raises Refused if unknown, BrokenGame if it cannot be read."""
        return self._cache.get(game_id) or await self._adopt(await self._row(game_id),
                                                             locked=True)

    async def peek(self, game_id: int) -> Game:
        """The game as it is now, without the lock (for answers that change nothing)."""
        return self._cache.get(game_id) or await self._adopt(await self._row(game_id),
                                                             locked=False)

    async def active_in_channel(self, channel_id: int) -> Game | None:
        """The lobby or game in progress in this channel (read without the lock)."""
        row = await self._store.active_in_channel(channel_id)
        if row is None:
            return None
        return self._cache.get(row.id) or await self._adopt(row, locked=False)

    async def active_channels_in_guild(self, guild_id: int) -> list[int]:
        return await self._store.active_channels_in_guild(guild_id)

    async def active_of_player(self, guild_id: int, user_id: int) -> list[Game]:
        """The lobbies a user is in and the games in progress they play (not those they
        left) on a server, by id, read without the lock. Only the games' players are read
        for the server's active games; the games themselves come from the cache (every
        active game of this process is in it from start-up on) or, for the user's only,
        from the store. A game that cannot be read is left out (and marked broken)."""
        theirs: list[int] = []
        for row in await self._store.active_players_in_guild(guild_id):
            cached = self._cache.get(row.id)
            try:
                players = (cached.lobby if cached else lobby_decoder.decode(row.lobby)).players
                seats = cached.seats if cached else seats_decoder.decode(row.seats)
            except msgspec.DecodeError:
                continue
            if user_id in seats or any(p.user_id == user_id for p in players):
                theirs.append(row.id)
        stored = {row.id: row for row in await self._store.get_many(
            [i for i in theirs if i not in self._cache])}
        games: list[Game] = []
        for game_id in theirs:
            game = self._cache.get(game_id)
            if game is None:
                try:
                    game = await self._adopt(stored[game_id], locked=False)
                except (Refused, BrokenGame):
                    continue
            seat = game.seat_of(user_id)
            if game.status in ACTIVE_STATUSES and (seat is None
                                                  or seat not in game.chronicle.presence.left):
                games.append(game)
        return games

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        """Every accepted action, in order."""
        return logged_actions(await self._store.actions(game_id))

    async def outbox(self, game_id: int) -> list[OutboxEntry]:
        """The game's effects still to show: as this process knows them (``Outboxes``),
        else read from the store. An entry that cannot be read (a damaged row) is dropped
        with an error in the log: the pass that follows shows the game as it stands anyway."""
        known = self._cache.outboxes.get(game_id)
        if known is not None:
            return known
        entries: list[OutboxEntry] = []
        with self._cache.outboxes.reading(game_id) as keep:
            rows = await self._store.outbox(game_id)
            shown = self._tidying.pending(game_id)  # (asked after the read: see repeatable_done)
            for row in rows:
                if row.seq in shown:
                    continue
                try:
                    effect = effect_decoder.decode(row.effect)
                except msgspec.DecodeError as error:
                    log.error("game %s: outbox entry %s cannot be read (%s); dropped",
                              game_id, row.seq, error)
                    await self._store.finish_effects(game_id, [row.seq])
                    self._cache.outboxes.done(game_id, [row.seq])
                    continue
                entries.append(OutboxEntry(row.seq, effect, row.created_at,
                                           self._cache.outboxes.maybe_sent(game_id, row.seq)))
            keep(entries)
        return entries

    async def games_with_outbox(self) -> list[int]:
        return await self._store.games_with_outbox()

    def repeatable_done(self, game_id: int, seqs: list[int]) -> None:
        """Effects carried out that, carried out again, would show nothing new (edits,
        syncs of pings: ``bot.table.delivery``): out of the outbox for this process now, out
        of the store soon, in one write with other games' (``bot.table.outbox_tidying``).
        Call it holding the game's lock."""
        self._cache.outboxes.done(game_id, seqs)
        self._tidying.add(game_id, seqs)

    async def _remove_done(self, done: dict[int, set[int]]) -> None:
        with contextlib.ExitStack() as writes:
            for game_id in done:
                writes.enter_context(self._cache.outboxes.changing(game_id))
            await self._store.remove_effects({game_id: sorted(seqs)
                                              for game_id, seqs in done.items()})

    def start_attempt(self, game_id: int, seq: int) -> None:
        """A post (a notice, a ping) about to be sent: until it is done, it may have been.
        Kept in this process only (see ``Outboxes``)."""
        self._cache.outboxes.attempted(game_id, seq)

    # --- the start-up ---------------------------------------------------------------

    async def load_active(self) -> tuple[list[Game], list[BrokenGame]]:
        """Read and cache every lobby and game in progress, and every game with effects
        still to show (a result saved but not announced), before anything else runs (the
        tools and tests; the bot's start-up reads them with ``restore``). Games that cannot
        be read are returned apart so their channels can be told; a game that fails for
        another reason (a bug) is logged and left to load on its next use."""
        games: list[Game] = []
        broken: list[BrokenGame] = []
        known: set[int] = set()
        unfinished = await self._store.games_with_outbox()
        async for row in self._active_rows():
            known.add(row.id)
            await self._load_at_start(row, games, broken)
        for row in await self._store.get_many([i for i in unfinished if i not in known]):
            if self._owns(row.guild_id):
                await self._load_at_start(row, games, broken)
        return games, broken

    async def _load_at_start(self, row: GameRow, games: list[Game],
                             broken: list[BrokenGame]) -> None:
        try:
            games.append(await self._adopt(row, locked=True))
        except BrokenGame as error:
            broken.append(error)
        except Exception:
            log.exception("game %s could not be loaded at start-up", row.id)

    async def restore(self, arm: Callable[[Game], None]) -> tuple[list[int], list[BrokenGame]]:
        """The bot's start-up, once it is connected (clicks may come meanwhile): every
        lobby and game in progress is read a chunk of rows at a time and decoded one by one,
        and ``arm(game)`` sets its clocks from what is stored. Nothing of it is kept but its
        live message: a game is read again (and cached) when it is next used.

        Returns the games that need a pass instead (under their lock: effects still to show,
        which may be a finished game's result, or no live message; a game read under its
        lock meanwhile, whose pass armed it or will), and the games that cannot be read."""
        with_effects = await self._store.games_with_outbox()
        needing_pass = set(with_effects)
        passes: list[int] = []
        broken: list[BrokenGame] = []
        async for row in self._active_rows():
            if row.id in needing_pass or row.board_message_id is None or row.id in self._cache:
                passes.append(row.id)
                continue
            try:
                game = await self._adopt(row, locked=False)
            except BrokenGame as error:
                broken.append(error)
                continue
            except Exception:
                log.exception("game %s could not be read at start-up", row.id)
                continue
            if unrecorded(game):
                # A database of an older bot: what a later rebuild needs is stored now, under
                # the lock (the read above was made without it); the game is then cached, and
                # its pass arms it. Once per game: the next start finds it recorded.
                try:
                    async with self.lock(game.id):
                        await self.game(game.id)
                except (StaleGame, BrokenGame, Refused):
                    # Changed or judged meanwhile (another process): its next read decides.
                    log.warning("game %s changed while its setup was being stored", game.id)
                    continue
            if game.id in self._cache:  # rebuilt under its lock, or a click came meanwhile
                passes.append(game.id)
                continue
            self._cache.note_live(game)
            arm(game)
        seen = set(passes)
        unfinished = [i for i in with_effects if i not in seen]
        passes += [row.id for row in await self._store.get_many(unfinished)
                   if self._owns(row.guild_id)]
        return passes, broken

    async def active_lobbies(self) -> list[Game]:
        """Every lobby this process plays that is waiting to start (one that cannot be
        read is left to its own pass, which reports it)."""
        lobbies = []
        async for row in self._active_rows():
            if row.status == "lobby":
                try:
                    lobbies.append(await self.peek(row.id))
                except (BrokenGame, Refused):
                    continue
        return lobbies

    async def _active_rows(self) -> AsyncIterator[GameRow]:
        """Every lobby and game in progress this process plays, a chunk at a time."""
        after = 0
        while chunk := await self._store.active_games(after=after, limit=_START_CHUNK):
            after = chunk[-1].id
            for row in chunk:
                if self._owns(row.guild_id):
                    yield row

    # --- decoding -------------------------------------------------------------------

    async def _row(self, game_id: int) -> GameRow:
        row = await self._store.get(game_id)
        if row is None:
            raise Refused(phrase("table-refusal-no-such-game"))
        return row

    async def _adopt(self, row: GameRow, *, locked: bool) -> Game:
        """Decode a row. Only callers holding the game's lock (or starting up) may cache it
        or write to it: a read made without the lock can be older than a write finishing
        meanwhile. So a state that needs rebuilding is rebuilt under the lock."""
        if row.status == "broken":
            raise Refused(phrase("table-refusal-broken"))
        try:
            game, unreadable = decoded(row)
            if locked:
                self._cache.set_version(row.id, row.version)
            if unreadable is not None:
                if not locked:
                    async with self.lock(row.id):
                        return await self.game(row.id)
                game = await self.save(await rebuilt(row, game, unreadable, self),
                                       "state", "chronicle", "setup")
            check_playable(game)
        except DECODE_ERRORS as error:
            raise await self._broken(row, str(error)) from error
        if locked and unrecorded(game):
            game = await self._record_what_rebuilds(game)
        if locked and game.status in ACTIVE_STATUSES:
            self._cache.keep(game)
        return game

    async def _record_what_rebuilds(self, game: Game) -> Game:
        """Store what a rebuild of this game would need, while its state still reads: its
        setup (games started before it was stored) and, stamped on its chronicle, the move
        its players have seen (games not written since the stamp was kept). Call it holding
        the game's lock."""
        assert game.state is not None
        fields: list[GameField] = ["chronicle"]  # (save stamps it)
        if game.setup is None:
            game = replace(game, setup=setup_for(game.state))
            fields.append("setup")
        return await self.save(game, *fields)

    async def _broken(self, row: GameRow, reason: str) -> BrokenGame:
        if row.status in ACTIVE_STATUSES:
            try:
                await self._store.update_game(row.id, version=row.version, status="broken")
            except StaleWrite:
                # Written meanwhile (by another process): its next read judges it again.
                log.warning("game %s changed while it was found unreadable", row.id)
        self._cache.forget(row.id)
        return BrokenGame(row.id, row.channel_id, reason)

    # --- writing --------------------------------------------------------------------

    async def create_lobby(self, *, guild_id: int | None, channel_id: int, host_id: int,
                           lobby: Lobby, effects: tuple[Effect, ...],
                           from_queue: tuple[int, ...] = (),
                           for_table: TableOfRound | None = None) -> Game:
        """A new lobby, hosted by ``host_id``, and the effects that show it. Refused if the
        channel is busy, or (``from_queue``: the players of the server's queue it seats,
        taken out of it at once) if one of them is no longer waiting. ``for_table``: the
        tournament table it plays (``TableOpened`` when that table has a game already)."""
        try:
            created = await self._store.create_lobby(
                guild_id=guild_id, channel_id=channel_id, host_id=host_id, lobby=encode(lobby),
                effects=[encode(effect) for effect in effects], from_queue=from_queue,
                for_table=for_table,
            )
        except ChannelBusy:
            raise Refused(phrase("table-refusal-channel-has-game")) from None
        except QueueEntryGone:
            raise Refused(phrase("queue-refusal-player-gone")) from None
        game_id = created.game_id
        self._cache.outboxes.queued(game_id, created.queued, effects)
        game = Game(game_id, guild_id, channel_id, host_id, "lobby", lobby, (), None,
                    Chronicle(), None)
        self._cache.set_version(game_id, 0)
        return self._cache.remember(game)

    async def save(self, game: Game, *fields: GameField,
                   effects: tuple[Effect, ...] = ()) -> Game:
        """Write these fields of the game, and queue the effects that show the change, in
        one transaction (call it holding the game's lock)."""
        if not fields and not effects:
            return self._cache.remember(game)  # nothing to write: no empty transaction
        if "chronicle" in fields:
            game = stamped(game)
        record = await self._record_book.record_if_finished(game) if "status" in fields else None
        async with self._versioned(game.id) as version:
            with self._cache.outboxes.changing(game.id):
                queued = await self._store.update_game(
                    game.id, version=version, effects=[encode(e) for e in effects],
                    record=record, **{f: column(game, f) for f in fields})
                self._cache.outboxes.queued(game.id, queued, effects)
        return self._remembered(game, finished=record is not None)

    async def record_actions(self, game: Game, actions: list[LoggedAction],
                             effects: tuple[Effect, ...]) -> Game:
        """Log accepted actions with the game they produced and the effects that show them,
        in one transaction."""
        game = stamped(game)
        state = game.playing_state()
        status: Status = game.status
        record = await self._record_book.record_if_finished(game, actions)
        async with self._versioned(game.id) as version:
            with self._cache.outboxes.changing(game.id):
                queued = await self._store.record_actions(
                    game.id, action_rows(actions),
                    version=version, state=encode_state(state),
                    chronicle=encode_chronicle(game.chronicle), status=status,
                    effects=[encode(effect) for effect in effects], record=record,
                )
                self._cache.outboxes.queued(game.id, queued, effects)
        return self._remembered(game, finished=record is not None)

    async def finish_effects(self, game: Game, seqs: list[int], *fields: GameField,
                             effects: tuple[Effect, ...] = ()) -> Game:
        """Effects carried out, the fields of the game they changed (the live message,
        the clock), and ``effects`` queued after the others (effects moved, or a pass's own
        follow-ups), in one transaction. Call it holding the game's lock."""
        if "chronicle" in fields:
            game = stamped(game)
        record = await self._record_book.record_if_finished(game) if "status" in fields else None
        outboxes = self._cache.outboxes
        if not fields and not effects:
            with outboxes.changing(game.id):
                await self._store.finish_effects(game.id, seqs, record=record)
                outboxes.done(game.id, seqs)
            return self._remembered(game, finished=record is not None)
        async with self._versioned(game.id) as version:
            with outboxes.changing(game.id):
                queued = await self._store.finish_effects(
                    game.id, seqs, version=version, record=record,
                    effects=[encode(e) for e in effects], **{f: column(game, f) for f in fields})
                outboxes.done(game.id, seqs)
                outboxes.queued(game.id, queued, effects)
        return self._remembered(game, finished=record is not None)

    def _remembered(self, game: Game, *, finished: bool) -> Game:
        """The game as written, cached; ``finished``: this write stored its record."""
        if finished:
            for listener in self.finished_listeners:
                listener(game)
        return self._cache.remember(game)

    @contextlib.asynccontextmanager
    async def _versioned(self, game_id: int) -> AsyncIterator[int]:
        """The version a write of the game is based on; the next one once it is written. A
        write refused as stale forgets the game, and raises StaleGame."""
        version = self._cache.version(game_id)
        if version is None:  # a finished game, out of the cache: its row is the truth
            version = (await self._row(game_id)).version
        try:
            yield version
        except StaleWrite as conflict:
            self._cache.forget(game_id, written_elsewhere=True)
            raise StaleGame(str(conflict)) from conflict
        self._cache.set_version(game_id, version + 1)
