"""Nothing stuck, nothing silent: one test per defect of that issue found by the fuzz
campaign (a command left "thinking…", a Rematch into a channel the bot cannot post in)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import pytest
from bot_harness import (
    TEST_AI_PAUSE,
    Table,
    bot_of,
    final_board,
    private_reply,
    service,
    slow_lobby_writes,
)
from simcord import InteractionResult
from simcord.backend.models import Overwrite
from test_game_end import win_this_turn

from bot.local import add_ai
from bot.table.model import Game
from tools.chaos import checks, sim
from tools.chaos.sim import pending_faults

_PRIVATE_ANSWER_LOST = ("{mention} Discord did not take my private answer to your command in "
                        "time: please use the command again.")

# What Discord answers when it is failing or rate limiting (no Via header: discord.py does
# not wait and retry a 429 itself).
FAILING = {
    503: {"status": 503, "message": "Service Unavailable"},
    429: {"status": 429, "message": "You are being rate limited."},
}
FOLLOW_UP = ("POST", "/webhooks/*")
# An interaction token works for 15 minutes.
TOKEN_LIFETIME = 15 * 60


def thinking(result: InteractionResult) -> bool:
    """The command's answer still shows Discord's "thinking…" (a type-5 deferral that no
    follow-up or edit completed)."""
    return result.deferred


@pytest.mark.parametrize("status", sorted(FAILING))
async def test_5_a_board_command_whose_follow_up_fails_once_still_answers(
    table: Table, status: int
) -> None:
    await table.start_game(players=2)
    table.env.inject_error(*FOLLOW_UP, **FAILING[status])
    result = await table.players[0].slash(table.channel, "kot board")

    assert not pending_faults(table.env)  # the follow-up failed once
    await table.env.advance_time(2)  # it is tried again after a second
    assert not thinking(result)
    assert private_reply(result) == "Board posted below."


@pytest.mark.parametrize("status", sorted(FAILING))
async def test_5_a_start_command_whose_follow_up_fails_once_still_answers(
    table: Table, status: int
) -> None:
    alice, bob = table.players[:2]
    await alice.slash(table.channel, "kot start")
    table.env.inject_error(*FOLLOW_UP, **FAILING[status])
    busy = await bob.slash(table.channel, "kot start")  # refused in a follow-up

    assert not pending_faults(table.env)
    await table.env.advance_time(2)
    assert not thinking(busy)
    assert (private_reply(busy) or "").startswith("This channel already has a lobby")


async def test_5_a_slow_start_whose_lobby_and_notice_both_fail_still_answers(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_lobby_writes(table.env, monkeypatch)
    # The lobby's edit of the answer fails, and so does the notice saying so.
    table.env.inject_error("*", "/webhooks/*", times=2, **FAILING[503])
    opened = await table.players[0].slash(table.channel, "kot start")
    await table.env.advance_time(2)  # the answer deferred
    await table.env.advance_time(2)  # the write is done

    assert not pending_faults(table.env)
    await table.env.advance_time(2)
    assert not thinking(opened)
    game = await table.game()
    assert game.board_message_id is not None  # the lobby, posted by the publisher's retry


async def test_5_a_follow_up_failing_until_the_token_expires_is_answered_in_the_channel(
    table: Table,
) -> None:
    await table.start_game(players=2)
    alice = table.players[0]
    table.env.inject_error(*FOLLOW_UP, times=None, **FAILING[503])
    result = await alice.slash(table.channel, "kot board")
    # The command was answered privately: the channel is told that the answer was lost, not
    # the answer itself (a hint or a player's cards are not for everyone).
    answer = _PRIVATE_ANSWER_LOST.format(mention=alice.mention)

    def answers() -> int:
        return sum(m.content == answer for m in table.channel.history())

    await table.env.advance_time(TOKEN_LIFETIME - 60)
    assert answers() == 0  # still tried through the token
    await table.env.advance_time(120)  # the token's 15 minutes are over
    assert answers() == 1
    assert thinking(result)  # nobody can complete it any more: the channel has the answer
    await table.env.advance_time(300)
    assert answers() == 1  # answered once
    assert not any("Board posted below" in m.content for m in table.channel.history())


async def test_5_a_fresh_token_answered_404_once_is_not_taken_for_gone(table: Table) -> None:
    """The fuzz campaign's commands left "thinking…": one 404 on a board command's
    follow-up, a second after it was acknowledged, made the bot give the token up and tell
    the channel instead, so the command showed "thinking…" until Discord timed it out."""
    await table.start_game(players=2)
    alice = table.players[0]
    table.env.inject_error(*FOLLOW_UP, status=404, code=10008, message="Unknown Message")
    result = await alice.slash(table.channel, "kot board")

    assert not pending_faults(table.env)
    await table.env.advance_time(2)  # the answer can still be read: tried again
    assert not thinking(result)
    assert private_reply(result) == "Board posted below."
    lost = _PRIVATE_ANSWER_LOST.format(mention=alice.mention)
    assert not any(m.content == lost for m in table.channel.history())


async def test_5_a_token_whose_answer_cannot_be_read_either_is_answered_in_the_channel(
    table: Table,
) -> None:
    await table.start_game(players=2)
    alice = table.players[0]
    # The follow-up, then the read of the answer that would show the token still works.
    table.env.inject_error("*", "/webhooks/*", times=2, status=404, code=10015,
                           message="Unknown Webhook")
    await alice.slash(table.channel, "kot board")

    assert not pending_faults(table.env)
    await table.env.advance_time(2)
    lost = _PRIVATE_ANSWER_LOST.format(mention=alice.mention)
    assert sum(m.content == lost for m in table.channel.history()) == 1


def _deny_send_messages(table: Table) -> None:
    bot_user = table.env.bot.user
    assert bot_user is not None
    denied = discord.Permissions(send_messages=True).value
    table.env.backend.set_overwrite(  # simcord 3.2.1 internals, pinned
        table.channel.id, Overwrite(target_id=bot_user.id, type=1, allow=0, deny=denied))


async def test_6_rematch_where_the_bot_cannot_post_is_refused_and_opens_no_lobby(
    table: Table,
) -> None:
    _alice, bob = table.players[:2]
    await table.start_game(players=2)
    finished = await win_this_turn(table)
    final = final_board(table.channel)
    assert finished.status == "over"
    _deny_send_messages(table)
    await table.env.settle()
    last = table.channel.last_message

    clicked = await bob.click(final, label="🔁 Rematch")

    reply = private_reply(clicked) or ""
    assert "**Send Messages**" in reply and "I am missing" in reply
    games = service(table.env).games
    assert await games.active_in_channel(table.channel.id) is None  # no lobby opened
    table.env.backend.delete_overwrite(table.channel.id, table.env.backend.bot_user.id)
    await table.env.advance_time(61)  # nothing was waiting to be posted
    assert await games.active_in_channel(table.channel.id) is None
    assert table.channel.last_message is not None and last is not None
    assert table.channel.last_message.id == last.id


# --- the fuzz campaign's two counts catch what they count ------------------------------


async def test_the_thinking_count_sees_a_command_whose_answer_never_came(table: Table) -> None:
    await table.start_game(players=2)
    table.env.inject_error(*FOLLOW_UP, times=None, **FAILING[503])
    result = await table.players[0].slash(table.channel, "kot board")
    [stuck] = sim.thinking(table.env)
    assert stuck.command_name == "kot" and thinking(result)


    sim.clear_faults(table.env)
    await table.env.advance_time(61)  # Discord is well again: the next retry answers
    assert sim.thinking(table.env) == []


async def _ai_monster_asked(table: Table) -> Game:
    """A game of one person and an Easy AI monster, at the AI monster's turn."""
    host = table.players[0]
    await host.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    await add_ai(host, lobby, "easy")
    await host.click(lobby, label="Start")
    for _turn in range(50):  # the person ends turns until the AI monster is asked
        game = await table.game()
        if any(game.ai_level(d.seat) is not None for d in game.playing_state().pending):
            return game
        decision = game.playing_state().pending[0]
        await table.click(f"o{decision.options.index(decision.default)}")
    raise AssertionError("the AI monster was never asked")


async def test_the_ai_count_sees_an_ai_move_with_no_timer(table: Table) -> None:
    game = await _ai_monster_asked(table)
    bot = bot_of(table.env)
    games = service(table.env).games
    assert checks.check_ai_timer(bot, game) == []  # its pause is timed

    bot.turns.timers.cancel(game.id)  # a timer lost: nothing will ever answer the AI
    [finding] = checks.check_ai_timer(bot, await games.peek(game.id))
    assert finding.kind == checks.WAITING_ON_AI and finding.game_id == game.id


# SimCord's real-time window per operation, shortened so these tests wait little for it.
SHORT_WINDOW = 0.5


async def test_a_bot_still_working_past_simcords_window_settles_in_a_second_one(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The campaign's harness errors: a retry timer due near the end of SimCord's window,
    whose work ran past it. Counted apart from a bot that does not settle."""
    await table.start_game(players=2)
    games = service(table.env)
    show_board = games.show_board

    async def slow_show_board(*args: Any, **kwargs: Any) -> Any:
        await asyncio.to_thread(time.sleep, SHORT_WINDOW * 1.5)  # real work, past the window
        return await show_board(*args, **kwargs)

    monkeypatch.setattr(games, "show_board", slow_show_board)
    table.env.settle_timeout = SHORT_WINDOW
    with pytest.raises(TimeoutError):
        await table.players[0].slash(table.channel, "kot board")
    assert await sim.settles_again(table.env)
    assert sim.thinking(table.env) == []  # its answer came meanwhile


async def test_a_bot_that_does_not_settle_is_not_taken_for_one_still_working(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.start_game(players=2)
    games = service(table.env)
    show_board = games.show_board
    stuck = True

    async def spinning_show_board(*args: Any, **kwargs: Any) -> Any:
        while stuck:  # busy until released: never parked on a timer SimCord could move
            await asyncio.sleep(0)
        return await show_board(*args, **kwargs)

    monkeypatch.setattr(games, "show_board", spinning_show_board)
    table.env.settle_timeout = SHORT_WINDOW
    with pytest.raises(TimeoutError):
        await table.players[0].slash(table.channel, "kot board")
    assert not await sim.settles_again(table.env)
    with pytest.raises(TimeoutError):
        await sim.advance_time(table.env, 1)
    stuck = False
    assert await sim.settles_again(table.env)


async def test_the_stranded_count_asks_no_button_of_an_ai_monster(table: Table) -> None:
    """The campaign's stranded games: an AI monster's decision, which its board shows as
    "🤖 … is thinking…" with nothing to click, was taken for a decision nobody can answer."""
    game = await _ai_monster_asked(table)
    bot = bot_of(table.env)
    assert checks.check_channel(table.env, bot, game) == []

    for _move in range(30):  # the AI monster plays its turn: the person is asked
        await table.env.advance_time(TEST_AI_PAUSE + 1)
        game = await table.game()
        if all(checks.clicked_by_a_player(game, d) for d in game.playing_state().pending):
            break
    assert all(checks.clicked_by_a_player(game, d) for d in game.playing_state().pending)
    assert game.board_message_id is not None
    # The board vanishes without the bot hearing of it: the person has nothing to click.
    table.env.backend.messages[table.channel.id].pop(game.board_message_id)
    kinds = {f.kind for f in checks.check_channel(table.env, bot, game)}
    assert "no_buttons" in kinds
