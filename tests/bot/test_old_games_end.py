"""Games stored before the last monster standing won at once (engine schema 3) keep the rule
they were played with: read, rebuilt from their log, or with their setup read from their raw
state, they play on to the end of the turn (docs/rulings.md 8)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store.store import Store
from bot.table.model import Game
from bot.table.saved_games import REBUILT_NOTE
from bot.table.service import GameService
from engine import EndBuying, decode_state

FIXTURE = Path(__file__).parents[1] / "fixtures" / "schema3_last_standing.json"


async def _nothing_to_show(game_id: int) -> None:
    """Games driven through the service alone have no channel to show them in."""


def _set_columns(database: Path, game_id: int, **columns: object) -> None:
    with sqlite3.connect(database) as db:
        assignments = ", ".join(f"{name} = ?" for name in columns)
        db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id))


@pytest.fixture
async def old_game(database: Path) -> AsyncIterator[tuple[int, dict[str, Any]]]:
    """A two-player game stored by the previous bot: its setup (no end rule named), its
    schema 3 state one move after the last knock-out, and its action log."""
    fixture = json.loads(FIXTURE.read_text())
    service = GameService(await Store.open(database), seed_source=lambda: fixture["seed"])
    try:
        game = await service.lobbies.open(guild_id=1, channel_id=10, host_id=100,
                                          show=_nothing_to_show)
        await service.lobbies.join(game.id, 200, _nothing_to_show)
        game = await service.lobbies.start(game.id, 100, _nothing_to_show)
    finally:
        await service.close()
    setup = {"seed": fixture["seed"], "options": fixture["setup_options"],
             "monsters": fixture["monsters"]}
    _set_columns(database, game.id, state=json.dumps(fixture["state"]).encode(),
                 setup=json.dumps(setup).encode())
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM actions WHERE game_id = ?", (game.id,))
        db.executemany(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, at) VALUES (?, ?, ?, ?, "
            "?, 0)",
            [(game.id, seq, seat, None, json.dumps(action).encode())
             for seq, (seat, action) in enumerate(fixture["log"], start=1)],
        )
    yield game.id, fixture


async def _load(database: Path) -> tuple[GameService, Game]:
    service = GameService(await Store.open(database))
    loaded, broken = await service.games.load_active()
    assert not broken and len(loaded) == 1
    return service, loaded[0]


async def test_an_old_game_reads_with_its_rule_and_ends_with_the_turn(
    database: Path, old_game: tuple[int, dict[str, Any]],
) -> None:
    game_id, fixture = old_game
    service, game = await _load(database)
    try:
        assert game.state == decode_state(json.dumps(fixture["state"]))
        assert game.state is not None and game.state.options.last_standing_at_once is False
        assert game.setup is not None and game.setup.options.last_standing_at_once is False
        [buy] = game.state.pending
        end_turn = next(i for i, o in enumerate(buy.options) if isinstance(o, EndBuying))
        outcome = await service.click(game_id, game.seats[buy.seat], buy.id, f"o{end_turn}",
                                      _nothing_to_show)
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
    _set_columns(database, game_id, state=json.dumps(damaged).encode(),
                 **({} if setup_stored else {"setup": None}))
    service, game = await _load(database)
    try:
        assert game.state == expected and not game.state.over
        moves = f"{len(fixture['log'])} moves"
        assert REBUILT_NOTE.format(moves=moves) in game.chronicle.log
    finally:
        await service.close()
