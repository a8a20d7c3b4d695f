"""Many games in one channel, each in its own thread: ``/kot start thread:`` and the server's
``/kot settings threads:``, through SimCord."""

from __future__ import annotations

import logging

import discord
import pytest
from bot_harness import Table, bot_of, private_reply, service
from simcord import ChannelHandle, MemberActor

from bot.discord.io import THREAD_ARCHIVE_MINUTES, THREAD_ARCHIVED
from bot.local import menu_id


def _admin(table: Table) -> MemberActor:
    guild = table.env.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(table.env.create_user("admin"), roles=[admins])


async def _lobby_in_new_thread(table: Table, host: MemberActor,
                               **options: object) -> tuple[ChannelHandle, discord.Message]:
    """``/kot start`` in the table's channel that opens a new thread: the thread and the
    lobby in it; the command's public answer points there."""
    before = {t.id for t in table.channel.threads}
    result = await host.slash(table.channel, "kot start", **options)
    thread = next(t for t in table.channel.threads if t.id not in before)
    assert result.response is not None and not result.ephemeral
    assert f"<#{thread.id}>" in result.response.content
    lobby = thread.last_message
    assert lobby is not None and lobby.embeds, "the lobby is posted in the thread"
    return thread, lobby


async def test_the_thread_option_opens_the_lobby_and_plays_the_game_in_a_new_thread(
    table: Table,
) -> None:
    host, bob = table.players[:2]
    thread, lobby = await _lobby_in_new_thread(table, host, thread=True)
    assert thread.name == f"King of Tokyo · {host.name}"
    metadata = table.env.backend.get_channel(thread.id).thread_metadata
    assert metadata is not None and metadata.auto_archive_duration == THREAD_ARCHIVE_MINUTES
    # Only the answer is in the channel: the game lives in the thread.
    assert all(not m.embeds for m in table.channel.history())
    await bob.click(lobby, custom_id=menu_id(lobby, "join"))
    await host.click(lobby, custom_id=menu_id(lobby, "start"))
    game = await service(table.env).games.active_in_channel(thread.id)
    assert game is not None and game.status == "playing" and game.guild_id == table.env.guild.id
    board = thread.last_message
    assert board is not None and board.id == game.board_message_id and board.attachments


async def test_a_server_that_sets_threads_opens_every_lobby_in_its_own_thread(
    table: Table,
) -> None:
    host, bob, carol = table.players[:3]
    admin = _admin(table)
    saved = await admin.slash(table.channel, "kot settings", threads=True)
    assert "each in a new thread of the channel" in (private_reply(saved) or "")
    assert (await service(table.env).settings.server_settings(table.env.guild.id)).threads
    games = service(table.env).games

    first, _ = await _lobby_in_new_thread(table, host)
    # Two games in two threads of one channel at once, both played.
    second, _ = await _lobby_in_new_thread(table, bob)
    assert first.id != second.id
    for thread, players in ((first, (host, carol)), (second, (bob, carol))):
        lobby = thread.last_message
        assert lobby is not None
        await players[1].click(lobby, custom_id=menu_id(lobby, "join"))
        await players[0].click(lobby, custom_id=menu_id(lobby, "start"))
    played = [await games.active_in_channel(t.id) for t in (first, second)]
    assert [g.status if g else None for g in played] == ["playing", "playing"]
    assert await games.active_in_channel(table.channel.id) is None

    # thread: False keeps a game in the channel itself; a thread game does not need it free.
    await host.slash(table.channel, "kot start", thread=False)
    in_channel = await games.active_in_channel(table.channel.id)
    assert in_channel is not None and in_channel.status == "lobby"
    third, _ = await _lobby_in_new_thread(table, carol)
    assert third.id not in (first.id, second.id)


async def test_kot_start_inside_a_thread_opens_there(table: Table) -> None:
    host = table.players[0]
    thread, lobby = await _lobby_in_new_thread(table, host, thread=True)
    await host.click(lobby, custom_id=menu_id(lobby, "cancel"))
    await host.slash(thread, "kot start", thread=True)
    assert len(table.channel.threads) == 1
    game = await service(table.env).games.active_in_channel(thread.id)
    assert game is not None and game.status == "lobby"


async def test_without_create_public_threads_the_start_is_refused_and_nothing_is_made(
    table: Table,
) -> None:
    bot_user = bot_of(table.env).user
    assert bot_user is not None
    channel = table.env.guild.create_text_channel("no-threads", overwrites={
        bot_user: discord.PermissionOverwrite(create_public_threads=False)})
    host = table.players[0]
    result = await host.slash(channel, "kot start", thread=True)
    assert "Create Public Threads" in (private_reply(result) or "")
    assert channel.threads == [] and channel.history() == []
    assert await service(table.env).games.active_of_player(table.env.guild.id, host.id) == []


async def test_a_post_to_a_thread_discord_archived_unarchives_it_and_is_sent(
    table: Table, caplog: pytest.LogCaptureFixture,
) -> None:
    host, bob = table.players[:2]
    thread, lobby = await _lobby_in_new_thread(table, host, thread=True)
    await bob.click(lobby, custom_id=menu_id(lobby, "join"))
    metadata = table.env.backend.get_channel(thread.id).thread_metadata
    assert metadata is not None
    metadata.archived = True
    table.env.inject_error("POST", f"/channels/{thread.id}/messages", status=400,
                           code=THREAD_ARCHIVED, message="Thread is archived")
    await host.click(lobby, custom_id=menu_id(lobby, "start"))
    game = await service(table.env).games.active_in_channel(thread.id)
    assert game is not None and game.board_message_id is not None
    assert (thread.last_message or lobby).id == game.board_message_id
    assert not metadata.archived
    # Not a post Discord rejected and the bot dropped (logged as an error).
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_thread_discord_does_not_open_is_said_and_nothing_is_made(table: Table) -> None:
    host = table.players[0]
    table.env.inject_error("POST", f"/channels/{table.channel.id}/threads", status=503,
                           message="Service Unavailable")
    result = await host.slash(table.channel, "kot start", thread=True)
    assert result.response is not None
    assert result.response.content == (
        "Discord did not open the game's thread (Service Unavailable); nothing was made. "
        "Try `/kot start` again in a moment.")
    assert table.channel.threads == []
    assert await service(table.env).games.active_of_player(table.env.guild.id, host.id) == []


async def test_a_spanish_games_thread_and_answer_speak_spanish(table: Table) -> None:
    host = table.players[0]
    admin = _admin(table)
    await admin.slash(table.channel, "kot settings", language="es", threads=True)
    result = await host.slash(table.channel, "kot start")
    [thread] = table.channel.threads
    assert result.response is not None
    assert result.response.content == (
        f"🦖 Sala de King of Tokyo abierta en <#{thread.id}> (anfitrión: {host.name}): únete allí.")
    lobby = await service(table.env).games.active_in_channel(thread.id)
    assert lobby is not None and lobby.language == "es"
