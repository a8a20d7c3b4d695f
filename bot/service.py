"""The game service: lobbies and games as the bot sees them, with no Discord in sight.

Each game has an asyncio lock; every change happens under it as load -> engine -> store, and
the store write is awaited before the change is reported, so what a player sees accepted is
already on disk. States are cached in memory (they are immutable, so a cached state is never
half-updated); the store is the source of truth after a restart.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace

import msgspec

from bot.store import ACTIVE_STATUSES, ChannelBusy, GameRow, Status, Store
from engine import (
    MONSTER_NAMES,
    Action,
    Decision,
    Edition,
    Face,
    GameState,
    IllegalAction,
    Keep,
    NotYourDecision,
    Options,
    StaleDecision,
    Timeout,
    apply,
    create_game,
)
from engine import events as ev
from engine.codec import CorruptState, decode_state, encode_action, encode_state
from engine.describe import narrate

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# Lines of narration kept on a board message (its embed description holds 4096 characters).
MAX_LOG_LINES = 14


def _sentence(message: str) -> str:
    message = message.strip()
    if not message:
        return "That did nothing."
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


class Refused(Exception):
    """The request changes nothing; the message tells the player why (as a sentence)."""

    def __init__(self, message: str) -> None:
        super().__init__(_sentence(message))


class BrokenGame(Exception):
    """A stored game cannot be read. It is marked broken; other games are unaffected."""

    def __init__(self, game_id: int, channel_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be read: {reason}")
        self.game_id = game_id
        self.channel_id = channel_id
        self.reason = reason


class LobbyPlayer(msgspec.Struct, frozen=True, omit_defaults=True):
    user_id: int
    monster: str | None = None


class Lobby(msgspec.Struct, frozen=True, omit_defaults=True):
    players: tuple[LobbyPlayer, ...] = ()
    edition: Edition = "2016"
    # None: the engine's default (on for exactly two monsters).
    two_player_variant: bool | None = None


class Elimination(msgspec.Struct, frozen=True):
    seat: int
    # The monster whose smashes or card did it; None for its own card or poison.
    by: int | None
    turn: int


class Chronicle(msgspec.Struct, frozen=True, omit_defaults=True):
    """What the board, the timers and the final summary need beyond the engine state."""

    # Narration of the current turn, shown on its board message.
    log: tuple[str, ...] = ()
    eliminations: tuple[Elimination, ...] = ()
    # When the pending questions were asked (seconds since the epoch): a restart resumes the
    # turn timer where it was instead of granting a fresh full delay.
    asked_at: float = 0.0
    # Timeouts in a row with no player acting: a game everyone left is ended.
    idle_timeouts: int = 0


@dataclass(frozen=True)
class Game:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: Status
    lobby: Lobby
    # Discord user id of each seat (index = engine seat).
    seats: tuple[int, ...]
    state: GameState | None
    chronicle: Chronicle
    board_message_id: int | None

    def seat_of(self, user_id: int) -> int | None:
        return self.seats.index(user_id) if user_id in self.seats else None

    def playing_state(self) -> GameState:
        if self.state is None:
            raise Refused("this game has not started yet")
        return self.state


@dataclass(frozen=True)
class Outcome:
    """What one accepted change did, for the messages that report it."""

    game: Game
    # The state before the change (None when the game just started).
    before: GameState | None
    events: tuple[ev.Event, ...]
    # When the turn changed: the narration that closes the previous turn's board.
    closing_log: tuple[str, ...] | None
    # False when only kept dice changed: the board picture is the same.
    redraw: bool = True

    @property
    def turn_changed(self) -> bool:
        return self.closing_log is not None


# Shows an outcome (edits or posts the board). Services call it while still holding the game's
# lock, so boards change in the order the actions happened, even when clicks race.
Show = Callable[[Outcome], Awaitable[None]]

_lobby_decoder = msgspec.json.Decoder(Lobby)
_chronicle_decoder = msgspec.json.Decoder(Chronicle)
_seats_decoder = msgspec.json.Decoder(tuple[int, ...])
_encode = msgspec.json.encode


# Timeouts in a row (nobody clicking anything) after which a game is ended as abandoned.
ABANDONED_AFTER_TIMEOUTS = 12


class GameService:
    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        self._clock = clock
        self._games: dict[int, Game] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- loading --------------------------------------------------------------------

    def cached(self, game_id: int) -> Game | None:
        return self._games.get(game_id)

    async def game(self, game_id: int) -> Game:
        """The game, for a caller holding its lock: from the cache, else from the store (and
        then cached). Raises Refused if unknown, BrokenGame if its row cannot be read."""
        return await self._read(game_id, cache=True)

    async def peek(self, game_id: int) -> Game:
        """The game as it is now, without the lock (for answers that change nothing)."""
        return await self._read(game_id, cache=False)

    async def _read(self, game_id: int, *, cache: bool) -> Game:
        game = self._games.get(game_id)
        if game is not None:
            return game
        row = await self.store.get(game_id)
        if row is None:
            raise Refused("this game no longer exists")
        return await self._adopt(row, cache=cache)

    async def active_in_channel(self, channel_id: int) -> Game | None:
        """The lobby or game in progress in this channel (read without the lock)."""
        row = await self.store.active_in_channel(channel_id)
        if row is None:
            return None
        return self._games.get(row.id) or await self._adopt(row, cache=False)

    async def load_active(self) -> tuple[list[Game], list[BrokenGame]]:
        """Read every lobby and game in progress (at start-up). Unreadable ones are marked
        broken and returned separately so their channels can be told."""
        games: list[Game] = []
        broken: list[BrokenGame] = []
        for row in await self.store.active_games():
            try:
                games.append(await self._adopt(row, cache=True))
            except BrokenGame as error:
                broken.append(error)
        return games, broken

    async def _adopt(self, row: GameRow, *, cache: bool) -> Game:
        """Decode a row. Only callers holding the game's lock (or starting up) may cache it:
        a read made without the lock can be older than a write finishing meanwhile."""
        if row.status == "broken":
            raise Refused("this game was stopped because its saved state cannot be read")
        try:
            game = Game(
                id=row.id,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                host_id=row.host_id,
                status=row.status,
                lobby=_lobby_decoder.decode(row.lobby),
                seats=_seats_decoder.decode(row.seats),
                state=None if row.state is None else decode_state(row.state),
                chronicle=_chronicle_decoder.decode(row.chronicle),
                board_message_id=row.board_message_id,
            )
            if game.status == "playing" and (
                game.state is None or len(game.seats) != len(game.state.monsters)
            ):
                raise CorruptState("the seats do not match the monsters")
        except (CorruptState, msgspec.DecodeError, ValueError, TypeError) as error:
            if row.status in ACTIVE_STATUSES:
                await self.store.update_game(row.id, status="broken")
            self._games.pop(row.id, None)
            raise BrokenGame(row.id, row.channel_id, str(error)) from error
        if cache and game.status in ACTIVE_STATUSES:
            self._games[game.id] = game
        return game

    async def _save(self, game: Game, **columns: object) -> Game:
        await self.store.update_game(game.id, **columns)
        return self._remember(game)

    def _remember(self, game: Game) -> Game:
        if game.status in ACTIVE_STATUSES:
            self._games[game.id] = game
        else:
            self._games.pop(game.id, None)
            self._locks.pop(game.id, None)
        return game

    # --- lobbies --------------------------------------------------------------------

    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host_id: int) -> Game:
        lobby = Lobby(players=(LobbyPlayer(host_id),))
        try:
            game_id = await self.store.create_lobby(
                guild_id=guild_id, channel_id=channel_id, host_id=host_id, lobby=_encode(lobby)
            )
        except ChannelBusy:
            raise Refused(
                "this channel already has a game: finish it, or ask the host to end it with "
                "/kot end"
            ) from None
        game = Game(game_id, guild_id, channel_id, host_id, "lobby", lobby, (), None,
                    Chronicle(), None)
        return self._remember(game)

    async def _change_lobby(
        self, game_id: int, change: Callable[[Game], Lobby]
    ) -> Game:
        async with self.lock(game_id):
            game = await self.game(game_id)
            if game.status != "lobby":
                raise Refused("this lobby is closed")
            lobby = change(game)
            game = replace(game, lobby=lobby)
            return await self._save(game, lobby=_encode(lobby))

    async def join(self, game_id: int, user_id: int) -> Game:
        def change(game: Game) -> Lobby:
            players = game.lobby.players
            if any(p.user_id == user_id for p in players):
                raise Refused("you are already in this game")
            if len(players) >= MAX_PLAYERS:
                raise Refused(f"the game is full ({MAX_PLAYERS} monsters)")
            return replace_lobby(game.lobby, players=(*players, LobbyPlayer(user_id)))

        return await self._change_lobby(game_id, change)

    async def leave(self, game_id: int, user_id: int) -> Game:
        def change(game: Game) -> Lobby:
            if user_id == game.host_id:
                raise Refused("you are the host: use Cancel to close the lobby")
            players = game.lobby.players
            if not any(p.user_id == user_id for p in players):
                raise Refused("you are not in this game")
            return replace_lobby(
                game.lobby, players=tuple(p for p in players if p.user_id != user_id)
            )

        return await self._change_lobby(game_id, change)

    async def pick_monster(self, game_id: int, user_id: int, monster: str) -> Game:
        """Choose a monster; joins the lobby too when the player has not joined yet."""
        if monster not in MONSTER_NAMES:
            raise Refused("pick one of the listed monsters")

        def change(game: Game) -> Lobby:
            players = list(game.lobby.players)
            taken_by = next((p.user_id for p in players if p.monster == monster), None)
            if taken_by is not None and taken_by != user_id:
                raise Refused(f"{monster} is already taken")
            index = next((i for i, p in enumerate(players) if p.user_id == user_id), None)
            if index is None:
                if len(players) >= MAX_PLAYERS:
                    raise Refused(f"the game is full ({MAX_PLAYERS} monsters)")
                players.append(LobbyPlayer(user_id, monster))
            else:
                players[index] = LobbyPlayer(user_id, monster)
            return replace_lobby(game.lobby, players=tuple(players))

        return await self._change_lobby(game_id, change)

    async def set_edition(self, game_id: int, user_id: int, edition: Edition) -> Game:
        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            return replace_lobby(game.lobby, edition=edition)

        return await self._change_lobby(game_id, change)

    async def set_two_player_variant(
        self, game_id: int, user_id: int, variant: bool | None
    ) -> Game:
        """On, off, or None for the engine's default (on for exactly two monsters)."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            return replace_lobby(game.lobby, two_player_variant=variant)

        return await self._change_lobby(game_id, change)

    async def cancel(self, game_id: int, user_id: int) -> Game:
        async with self.lock(game_id):
            game = await self.game(game_id)
            if game.status != "lobby":
                raise Refused("this lobby is closed")
            if user_id != game.host_id:
                raise Refused("only the host can cancel the lobby")
            return await self._save(replace(game, status="cancelled"), status="cancelled")

    async def start(self, game_id: int, user_id: int, show: Show) -> Outcome:
        async with self.lock(game_id):
            game = await self.game(game_id)
            if game.status != "lobby":
                raise Refused("this lobby is closed")
            if user_id != game.host_id:
                raise Refused("only the host can start the game")
            players = game.lobby.players
            if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
                raise Refused(f"King of Tokyo needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
            seed = self._seed_source()
            names = _assign_monsters(players, random.Random(seed))
            options = Options(
                edition=game.lobby.edition, two_player_variant=game.lobby.two_player_variant
            )
            state, events = create_game(options, seed, names)
            seats = tuple(p.user_id for p in players)
            chronicle = Chronicle(log=_lines(state, events)[-MAX_LOG_LINES:],
                                  asked_at=self._clock())
            game = replace(game, status="playing", seats=seats, state=state, chronicle=chronicle)
            await self.store.update_game(
                game.id, status="playing", seats=_encode(seats), state=encode_state(state),
                chronicle=_encode(chronicle),
            )
            outcome = Outcome(self._remember(game), None, tuple(events), closing_log=None)
            await show(outcome)
            return outcome

    # --- play -----------------------------------------------------------------------

    def refusal(self, game: Game, user_id: int, decision_id: int) -> str | None:
        """Why this click cannot act, judged without the lock from a (possibly slightly old)
        state; None when it may. The engine checks again under the lock."""
        if game.status != "playing" or game.state is None:
            return "This game is over." if game.status != "lobby" else "The game has not started."
        seat = game.seat_of(user_id)
        if seat is None:
            return "You are not playing in this game."
        decision = pending_decision(game.state, decision_id)
        if decision is None:
            return "That moment has passed: use the buttons on the latest board."
        if decision.seat != seat:
            asked = game.state.monsters[decision.seat].name
            return f"This question is for {asked} (<@{game.seats[decision.seat]}>)."
        return None

    async def click(
        self, game_id: int, user_id: int, decision_id: int, code: str, show: Show
    ) -> Outcome:
        """Apply the button ``code`` ("k<die>" toggles a die, "o<n>" picks option n) of
        decision ``decision_id`` for this user, then ``show`` it."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            problem = self.refusal(game, user_id, decision_id)
            if problem is not None:
                raise Refused(problem)
            state = game.playing_state()
            decision = pending_decision(state, decision_id)
            assert decision is not None
            action = _action_for(state, decision, code)
            outcome = await self._apply(game, decision.seat, user_id, action)
            await show(outcome)
            return outcome

    async def timeout(
        self, game_id: int, decision_ids: Iterable[int], show: Show
    ) -> Outcome | None:
        """Answer, with their defaults, the decisions among ``decision_ids`` still pending
        (the turn timer ran out), then ``show`` it. None when all were answered meanwhile."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            outcome: Outcome | None = None
            for decision_id in decision_ids:
                state = game.state
                if game.status != "playing" or state is None:
                    break
                decision = pending_decision(state, decision_id)
                if decision is None:
                    continue
                monster = state.monsters[decision.seat].name
                step = await self._apply(
                    game, decision.seat, None, Timeout(decision=decision.id),
                    note=f"⏰ {monster} ran out of time.",
                )
                outcome = step if outcome is None else _merge(outcome, step)
                game = step.game
            if outcome is not None:
                await show(outcome)
            return outcome

    async def _apply(
        self, game: Game, seat: int, user_id: int | None, action: Action, *, note: str = ""
    ) -> Outcome:
        """Run the engine, then log the action and its state in one transaction."""
        before = game.playing_state()
        try:
            state, events = apply(before, seat, action)
        except (StaleDecision, NotYourDecision, IllegalAction) as error:
            raise Refused(str(error)) from error
        chronicle = game.chronicle
        if note:
            chronicle = msgspec.structs.replace(chronicle, log=(*chronicle.log, note))
        chronicle, closing = _chronicle_after(chronicle, before, state, events)
        asked = {d.id for d in state.pending}
        chronicle = msgspec.structs.replace(
            chronicle,
            # A new question restarts the clock; answering one of two keeps the other's.
            asked_at=chronicle.asked_at if asked <= {d.id for d in before.pending}
            else self._clock(),
            idle_timeouts=0 if user_id is not None else chronicle.idle_timeouts + 1,
        )
        status: Status = "over" if state.over else "playing"
        if status == "playing" and chronicle.idle_timeouts >= ABANDONED_AFTER_TIMEOUTS:
            status = "ended"
            chronicle = msgspec.structs.replace(
                chronicle, log=(*chronicle.log, "🛑 Nobody has played for a long while: the "
                                "game is over, with no winner.")
            )
        await self.store.record_action(
            game.id, seq=state.seq, seat=seat, user_id=user_id, action=encode_action(action),
            state=encode_state(state), chronicle=_encode(chronicle), status=status,
        )
        game = self._remember(replace(game, state=state, chronicle=chronicle, status=status))
        return Outcome(game, before, tuple(events), closing, redraw=not isinstance(action, Keep))

    async def end(self, game_id: int) -> Game:
        """Stop a lobby or a game for good (its row and log stay in the store)."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            if game.status not in ACTIVE_STATUSES:
                raise Refused("this game is already over")
            return await self._save(replace(game, status="ended"), status="ended")

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        """Remember the live board message. Call it holding the game's lock (``show``
        callbacks do)."""
        game = await self.game(game_id)
        await self._save(replace(game, board_message_id=message_id), board_message_id=message_id)

    async def force_dice(self, game_id: int, faces: Iterable[Face]) -> None:
        """Test and benchmark hook: the next dice rolled in this game show ``faces``."""
        forced = tuple(faces)
        await self.rewrite_state(
            game_id, lambda state: msgspec.structs.replace(state, forced_dice=forced)
        )

    async def rewrite_state(self, game_id: int, change: Callable[[GameState], GameState]) -> None:
        """Test hook: replace a game's state (set up a position the dice would take long to
        reach). Never used by the bot itself."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            state = change(game.playing_state())
            await self._save(replace(game, state=state), state=encode_state(state))


def replace_lobby(lobby: Lobby, **changes: object) -> Lobby:
    return msgspec.structs.replace(lobby, **changes)


def _require_host(game: Game, user_id: int) -> None:
    if user_id != game.host_id:
        raise Refused("only the host can change the options")


def _assign_monsters(players: tuple[LobbyPlayer, ...], rng: random.Random) -> list[str]:
    """Chosen monsters stay; everyone else gets one of the free monsters at random."""
    free = [m for m in MONSTER_NAMES if m not in {p.monster for p in players}]
    rng.shuffle(free)
    return [p.monster or free.pop() for p in players]


def pending_decision(state: GameState, decision_id: int) -> Decision | None:
    return next((d for d in state.pending if d.id == decision_id), None)


def _action_for(state: GameState, decision: Decision, code: str) -> Action:
    kind, number = code[:1], code[1:]
    if not number.isdigit():
        raise Refused("that button is not one this bot knows")
    index = int(number)
    if kind == "k":
        if decision.kind != "roll" or state.turn is None or index >= len(state.turn.dice):
            raise Refused("there are no dice to keep now")
        kept = set(state.turn.kept) ^ {index}
        return Keep(decision=decision.id, dice=tuple(sorted(kept)))
    if kind == "o" and index < len(decision.options):
        return decision.options[index]
    raise Refused("that button is not one this bot knows")


def _lines(state: GameState, events: Iterable[ev.Event]) -> tuple[str, ...]:
    return tuple(line for event in events if (line := narrate(state, event)) is not None)


def _chronicle_after(
    chronicle: Chronicle, before: GameState, after: GameState, events: list[ev.Event]
) -> tuple[Chronicle, tuple[str, ...] | None]:
    """The chronicle after ``events``, and the closing narration of the previous turn when a
    new turn started (its board message is then finished and a new one posted)."""
    log = list(chronicle.log)
    closing: tuple[str, ...] | None = None
    eliminations = list(chronicle.eliminations)
    turn_number = before.turn.number if before.turn is not None else 0
    for event in events:
        if isinstance(event, ev.TurnStarted):
            if closing is None:
                closing = tuple(log[-MAX_LOG_LINES:])
            log = []
            turn_number = event.number
        elif isinstance(event, ev.Eliminated):
            by = None if event.by == event.seat else event.by
            eliminations.append(Elimination(seat=event.seat, by=by, turn=turn_number))
        line = narrate(after, event)
        if line is not None:
            log.append(line)
    new = msgspec.structs.replace(
        chronicle, log=tuple(log[-MAX_LOG_LINES:]), eliminations=tuple(eliminations)
    )
    return new, closing


def _merge(first: Outcome, second: Outcome) -> Outcome:
    return Outcome(
        game=second.game,
        before=first.before,
        events=first.events + second.events,
        closing_log=first.closing_log if first.closing_log is not None else second.closing_log,
        redraw=first.redraw or second.redraw,
    )
