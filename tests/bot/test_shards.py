"""Several processes over one database: shard settings, each process's share of the games,
and a game that two processes try to advance at once (the version check)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from bot_harness import TEST_AI_PAUSE, Table, simulated
from test_records import _store_finished_game as store_finished_game
from test_records import finished_game

from bot.app import KotBot, ShardedKotBot, make_bot
from bot.config import Settings, SettingsError, Shards
from bot.store.store import Store
from bot.table.model import ClickRefused, Game
from bot.table.record_book import RecordBook
from bot.table.service import GameService
from engine import Roll

# A Discord id is (milliseconds << 22) | ...: its shard is (id >> 22) % count.
GUILD_OF_SHARD_0 = 40 << 22
GUILD_OF_SHARD_1 = 41 << 22


@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("", "", Shards()),
    ("4", "1", Shards(4, (1,))),
    ("4", "0-1, 3", Shards(4, (0, 1, 3))),
    ("6", "4,2", Shards(6, (2, 4))),
])
def test_shard_settings(count: str, ids: str, expected: Shards) -> None:
    env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids}
    assert Settings.from_env(env).shards == expected
    assert not expected.claims


def test_shard_count_alone_on_postgres_makes_the_processes_claim_their_shards() -> None:
    env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "",
           "DATABASE_URL": "postgresql://kot:pw@db:5432/kot"}
    shards = Settings.from_env(env).shards
    assert shards == Shards(4) and shards.claims


def test_shard_count_alone_on_sqlite_is_refused_with_what_to_set() -> None:
    env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": "4"}
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(env)
    said = str(refused.value)
    assert "claim their shards among themselves through PostgreSQL" in said
    assert "set DATABASE_URL, or SHARD_IDS=0-3" in said


def test_the_work_for_all_goes_to_shard_0_or_to_the_bot_told() -> None:
    """(bot.shard_leases tells a bot of claimed shards whether it does it.)"""
    assert Shards(2, (0,)).runs_first_shard and not Shards(2, (1,)).runs_first_shard
    assert Shards().runs_first_shard
    assert not Shards(2, (0,), first=False).runs_first_shard
    assert Shards(2, (1,), first=True).runs_first_shard
    # The records of games finished before records were kept: each process its own
    # servers' (SHARD_IDS), or the one told every server's.
    assert Shards(2, (0,)).backfills(GUILD_OF_SHARD_0)
    assert not Shards(2, (0,)).backfills(GUILD_OF_SHARD_1)
    assert Shards(2, (0,), first=True).backfills(GUILD_OF_SHARD_1)
    assert not Shards(2, (0,), first=False).backfills(GUILD_OF_SHARD_0)


@pytest.mark.parametrize(("count", "ids", "says"), [
    ("", "0", "SHARD_IDS needs SHARD_COUNT"),
    ("0", "", "SHARD_COUNT must be a whole number"),
    ("two", "", "SHARD_COUNT must be a whole number"),
    ("2", "2", "from 0 to 1"),
    ("2", "0;1", "ranges such as"),
    ("4", "1-", "ranges such as"),
])
def test_bad_shard_settings_say_what_is_wrong(count: str, ids: str, says: str) -> None:
    env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids}
    with pytest.raises(SettingsError, match=says):
        Settings.from_env(env)


def test_a_server_belongs_to_one_shard() -> None:
    first, second = Shards(2, (0,)), Shards(2, (1,))
    for guild in (GUILD_OF_SHARD_0, GUILD_OF_SHARD_1, 1234567890123456789, None):
        assert first.owns(guild) != second.owns(guild)
    assert first.owns(GUILD_OF_SHARD_0) and second.owns(GUILD_OF_SHARD_1)
    assert first.owns(None)  # direct messages: shard 0
    assert Shards().owns(GUILD_OF_SHARD_1) and Shards(2).owns(GUILD_OF_SHARD_1)


def test_the_bot_is_sharded_only_when_asked() -> None:
    plain = make_bot(Settings(token="t"))
    assert type(plain) is KotBot
    sharded = make_bot(Settings(token="t", shards=Shards(3, (1, 2))))
    assert isinstance(sharded, ShardedKotBot)
    assert (sharded.shard_count, sharded.shard_ids) == (3, [1, 2])


async def test_a_sharded_bot_plays_a_game_in_a_server_of_its_second_shard(
        tmp_path: Path) -> None:
    settings = Settings(token="offline", database=tmp_path / "kot.sqlite3",
                        ai_pause=TEST_AI_PAUSE, shards=Shards(2, (0, 1)))
    bot = make_bot(settings, sync_commands=True)
    async with simulated(bot) as env:
        guild = env.create_guild("far", shard_id=1)
        assert not Shards(2, (0,)).owns(guild.id)
        channel = guild.create_text_channel("kot")
        players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben")]
        table = Table(env, channel, players)
        await table.start_game(players=2)
        await table.option(Roll)
        game = await table.game()
        assert game.guild_id == guild.id and game.state is not None and game.state.seq == 1
    await bot.service.close()


async def test_each_process_loads_only_its_shards_games(store_target: str | Path) -> None:
    games = {}
    writer = GameService(await Store.open(store_target), seed_source=lambda: 3)
    try:
        for guild in (GUILD_OF_SHARD_0, GUILD_OF_SHARD_1):
            games[guild] = await _two_player_game(writer, guild)
    finally:
        await writer.close()
    for shard, guild in enumerate((GUILD_OF_SHARD_0, GUILD_OF_SHARD_1)):
        process = GameService(await Store.open(store_target), owns=Shards(2, (shard,)).owns)
        try:
            loaded, broken = await process.games.load_active()
            assert [game.id for game in loaded] == [games[guild].id] and broken == []
        finally:
            await process.close()


async def test_two_processes_clicking_one_game_advance_it_once(
        store_target: str | Path) -> None:
    """Both processes hold the game in memory and take the same click (a misrouted
    interaction, or a deploy's old and new process overlapping). The first write wins; the
    second finds the game changed, reads it again, and refuses the click as a passed prompt:
    the game is advanced once, and nothing the first accepted is lost."""
    first = GameService(await Store.open(store_target), seed_source=lambda: 5)
    second = GameService(await Store.open(store_target))
    try:
        game = await _two_player_game(first, GUILD_OF_SHARD_0)
        await second.games.load_active()
        decision = game.playing_state().pending[0]
        clicker = game.seats[decision.seat]
        done = await first.click(game.id, clicker, decision.id, "o0", _nothing_to_show)
        with pytest.raises(ClickRefused) as refused:
            await second.click(game.id, clicker, decision.id, "o0", _nothing_to_show)
        assert refused.value.code == "stale_decision"
        log = await second.games.action_log(game.id)
        assert [entry.seq for entry in log] == [1]
        stored = await second.games.game(game.id)  # the stored game, read again
        assert stored.state == done.game.state
        # The second process plays on from there.
        nxt = stored.playing_state().pending[0]
        await second.click(game.id, stored.seats[nxt.seat], nxt.id, "o0", _nothing_to_show)
        assert [entry.seq for entry in await first.games.action_log(game.id)] == [1, 2]
    finally:
        await first.close()
        await second.close()


async def test_two_processes_applying_one_click_at_the_same_instant_apply_it_once(
        store_target: str | Path) -> None:
    """As a shard moves from a process to another (or two processes serve it by mistake),
    both take the same click on one game in the same instant, each from its own store
    (its own pool on PostgreSQL): exactly one applies it, the other is refused as a passed
    prompt, and the log holds it once."""
    for round_number in range(5):
        first = GameService(await Store.open(store_target), seed_source=lambda: 5)
        second = GameService(await Store.open(store_target))
        try:
            game = await _two_player_game(first, GUILD_OF_SHARD_0 + round_number * 10)
            await second.games.load_active()  # both hold the game in memory
            decision = game.playing_state().pending[0]
            clicker = game.seats[decision.seat]
            results = await asyncio.gather(
                *(service.click(game.id, clicker, decision.id, "o0", _nothing_to_show)
                  for service in (first, second)), return_exceptions=True)
            applied = [result for result in results if not isinstance(result, BaseException)]
            refused = [result for result in results if isinstance(result, ClickRefused)]
            assert len(applied) == 1 and len(refused) == 1, results
            assert refused[0].code == "stale_decision"
            assert [entry.seq for entry in await first.games.action_log(game.id)] == [1]
        finally:
            await first.close()
            await second.close()


async def test_the_records_of_old_games_are_kept_by_the_one_process_told(
        tmp_path: Path) -> None:
    """Processes that claim their shards: only the bot told it does the work for all
    (``Shards.first``) keeps the records of games finished before records were kept, of
    every server; the others keep none."""
    store = await Store.open(tmp_path / "kot.sqlite3")
    try:
        for number, guild in enumerate((GUILD_OF_SHARD_0, GUILD_OF_SHARD_1)):
            game, moves = finished_game(3, seed=number + 1)
            await store_finished_game(
                store, replace(game, guild_id=guild, channel_id=guild + 1), moves)
        record_book = RecordBook(store, owns=Shards(2, (1,)).owns)
        assert await record_book.backfill(Shards(2, (1,), first=False).backfills) == 0
        assert await record_book.backfill(Shards(2, (1,), first=True).backfills) == 2
    finally:
        await store.close()


async def _two_player_game(service: GameService, guild_id: int) -> Game:
    lobby = await service.lobbies.open(guild_id=guild_id, channel_id=guild_id + 1,
                                       host_id=100, show=_nothing_to_show)
    await service.lobbies.join(lobby.id, 200, _nothing_to_show)
    return await service.lobbies.start(lobby.id, 100, _nothing_to_show)


async def _nothing_to_show(game_id: int) -> None:
    return None
