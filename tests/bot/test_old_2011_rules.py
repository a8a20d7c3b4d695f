"""2011 games stored before rulings 64 and 65 (engine schema 5) keep the rules they were
played with when the bot reads them or rebuilds them from their log (docs/rulings.md 64)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from stored_games import load_the_game, set_columns, store_old_game

from bot.i18n import say
from engine import decode_state

# The note a rebuilt game's narration gets, in English.
REBUILT_NOTE = "🛠️ This game's saved state could not be read: it was rebuilt from its {moves}."

FIXTURE = Path(__file__).parents[1] / "fixtures" / "schema5_2011_rules.json"


@pytest.fixture
async def old_game(database: Path) -> AsyncIterator[tuple[int, dict[str, Any]]]:
    """A four-player 2011 game stored by the previous bot: its setup (no rule of rulings 64
    and 65 named), its schema 5 state just after Fire Breathing acted the old way, and its
    action log."""
    fixture = next(f for f in json.loads(FIXTURE.read_text())
                   if f["what"].startswith("Fire Breathing"))
    game_id = await store_old_game(database, fixture, players=4)
    yield game_id, fixture


async def test_an_old_game_reads_with_the_old_rules(
    database: Path, old_game: tuple[int, dict[str, Any]],
) -> None:
    _, fixture = old_game
    service, game = await load_the_game(database)
    try:
        assert game.state == decode_state(json.dumps(fixture["state"]))
        assert game.state is not None and game.state.options.attack_needs_damage is False
        assert game.setup is not None and game.setup.options.attack_needs_damage is False
        assert game.setup.options.even_bigger_loss_knocks_out is False
    finally:
        await service.close()


@pytest.mark.parametrize("setup_stored", [True, False])
async def test_an_old_game_whose_state_is_unreadable_is_rebuilt_as_it_was_played(
    database: Path, old_game: tuple[int, dict[str, Any]], setup_stored: bool,
) -> None:
    """Rebuilt from its stored setup, or from the setup its raw state still names: Fire
    Breathing's neighbours have lost their heart with the attack, as they did in play."""
    game_id, fixture = old_game
    expected = decode_state(json.dumps(fixture["state"]))
    damaged = {**fixture["state"], "rng": "not a number"}  # parses, does not decode
    set_columns(database, game_id, state=json.dumps(damaged).encode(),
                 **({} if setup_stored else {"setup": None}))
    service, game = await load_the_game(database)
    try:
        assert game.state == expected
        assert [m.hearts for m in game.state.monsters] == [9, 6, 9, 10]
        moves = f"{len(fixture['log'])} moves"
        assert REBUILT_NOTE.format(moves=moves) in [say("en", line)
                                                for line in game.chronicle.narration.log]
    finally:
        await service.close()
