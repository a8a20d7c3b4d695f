"""The leagues' store methods on both stores: settings, seasons started once, a season closed
once with its table, the next season and its closing post in one transaction."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.store import BulletinRow, SeasonRow, Store

GUILD, OTHER = 1_234_567_890_123_456_789, 5


@pytest.fixture
async def store(store_target: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(store_target)
    yield opened
    await opened.close()


async def test_league_settings_are_kept_per_server(store: Store) -> None:
    assert await store.league_settings(GUILD) is None
    await store.save_league_settings(GUILD, b'{"season_days":7}')
    await store.save_league_settings(GUILD, b'{"season_days":14}')
    assert await store.league_settings(GUILD) == b'{"season_days":14}'
    assert await store.league_settings(OTHER) is None


async def test_a_server_runs_one_season_at_a_time(store: Store) -> None:
    first = SeasonRow(GUILD, 1, 100.0, 200.0)
    assert await store.start_season(first)
    assert not await store.start_season(SeasonRow(GUILD, 2, 150.0, None))  # one runs
    assert not await store.start_season(first)
    assert await store.start_season(SeasonRow(OTHER, 1, 100.0, None))
    assert await store.seasons(GUILD) == [first]
    assert [row.guild_id for row in await store.running_seasons()] == [OTHER, GUILD]


async def test_a_season_closes_once_with_what_follows(store: Store) -> None:
    await store.start_season(SeasonRow(GUILD, 1, 100.0, 200.0))
    closed = SeasonRow(GUILD, 1, 100.0, 200.0, 201.0, b'[{"user_id":1}]')
    following = SeasonRow(GUILD, 2, 201.0, 301.0)
    post = BulletinRow(0, GUILD, 99, b'{"type":"SeasonClosed"}', 201.0, 0)
    assert await store.close_season(closed, following, [post])
    # A second close (another process, a late clock) finds it closed and writes nothing.
    assert not await store.close_season(closed, SeasonRow(GUILD, 2, 999.0, None), [post])
    assert await store.seasons(GUILD) == [closed, following]
    assert [(row.seq, row.bulletin) for row in await store.bulletins(GUILD)] == [
        (1, post.bulletin)]
    assert not await store.start_season(SeasonRow(GUILD, 2, 500.0, None))
    # Seasons off: the running one closes with none after it.
    assert await store.close_season(SeasonRow(GUILD, 2, 201.0, 301.0, 250.0, b"[]"), None)
    assert await store.running_seasons() == []
    assert await store.start_season(SeasonRow(GUILD, 3, 600.0, None))


async def test_given_roles_and_crowns_are_kept_per_server(store: Store) -> None:
    await store.save_league_settings(GUILD, b"{}")
    await store.save_league_settings(OTHER, b"{}")
    assert await store.leagues() == [OTHER, GUILD]
    await store.role_given(GUILD, 1, 10, 5.0)
    await store.role_given(GUILD, 1, 10, 6.0)  # (given twice: one row)
    await store.role_given(GUILD, 2, 11, 5.0)
    await store.role_given(OTHER, 1, 12, 5.0)
    await store.role_taken(GUILD, 2, 11)
    assert await store.given_roles(GUILD) == [(1, 10)]
    assert await store.given_roles(OTHER) == [(1, 12)]
    assert await store.crowns(GUILD) is None
    line = BulletinRow(0, GUILD, 99, b'{"type":"CrownTaken"}', 7.0, 0)
    await store.change_crowns(GUILD, b'{"Alienoid":1}', [line])
    await store.change_crowns(GUILD, b'{"Alienoid":2}')
    assert await store.crowns(GUILD) == b'{"Alienoid":2}'
    assert [row.bulletin for row in await store.bulletins(GUILD)] == [line.bulletin]
