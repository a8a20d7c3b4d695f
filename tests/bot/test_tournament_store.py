"""Swiss nights' rows on both stores: a tournament written at its version, one open a
channel, its tables' games written with the game itself (once), and a copy between stores
that numbers new tournaments after the copied ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store.copying import copy_store
from bot.store.store import BulletinRow, StaleWrite, Store, TableOpened, TournamentBusy
from bot.table.record_book import RecordBook
from bot.table.service import GameService

GUILD = 2**60 + 9


async def test_tournaments_are_written_at_their_version_and_their_tables_once(
    store_target: str | Path,
) -> None:
    store = await Store.open(store_target)
    try:
        first = await store.create_tournament(GUILD, 5, "open", b'{"a":1}')
        with pytest.raises(TournamentBusy):
            await store.create_tournament(GUILD, 5, "open", b"{}")
        await store.update_tournament(first, version=0, status="playing", tournament=b'{"a":2}')
        with pytest.raises(StaleWrite):
            await store.update_tournament(first, version=0, status="playing", tournament=b"{}")
        row = await store.tournament_in_channel(5)
        assert row is not None and (row.id, row.version, row.tournament) == (first, 1, b'{"a":2}')
        assert [r.id for r in await store.tournaments_in_play()] == [first]

        game = (await store.create_lobby(guild_id=GUILD, channel_id=50, host_id=1, lobby=b"{}",
                                         for_table=(first, 1, 0))).game_id
        with pytest.raises(TableOpened):  # nothing written: no second game for the table
            await store.create_lobby(guild_id=GUILD, channel_id=51, host_id=1, lobby=b"{}",
                                     for_table=(first, 1, 0))
        assert await store.active_in_channel(51) is None
        assert await store.tournament_games(first) == {(1, 0): game}

        await store.update_tournament(first, version=1, status="finished", tournament=b"{}")
        assert await store.tournament_in_channel(5) is None
        last = await store.last_tournament_in_channel(5)
        assert last is not None and last.status == "finished"
        second = await store.create_tournament(GUILD, 5, "open", b"{}")  # the channel is free
        assert second > first
    finally:
        await store.close()


async def test_a_copy_to_postgres_numbers_new_tournaments_after_the_copied_ones(
    tmp_path: Path, postgres_url: str,
) -> None:
    source = await Store.open(tmp_path / "kot.sqlite3")
    target = await Store.open(postgres_url)
    try:
        ids = [await source.create_tournament(GUILD, channel, "open", b"{}")
               for channel in (1, 2, 3)]
        await copy_store(source, target)
        assert await target.create_tournament(GUILD, 4, "open", b"{}") == max(ids) + 1
    finally:
        await source.close()
        await target.close()


async def test_each_process_resumes_only_the_tournaments_of_its_servers(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "kot.sqlite3")
    try:
        for guild in (GUILD, GUILD + 1):
            made = await store.create_tournament(guild, guild % 1000, "open", b"{}")
            await store.update_tournament(made, version=0, status="playing", tournament=b"{}")
        process = GameService(store, owns=lambda guild_id: guild_id == GUILD + 1)
        assert await process.tournaments.resume() == 1
        assert process.tournaments.soon.waiting_on(made)  # the one of its server
        process.tournaments.close()
    finally:
        await store.close()


async def test_a_tournaments_post_is_queued_with_its_write_or_not_at_all(
    store_target: str | Path,
) -> None:
    store = await Store.open(store_target)
    try:
        made = await store.create_tournament(GUILD, 5, "playing", b"{}")
        post = BulletinRow(0, GUILD, 5, b'{"type":"TournamentRound"}', 1.0, 0)
        with pytest.raises(StaleWrite):  # a stale write queues nothing
            await store.update_tournament(made, version=3, status="playing",
                                          tournament=b"{}", bulletins=[post])
        assert await store.bulletins(GUILD) == []
        await store.update_tournament(made, version=0, status="playing", tournament=b"{}",
                                      bulletins=[post])
        assert [row.bulletin for row in await store.bulletins(GUILD)] == [post.bulletin]
    finally:
        await store.close()


async def test_the_records_of_many_games_are_read_at_once(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "kot.sqlite3")
    try:
        assert await RecordBook(store).records_of_games(range(1, 1200)) == {}
    finally:
        await store.close()
