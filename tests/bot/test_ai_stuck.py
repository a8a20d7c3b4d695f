"""Nothing waits on an AI monster for ever: an AI move pending at a restart is played, and
/kot board unsticks a table whose AI timer was lost or stuck. (A Hard AI whose search hangs,
crashes or is late: tests/bot/test_autoplay.py.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from bot_harness import TEST_AI_PAUSE, Table, bot_of, make_bot, service
from test_ai_seats import (
    _ai_moves_until_a_person_is_asked,
    _lobby_with_ai,
    _person_answers_until_an_ai_is_asked,
)

from bot.table.model import Game


async def _an_ai_is_asked(table: Table, level: str = "Easy") -> Game:
    game = await _lobby_with_ai(table, level)
    await table.players[0].click(table.message(game.board_message_id or 0), label="Start")
    await _ai_moves_until_a_person_is_asked(table, game.id)
    return await _person_answers_until_an_ai_is_asked(table, game.id)


async def test_a_pending_ai_move_is_played_after_a_restart_driven_from_outside_the_bot(
    table: Table, database: Path
) -> None:
    """The local table (``bot.local``) restarts as Discord would not: its simulated clock
    runs far ahead of the machine's, and it shows the kept game again by calling the bot
    from outside the bot's own work, where ``time.monotonic`` reads the machine's clock.
    The turn timers once mixed the two clocks and slept for years."""
    env = table.env
    env.backend.clock.advance(time.monotonic() + 10_000_000)
    game = await _lobby_with_ai(table, "Easy")
    await table.players[0].click(table.message(game.board_message_id or 0), label="Start")
    await _ai_moves_until_a_person_is_asked(table, game.id)
    old = bot_of(env)
    await env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    old.autopilot.close()
    bot = bot_of(env)
    game = await service(env).games.peek(game.id)
    await bot.delivery.message_deleted(game.id, game.board_message_id or 0)  # as bot.local
    game = await _person_answers_until_an_ai_is_asked(table, game.id)
    seq = game.playing_state().seq
    await env.advance_time(TEST_AI_PAUSE + 0.1)
    assert (await table.game()).playing_state().seq > seq


@pytest.mark.parametrize("lost", ["dropped", "stuck"])
async def test_kot_board_unsticks_a_table_whose_ai_timer_was_lost(table: Table,
                                                                  lost: str) -> None:
    game = await _an_ai_is_asked(table)
    seq = game.playing_state().seq
    timers = bot_of(table.env).turns.timers
    tag = timers.waiting_on(game.id)
    assert tag
    if lost == "dropped":
        timers.cancel(game.id)
    else:  # a deadline that will never come (its clock was another's)
        timers.set(game.id, tag, 10_000_000.0, moved_by=1.0)
    await table.env.advance_time(TEST_AI_PAUSE + 0.1)
    assert (await table.game()).playing_state().seq == seq
    await table.players[0].slash(table.channel, "kot board")
    await table.env.advance_time(TEST_AI_PAUSE + 0.1)
    assert (await table.game()).playing_state().seq > seq


async def test_a_timer_whose_decisions_were_answered_meanwhile_arms_the_clock_again(
    table: Table,
) -> None:
    """The timer fires for decisions already answered (a click came first) while the game's
    timer for what is asked now was lost: the game must not be left with nobody timing it."""
    game = await _an_ai_is_asked(table)
    seq = game.playing_state().seq
    bot = bot_of(table.env)
    bot.turns.timers.cancel(game.id)
    answered_long_ago = (0,)
    await bot.clicks.timer_ran_out(game.id, answered_long_ago)
    assert bot.turns.timers.waiting_on(game.id)
    await table.env.advance_time(TEST_AI_PAUSE + 0.1)
    assert (await table.game()).playing_state().seq > seq
