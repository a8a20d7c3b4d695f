"""Rebuilding a game whose stored state does not decode, and the checks that forbid it.

A stored state that cannot be decoded (a deploy changed its shape without an upgrade, a
damaged file) is rebuilt by replaying the game's action log from its setup, provided that the
rebuilt state reaches what the players already saw (the chronicle is stamped with the seq of
every state it is saved with); a game that can be neither read nor rebuilt is broken.

Owns that decision and nothing else: it reads the game's log and outbox through ``GameLogs``
and returns the rebuilt game, or raises CorruptState; ``bot.table.saved_games`` saves it
under the game's lock, or marks the game broken.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Protocol

import msgspec

from bot.store.store import GameRow
from bot.table.chronicle import with_note
from bot.table.game_rows import DECODE_ERRORS, LoggedAction, OutboxEntry, as_played
from bot.table.model import Game, GameSetup
from bot.table.publish import CloseBoard
from engine import (
    SCHEMA_VERSION,
    CorruptState,
    GameState,
    IllegalAction,
    Options,
    implemented_keys,
    phrase,
    replay,
)

log = logging.getLogger(__name__)


class GameLogs(Protocol):
    """What a rebuild reads of a game besides its row."""

    async def action_log(self, game_id: int) -> list[LoggedAction]: ...

    async def outbox(self, game_id: int) -> list[OutboxEntry]: ...


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


def seq_of(encoded_state: str | bytes) -> int:
    """The seq of a state as any engine so far encoded it; 0 when it tells none (empty, as
    in effects stored before they kept it, or damaged)."""
    try:
        return _saved_progress_decoder.decode(encoded_state).seq
    except msgspec.DecodeError:
        return 0


def setup_from_raw_state(data: bytes) -> GameSetup:
    """For games started before the setup was stored: read it from the state's JSON, which
    may still parse even when the state as a whole does not decode."""
    saved = _saved_setup_decoder.decode(data)
    setup = GameSetup(saved.seed, saved.options, tuple(m.name for m in saved.monsters))
    if 3 <= saved.schema <= SCHEMA_VERSION and not saved.options.cards:
        # From schema 3 no cards named means the whole deck (older: the first 33 cards).
        setup = msgspec.structs.replace(setup, options=msgspec.structs.replace(
            saved.options, cards=implemented_keys()))
    return as_played(setup)


def unrecorded(game: Game) -> bool:
    """Whether the store lacks something a rebuild of this readable game needs: its setup,
    or the move its players saw (the chronicle's stamp), as in a database of an older bot."""
    return game.state is not None and (game.setup is None
                                       or game.chronicle.life.state_seq < game.state.seq)


def check_playable(game: Game) -> None:
    """Raises CorruptState when a game in play has no state, or not a monster per seat."""
    if game.status == "playing" and (
        game.state is None or len(game.seats) != len(game.state.monsters)
    ):
        raise CorruptState("the seats do not match the monsters")


async def rebuilt(row: GameRow, game: Game, unreadable: Exception, logs: GameLogs) -> Game:
    """The game whose stored state (``row.state``) does not decode (``unreadable``), with the
    state its action log replays to, its setup, and a note on its board that says so (not
    saved: the caller saves it). Raises CorruptState when the log cannot rebuild it, or only
    to a point behind what the players already saw."""
    assert row.state is not None
    try:
        setup = game.setup or setup_from_raw_state(row.state)
        logged = await logs.action_log(row.id)
        state = replayed(setup, logged)
        check_reaches_shown(state, game, told_seq=seq_of(row.state),
                            pending=await logs.outbox(row.id))
    except DECODE_ERRORS as error:
        raise CorruptState(f"{unreadable}, and it cannot be rebuilt: {error}") from error
    moves = len(logged)
    moves_text = "1 move" if moves == 1 else f"{moves} moves"
    log.warning("game %s: its stored state does not decode (%s); rebuilt from its %s",
                row.id, unreadable, moves_text)
    chronicle = with_note(game.chronicle, phrase("table-note-rebuilt", moves=moves))
    return replace(game, state=state, chronicle=chronicle, setup=setup)


def replayed(setup: GameSetup, logged: list[LoggedAction]) -> GameState:
    """The state the game's action log leads to. Raises CorruptState when the log does not
    replay, or its last entry's seq is not the state's."""
    moves = [(entry.seat, entry.action) for entry in logged]
    try:
        state = replay(setup.options, setup.seed, setup.monsters, moves)
    except IllegalAction as refusal:
        raise CorruptState(f"its action log does not replay: {refusal}") from refusal
    last_seq = logged[-1].seq if logged else 0
    if state.seq != last_seq:
        raise CorruptState(f"its action log replays to move {state.seq}, not {last_seq}")
    return state


def check_reaches_shown(state: GameState, game: Game, *, told_seq: int,
                        pending: list[OutboxEntry]) -> None:
    """Raises CorruptState when ``state``, rebuilt from the log, is behind what the
    players already saw (the log was lost in whole or in part): a game never goes back
    silently. What the store tells apart from the log: the move the stored state itself
    still tells (``told_seq``: it may parse without decoding), the move its chronicle was
    last saved with, and of a closed board's state still to show (in ``pending``, its
    outbox); the turns of its knock-outs, of a timeout counted, of a turn summarized, of a
    board still to close.

    A game with no move in its log whose chronicle was never stamped (saved by a bot
    before the stamp was kept, and not started since) is not rebuilt either: nothing
    tells that it had not gone further, and replaying nothing would put it back at its
    first turn."""
    chronicle = game.chronicle
    shown_seq = max(chronicle.life.state_seq, told_seq)
    shown_turn = max([chronicle.presence.timed_out_turn,
                      *(e.turn for e in chronicle.narration.eliminations),
                      *(note.turn for note in chronicle.news.recent_turns)])
    for entry in pending:
        if isinstance(entry.effect, CloseBoard):
            shown_turn = max(shown_turn, entry.effect.turn)
            shown_seq = max(shown_seq, seq_of(entry.effect.end_state))
    if state.seq < shown_seq:
        raise CorruptState(f"its action log replays to move {state.seq}, but move "
                           f"{shown_seq} was shown")
    turn = 0 if state.turn is None else state.turn.number
    if turn < shown_turn:
        raise CorruptState(f"its action log replays to turn {turn}, but turn {shown_turn} "
                           "was shown")
    if shown_seq == 0 and state.seq == 0:
        raise CorruptState("its action log is empty and nothing tells how far it went")
