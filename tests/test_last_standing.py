"""The last monster standing wins at once in 2011 and at the end of the turn in 2016 and
Origins (docs/rulings.md 8), and stored games keep the rule they were played with (their logs
replay as played)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import (
    FIRST_DECK,
    SCHEMA_VERSION,
    EndBuying,
    GameState,
    IllegalAction,
    Options,
    apply,
    create_game,
    decode_action,
    decode_state,
    encode_state,
    replay,
)
from engine.players import play_random_game

FIXTURE = Path(__file__).parent / "fixtures" / "schema3_last_standing.json"


def _fixture() -> dict[str, Any]:
    fixture: dict[str, Any] = json.loads(FIXTURE.read_text())
    return fixture


def _log(fixture: dict[str, Any]) -> list[tuple[int, Any]]:
    return [(seat, decode_action(json.dumps(action))) for seat, action in fixture["log"]]


def _stored_setup_options(fixture: dict[str, Any]) -> Options:
    """The options of the game's stored setup, read as the bot reads a stored setup
    (bot.table.game_rows: ``resolved_as_before``)."""
    stored = msgspec.convert(fixture["setup_options"], Options)
    return stored.resolved_as_before(len(fixture["monsters"]), FIRST_DECK)


def test_new_games_fix_their_editions_rule_and_stored_setups_keep_theirs() -> None:
    state, _ = create_game(Options(), 1, 3)
    assert state.options.last_standing_at_once is False  # 2016: at the end of the turn
    assert b"last_standing_at_once" in encode_state(state)  # stored with the game
    state_2011, _ = create_game(Options(edition="2011"), 1, 3)
    assert state_2011.options.last_standing_at_once is True
    origins, _ = create_game(Options(game="origins"), 1, 3)
    assert origins.options.last_standing_at_once is False
    # A setup stored before schema 4 names no rule: it was played at the end of the turn.
    assert Options(two_player_variant=False).resolved_as_before(3, FIRST_DECK) \
        .last_standing_at_once is False
    # A setup stored since keeps what it says: a 2016 game stored while every game ended at
    # once goes on ending at once.
    assert state.options.resolved_as_before(3, FIRST_DECK).last_standing_at_once is False
    at_once = msgspec.structs.replace(state.options, last_standing_at_once=True)
    assert at_once.resolved_as_before(3, FIRST_DECK).last_standing_at_once is True
    assert at_once.resolved(3).last_standing_at_once is True
    # A state built by hand (scenarios, tests) plays its edition's rule.
    assert not Options().ends_when_last_standing()
    assert Options(edition="2011").ends_when_last_standing()


def test_the_fixture_was_stored_by_schema_3_one_move_after_the_last_knock_out() -> None:
    fixture = _fixture()
    state = fixture["state"]
    assert state["schema"] == 3 and "last_standing_at_once" not in state["options"]
    assert [m.get("alive", True) for m in state["monsters"]].count(True) == 1
    assert not state.get("over", False) and state["pending"][0]["kind"] == "buy"


def test_a_schema_3_game_keeps_playing_to_the_end_of_the_turn() -> None:
    """A game stored in the middle of the last turn by the previous engine is read with the
    rule it was played with: its winner's buy step is still asked and answering it ends it."""
    fixture = _fixture()
    stored = decode_state(json.dumps(fixture["state"]))
    assert stored.schema == SCHEMA_VERSION
    assert stored.options.last_standing_at_once is False
    assert not stored.over
    [buy] = stored.pending
    after, _ = apply(stored, buy.seat, EndBuying(decision=buy.id))
    assert after.over and after.winners == (buy.seat,)


def test_an_old_game_replays_from_its_stored_setup_as_it_was_played() -> None:
    fixture = _fixture()
    log = _log(fixture)
    options = _stored_setup_options(fixture)
    assert options.last_standing_at_once is False
    replayed = replay(options, fixture["seed"], fixture["monsters"], log)
    assert replayed == decode_state(json.dumps(fixture["state"]))
    # The move after the knock-out is one the new rule would not have asked for: under it
    # the game is over one move earlier, and the winner's buy step is refused.
    at_once = msgspec.structs.replace(options, last_standing_at_once=True)
    over = replay(at_once, fixture["seed"], fixture["monsters"], log)
    assert over.over and over.seq == replayed.seq
    [buy] = replayed.pending
    with pytest.raises(IllegalAction) as refusal:
        apply(over, buy.seat, EndBuying(decision=buy.id))
    assert refusal.value.code == "game_over"


def _last_knock_out(record_state: GameState, log: list[tuple[int, Any]],
                    options: Options, seed: int) -> int:
    """How many moves of ``log`` were played when the last monster but one was knocked out."""
    state, _ = create_game(options, seed, len(record_state.monsters))
    for played, (seat, action) in enumerate(log, start=1):
        state, _ = apply(state, seat, action)
        if len(state.alive_seats()) <= 1:
            return played
    return len(log)


def test_random_2011_games_end_on_the_move_that_leaves_one_monster() -> None:
    """Whole 2011 games: no move is ever played once at most one monster is left (unless a
    loss still waits for an answer, which then is that move)."""
    options = Options(edition="2011")
    for seed in range(1, 41):
        record = play_random_game(options, seed, 3)
        final = record.state
        if len(final.alive_seats()) > 1:
            continue  # won on points
        assert _last_knock_out(final, record.actions, options, seed) == len(record.actions), seed


def test_random_2016_games_end_with_the_turn_that_leaves_one_monster() -> None:
    """Whole 2016 games: once one monster is left, only the turn then being played goes on
    (the survivor's own, or none if the active monster was the one knocked out), and no
    other turn starts."""
    options = Options()
    ended_with_one = played_on = 0
    for seed in range(1, 41):
        record = play_random_game(options, seed, 3)
        state, _ = create_game(options, seed, len(record.state.monsters))
        last_turn: int | None = None
        for seat, action in record.actions:
            if last_turn is not None:
                played_on += 1
                assert seat in state.alive_seats(), seed
                assert state.turn is not None and state.turn.number == last_turn, seed
            state, _ = apply(state, seat, action)
            if last_turn is None and len(state.alive_seats()) <= 1 and state.turn is not None:
                last_turn = state.turn.number
        assert state.over, seed
        if last_turn is not None and state.winners:
            ended_with_one += 1
    assert ended_with_one  # (the property was exercised)
    assert played_on  # the survivor's turn went on after the knock-out (its buy step...)
