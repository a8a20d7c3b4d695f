"""The last monster standing wins at once (docs/rulings.md 8), and games stored before that
rule keep the rule they were played with (their logs replay as played)."""

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


def test_new_games_fix_the_rule_and_old_setups_keep_the_old_one() -> None:
    state, _ = create_game(Options(), 1, 3)
    assert state.options.last_standing_at_once is True  # stored with the game
    assert b"last_standing_at_once" in encode_state(state)
    # A setup stored before the rule names no rule: it was played with the older one.
    assert Options(two_player_variant=False).resolved_as_before(3, FIRST_DECK) \
        .last_standing_at_once is False
    # A setup stored since keeps what it says.
    new = state.options.resolved_as_before(3, FIRST_DECK)
    assert new.last_standing_at_once is True
    # A state built by hand (scenarios, tests) plays the rule of new games.
    assert Options().ends_when_last_standing()


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


@pytest.mark.parametrize("edition", ["2016", "2011"])
def test_random_games_end_on_the_move_that_leaves_one_monster(edition: str) -> None:
    """Whole games: no move is ever played once at most one monster is left (unless a loss
    still waits for an answer, which then is that move)."""
    options = Options(edition=edition)
    for seed in range(1, 41):
        record = play_random_game(options, seed, 3)
        final = record.state
        if len(final.alive_seats()) > 1:
            continue  # won on points
        assert _last_knock_out(final, record.actions, options, seed) == len(record.actions), seed
