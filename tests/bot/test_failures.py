"""When Discord or the bot itself fails: a game is never left without buttons, a player never
gets a silent failure, and timers keep their deadlines across restarts."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from bot_harness import Table, bot_of, force_dice, make_bot, private_reply, service
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.interactions import base_payload

import bot.discord.publisher as publisher
import bot.table.service as service_module
from bot.store.store import Store
from bot.table.service import ABANDONED_AFTER_TIMEOUTS, GameService
from engine import EndBuying, Roll


def live_buttons(table: Table, game_id: int, decision_id: int) -> list[str]:
    """custom_ids of the buttons, anywhere in the channel, that answer this decision."""
    prefix = f"kot:g:{game_id}:{decision_id}:"
    return [
        c.custom_id for m in table.channel.history() for row in m.components
        for c in row.children if (getattr(c, "custom_id", "") or "").startswith(prefix)
    ]


async def test_a_board_that_cannot_be_posted_continues_in_the_clicked_message(
    table: Table,
) -> None:
    game = await table.start_game(players=2)
    # Six energy dice: no smash, and enough energy that the buy step is asked.
    await table.roll_and_stop(["energy"] * 6)
    game, decision, _asked = await table.asked()
    assert decision.kind == "buy" and game.state is not None and game.state.turn is not None
    turn = game.state.turn.number
    table.env.inject_error("POST", "/channels/*/messages", status=403, code=50013,
                           message="Missing Permissions")
    result = await table.option(EndBuying)

    game, decision, _asked = await table.asked()
    assert game.state is not None and game.state.turn is not None
    assert game.state.turn.number == turn + 1 and decision.kind == "roll"
    assert live_buttons(table, game.id, decision.id), "the new turn has no buttons"
    assert "goes on in this message" in (private_reply(result) or "")


async def test_a_channel_where_the_bot_cannot_post_still_gets_a_playable_board(
    table: Table,
) -> None:
    env = table.env
    assert env.bot.user is not None
    channel = env.guild.create_text_channel(
        "no-send", overwrites={env.bot.user: discord.PermissionOverwrite(send_messages=False)}
    )
    muted = Table(env, channel, table.players)
    host, bob = muted.players[:2]
    await host.slash(channel, "kot start")
    lobby = channel.last_message
    assert lobby is not None
    await bob.click(lobby, label="Join")
    result = await host.click(lobby, label="Start")

    game = await muted.game()
    assert game.status == "playing" and game.state is not None
    assert game.board_message_id == lobby.id  # the lobby message became the board
    assert live_buttons(muted, game.id, game.state.pending[0].id)
    assert "Send Messages" in (private_reply(result) or "")


async def test_an_unexpected_error_is_reported_and_the_timer_keeps_going(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await table.start_game(players=2)

    def broken_apply(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("an engine bug in this position")

    monkeypatch.setattr(service_module, "apply", broken_apply)
    result = await table.option(Roll)
    assert (private_reply(result) or "").startswith("Something went wrong")

    timers = bot_of(table.env).turns.timers
    await table.env.advance_time(301)  # the timer fires and hits the same bug
    assert timers.waiting_on(game.id), "the game lost its turn timer"

    monkeypatch.undo()
    await table.env.advance_time(301)  # the bug is gone: the timer answers for the player
    after = await table.game()
    assert after.state is not None and after.state.seq > 0


def _emit_click(table: Table, actor: Any, message: Any, custom_id: str) -> Any:
    """A click dispatched without waiting for the bot (simcord 3.2.1 internals, pinned)."""
    backend: Any = table.env.backend
    stored = backend.get_message(message.channel.id, message.id)
    record, payload = base_payload(
        backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=message.channel.id,
        guild_id=actor.guild.id, user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON},
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return record


async def test_a_lobby_click_is_acknowledged_while_start_holds_the_lock(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = publisher.board_file

    async def slow_board_file(state: Any) -> Any:
        # A slow upload or a rate-limit wait under the game's lock: 4 s pass.
        table.env._move_clock(table.env._virtual_time + 4)  # simcord 3.2.1 internals
        return await original(state)

    monkeypatch.setattr(publisher, "board_file", slow_board_file)
    host, bob, carol = table.players[:3]
    await host.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    await bob.click(lobby, label="Join")
    game = await table.game()
    start = _emit_click(table, host, lobby, f"kot:l:{game.id}:start")
    join = _emit_click(table, carol, lobby, f"kot:l:{game.id}:join")
    await table.env.settle()
    assert simcord.InteractionResult(table.env, start).acknowledged
    joined = simcord.InteractionResult(table.env, join)
    assert joined.acknowledged
    assert private_reply(joined) == "This lobby is closed."


async def test_a_row_with_a_wrongly_typed_column_breaks_only_its_game(database: Path) -> None:
    store = await Store.open(database)
    games = GameService(store, seed_source=lambda: 7)

    async def show_nothing(game_id: int) -> None:
        pass

    healthy = await games.lobbies.open(guild_id=1, channel_id=10, host_id=100,
                                       show=show_nothing)
    damaged = await games.lobbies.open(guild_id=1, channel_id=11, host_id=200,
                                       show=show_nothing)
    await store.close()
    with sqlite3.connect(database) as db:
        db.execute("UPDATE games SET seats = 3.5 WHERE id = ?", (damaged.id,))
    store = await Store.open(database)
    try:
        loaded, broken = await GameService(store).games.load_active()
        assert [g.id for g in loaded] == [healthy.id]
        assert [b.game_id for b in broken] == [damaged.id]
    finally:
        await store.close()


async def test_an_unanswered_end_confirmation_takes_its_buttons_away(table: Table) -> None:
    await table.start_game(players=2)
    asked = await table.players[0].slash(table.channel, "kot end")
    assert asked.response is not None and asked.response.components
    await table.env.advance_time(601)
    # The private message, as Discord now holds it (SimCord keeps it up to date).
    assert asked.response.content == "No answer: the game goes on."
    assert not asked.response.components
    assert (await table.game()).status == "playing"


async def test_a_restart_keeps_the_turn_deadline(table: Table, database: Path) -> None:
    game = await table.start_game(players=2)
    assert game.state is not None
    first = game.state.pending[0].id
    await table.env.advance_time(200)
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    await table.env.advance_time(120)  # 320 s after the question; the timeout is 300 s
    after = await table.game()
    assert after.state is not None
    assert first not in {d.id for d in after.state.pending}


async def test_ending_a_lobby_takes_its_buttons_away(table: Table) -> None:
    host = table.players[0]
    await host.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None and lobby.components
    asked = await host.slash(table.channel, "kot end")
    assert asked.response is not None
    await host.click(asked.response, label="End the game")
    assert not table.message(lobby.id).components
    assert await service(table.env).games.active_in_channel(table.channel.id) is None


async def test_a_game_nobody_plays_ends_by_itself(table: Table) -> None:
    game = await table.start_game(players=2)
    # Only hearts for every roll: the autopilot's turns score nothing and hurt nobody, so
    # the game cannot end by a win before it is abandoned (with real dice it sometimes did).
    await force_dice(table.env, game.id, ["heart"] * 600)
    for _ in range(ABANDONED_AFTER_TIMEOUTS + 2):
        await table.env.advance_time(301)
    assert (await service(table.env).games.peek(game.id)).status == "ended"
    assert any("nobody has played" in (m.content or "") for m in table.channel.history())
    again = await table.players[1].slash(table.channel, "kot start")
    assert not again.ephemeral  # the channel is free again


async def test_a_deleted_channel_ends_its_game(table: Table) -> None:
    game = await table.start_game(players=2)
    backend: Any = table.env.backend
    backend.delete_channel(table.channel.id)
    await table.env.settle()
    assert (await service(table.env).games.peek(game.id)).status == "ended"
