"""The matchmaking queue through the real bot: ``/kot queue join``, ``leave``, ``show``; a
table opened and started for the players it seats; entries that expire; a queue table a
crash left unstarted, started at the next start-up."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from bot_harness import Table, bot_of, make_bot, private_reply, service

from bot.table.league.queue import QueueEntry
from bot.table.model import Refused, ServerSettings


async def test_three_players_waiting_are_seated_at_a_table_that_starts_at_once(
    table: Table,
) -> None:
    alice, bob, carol = table.players[:3]
    first = private_reply(await alice.slash(table.channel, "kot queue join"))
    assert first is not None and "You are in the queue for a table of 3–5 monsters" in first
    assert "You are the only one waiting for now." in first
    second = private_reply(await bob.slash(table.channel, "kot queue join"))
    assert second is not None and "2 players are waiting" in second
    shown = private_reply(await carol.slash(table.channel, "kot queue show")) or ""
    assert "2 players are waiting" in shown and "alice: 3–5 monsters, live clock" in shown

    # The third completes a table of three: the channel is free, the server plays in it.
    third = private_reply(await carol.slash(table.channel, "kot queue join")) or ""
    assert "Your table of 3 is ready in" in third
    games = service(table.env).games
    game = await games.active_in_channel(table.channel.id)
    assert game is not None and game.status == "playing"
    assert set(game.seats) == {alice.id, bob.id, carol.id}
    assert game.host_id == alice.id  # the longest waiting
    called = [m for m in table.channel.history()
              if "The queue seated a table of 3" in m.content]
    assert len(called) == 1
    assert all(f"<@{p.id}>" in called[0].content for p in (alice, bob, carol))
    board = table.channel.last_message
    assert board is not None and board.id == game.board_message_id and board.attachments
    # They left the queue by sitting down.
    assert await service(table.env).matchmaking.entries(table.env.guild.id) == []
    assert "Nobody is waiting" in (
        private_reply(await alice.slash(table.channel, "kot queue show")) or "")


async def test_a_busy_channel_opens_the_queue_table_in_a_thread(table: Table) -> None:
    players = table.players[:4]
    await table.start_game(players=2)  # the channel has a game
    for player in players[2:]:
        await player.slash(table.channel, "kot queue join", least=2, most=2)
    thread = next(iter(table.channel.threads))
    assert thread.name == "King of Tokyo · a table of 2 from the queue"
    game = await service(table.env).games.active_in_channel(thread.id)
    assert game is not None and game.status == "playing"
    assert set(game.seats) == {p.id for p in players[2:]}


async def test_leaving_and_expiry_take_a_player_out_and_sizes_and_clocks_never_mix(
    table: Table,
) -> None:
    alice, bob, carol, dave = table.players[:4]
    await alice.slash(table.channel, "kot queue join", least=2, most=2, minutes=5)
    await bob.slash(table.channel, "kot queue join", least=2, most=2, clock="long")
    await carol.slash(table.channel, "kot queue join", least=4, most=6)
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    assert "You left the queue." in (
        private_reply(await carol.slash(table.channel, "kot queue leave")) or "")
    assert "You are not in this server's queue" in (
        private_reply(await carol.slash(table.channel, "kot queue leave")) or "")
    backwards = private_reply(await dave.slash(table.channel, "kot queue join", least=5,
                                               most=3)) or ""
    assert "cannot be more than" in backwards

    await table.env.advance_time(5 * 60 + 1)  # alice's entry expires
    await dave.slash(table.channel, "kot queue join", least=2, most=2)
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    waiting = await service(table.env).matchmaking.entries(table.env.guild.id)
    assert sorted(e.user_id for e in waiting) == [bob.id, dave.id]


async def test_a_long_clock_table_plays_a_turn_a_day(table: Table) -> None:
    alice, bob = table.players[:2]
    for player in (alice, bob):
        await player.slash(table.channel, "kot queue join", least=2, most=3, clock="long")
    game = await service(table.env).games.active_in_channel(table.channel.id)
    assert game is not None and game.lobby.turn_seconds == 24 * 3600
    assert game.lobby.long_clock()


async def test_a_queue_table_a_crash_left_unstarted_starts_at_the_next_start_up(
    table: Table, database: Path,
) -> None:
    alice, bob = table.players[:2]
    matchmaking = service(table.env).matchmaking
    now = matchmaking.now()
    for player in (alice, bob):
        await matchmaking.join(QueueEntry(
            guild_id=table.env.guild.id, user_id=player.id, name=player.name,
            channel_id=table.channel.id, least=2, most=2, clock="live", rating=0.0,
            joined_at=now, expires_at=now + 600))
    match = await matchmaking.join(QueueEntry(
        guild_id=table.env.guild.id, user_id=bob.id, name=bob.name,
        channel_id=table.channel.id, least=2, most=2, clock="live", rating=0.0,
        joined_at=now, expires_at=now + 600))
    assert match is not None
    # The crash: the lobby is stored (the players taken out of the queue), never started.
    lobby = await matchmaking._lobby(match, None)
    made = await service(table.env).games.create_lobby(
        guild_id=table.env.guild.id, channel_id=table.channel.id, host_id=alice.id,
        lobby=lobby, effects=(), from_queue=(alice.id, bob.id))
    assert made.status == "lobby" and await matchmaking.entries(table.env.guild.id) == []

    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    game = await service(table.env).games.active_in_channel(table.channel.id)
    assert game is not None and game.id == made.id and game.status == "playing"
    board = table.channel.last_message
    assert board is not None and board.id == game.board_message_id


async def test_a_player_who_left_meanwhile_keeps_the_table_from_opening(table: Table) -> None:
    alice, bob = table.players[:2]
    matchmaking = service(table.env).matchmaking
    now = matchmaking.now()
    match = None
    for player in (alice, bob):
        match = await matchmaking.join(QueueEntry(
            guild_id=table.env.guild.id, user_id=player.id, name=player.name,
            channel_id=table.channel.id, least=2, most=2, clock="live", rating=0.0,
            joined_at=now, expires_at=now + 600))
    assert match is not None
    await matchmaking.leave(table.env.guild.id, alice.id)
    with pytest.raises(Refused) as refusal:
        await matchmaking.open(match, table.channel.id, bot_of(table.env).delivery.show)
    assert "left the queue" in refusal.value.said("en")
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    assert [e.user_id for e in await matchmaking.entries(table.env.guild.id)] == [bob.id]


async def test_a_long_queue_lists_the_longest_waiting_and_counts_the_rest(table: Table) -> None:
    matchmaking = service(table.env).matchmaking
    now = matchmaking.now()
    for number in range(16):  # ratings 10 apart: nobody close enough to sit together
        await matchmaking.join(QueueEntry(
            guild_id=table.env.guild.id, user_id=1000 + number, name=f"p{number}",
            channel_id=table.channel.id, least=2, most=2, clock="live",
            rating=10.0 * number, joined_at=now + number, expires_at=now + 600))
    shown = private_reply(await table.players[0].slash(table.channel, "kot queue show")) or ""
    assert "16 players are waiting" in shown and "…and 1 more." in shown
    assert "p0:" in shown and "p14:" in shown and "p15:" not in shown


async def test_a_damaged_entry_is_left_out_and_the_queue_goes_on(
    table: Table, database: Path,
) -> None:
    alice, bob, carol = table.players[:3]
    await alice.slash(table.channel, "kot queue join", least=2, most=2)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE queue_entries SET entry = ?", (b'{"oops',))
    shown = private_reply(await bob.slash(table.channel, "kot queue show")) or ""
    assert "Nobody is waiting" in shown
    await bob.slash(table.channel, "kot queue join", least=2, most=2)
    await carol.slash(table.channel, "kot queue join", least=2, most=2)
    game = await service(table.env).games.active_in_channel(table.channel.id)
    assert game is not None and set(game.seats) == {bob.id, carol.id}
    # Alice's own join replaces her damaged entry.
    again = private_reply(await alice.slash(table.channel, "kot queue join")) or ""
    assert "You are in the queue" in again


async def test_a_server_that_plays_in_threads_gets_its_queue_tables_in_threads(
    table: Table,
) -> None:
    settings = service(table.env).settings
    await settings.save_server_settings(table.env.guild.id, ServerSettings(threads=True))
    alice, bob = table.players[:2]
    for player in (alice, bob):
        await player.slash(table.channel, "kot queue join", least=2, most=2)
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    [thread] = table.channel.threads
    game = await service(table.env).games.active_in_channel(thread.id)
    assert game is not None and game.status == "playing"
