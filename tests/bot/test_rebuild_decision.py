"""A game's row decoded and, when its state does not, the rebuild's decision (``bot.table.
game_rows``, ``bot.table.rebuild``) on its own: from a row, an action log and an outbox in
memory, with no store and no Discord. (tests/bot/test_rebuild.py plays the same through the
bot's start-up.)"""

from __future__ import annotations

import json
from dataclasses import replace

import msgspec
import pytest

from bot.store.store import GameRow
from bot.table.game_rows import (
    GameField,
    LoggedAction,
    OutboxEntry,
    column,
    decoded,
    setup_for,
)
from bot.table.model import Chronicle, Game, Life, Lobby, LobbyPlayer, Presence
from bot.table.publish import CloseBoard
from bot.table.rebuild import check_playable, rebuilt, seq_of, unrecorded
from engine import CorruptState, Options, Phrase, encode_state, play_random_game, replay

SEED = 5
PLAYERS = 3
# Moves into the game: the 5th starts turn 3 (with this seed).
MOVES = 6
# A stored state that no longer even parses.
DAMAGED_STATE = b'{"schema": 2, "oops'
FIELDS: tuple[GameField, ...] = ("status", "lobby", "seats", "state", "chronicle",
                                 "board_message_id", "setup")


def played(moves: int = MOVES) -> tuple[Game, list[LoggedAction]]:
    """A game in play ``moves`` moves in, as the bot holds it (its chronicle stamped with
    the move shown), and its action log."""
    actions = list(play_random_game(Options(), SEED, PLAYERS).actions)[:moves]
    state = replay(Options(), SEED, PLAYERS, actions)
    seats = tuple(100 + seat for seat in range(PLAYERS))
    game = Game(id=7, guild_id=1, channel_id=10, host_id=100, status="playing",
                lobby=Lobby(players=tuple(LobbyPlayer(user_id) for user_id in seats)),
                seats=seats, state=state, chronicle=Chronicle(life=Life(state_seq=state.seq)),
                board_message_id=55, setup=setup_for(state))
    logged = [LoggedAction(seq, seat, None, action)
              for seq, (seat, action) in enumerate(actions, start=1)]
    return game, logged


def row_of(game: Game, *, state: bytes | None = DAMAGED_STATE) -> GameRow:
    """The game's row as the store keeps it, its state replaced by ``state``."""
    columns = {field: column(game, field) for field in FIELDS}
    columns["state"] = state
    return GameRow(id=game.id, guild_id=game.guild_id, channel_id=game.channel_id,
                   host_id=game.host_id, version=3, **columns)  # type: ignore[arg-type]


class Logs:
    """A game's action log and outbox, in memory, and the order they were read in."""

    def __init__(self, logged: list[LoggedAction],
                 pending: tuple[OutboxEntry, ...] = ()) -> None:
        self.logged = logged
        self.pending = list(pending)
        self.read: list[str] = []

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        self.read.append("log")
        return self.logged

    async def outbox(self, game_id: int) -> list[OutboxEntry]:
        self.read.append("outbox")
        return self.pending


def test_a_game_goes_to_its_columns_and_back_unchanged() -> None:
    game, _ = played()
    assert game.state is not None
    assert decoded(row_of(game, state=encode_state(game.state))) == (game, None)


def test_a_state_that_does_not_decode_is_told_apart_from_the_rest_of_the_row() -> None:
    game, _ = played()
    read, unreadable = decoded(row_of(game))
    assert isinstance(unreadable, CorruptState)
    assert read == replace(game, state=None)


async def test_a_damaged_state_is_rebuilt_to_where_its_log_leads_with_a_note() -> None:
    game, logged = played()
    read, unreadable = decoded(row_of(game))
    assert unreadable is not None
    logs = Logs(logged)
    again = await rebuilt(row_of(game), read, unreadable, logs)
    assert again.state == game.state and again.setup == game.setup
    assert again.chronicle.narration.log[-1] == Phrase("table-note-rebuilt", {"moves": MOVES})
    assert again.seats == game.seats and again.board_message_id == game.board_message_id
    assert logs.read == ["log", "outbox"]


async def test_a_log_that_lost_its_last_move_is_not_a_rebuild() -> None:
    game, logged = played()
    read, unreadable = decoded(row_of(game))
    assert unreadable is not None
    with pytest.raises(CorruptState, match=f"replays to move {MOVES - 1}, but move {MOVES}"):
        await rebuilt(row_of(game), read, unreadable, Logs(logged[:-1]))


async def test_an_unstamped_game_is_judged_by_the_board_waiting_to_close() -> None:
    """Saved before the chronicle kept the move: a closed board still in the outbox tells
    how far the players saw the game go."""
    game, logged = played()
    assert game.state is not None and game.state.turn is not None
    unstamped = replace(game, chronicle=Chronicle())
    closed = OutboxEntry(1, CloseBoard(message_id=55, turn=game.state.turn.number,
                                       monster="", log=(),
                                       end_state=encode_state(game.state)), 0.0)
    read, unreadable = decoded(row_of(unstamped))
    assert unreadable is not None
    short = Logs(logged[:-1], (closed,))
    with pytest.raises(CorruptState, match=f"but move {MOVES} was shown"):
        await rebuilt(row_of(unstamped), read, unreadable, short)
    # Without that board, nothing tells the last move was seen: the shorter log rebuilds it.
    again = await rebuilt(row_of(unstamped), read, unreadable, Logs(logged[:-1]))
    assert again.state is not None and again.state.seq == MOVES - 1


async def test_an_unstamped_game_is_judged_by_the_turns_its_chronicle_names() -> None:
    """A chronicle saved before it kept the move still names turns (here a timeout counted
    on turn 3): a log that stops in turn 2 does not reach it."""
    game, logged = played()
    unstamped = replace(game, chronicle=Chronicle(presence=Presence(timed_out_turn=3)))
    read, unreadable = decoded(row_of(unstamped))
    assert unreadable is not None
    with pytest.raises(CorruptState, match="replays to turn 2, but turn 3 was shown"):
        await rebuilt(row_of(unstamped), read, unreadable, Logs(logged[:4]))
    again = await rebuilt(row_of(unstamped), read, unreadable, Logs(logged[:5]))
    assert again.state is not None and again.state.turn is not None
    assert again.state.turn.number == 3


async def test_a_log_that_does_not_reach_its_own_last_seq_is_refused_before_the_outbox(
) -> None:
    """The outbox is read (and its damaged entries dropped) only once the log replays."""
    game, logged = played()
    read, unreadable = decoded(row_of(game))
    assert unreadable is not None
    gapped = [*logged[:-1], msgspec.structs.replace(logged[-1], seq=MOVES + 1)]
    logs = Logs(gapped)
    with pytest.raises(CorruptState, match=f"replays to move {MOVES}, not {MOVES + 1}"):
        await rebuilt(row_of(game), read, unreadable, logs)
    assert logs.read == ["log"]


async def test_an_empty_log_with_nothing_stamped_is_never_a_first_turn_again() -> None:
    game, _ = played()
    unstamped = replace(game, chronicle=Chronicle())
    read, unreadable = decoded(row_of(unstamped))
    assert unreadable is not None
    with pytest.raises(CorruptState, match="log is empty and nothing tells how far"):
        await rebuilt(row_of(unstamped), read, unreadable, Logs([]))


async def test_a_game_stored_without_its_setup_takes_it_from_its_raw_state() -> None:
    """Games started before the setup was stored: the state's JSON still tells the seed,
    the monsters and the options even when it does not decode."""
    game, logged = played()
    assert game.state is not None
    raw = json.loads(encode_state(game.state))
    raw["rng"] = "not a generator"  # parses, but no longer decodes
    row = row_of(replace(game, setup=None), state=json.dumps(raw).encode())
    read, unreadable = decoded(row)
    assert unreadable is not None and read.setup is None
    again = await rebuilt(row, read, unreadable, Logs(logged))
    assert again.setup == setup_for(game.state) and again.state == game.state


async def test_an_unstamped_game_is_judged_by_the_move_its_damaged_state_still_tells(
) -> None:
    game, logged = played()
    assert game.state is not None
    raw = json.loads(encode_state(game.state))
    raw["rng"] = "not a generator"  # parses, but no longer decodes
    row = row_of(replace(game, chronicle=Chronicle()), state=json.dumps(raw).encode())
    read, unreadable = decoded(row)
    assert unreadable is not None
    with pytest.raises(CorruptState, match=f"but move {MOVES} was shown"):
        await rebuilt(row, read, unreadable, Logs(logged[:-1]))


def test_the_seq_a_stored_state_tells_even_when_it_does_not_decode() -> None:
    game, _ = played()
    assert game.state is not None
    raw = json.loads(encode_state(game.state))
    raw["rng"] = "not a generator"
    assert seq_of(json.dumps(raw)) == MOVES
    assert seq_of(DAMAGED_STATE) == 0 and seq_of("") == 0


def test_a_game_in_play_needs_a_monster_per_seat() -> None:
    game, _ = played()
    check_playable(game)
    with pytest.raises(CorruptState, match="seats do not match"):
        check_playable(replace(game, seats=game.seats[:-1]))
    with pytest.raises(CorruptState):
        check_playable(replace(game, state=None))
    check_playable(replace(game, status="lobby", state=None, seats=()))


def test_a_game_lacking_what_a_rebuild_needs_is_told() -> None:
    game, _ = played()
    assert not unrecorded(game)
    assert unrecorded(replace(game, setup=None))
    assert unrecorded(replace(game, chronicle=Chronicle(life=Life(state_seq=MOVES - 1))))
    assert not unrecorded(replace(game, status="lobby", state=None, setup=None))
