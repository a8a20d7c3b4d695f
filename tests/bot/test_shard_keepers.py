"""Two processes that claim their shards over one PostgreSQL database (``bot.shard_leases``):
their keepers and run loops driven step by step on a clock the test moves, no real wait.
One process stops heartbeating (killed); once its leases expire the other claims its shard,
restarts its bot (the real bot, on a SimCord Discord holding both shards' servers) with
both shards, and that bot restores the dead process's game and arms its clock."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest
import simcord
from bot_harness import TEST_AI_PAUSE

from bot.app import KotBot, make_bot
from bot.config import Settings, Shards
from bot.shard_leases import HEARTBEAT_SECONDS, LEASE_SECONDS, ShardKeeper, ShardServer
from bot.store.store import Store
from bot.table.model import Game
from bot.table.service import GameService
from tools.bench_shards import SimcordBots

TURN_SECONDS = 3600.0


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def _game(service: GameService, channel: simcord.ChannelHandle,
                players: list[simcord.MemberActor]) -> Game:
    async def shown(_game_id: int) -> None:
        return None

    guild = channel.guild
    assert guild is not None
    lobby = await service.lobbies.open(guild_id=guild.id, channel_id=channel.id,
                                       host_id=players[0].id, show=shown)
    await service.lobbies.join(lobby.id, players[1].id, shown)
    return await service.lobbies.start(lobby.id, players[0].id, shown)


async def _restored(bot: KotBot) -> None:
    """Until the bot's start-up pass over its games is done."""
    await bot.wait_until_ready()
    await bot._restoring


def _armed(bot: KotBot, game: Game) -> bool:
    return bool(bot.turns.timers.waiting_on(game.id))


async def test_a_dead_process_s_shard_is_claimed_and_its_games_restored_and_armed(
        postgres_url: str, tmp_path: Path) -> None:
    # The survivor's Discord, with a server on each shard (shard 0's would be the dead
    # process's on real Discord; SimCord's Discord lives in one process).
    env = simcord.Env(discord.AutoShardedClient(intents=discord.Intents.none(),
                                                shard_count=2), strict_sync=False)
    channels = [env.create_guild(f"shard-{shard}", shard_id=shard).create_text_channel("kot")
                for shard in (0, 1)]
    players = [[channel.guild.add_member(env.create_user(f"p{n}-{seat}"))  # type: ignore[union-attr]
                for seat in range(2)] for n, channel in enumerate(channels)]
    discord_now = env.now().timestamp()
    writer = GameService(await Store.open(postgres_url), clock=lambda: discord_now,
                         turn_seconds=TURN_SECONDS, seed_source=lambda: 3)
    try:
        games = [await _game(writer, channel, seated)
                 for channel, seated in zip(channels, players, strict=True)]
    finally:
        await writer.close()

    clock = Clock(1_000.0)
    dead_served: list[Shards] = []

    async def dead_serve(shards: Shards) -> None:  # it dies before it could matter
        dead_served.append(shards)
        await asyncio.Event().wait()

    def bot_for(shards: Shards) -> KotBot:
        return make_bot(Settings(token="offline", database_url=postgres_url,
                                 ai_pause=TEST_AI_PAUSE, shards=shards), sync_commands=True)

    bots = SimcordBots(env, bot_for)
    stores = [await Store.open(postgres_url) for _ in range(2)]
    dead = ShardServer(ShardKeeper(stores[0], 2, process_id="a-dead", clock=clock),
                       dead_serve)
    survivor = ShardServer(ShardKeeper(stores[1], 2, process_id="b-survivor", clock=clock),
                           bots.serve)
    try:
        # Both start; after a heartbeat each claims one shard (in id order).
        for moment in (0.0, HEARTBEAT_SECONDS):
            clock.now = 1_000.0 + moment
            await dead.step()
            await survivor.step()
        await asyncio.sleep(0)
        assert dead.serving == {0} and survivor.serving == {1}
        assert dead_served == [Shards(2, (0,), first=True)]
        assert survivor.keeper.balanced
        assert await _started(bots) == 1
        bot = bots.bot
        assert bot is not None and bot.shard_ids == [1]
        await _restored(bot)
        assert _armed(bot, games[1]) and not _armed(bot, games[0])

        # The first process dies: no more heartbeats. Its lease runs until 1,020 s.
        clock.now = 1_000.0 + HEARTBEAT_SECONDS + LEASE_SECONDS - 0.1
        await survivor.step()
        assert survivor.serving == {1}
        assert survivor.keeper.next_beat_in() == pytest.approx(0.15)
        clock.now += survivor.keeper.next_beat_in()
        await survivor.step()
        assert survivor.serving == {0, 1} and survivor.keeper.held == {0, 1}
        assert await _started(bots) == 2
        bot = bots.bot
        assert bot is not None and bot.shard_ids == [0, 1]
        # The new bot holds shard 0 now: it does the work for all, once in this process.
        assert bot.settings.shards == Shards(2, (0, 1), first=True)
        await _restored(bot)
        assert all(_armed(bot, game) for game in games)
        # Its first bot was closed before the new one started (detached, store closed).
        assert bots.started[0].is_closed()
        assert [moment for moment, _ in survivor.changes] == [
            1_000.0 + HEARTBEAT_SECONDS, 1_000.0 + HEARTBEAT_SECONDS + LEASE_SECONDS + 0.05]
    finally:
        await survivor.close()
        dead_task = dead._task
        if dead_task is not None:
            dead_task.cancel()
        for store in stores:
            await store.close()


async def _started(bots: SimcordBots) -> int:
    """Until the bot last asked for is on the Discord; how many were started."""
    for _ in range(500):
        if bots.bot is not None:
            return len(bots.started)
        await asyncio.sleep(0.01)
    raise AssertionError("no bot started")


async def test_a_process_returning_takes_back_its_share_without_serving_twice(
        postgres_url: str) -> None:
    """A process comes back (a new one) beside the one that took every shard: that one
    releases half of them after stopping its bot, and the newcomer claims them only then,
    at its next heartbeat."""
    clock = Clock(1_000.0)
    served: dict[str, list[frozenset[int]]] = {"old": [], "new": []}

    def recorder(name: str) -> object:
        async def serve(shards: Shards) -> None:
            served[name].append(frozenset(shards.ids or ()))
            await asyncio.Event().wait()
        return serve

    stores = [await Store.open(postgres_url) for _ in range(2)]
    old = ShardServer(ShardKeeper(stores[0], 4, process_id="old", clock=clock),
                      recorder("old"))  # type: ignore[arg-type]
    new = ShardServer(ShardKeeper(stores[1], 4, process_id="new", clock=clock),
                      recorder("new"))  # type: ignore[arg-type]
    try:
        await old.step()
        clock.now += HEARTBEAT_SECONDS
        await old.step()
        assert old.serving == {0, 1, 2, 3}
        await new.step()  # registered; within its grace
        clock.now += HEARTBEAT_SECONDS
        await old.step()  # sees the newcomer: keeps 0 and 1, releases 2 and 3
        assert old.serving == {0, 1} and old.keeper.held == {0, 1}
        await new.step()
        assert new.serving == {2, 3}
        clock.now += HEARTBEAT_SECONDS
        await old.step()  # nothing more moves
        await asyncio.sleep(0)
        assert served == {"old": [frozenset({0, 1, 2, 3}), frozenset({0, 1})],
                          "new": [frozenset({2, 3})]}
        assert old.keeper.balanced and new.keeper.balanced
    finally:
        await old.close()
        await new.close()
        for store in stores:
            await store.close()
