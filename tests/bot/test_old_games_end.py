"""Games stored before the last monster standing won at once (engine schema 3) keep the rule
they were played with: read, rebuilt from their log, or with their setup read from their raw
state, they play on to the end of the turn (docs/rulings.md 8)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from stored_games import load_the_game, nothing_to_show, set_columns, store_old_game

from bot.i18n import say
from engine import EndBuying, decode_state

# The note a rebuilt game's narration gets, in English.
REBUILT_NOTE = "🛠️ This game's saved state could not be read: it was rebuilt from its {moves}."

FIXTURE = Path(__file__).parents[1] / "fixtures" / "schema3_last_standing.json"


@pytest.fixture
async def old_game(database: Path) -> AsyncIterator[tuple[int, dict[str, Any]]]:
    """A two-player game stored by the previous bot: its setup (no end rule named), its
    schema 3 state one move after the last knock-out, and its action log."""
    fixture = json.loads(FIXTURE.read_text())
    game_id = await store_old_game(database, fixture, players=2)
    yield game_id, fixture


async def test_an_old_game_reads_with_its_rule_and_ends_with_the_turn(
    database: Path, old_game: tuple[int, dict[str, Any]],
) -> None:
    game_id, fixture = old_game
    service, game = await load_the_game(database)
    try:
        assert game.state == decode_state(json.dumps(fixture["state"]))
        assert game.state is not None and game.state.options.last_standing_at_once is False
        assert game.setup is not None and game.setup.options.last_standing_at_once is False
        [buy] = game.state.pending
        end_turn = next(i for i, o in enumerate(buy.options) if isinstance(o, EndBuying))
        outcome = await service.click(game_id, game.seats[buy.seat], buy.id, f"o{end_turn}",
                                      nothing_to_show)
        assert outcome.game.status == "over"
        assert outcome.game.state is not None and outcome.game.state.winners == (buy.seat,)
    finally:
        await service.close()


@pytest.mark.parametrize("setup_stored", [True, False])
async def test_an_old_game_whose_state_is_unreadable_is_rebuilt_as_it_was_played(
    database: Path, old_game: tuple[int, dict[str, Any]], setup_stored: bool,
) -> None:
    """Rebuilt from its stored setup, or (stored before setups were) from the setup its raw
    state still names: the log's last move, the winner's buy step, replays either way."""
    game_id, fixture = old_game
    expected = decode_state(json.dumps(fixture["state"]))
    damaged = {**fixture["state"], "rng": "not a number"}  # parses, does not decode
    set_columns(database, game_id, state=json.dumps(damaged).encode(),
                 **({} if setup_stored else {"setup": None}))
    service, game = await load_the_game(database)
    try:
        assert game.state == expected and not game.state.over
        moves = f"{len(fixture['log'])} moves"
        assert REBUILT_NOTE.format(moves=moves) in [say("en", line)
                                                for line in game.chronicle.narration.log]
    finally:
        await service.close()
