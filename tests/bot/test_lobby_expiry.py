"""The beginning of a game on SimCord: a lobby nobody starts closes by itself (after a restart
too), and /kot start answers in time when the database is slow."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgspec
import pytest
from bot_harness import Table, bot_of, make_bot, service, slow_lobby_writes

from bot.config import Settings, SettingsError
from bot.table.lobby_clock import LobbyClock, expiry_tag
from bot.table.model import Chronicle, Game, Lobby

MINUTE = 60.0
EXPIRED_TITLE = "King of Tokyo — closed: nobody started it within 15 minutes"


async def open_lobby(table: Table) -> int:
    await table.players[0].slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None and lobby.components
    return lobby.id


async def assert_expired(table: Table, lobby_id: int) -> None:
    lobby = table.message(lobby_id)
    assert lobby.embeds[0].title == EXPIRED_TITLE
    assert "`/kot start` opens a new lobby." in (lobby.embeds[0].description or "")
    assert lobby.components == []
    # Told in the lobby message itself: no new message, so no new ping.
    assert table.channel.last_message is not None
    assert table.channel.last_message.id == lobby_id
    assert await service(table.env).games.active_in_channel(table.channel.id) is None


async def test_a_lobby_nobody_starts_closes_15_minutes_after_its_last_change(
    table: Table,
) -> None:
    alice, bob = table.players[:2]
    lobby_id = await open_lobby(table)
    game_id = (await table.game()).id

    await table.env.advance_time(10 * MINUTE)
    await bob.click(table.message(lobby_id), label="Join")  # activity: 15 minutes from now
    await table.env.advance_time(14 * MINUTE)
    assert (await table.game()).status == "lobby"  # 24 minutes after it opened

    await table.env.advance_time(1 * MINUTE + 1)
    await assert_expired(table, lobby_id)
    assert (await service(table.env).games.peek(game_id)).status == "cancelled"

    await alice.slash(table.channel, "kot start")  # the channel is free again
    assert (await table.game()).status == "lobby"


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()


async def test_a_lobby_keeps_its_deadline_across_a_restart(table: Table, database: Path) -> None:
    lobby_id = await open_lobby(table)
    await table.env.advance_time(10 * MINUTE)
    await restart(table, database)
    await table.env.advance_time(4 * MINUTE)
    assert (await table.game()).status == "lobby"
    await table.env.advance_time(1 * MINUTE + 1)
    await assert_expired(table, lobby_id)


async def test_a_lobby_whose_time_ran_out_while_the_bot_was_down_closes_at_start_up(
    table: Table, database: Path
) -> None:
    lobby_id = await open_lobby(table)
    game = await table.game()
    # As if the bot had been down for 20 minutes: the stored last change is that old.
    lobby = msgspec.structs.replace(game.lobby, changed_at=game.lobby.changed_at - 20 * MINUTE)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE games SET lobby = ? WHERE id = ?",
                   (msgspec.json.encode(lobby), game.id))

    await restart(table, database)

    await assert_expired(table, lobby_id)


async def test_the_lobby_clock_times_lobbies_only_and_zero_is_never() -> None:
    async def expire(game_id: int, tag: tuple[int, ...]) -> None:
        raise AssertionError("no deadline should pass in this test")

    lobby = Game(id=1, guild_id=1, channel_id=10, host_id=100, status="lobby",
                 lobby=Lobby(changed_at=1000.0), seats=(), state=None, chronicle=Chronicle(),
                 board_message_id=None)
    clock = LobbyClock(15, lambda: 1000.0, expire)
    clock.schedule(lobby)
    assert clock.timers.waiting_on(1) == expiry_tag(lobby.lobby) == (1_000_000,)
    clock.schedule(replace(lobby, status="playing"))  # started: no deadline any more
    assert clock.timers.waiting_on(1) == ()
    never = LobbyClock(0, lambda: 1000.0, expire)
    never.schedule(lobby)
    assert never.timers.waiting_on(1) == ()
    clock.close()
    never.close()


async def test_kot_start_answers_in_time_when_the_database_is_slow(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_lobby_writes(table.env, monkeypatch)
    alice, bob = table.players[:2]

    opened = await alice.slash(table.channel, "kot start")
    assert not opened.acknowledged  # the lobby may still come in time
    await table.env.advance_time(2)
    assert opened.deferred and await service(table.env).games.active_in_channel(
        table.channel.id) is None  # answered in time, the lobby still being written
    await table.env.advance_time(2)  # the write is done

    assert opened.acknowledged and not opened.ephemeral
    game = await table.game()
    lobby = table.channel.last_message
    assert lobby is not None and lobby.id == game.board_message_id
    assert lobby.content == f"{alice.mention} opened a King of Tokyo lobby!"
    assert lobby.embeds[0].title == "King of Tokyo — lobby"
    assert f"kot:l:{game.id}:start" in [child.custom_id for row in lobby.components
                                        for child in getattr(row, "children", [])]
    assert opened.response is not None and opened.response.id == lobby.id  # the answer
    await bob.click(lobby, label="Join")
    assert [p.user_id for p in (await table.game()).lobby.players] == [alice.id, bob.id]

    # Refused after the answer had to be deferred: the deferred answer says why.
    busy = await bob.slash(table.channel, "kot start")
    await table.env.advance_time(2)
    assert busy.deferred
    await table.env.advance_time(2)  # (its write, refused, is as slow)
    assert busy.response is not None
    assert busy.response.content.startswith("This channel already has a lobby: https://")
    assert (await table.game()).id == game.id


async def test_a_slow_kot_start_whose_lobby_another_pass_posted_says_where_it_is(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command's "thinking…" is replaced by a line pointing at the lobby when another
    pass (a second /kot start in the channel, at once) carried its post out first."""
    slow_lobby_writes(table.env, monkeypatch)
    delivery = bot_of(table.env).delivery
    show = delivery.show

    async def another_pass_first(game_id: int, origin: Any = None) -> Any:
        if origin is not None:
            await delivery.repair(game_id)  # posts the lobby in the channel
        return await show(game_id, origin=origin)

    monkeypatch.setattr(delivery, "show", another_pass_first)
    alice = table.players[0]

    opened = await alice.slash(table.channel, "kot start")
    await table.env.advance_time(2)  # the answer deferred
    await table.env.advance_time(2)  # the write is done

    game = await table.game()
    lobbies = [m for m in table.channel.history() if m.embeds
               and m.embeds[0].title == "King of Tokyo — lobby"]
    assert [m.id for m in lobbies] == [game.board_message_id]
    assert opened.response is not None
    assert opened.response.content == (
        "🦖 The lobby is open in this channel: https://discord.com/channels/"
        f"{game.guild_id}/{game.channel_id}/{game.board_message_id}")


def test_kot_lobby_minutes_setting() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).lobby_minutes == 15
    assert Settings.from_env({"DISCORD_TOKEN": "t", "KOT_LOBBY_MINUTES": "0"}).lobby_minutes == 0
    with pytest.raises(SettingsError, match="KOT_LOBBY_MINUTES must be a number of minutes"):
        Settings.from_env({"DISCORD_TOKEN": "t", "KOT_LOBBY_MINUTES": "soon"})
    with pytest.raises(SettingsError, match="KOT_LOBBY_MINUTES must be 0 or more minutes"):
        Settings.from_env({"DISCORD_TOKEN": "t", "KOT_LOBBY_MINUTES": "-5"})
