"""Games as an earlier bot stored them (fixtures of old engine states, setups and logs),
written into a store through the service and the database, then read back: for the tests of
rules that older games keep."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from bot.store.store import Store
from bot.table.model import Game
from bot.table.service import GameService

HOST = 100


async def nothing_to_show(game_id: int) -> None:
    """Games driven through the service alone have no channel to show them in."""


def set_columns(database: Path, game_id: int, **columns: object) -> None:
    with sqlite3.connect(database) as db:
        assignments = ", ".join(f"{name} = ?" for name in columns)
        db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id))


async def store_old_game(database: Path, fixture: dict[str, Any], players: int) -> int:
    """A game of ``players`` started in the store, then given the fixture's stored setup
    (``setup_options`` as the old bot wrote them), its state and its action log; its id."""
    service = GameService(await Store.open(database), seed_source=lambda: fixture["seed"])
    try:
        game = await service.lobbies.open(guild_id=1, channel_id=10, host_id=HOST,
                                          show=nothing_to_show)
        for user_id in range(HOST + 100, HOST + 100 * players, 100):
            await service.lobbies.join(game.id, user_id, nothing_to_show)
        game = await service.lobbies.start(game.id, HOST, nothing_to_show)
    finally:
        await service.close()
    setup = {"seed": fixture["seed"], "options": fixture["setup_options"],
             "monsters": fixture["monsters"]}
    set_columns(database, game.id, state=json.dumps(fixture["state"]).encode(),
                setup=json.dumps(setup).encode())
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM actions WHERE game_id = ?", (game.id,))
        db.executemany(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, at) VALUES (?, ?, ?, ?, "
            "?, 0)",
            [(game.id, seq, seat, None, json.dumps(action).encode())
             for seq, (seat, action) in enumerate(fixture["log"], start=1)],
        )
    return game.id


async def load_the_game(database: Path) -> tuple[GameService, Game]:
    """A new service on the store, and the one game it loads."""
    service = GameService(await Store.open(database))
    loaded, broken = await service.games.load_active()
    assert not broken and len(loaded) == 1
    return service, loaded[0]
