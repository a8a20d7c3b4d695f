"""2011 games stored before rulings 64 and 65 (engine schema 5) keep the rules they were
played with when the bot reads them or rebuilds them from their log (docs/rulings.md 64)."""

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
from engine import decode_state

FIXTURE = Path(__file__).parents[1] / "fixtures" / "schema5_2011_rules.json"


async def _nothing_to_show(game_id: int) -> None:
    """Games driven through the service alone have no channel to show them in."""


def _set_columns(database: Path, game_id: int, **columns: object) -> None:
    with sqlite3.connect(database) as db:
        assignments = ", ".join(f"{name} = ?" for name in columns)
        db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id))


@pytest.fixture
async def old_game(database: Path) -> AsyncIterator[tuple[int, dict[str, Any]]]:
    """A four-player 2011 game stored by the previous bot: its setup (no rule of rulings 64
    and 65 named), its schema 5 state just after Fire Breathing acted the old way, and its
    action log."""
    fixture = next(f for f in json.loads(FIXTURE.read_text())
                   if f["what"].startswith("Fire Breathing"))
    service = GameService(await Store.open(database), seed_source=lambda: fixture["seed"])
    try:
        game = await service.lobbies.open(guild_id=1, channel_id=10, host_id=100,
                                          show=_nothing_to_show)
        for user_id in (200, 300, 400):
            await service.lobbies.join(game.id, user_id, _nothing_to_show)
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


async def test_an_old_game_reads_with_the_old_rules(
    database: Path, old_game: tuple[int, dict[str, Any]],
) -> None:
    _, fixture = old_game
    service, game = await _load(database)
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
    _set_columns(database, game_id, state=json.dumps(damaged).encode(),
                 **({} if setup_stored else {"setup": None}))
    service, game = await _load(database)
    try:
        assert game.state == expected
        assert [m.hearts for m in game.state.monsters] == [9, 6, 9, 10]
        moves = f"{len(fixture['log'])} moves"
        assert REBUILT_NOTE.format(moves=moves) in game.chronicle.log
    finally:
        await service.close()
