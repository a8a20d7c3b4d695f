"""The channel always shows what the store holds: one test per defect found by the fault
campaign (issue "The channel always shows the truth"), plus the crash between a post and
saving its id."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import msgspec
import pytest
from bot_harness import (
    Table,
    bot_of,
    click_together,
    make_bot,
    private_reply,
    rewrite_state,
    service,
)

import bot.table.saved_games as saved_games
from bot.table.model import Game
from engine import EndBuying, GameState, Roll, StopRolling

SERVICE_UNAVAILABLE = {"status": 503, "message": "Service Unavailable"}
MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def live_messages(table: Table, game_id: int) -> list[discord.Message]:
    """Messages in the channel carrying live controls of this game (board or lobby)."""
    prefixes = (f"kot:g:{game_id}:", f"kot:l:{game_id}:")
    return [m for m in table.channel.history()
            if any((getattr(c, "custom_id", "") or "").startswith(prefixes)
                   for row in m.components for c in row.children)]


def shows_current_question(table: Table, game: Game) -> bool:
    """Exactly one message has live controls, and they answer every pending question."""
    assert game.state is not None
    [live] = live_messages(table, game.id)
    ids = {getattr(c, "custom_id", "") for row in live.components for c in row.children}
    return live.id == game.board_message_id and all(
        any(i.startswith(f"kot:g:{game.id}:{d.id}:") for i in ids) for d in game.state.pending)


def final_boards(table: Table) -> list[discord.Message]:
    return [m for m in table.channel.history() if m.embeds and m.embeds[0].title == "Game over"]


def timer_armed(table: Table, game_id: int) -> bool:
    return bool(bot_of(table.env).turns.timers.waiting_on(game_id))


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    await table.env.settle()


def one_roll_from_winning(state: GameState) -> GameState:
    """The active monster has 19★ and three 1s showing: stopping now wins the game."""
    assert state.turn is not None
    seat = state.turn.seat
    monsters = tuple(msgspec.structs.replace(m, vp=19) if i == seat else m
                     for i, m in enumerate(state.monsters))
    dice = ("1", "1", "1", "2", "3", "energy")
    return msgspec.structs.replace(
        state, monsters=monsters, turn=msgspec.structs.replace(state.turn, dice=dice))


async def reach_buy(table: Table) -> Game:
    """The active monster rolls six energy and stops: it is asked what to buy."""
    await table.roll_and_stop(["energy"] * 6)
    game, decision, _asked = await table.asked()
    assert decision.kind == "buy"
    return game


async def time_out_until(table: Table, game_id: int, done: Callable[[Game], bool]) -> Game:
    """Let the turn timer answer, question after question, until ``done``."""
    for _question in range(4):
        await table.env.advance_time(301)
        game = await service(table.env).games.peek(game_id)
        if done(game):
            return game
    raise AssertionError("the timer never got there")


def next_turn(game: Game) -> bool:
    return game.state is not None and game.state.turn is not None and (
        game.state.turn.number > 1)


async def test_1_a_timer_that_cannot_post_the_next_board_waits_and_shows_it_later(
    table: Table,
) -> None:
    game = await table.start_game(players=2)
    table.env.inject_error("POST", "/channels/*/messages", times=None, **MISSING_PERMISSIONS)
    # The timer answers until the turn ends; the next board cannot be posted.
    await time_out_until(table, game.id, next_turn)
    assert not timer_armed(table, game.id), "the clock ran while nobody could see the board"

    table.env.backend.faults.clear()  # the permission is back
    await table.env.advance_time(61)  # the retry notices within a minute
    after = await table.game()
    assert after.board_message_id != game.board_message_id
    assert shows_current_question(table, after) and timer_armed(table, game.id)


async def test_1_a_game_ended_by_a_timeout_is_announced_once_posting_works_again(
    table: Table,
) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, one_roll_from_winning)
    table.env.inject_error("POST", "/channels/*/messages", times=None, **SERVICE_UNAVAILABLE)
    # The timer stops the roll (20★) and ends the turn: the game is over.
    await time_out_until(table, game.id, lambda game: game.status == "over")
    table.env.backend.faults.clear()
    await table.env.advance_time(61)
    assert len(final_boards(table)) == 1 and not live_messages(table, game.id)


async def test_2_a_start_whose_lobby_edit_fails_still_gets_a_board_and_a_clock(
    table: Table,
) -> None:
    host, bob = table.players[:2]
    await host.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    await bob.click(lobby, label="Join")
    table.env.inject_error("PATCH", "/webhooks/*/messages/@original", **SERVICE_UNAVAILABLE)
    result = await host.click(lobby, label="Start")
    assert "closed" not in (private_reply(result) or "")
    assert (await table.game()).status == "playing"
    # The refused edit is retried a second later: the board is posted, its clock armed and
    # the lobby message closed then. (Until the tests' clock stood still between clicks,
    # SimCord waited that second out in real time within the click.)
    await table.env.advance_time(1)
    game = await table.game()
    assert game.status == "playing" and shows_current_question(table, game)
    assert timer_armed(table, game.id)
    assert not table.message(lobby.id).components


async def test_3_kot_board_names_the_missing_permission(table: Table) -> None:
    game = await table.start_game(players=2)
    bot_user = table.env.bot.user
    assert bot_user is not None
    table.env.backend.set_overwrite(table.channel.id, _deny(bot_user.id, "send_messages"))
    await table.env.settle()
    result = await table.players[0].slash(table.channel, "kot board")
    reply = private_reply(result) or ""
    assert "**Send Messages**" in reply and "/kot board" in reply
    assert not timer_armed(table, game.id)

    table.env.backend.delete_overwrite(table.channel.id, bot_user.id)
    await table.env.settle()
    result = await table.players[0].slash(table.channel, "kot board")
    assert private_reply(result) == "Board posted below."
    assert shows_current_question(table, await table.game())
    assert timer_armed(table, game.id)


async def test_4_kot_card_limits_its_name_and_its_reply(table: Table) -> None:
    card = bot_of(table.env).kot.get_command("card")
    assert isinstance(card, discord.app_commands.Command)
    [name] = card.parameters
    assert isinstance(name.max_value, int) and name.max_value <= 100  # max_length to Discord
    result = await table.players[0].slash(table.channel, "kot card", name="x" * name.max_value)
    reply = private_reply(result) or ""
    assert reply.startswith("No power card is called") and len(reply) < 2000


async def test_5_a_deleted_board_is_posted_again_at_once(table: Table) -> None:
    game = await table.start_game(players=2)
    assert game.board_message_id is not None
    table.env.backend.delete_message(table.channel.id, game.board_message_id)
    await table.env.settle()
    after = await table.game()
    assert after.board_message_id != game.board_message_id
    assert shows_current_question(table, after) and timer_armed(table, game.id)
    await table.option(Roll)  # and it plays


async def test_5_a_board_discord_calls_gone_by_mistake_stays_the_board(
    table: Table,
) -> None:
    game = await table.start_game(players=2)
    # Discord answers "Unknown Message" once although the board is still there.
    table.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=404, code=10008,
                           message="Unknown Message")
    await table.option(Roll)
    await table.env.advance_time(2)  # the retry brings it up to date
    after = await table.game()
    assert after.board_message_id == game.board_message_id
    assert shows_current_question(table, after) and timer_armed(table, game.id)
    assert "(1 roll left)" in (table.message(game.board_message_id or 0).content or "")


async def test_6_a_lobby_whose_message_vanished_unseen_comes_back(table: Table) -> None:
    host = table.players[0]
    await host.slash(table.channel, "kot start")
    lobby = await table.game()
    assert lobby.board_message_id is not None
    # Deleted while the bot was not listening: no event, the message is simply gone.
    del table.env.backend.messages[table.channel.id][lobby.board_message_id]
    result = await table.players[1].slash(table.channel, "kot start")
    assert "already has a lobby" in (private_reply(result) or "")
    [shown] = live_messages(table, lobby.id)
    assert shown.id == (await table.game()).board_message_id
    await table.players[1].click(shown, label="Join")
    assert len((await table.game()).lobby.players) == 2
    # /kot board brings a lobby down to the bottom of the channel too.
    result = await host.slash(table.channel, "kot board")
    [moved] = live_messages(table, lobby.id)
    assert moved.id != shown.id and moved.id == table.channel.last_message.id  # type: ignore[union-attr]


async def test_7_the_end_question_answers_after_a_restart_and_after_a_failed_answer(
    table: Table, database: Path
) -> None:
    game = await table.start_game(players=2)
    asked = await table.players[0].slash(table.channel, "kot end")
    assert asked.response is not None
    await restart(table, database)
    table.env.inject_error("POST", "/interactions/*/callback", **SERVICE_UNAVAILABLE)
    failed = await table.players[0].click(asked.response, label="Keep playing")
    assert not failed.acknowledged  # Discord refused it: the player saw "interaction failed"
    assert (await service(table.env).games.peek(game.id)).status == "playing"
    await table.players[0].click(asked.response, label="End the game")
    assert (await service(table.env).games.peek(game.id)).status == "ended"
    assert asked.response.content == "Game ended."


async def test_7_an_expired_end_question_says_so(table: Table, database: Path) -> None:
    game = await table.start_game(players=2)
    asked = await table.players[0].slash(table.channel, "kot end")
    assert asked.response is not None
    await restart(table, database)  # nobody is left to take its buttons away
    await table.env.advance_time(601)
    await table.players[0].click(asked.response, label="End the game")
    assert "expired" in (asked.response.content or "")
    assert (await service(table.env).games.peek(game.id)).status == "playing"


async def test_8_a_result_saved_but_never_posted_is_announced_at_the_next_start(
    table: Table, database: Path
) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, one_roll_from_winning)
    table.env.inject_error("POST", "/channels/*/messages", times=None, **SERVICE_UNAVAILABLE)
    await table.option(StopRolling)
    if (await table.game()).playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)
    assert (await service(table.env).games.peek(game.id)).status == "over"
    table.env.backend.faults.clear()
    bot_of(table.env).delivery.retries.close()  # the bot stops before its next retry
    await restart(table, database)
    assert len(final_boards(table)) == 1 and not live_messages(table, game.id)


async def test_9_an_old_board_loses_its_buttons_even_when_closing_it_fails_once(
    table: Table,
) -> None:
    await table.start_game(players=2)
    game = await reach_buy(table)
    table.env.inject_error("PATCH", "/channels/*/messages/*", **SERVICE_UNAVAILABLE)
    await table.option(EndBuying)
    await table.env.advance_time(2)
    after = await table.game()
    assert not table.message(game.board_message_id or 0).components
    assert shows_current_question(table, after)


async def test_9_a_double_click_never_gives_the_old_board_live_buttons(table: Table) -> None:
    await table.start_game(players=2)
    await reach_buy(table)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    number = next(i for i, o in enumerate(decision.options) if isinstance(o, EndBuying))
    end_turn = f"kot:g:{game.id}:{decision.id}:o{number}"
    await click_together(table.env, [(asked, board, end_turn), (asked, board, end_turn)])
    after = await table.game()
    assert after.board_message_id != board.id
    assert not table.message(board.id).components
    assert shows_current_question(table, after)


async def test_10_a_refused_acknowledgement_changes_nothing_and_raises_nothing(
    table: Table,
) -> None:
    host, bob = table.players[:2]
    await host.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    errors = table.env.error_cursor
    table.env.inject_error("POST", "/interactions/*/callback", status=404, code=10062,
                           message="Unknown interaction")
    refused = await bob.click(lobby, label="Join")
    assert not refused.acknowledged
    assert len((await table.game()).lobby.players) == 1
    assert not table.env.errors_since(errors)
    await bob.click(lobby, label="Join")
    assert len((await table.game()).lobby.players) == 2


@pytest.mark.parametrize("restarted", [True, False])
async def test_a_board_posted_but_not_recorded_is_found_not_posted_twice(
    table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture, restarted: bool,
) -> None:
    """The store fails between posting the next board and saving its id (as a crash there
    would): the next pass finds that board (by its footer) and adopts it, so the table has
    one live board. That pass is the next start's, or (the store failing alone) the same
    process's: the post was noted as tried in memory."""
    await table.start_game(players=2)
    game = await reach_buy(table)
    original = saved_games.SavedGames.finish_effects

    async def die_after_posting(self: Any, game: Game, seqs: list[int], *fields: Any,
                                **queued: Any) -> Any:
        if "board_message_id" in fields:
            monkeypatch.undo()  # once
            raise sqlite3.OperationalError("disk I/O error")
        return await original(self, game, seqs, *fields, **queued)

    monkeypatch.setattr(saved_games.SavedGames, "finish_effects", die_after_posting)
    result = await table.option(EndBuying)
    assert (private_reply(result) or "").startswith("Something went wrong")
    if restarted:
        await restart(table, database)
    else:
        await bot_of(table.env).delivery.show(game.id)
    after = await table.game()
    assert after.board_message_id != game.board_message_id
    assert shows_current_question(table, after)
    boards = [m for m in table.channel.history() if m.attachments]
    assert len(boards) == 2  # the first turn's board and the one posted before the failure
    assert any("adopting message" in r.getMessage() for r in caplog.records)


async def test_a_move_an_earlier_process_left_unshown_gets_its_question_full_time(
    table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot stops between saving a reroll and showing it: the next start shows it, and
    the question asked on that board gets its full time from then (the player could not see
    the change meanwhile)."""
    await table.start_game(players=2)

    async def stopped_first(game_id: int, origin: Any = None) -> None:
        return None

    monkeypatch.setattr(bot_of(table.env).delivery, "show", stopped_first)
    await table.option(Roll)
    saved = await table.game()
    assert await service(table.env).games.outbox(saved.id), "saved, not shown"
    await table.env.advance_time(20)
    await restart(table, database)
    after = await table.game()
    assert after.chronicle.clock.asked_at >= table.env.now().timestamp() - 1
    assert after.chronicle.clock.asked_at >= saved.chronicle.clock.asked_at + 19
    assert shows_current_question(table, after)


def _deny(target_id: int, permission: str) -> Any:
    from simcord.backend.models import Overwrite  # simcord 3.2.1 internals, pinned

    denied = discord.Permissions(**{permission: True}).value
    return Overwrite(target_id=target_id, type=1, allow=0, deny=denied)
