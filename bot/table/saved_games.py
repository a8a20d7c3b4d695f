"""Games as they are saved: the only door to the store, a cache, and decoding.

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

A stored state that cannot be decoded (a deploy changed its shape without an upgrade, a
damaged file) is rebuilt by replaying the game's action log from its setup, provided that the
rebuilt state reaches what the players already saw (the chronicle is stamped with the seq of
every state it is saved with); only a game that can be neither read nor rebuilt is marked
broken. Any other exception is a bug: it is raised as is, and the game stays as it was stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Literal, ParamSpec, TypeVar

import msgspec

from bot.store.store import (
    ACTIVE_STATUSES,
    ActionRow,
    ChannelBusy,
    GameRow,
    RecordRows,
    StaleWrite,
    Status,
    Store,
)
from bot.table.chronicle import with_note
from bot.table.model import (
    BrokenGame,
    Chronicle,
    Game,
    GameSetup,
    Lobby,
    PersonSettings,
    Refused,
    ServerSettings,
    StaleGame,
)
from bot.table.publish import CloseBoard, Effect
from bot.table.records import (
    GameRecord,
    cards_bought,
    is_finished,
    record_from_rows,
    record_of,
    record_rows,
)
from engine import (
    FIRST_DECK,
    SCHEMA_VERSION,
    Action,
    CorruptState,
    GameState,
    IllegalAction,
    Options,
    decode_action,
    decode_state,
    encode_action,
    encode_state,
    implemented_keys,
    phrase,
    replay,
)

log = logging.getLogger(__name__)

# What a real decode failure raises (msgspec.ValidationError is a DecodeError).
DECODE_ERRORS = (CorruptState, msgspec.DecodeError)


GameField = Literal["status", "lobby", "seats", "state", "chronicle", "board_message_id", "setup"]

_lobby_decoder = msgspec.json.Decoder(Lobby)
_chronicle_decoder = msgspec.json.Decoder(Chronicle)
_seats_decoder = msgspec.json.Decoder(tuple[int, ...])
_setup_decoder = msgspec.json.Decoder(GameSetup)
_effect_decoder = msgspec.json.Decoder(Effect)
_server_settings_decoder = msgspec.json.Decoder(ServerSettings)
_person_settings_decoder = msgspec.json.Decoder(PersonSettings)
_encode = msgspec.json.encode

# Games kept decoded in memory at most, the least recently written (or read under the lock)
# going first: a game is about 20 KB decoded, and 10,000 games in progress would otherwise
# all be kept once each had been played.
CACHED_MOST = 1000
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


class OutboxEntry(msgspec.Struct, frozen=True):
    """An effect still to carry out on Discord, in the order the changes happened."""

    seq: int
    effect: Effect
    created_at: float
    # How many times a post was sent without being recorded as done.
    attempts: int = 0


class LoggedAction(msgspec.Struct, frozen=True):
    seq: int
    seat: int
    user_id: int | None  # None: an AI monster, or the autopilot (or a default) on a timeout
    action: Action


class _SavedMonster(msgspec.Struct):
    name: str


class _SavedSetup(msgspec.Struct):
    """The part of a stored state (of any schema so far) that says how the game began."""

    seed: int
    monsters: tuple[_SavedMonster, ...]
    options: Options = Options()
    schema: int = 1


_saved_setup_decoder = msgspec.json.Decoder(_SavedSetup)


class _SavedProgress(msgspec.Struct):
    """The part of a stored state (of any schema so far) that says how far its game had got."""

    seq: int = 0


_saved_progress_decoder = msgspec.json.Decoder(_SavedProgress)


def _seq_of(encoded_state: str | bytes) -> int:
    """The seq of a state as any engine so far encoded it; 0 when it tells none (empty, as
    in effects stored before they kept it, or damaged)."""
    try:
        return _saved_progress_decoder.decode(encoded_state).seq
    except msgspec.DecodeError:
        return 0


def _stamped(game: Game) -> Game:
    """The game with its chronicle stamped with its state's seq, for a write of the chronicle:
    the chronicle then tells how far the players saw the game go even if the state and the
    action log are lost."""
    if game.state is None or game.chronicle.state_seq == game.state.seq:
        return game
    return replace(game, chronicle=msgspec.structs.replace(game.chronicle,
                                                           state_seq=game.state.seq))


def setup_for(state: GameState) -> GameSetup:
    """How a new game was created, naming the cards it dealt (its state says "the whole
    deck"), so that a later version with more cards replays it the same way."""
    options = state.options
    if not options.cards:
        options = msgspec.structs.replace(options, cards=implemented_keys())
    return GameSetup(state.seed, options, tuple(m.name for m in state.monsters))


def _setup_from_raw_state(data: bytes) -> GameSetup:
    """For games started before the setup was stored: read it from the state's JSON, which
    may still parse even when the state as a whole does not decode."""
    saved = _saved_setup_decoder.decode(data)
    setup = GameSetup(saved.seed, saved.options, tuple(m.name for m in saved.monsters))
    if 3 <= saved.schema <= SCHEMA_VERSION and not saved.options.cards:
        # From schema 3 no cards named means the whole deck (older: the first 33 cards).
        setup = msgspec.structs.replace(setup, options=msgspec.structs.replace(
            saved.options, cards=implemented_keys()))
    return _as_played(setup)


def _as_played(setup: GameSetup) -> GameSetup:
    """A stored setup with the defaults its game was played with: one stored before new
    games named their cards and their 2-player choice dealt the first 33 cards and played
    the old default (engine.Options.resolved_as_before)."""
    options = setup.options.resolved_as_before(len(setup.monsters), FIRST_DECK)
    return setup if options == setup.options else msgspec.structs.replace(setup,
                                                                          options=options)


def _unrecorded(game: Game) -> bool:
    """Whether the store lacks something a rebuild of this readable game needs: its setup,
    or the move its players saw (the chronicle's stamp), as in a database of an older bot."""
    return game.state is not None and (game.setup is None
                                       or game.chronicle.state_seq < game.state.seq)


def _column(game: Game, field: GameField) -> object:
    match field:
        case "status" | "board_message_id":
            return getattr(game, field)
        case "state":
            return None if game.state is None else encode_state(game.state)
        case "setup":
            return None if game.setup is None else _encode(game.setup)
        case _:
            return _encode(getattr(game, field))


class SavedGames:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time, *,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        self._store = store
        # Whether this process plays a server's games (its shards': bot.config.Shards); the
        # start-up reads only those.
        self._owns = owns
        # When a game finishes, for its record (the service's clock).
        self._clock = clock
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

    async def close(self) -> None:
        await self._store.close()

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # --- reading --------------------------------------------------------------------

    def cached(self, game_id: int) -> Game | None:
        return self._games.get(game_id)

    def with_live_message(self, message_id: int) -> int | None:
        """The id of the lobby or game in progress whose live message this is (every one
        is known from the start-up on, cached or not)."""
        return self._live_games.get(message_id)

    async def game(self, game_id: int) -> Game:
        """The game, for a caller holding its lock: from the cache, else from the store (and
        then cached). Raises Refused if unknown, BrokenGame if it cannot be read."""
        return self._games.get(game_id) or await self._adopt(await self._row(game_id),
                                                             locked=True)

    async def peek(self, game_id: int) -> Game:
        """The game as it is now, without the lock (for answers that change nothing)."""
        return self._games.get(game_id) or await self._adopt(await self._row(game_id),
                                                             locked=False)

    async def active_in_channel(self, channel_id: int) -> Game | None:
        """The lobby or game in progress in this channel (read without the lock)."""
        row = await self._store.active_in_channel(channel_id)
        if row is None:
            return None
        return self._games.get(row.id) or await self._adopt(row, locked=False)

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
            cached = self._games.get(row.id)
            try:
                players = (cached.lobby if cached else _lobby_decoder.decode(row.lobby)).players
                seats = cached.seats if cached else _seats_decoder.decode(row.seats)
            except msgspec.DecodeError:
                continue
            if user_id in seats or any(p.user_id == user_id for p in players):
                theirs.append(row.id)
        stored = {row.id: row for row in await self._store.get_many(
            [i for i in theirs if i not in self._games])}
        games: list[Game] = []
        for game_id in theirs:
            game = self._games.get(game_id)
            if game is None:
                try:
                    game = await self._adopt(stored[game_id], locked=False)
                except (Refused, BrokenGame):
                    continue
            seat = game.seat_of(user_id)
            if game.status in ACTIVE_STATUSES and (seat is None
                                                  or seat not in game.chronicle.left):
                games.append(game)
        return games

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        """Every accepted action, in order."""
        return [LoggedAction(row.seq, row.seat, row.user_id, decode_action(row.action))
                for row in await self._store.actions(game_id)]

    async def outbox(self, game_id: int) -> list[OutboxEntry]:
        """The game's effects still to show. An entry that cannot be read (a damaged row)
        is dropped with an error in the log: the pass that follows shows the game as it
        stands anyway."""
        entries: list[OutboxEntry] = []
        for row in await self._store.outbox(game_id):
            try:
                effect = _effect_decoder.decode(row.effect)
            except msgspec.DecodeError as error:
                log.error("game %s: outbox entry %s cannot be read (%s); dropped", game_id,
                          row.seq, error)
                await self._store.finish_effects(game_id, [row.seq])
                continue
            entries.append(OutboxEntry(row.seq, effect, row.created_at, row.attempts))
        return entries

    async def games_with_outbox(self) -> list[int]:
        return await self._store.games_with_outbox()

    async def start_attempt(self, game_id: int, seq: int) -> None:
        await self._store.start_attempt(game_id, seq)

    async def finish_effects(self, game: Game, seqs: list[int], *fields: GameField,
                             effects: tuple[Effect, ...] = ()) -> Game:
        """Effects carried out, the fields of the game they changed (the live message,
        the clock), and ``effects`` queued after the others (effects moved, or a pass's own
        follow-ups), in one transaction. Call it holding the game's lock."""
        if "chronicle" in fields:
            game = _stamped(game)
        record = await self._record_if_finished(game) if "status" in fields else None
        if not fields and not effects:
            await self._store.finish_effects(game.id, seqs, record=record)
            return self._remember(game)
        async with self._versioned(game.id) as version:
            await self._store.finish_effects(game.id, seqs, version=version, record=record,
                                             effects=[_encode(e) for e in effects],
                                             **{f: _column(game, f) for f in fields})
        return self._remember(game)

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
            if row.id in needing_pass or row.board_message_id is None or row.id in self._games:
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
            if _unrecorded(game):
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
            if game.id in self._games:  # rebuilt under its lock, or a click came meanwhile
                passes.append(game.id)
                continue
            self._note_live(game)
            arm(game)
        seen = set(passes)
        unfinished = [i for i in with_effects if i not in seen]
        passes += [row.id for row in await self._store.get_many(unfinished)
                   if self._owns(row.guild_id)]
        return passes, broken

    async def _active_rows(self) -> AsyncIterator[GameRow]:
        """Every lobby and game in progress this process plays, a chunk at a time."""
        after = 0
        while chunk := await self._store.active_games(after=after, limit=_START_CHUNK):
            after = chunk[-1].id
            for row in chunk:
                if self._owns(row.guild_id):
                    yield row

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
            game, unreadable = self._decode(row)
            if locked:
                self._versions[row.id] = row.version
            if unreadable is not None:
                if not locked:
                    async with self.lock(row.id):
                        return await self.game(row.id)
                game = await self._rebuild(row, game, unreadable)
            if game.status == "playing" and (
                game.state is None or len(game.seats) != len(game.state.monsters)
            ):
                raise CorruptState("the seats do not match the monsters")
        except DECODE_ERRORS as error:
            raise await self._broken(row, str(error)) from error
        if locked and _unrecorded(game):
            game = await self._record_what_rebuilds(game)
        if locked and game.status in ACTIVE_STATUSES:
            self._cache(game)
        return game

    def _decode(self, row: GameRow) -> tuple[Game, Exception | None]:
        """The row as a game, and why its state does not decode (it is then None)."""
        state: GameState | None = None
        unreadable: Exception | None = None
        if row.state is not None:
            try:
                state = decode_state(row.state)
            except DECODE_ERRORS as error:
                unreadable = error
        game = Game(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            status=row.status,
            lobby=_lobby_decoder.decode(row.lobby),
            seats=_seats_decoder.decode(row.seats),
            state=state,
            chronicle=_chronicle_decoder.decode(row.chronicle),
            board_message_id=row.board_message_id,
            setup=None if row.setup is None else _as_played(_setup_decoder.decode(row.setup)),
        )
        return game, unreadable

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

    async def _rebuild(self, row: GameRow, game: Game, unreadable: Exception) -> Game:
        """Replay the game's action log from its setup, save the result and say so (in the
        log and on the board). Raises CorruptState when the log cannot rebuild it, or only
        to a point behind what the players already saw."""
        assert row.state is not None
        try:
            setup = game.setup or _setup_from_raw_state(row.state)
            state, moves = await self._replay_log(row.id, setup)
            await self._check_reaches_shown(state, game, told_seq=_seq_of(row.state))
        except DECODE_ERRORS as error:
            raise CorruptState(f"{unreadable}, and it cannot be rebuilt: {error}") from error
        moves_text = "1 move" if moves == 1 else f"{moves} moves"
        log.warning("game %s: its stored state does not decode (%s); rebuilt from its %s",
                    row.id, unreadable, moves_text)
        chronicle = with_note(game.chronicle, phrase("table-note-rebuilt", moves=moves))
        rebuilt = replace(game, state=state, chronicle=chronicle, setup=setup)
        return await self.save(rebuilt, "state", "chronicle", "setup")

    async def _replay_log(self, game_id: int, setup: GameSetup) -> tuple[GameState, int]:
        """The state the game's action log leads to, and the number of actions in it."""
        logged = await self.action_log(game_id)
        moves = [(entry.seat, entry.action) for entry in logged]
        try:
            state = replay(setup.options, setup.seed, setup.monsters, moves)
        except IllegalAction as refusal:
            raise CorruptState(f"its action log does not replay: {refusal}") from refusal
        last_seq = logged[-1].seq if logged else 0
        if state.seq != last_seq:
            raise CorruptState(f"its action log replays to move {state.seq}, not {last_seq}")
        return state, len(moves)

    async def _check_reaches_shown(self, state: GameState, game: Game, *,
                                   told_seq: int) -> None:
        """Raises CorruptState when ``state``, rebuilt from the log, is behind what the
        players already saw (the log was lost in whole or in part): a game never goes back
        silently. What the store tells apart from the log: the move the stored state itself
        still tells (``told_seq``: it may parse without decoding), the move its chronicle was
        last saved with, and of a closed board's state still to show; the turns of its
        knock-outs, of a timeout counted, of a turn summarized, of a board still to close.

        A game with no move in its log whose chronicle was never stamped (saved by a bot
        before the stamp was kept, and not started since) is not rebuilt either: nothing
        tells that it had not gone further, and replaying nothing would put it back at its
        first turn."""
        chronicle = game.chronicle
        shown_seq = max(chronicle.state_seq, told_seq)
        shown_turn = max([chronicle.timed_out_turn, *(e.turn for e in chronicle.eliminations),
                          *(note.turn for note in chronicle.recent_turns)])
        for entry in await self.outbox(game.id):
            if isinstance(entry.effect, CloseBoard):
                shown_turn = max(shown_turn, entry.effect.turn)
                shown_seq = max(shown_seq, _seq_of(entry.effect.end_state))
        if state.seq < shown_seq:
            raise CorruptState(f"its action log replays to move {state.seq}, but move "
                               f"{shown_seq} was shown")
        turn = 0 if state.turn is None else state.turn.number
        if turn < shown_turn:
            raise CorruptState(f"its action log replays to turn {turn}, but turn {shown_turn} "
                               "was shown")
        if shown_seq == 0 and state.seq == 0:
            raise CorruptState("its action log is empty and nothing tells how far it went")

    async def _broken(self, row: GameRow, reason: str) -> BrokenGame:
        if row.status in ACTIVE_STATUSES:
            try:
                await self._store.update_game(row.id, version=row.version, status="broken")
            except StaleWrite:
                # Written meanwhile (by another process): its next read judges it again.
                log.warning("game %s changed while it was found unreadable", row.id)
        self._forget(row.id)
        return BrokenGame(row.id, row.channel_id, reason)

    # --- writing --------------------------------------------------------------------

    async def create_lobby(self, *, guild_id: int | None, channel_id: int, host_id: int,
                           lobby: Lobby, effects: tuple[Effect, ...]) -> Game:
        """A new lobby, hosted by ``host_id``, and the effects that show it. Refused if the
        channel is busy."""
        try:
            game_id = await self._store.create_lobby(
                guild_id=guild_id, channel_id=channel_id, host_id=host_id, lobby=_encode(lobby),
                effects=[_encode(effect) for effect in effects],
            )
        except ChannelBusy:
            raise Refused(phrase("table-refusal-channel-has-game")) from None
        game = Game(game_id, guild_id, channel_id, host_id, "lobby", lobby, (), None,
                    Chronicle(), None)
        self._versions[game_id] = 0
        return self._remember(game)

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        """A server's own defaults (none set, or unreadable: the bot's, logged)."""
        raw = None if guild_id is None else await self._store.server_settings(guild_id)
        if raw is None:
            return ServerSettings()
        try:
            return _server_settings_decoder.decode(raw)
        except msgspec.DecodeError as error:
            log.error("server %s: its settings cannot be read (%s); the defaults apply",
                      guild_id, error)
            return ServerSettings()

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None:
        await self._store.save_server_settings(guild_id, _encode(settings))

    async def person_settings(self, user_id: int) -> PersonSettings:
        """A person's own settings (none set, or unreadable: the defaults, logged)."""
        raw = await self._store.person_settings(user_id)
        if raw is None:
            return PersonSettings()
        try:
            return _person_settings_decoder.decode(raw)
        except msgspec.DecodeError as error:
            log.error("user %s: their settings cannot be read (%s); the defaults apply",
                      user_id, error)
            return PersonSettings()

    async def save_person_settings(self, user_id: int, settings: PersonSettings) -> None:
        await self._store.save_person_settings(user_id, _encode(settings))

    async def save(self, game: Game, *fields: GameField,
                   effects: tuple[Effect, ...] = ()) -> Game:
        """Write these fields of the game, and queue the effects that show the change, in
        one transaction (call it holding the game's lock)."""
        if not fields and not effects:
            return self._remember(game)  # nothing to write: no empty transaction
        if "chronicle" in fields:
            game = _stamped(game)
        record = await self._record_if_finished(game) if "status" in fields else None
        async with self._versioned(game.id) as version:
            await self._store.update_game(game.id, version=version,
                                          effects=[_encode(e) for e in effects], record=record,
                                          **{f: _column(game, f) for f in fields})
        return self._remember(game)

    async def record_actions(self, game: Game, actions: list[LoggedAction],
                             effects: tuple[Effect, ...]) -> Game:
        """Log accepted actions with the game they produced and the effects that show them,
        in one transaction."""
        game = _stamped(game)
        state = game.playing_state()
        status: Status = game.status
        record = await self._record_if_finished(game, actions)
        async with self._versioned(game.id) as version:
            await self._store.record_actions(
                game.id,
                [ActionRow(a.seq, a.seat, a.user_id, encode_action(a.action)) for a in actions],
                version=version, state=encode_state(state), chronicle=_encode(game.chronicle),
                status=status, effects=[_encode(effect) for effect in effects], record=record,
            )
        return self._remember(game)

    # --- records of finished games (bot.table.records) -------------------------------------

    async def _record_if_finished(self, game: Game,
                                  unsaved: Sequence[LoggedAction] = ()) -> RecordRows | None:
        """The record of a game this change finishes, to store with the change (``unsaved``:
        the change's own actions, not in the log yet). A record that cannot be made (a bug)
        is logged and does not stop the change: the backfill tries again at the next
        start."""
        if not is_finished(game):
            return None
        try:
            logged = [*await self.action_log(game.id), *unsaved]
            return record_rows(await self._record_of(game, logged, self._clock()))
        except Exception:
            log.exception("game %s: its record could not be made", game.id)
            return None

    @staticmethod
    async def _record_of(game: Game, logged: Sequence[LoggedAction],
                         finished_at: float) -> GameRecord:
        # Counting the cards bought replays the game: in a worker thread, off the event loop.
        moves = [(entry.seat, entry.action) for entry in logged]
        bought = await asyncio.to_thread(cards_bought, game.setup, moves)
        return record_of(game, bought, finished_at)

    async def backfill_records(
            self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Keep the records of games finished before records were kept (run at start-up,
        before any game is played), of the servers ``owns`` names (by default this
        process's); returns how many were added. A game that cannot be read is skipped
        (logged)."""
        owns = owns or self._owns
        added = 0
        for row, updated_at in await self._store.finished_without_record():
            if not owns(row.guild_id):
                continue
            try:
                game, unreadable = self._decode(row)
                if unreadable is not None:
                    raise unreadable
                if game.setup is None and game.state is not None:
                    game = replace(game, setup=setup_for(game.state))
                record = await self._record_of(game, await self.action_log(row.id),
                                               game.chronicle.ended_at or updated_at)
            except Exception as error:
                log.warning("game %s: no record kept for it (%s)", row.id, error)
                continue
            await self._store.add_record(record_rows(record))
            added += 1
        return added

    async def record(self, game_id: int) -> GameRecord | None:
        rows = await self._store.record(game_id)
        return None if rows is None else record_from_rows(rows)

    async def records(self, guild_id: int, *, user_id: int | None = None,
                      rated_only: bool = False, newest_first: bool = False,
                      limit: int = -1, offset: int = 0) -> list[GameRecord]:
        """A server's records, in the order its games finished (or newest first)."""
        return [record_from_rows(rows) for rows in await self._store.records(
            guild_id, user_id=user_id, rated_only=rated_only, newest_first=newest_first,
            limit=limit, offset=offset)]

    async def record_count(self, guild_id: int) -> int:
        return await self._store.record_count(guild_id)

    @contextlib.asynccontextmanager
    async def _versioned(self, game_id: int) -> AsyncIterator[int]:
        """The version a write of the game is based on; the next one once it is written. A
        write refused as stale forgets the game, and raises StaleGame."""
        version = self._versions.get(game_id)
        if version is None:  # a finished game, out of the cache: its row is the truth
            version = (await self._row(game_id)).version
        try:
            yield version
        except StaleWrite as conflict:
            self._forget(game_id)
            raise StaleGame(str(conflict)) from conflict
        self._versions[game_id] = version + 1

    def _forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)
        self._versions.pop(game_id, None)
        self._live_games.pop(self._live_messages.pop(game_id, 0), None)

    def _remember(self, game: Game) -> Game:
        if game.status in ACTIVE_STATUSES:
            self._cache(game)
        else:
            self._forget(game.id)
        return game

    def _cache(self, game: Game) -> None:
        self._games.pop(game.id, None)  # (to the end: the most recent)
        self._games[game.id] = game
        self._note_live(game)
        if len(self._games) > CACHED_MOST:
            self._evict()

    def _evict(self) -> None:
        """Drop the least recent games nobody holds or awaits the lock of, down to
        ``CACHED_MOST``; each is read again (with its version) when next used."""
        excess = len(self._games) - CACHED_MOST
        idle = (game_id for game_id in self._games if game_id not in self._locks)
        for game_id in list(itertools.islice(idle, excess)):
            self._games.pop(game_id)
            self._versions.pop(game_id, None)

    def _note_live(self, game: Game) -> None:
        """Keep the game's live message known (a lobby or game in progress)."""
        message_id = game.board_message_id
        if self._live_messages.get(game.id) == message_id:
            return
        self._live_games.pop(self._live_messages.pop(game.id, 0), None)
        if message_id is not None:
            self._live_messages[game.id] = message_id
            self._live_games[message_id] = game.id
