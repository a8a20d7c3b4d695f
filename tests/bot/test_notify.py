"""Direct messages for a player's turns (``/kot notify``), through SimCord: opting in and
out, a question out of turn and a turn's start told by direct message (deleted once
answered), a long game's reminder by direct message, a direct message Discord refuses
falling back to the channel, and none sent twice across a crash."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_harness import Table, bot_of, make_bot, private_reply, service
from simcord import MemberActor

import bot.table.saved_games as saved_games
from bot.store.store import Store
from bot.table.model import Game, PersonSettings, ServerSettings
from engine import EndBuying, Yield

HOUR = 3600
QUIET_DICE = ["1", "2", "3", "1", "2", "energy"]  # nothing to hit, nobody to ask


SNOWFLAKE = 1_456_074_443_980_800_007  # a Discord id needs 64 bits


async def test_a_persons_settings_are_kept_in_both_stores(store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        assert await store.person_settings(SNOWFLAKE) is None
        await store.save_person_settings(SNOWFLAKE, b'{"dms":true}')
        await store.save_person_settings(SNOWFLAKE, b'{"dms":true,"language":"es"}')
        await store.save_person_settings(2, b"{}")
        assert await store.person_settings(SNOWFLAKE) == b'{"dms":true,"language":"es"}'
        assert await store.person_settings(2) == b"{}"
    finally:
        await store.close()


def dms(player: MemberActor) -> list[discord.Message]:
    """The bot's direct messages to this player, oldest first."""
    return player.user.dm_channel.history()


def mentioning(table: Table, player: MemberActor) -> list[discord.Message]:
    return [m for m in table.channel.history() if player.id in {u.id for u in m.mentions}]


async def opt_in(table: Table, player: MemberActor) -> None:
    answer = await player.slash(table.channel, "kot notify", dms=True)
    assert (private_reply(answer) or "").startswith("📬 Direct messages on")


async def end_quiet_turn(table: Table) -> None:
    await table.roll_and_stop(QUIET_DICE)
    if (await table.game()).playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)


async def reach_yield(table: Table) -> None:
    """The first player enters the empty Tokyo, the second hits them: the first is asked
    out of their turn whether to yield."""
    _game, _decision, first = await table.asked()
    await end_quiet_turn(table)
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "energy"])
    _game, decision, asked = await table.asked()
    assert asked is first and decision.kind == "yield"


async def test_notify_is_off_by_default_and_turns_on_and_off(table: Table) -> None:
    alice = table.players[0]
    shown = await alice.slash(table.channel, "kot notify")
    assert "pinged in each game's channel" in (private_reply(shown) or "")
    await opt_in(table, alice)
    [test_message] = dms(alice)  # a first one, so Discord's answer is known at once
    assert "will come here" in test_message.content
    settings = await service(table.env).settings.person_settings(alice.id)
    assert settings == PersonSettings(dms=True, language="en")
    shown = await alice.slash(table.channel, "kot notify")
    assert "come to you by direct message" in (private_reply(shown) or "")
    off = await alice.slash(table.channel, "kot notify", dms=False)
    assert (private_reply(off) or "").startswith("🔕")
    assert not (await service(table.env).settings.person_settings(alice.id)).dms


async def test_notify_answers_and_writes_in_the_players_language(
        table: Table, client_locales: dict[int, str]) -> None:
    game = await table.start_game(players=2)
    assert game.language == "en"
    _game, _decision, first = await table.asked()
    client_locales[first.id] = "es-ES"
    answer = await first.slash(table.channel, "kot notify", dms=True)
    assert (private_reply(answer) or "").startswith("📬 Mensajes directos activados")
    assert "llegarán aquí" in dms(first)[-1].content
    assert (await service(table.env).settings.person_settings(first.id)).language == "es"
    await reach_yield(table)
    asked = dms(first)[-1].content
    assert asked.startswith(f"🔔 La partida #{game.id} de King of Tokyo")
    assert "¿te quedas en la ciudad de Tokyo o cedes el sitio?" in asked


async def test_a_question_out_of_turn_comes_by_direct_message_and_goes_once_answered(
        table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    await opt_in(table, first)
    before = len(dms(first))
    await reach_yield(table)
    game = await table.game()
    [asked] = dms(first)[before:]
    assert "asks you" in asked.content and "stay in Tokyo" in asked.content
    assert f"game #{game.id} (on **{table.env.guild.name}**, #kot)" in asked.content
    assert (f"https://discord.com/channels/{table.env.guild.id}/{table.channel.id}/"
            f"{game.board_message_id}") in asked.content
    assert ":R>" in asked.content  # the deadline, counting down
    assert not any(m.content.startswith("🔔") for m in table.channel.history())
    assert [(p.message_id, p.dm_channel_id) for p in game.chronicle.prompts.pings] == [
        (asked.id, first.user.dm_channel.id)]
    await table.option(Yield)
    assert dms(first)[before:] == []  # deleted with its question
    assert (await table.game()).chronicle.prompts.pings == ()


async def test_a_turns_start_comes_by_direct_message_too(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    second = next(p for p in table.players[:2] if p is not first)
    await opt_in(table, second)
    before = len(dms(second))
    await end_quiet_turn(table)
    game = await table.game()
    [turn] = dms(second)[before:]
    assert turn.content.startswith(f"🎲 Your turn in King of Tokyo game #{game.id}")
    assert "roll" in turn.content.lower() and str(game.board_message_id) in turn.content
    board = table.message(game.board_message_id or 0)
    assert second.id in {u.id for u in board.mentions}  # the board names them, as ever
    assert dms(first) == []  # not opted in: nothing
    await end_quiet_turn(table)
    assert dms(second)[before:] == []  # their turn is over: deleted
    assert all(r.seat != game.seat_of(second.id)
               for r in (await table.game()).chronicle.prompts.reminders)


async def test_no_turns_message_reaches_a_player_on_time_away(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    second = next(p for p in table.players[:2] if p is not first)
    await opt_in(table, second)
    await second.slash(table.channel, "kot away", days=1)
    before = len(dms(second))
    await end_quiet_turn(table)
    game = await table.game()
    state = game.playing_state()
    assert state.turn is not None and game.seats[state.turn.seat] == second.id
    assert dms(second)[before:] == []


async def test_a_long_games_reminder_comes_by_direct_message(table: Table) -> None:
    await service(table.env).settings.save_server_settings(
        table.env.guild.id, ServerSettings(turn_seconds=12 * HOUR))
    await table.start_game(players=2)
    game, _decision, first = await table.asked()
    assert game.lobby.long_clock()
    await opt_in(table, first)
    await end_quiet_turn(table)  # (the first turn began before they opted in)
    await end_quiet_turn(table)
    game = await table.game()
    [turn] = dms(first)[1:]
    assert turn.content.startswith("🎲 Your turn")
    assert "📰" in turn.content  # what happened since their last move
    await table.env.advance_time(6 * HOUR + 60)
    [reminder] = dms(first)[1:]  # it replaced the turn's message
    assert reminder.content.startswith("⏳ Reminder, King of Tokyo game")
    assert f"<t:{int(game.chronicle.clock.asked_at + 12 * HOUR)}:R>" in reminder.content
    assert not any(m.content.startswith("⏳") for m in table.channel.history())
    assert [(r.moment, r.message_id) for r in (await table.game()).chronicle.prompts.reminders] == [
        (1, reminder.id)]


async def test_a_refused_direct_message_falls_back_to_the_channel(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    await opt_in(table, first)
    # She closes her DMs to the server's members: Discord refuses the bot's messages.
    table.env.inject_error("POST", f"/channels/{first.user.dm_channel.id}/messages",
                           status=403, code=50007, message="Cannot send messages to this user",
                           times=None)
    await reach_yield(table)
    [ping] = [m for m in mentioning(table, first) if m.content.startswith("🔔")]
    assert "stay in Tokyo" in ping.content
    assert "Discord refused my direct message" in ping.content  # told why, once
    assert (await service(table.env).settings.person_settings(first.id)).dms_refused
    shown = await first.slash(table.channel, "kot notify")
    assert "Discord refused my last one" in (private_reply(shown) or "")
    await table.option(Yield)
    assert not any(m.id == ping.id for m in table.channel.history())  # deleted, as ever
    # Her next turn: the board names her, and no direct message is tried first.
    if (await table.game()).playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)
    game = await table.game()
    assert game.playing_state().turn.seat == game.seat_of(first.id)  # type: ignore[union-attr]
    assert not any("Discord refused" in m.content for m in table.channel.history())
    assert len(dms(first)) == 1  # (the first, when she turned them on)


async def test_a_refused_turns_message_is_said_in_the_channel_until_the_turn_ends(
        table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    second = next(p for p in table.players[:2] if p is not first)
    await opt_in(table, second)
    table.env.inject_error("POST", f"/channels/{second.user.dm_channel.id}/messages",
                           status=403, code=50007, message="Cannot send messages to this user")
    await end_quiet_turn(table)
    game = await table.game()
    board = table.message(game.board_message_id or 0)
    assert second.id in {u.id for u in board.mentions}  # their turn's board, as ever
    [note] = [m for m in mentioning(table, second) if "Discord refused" in m.content]
    assert (await service(table.env).settings.person_settings(second.id)).dms_refused
    await end_quiet_turn(table)
    assert not any(m.id == note.id for m in table.channel.history())  # gone with the turn


async def test_turning_notify_on_with_closed_dms_says_so(table: Table) -> None:
    alice = table.players[0]
    table.env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages",
                           status=403, code=50007, message="Cannot send messages to this user")
    answer = await alice.slash(table.channel, "kot notify", dms=True)
    assert "Discord refused my direct message" in (private_reply(answer) or "")
    assert (await service(table.env).settings.person_settings(alice.id)) == PersonSettings(
        dms=True, language="en", dms_refused=True)


async def test_a_direct_message_sent_before_a_crash_is_not_sent_twice(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    await opt_in(table, first)
    before = len(dms(first))
    original = saved_games.SavedGames.finish_effects

    async def die_after_sending(self: Any, game: Game, seqs: list[int], *fields: Any) -> Any:
        if game.chronicle.prompts.pings:  # the direct message went, its id is being saved
            monkeypatch.undo()  # once
            raise sqlite3.OperationalError("disk I/O error")
        return await original(self, game, seqs, *fields)

    monkeypatch.setattr(saved_games.SavedGames, "finish_effects", die_after_sending)
    await reach_yield(table)
    assert len(dms(first)) == before + 1
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    await table.env.settle()
    [asked] = dms(first)[before:]  # found, not sent again
    game = await table.game()
    assert [p.message_id for p in game.chronicle.prompts.pings] == [asked.id]
    await table.option(Yield)
    assert dms(first)[before:] == []


async def test_a_turns_message_sent_before_a_crash_is_not_sent_twice(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    second = next(p for p in table.players[:2] if p is not first)
    await opt_in(table, second)
    original = saved_games.SavedGames.finish_effects

    async def die_after_sending(self: Any, game: Game, seqs: list[int], *fields: Any) -> Any:
        if game.chronicle.prompts.reminders:  # the turn's message went, its id is being saved
            monkeypatch.undo()  # once
            raise sqlite3.OperationalError("disk I/O error")
        return await original(self, game, seqs, *fields)

    monkeypatch.setattr(saved_games.SavedGames, "finish_effects", die_after_sending)
    await end_quiet_turn(table)
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    await table.env.settle()
    [_test, turn] = dms(second)  # found, not sent again
    assert turn.content.startswith("🎲 Your turn")
    game = await table.game()
    assert [r.message_id for r in game.chronicle.prompts.reminders] == [turn.id]
    assert game.playing_state().turn.seat == game.seat_of(second.id)  # type: ignore[union-attr]


async def test_a_turns_message_discord_cannot_take_now_is_sent_later(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    second = next(p for p in table.players[:2] if p is not first)
    await opt_in(table, second)
    table.env.inject_error("POST", f"/channels/{second.user.dm_channel.id}/messages",
                           status=503, message="Service Unavailable", times=None)
    await end_quiet_turn(table)
    game = await table.game()
    assert game.playing_state().turn.seat == game.seat_of(second.id)  # type: ignore[union-attr]
    assert len(dms(second)) == 1  # (the first, when they turned them on)
    table.env.backend.faults.clear()
    await table.env.advance_time(61)  # the publisher's retries
    [_test, turn] = dms(second)
    assert turn.content.startswith("🎲 Your turn")
    assert not (await service(table.env).settings.person_settings(second.id)).dms_refused
