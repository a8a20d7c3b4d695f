"""The bot on PostgreSQL: flows of the SQLite suite played again, through SimCord, with the
games kept in a PostgreSQL database (``DATABASE_URL``) instead of the SQLite file.

The tests are the SQLite suite's own functions, imported: pytest collects them here again,
where the ``database`` fixture below gives them a PostgreSQL URL.
"""

from __future__ import annotations

import pytest
from bot_harness import Table
from test_game_flow import test_whole_game_from_start_to_winner  # noqa: F401
from test_records_commands import (  # noqa: F401
    test_a_finished_game_shows_in_stats_history_and_replay,
)
from test_restart import test_buttons_already_in_the_channel_work_after_a_restart  # noqa: F401

from bot.store.store import Store


@pytest.fixture
def database(postgres_url: str) -> str:
    return postgres_url


async def test_the_games_here_are_kept_in_postgres(table: Table, database: str) -> None:
    game = await table.start_game(players=2)
    store = await Store.open(database)
    try:
        row = await store.active_in_channel(table.channel.id)
        assert row is not None and row.id == game.id and row.status == "playing"
    finally:
        await store.close()
