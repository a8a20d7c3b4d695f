"""Never losing a game: restarts, unreadable rows, the turn timer."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot_harness import Table, bot_of, make_bot, service

from engine import Roll, StopRolling


async def restart(table: Table, database: Path) -> None:
    """A new bot process on the same database (commands were synced by the first one)."""
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()


async def test_buttons_already_in_the_channel_work_after_a_restart(
    table: Table, database: Path
) -> None:
    await table.start_game(players=2)
    await table.option(Roll)
    before = await table.game()
    board = table.message(before.board_message_id or 0)

    await restart(table, database)

    game, decision, asked = await table.asked()
    assert game.state == before.state  # reloaded from SQLite, not from memory
    result = await asked.click(board, label="Done rolling")
    assert result.acknowledged and not result.ephemeral
    after = await table.game()
    assert after.state is not None and before.state is not None
    assert after.state.seq == before.state.seq + 1
    assert decision.id not in {d.id for d in after.state.pending}


async def test_a_corrupt_row_breaks_only_its_own_game(table: Table, database: Path) -> None:
    await table.start_game(players=2)
    broken = await table.game()
    other_channel = table.env.guild.create_text_channel("other")
    healthy_table = Table(table.env, other_channel, table.players[2:4])
    healthy = await healthy_table.start_game(players=2)
    broken_board = table.message(broken.board_message_id or 0)

    # Neither readable nor rebuildable: a game from before the setup was stored, whose state
    # does not even parse, so nothing says how it began.
    with sqlite3.connect(database) as db:
        db.execute("UPDATE games SET state = ?, setup = NULL WHERE id = ?",
                   (b'{"schema": 1, "oops', broken.id))

    await restart(table, database)

    notice = table.channel.last_message
    assert notice is not None and f"game #{broken.id}" in notice.content
    assert "cannot be loaded" in notice.content
    # In plain words: the decoder's message is for the log, not for the table.
    # (Here the decoder says "Input data was truncated".)
    assert "truncated" not in notice.content and "unreadable" not in notice.content
    assert "oops" not in notice.content and "$." not in notice.content
    # The healthy game plays on.
    await healthy_table.option(StopRolling)
    after = await healthy_table.game()
    assert after.state is not None and healthy.state is not None
    assert after.state.seq == healthy.state.seq + 1
    # The broken game's buttons answer privately and change nothing.
    asked = table.player(broken.seats[0])
    result = await asked.click(broken_board, label="Done rolling")
    assert result.ephemeral and result.response is not None
    assert "cannot be read" in result.response.content
    # The channel is free for a new game.
    await table.players[0].slash(table.channel, "kot start")
    assert (await table.game()).status == "lobby"


async def test_the_turn_timer_answers_with_the_default(table: Table) -> None:
    game = await table.start_game(players=2)
    assert game.state is not None and game.state.pending[0].kind == "roll"

    await table.env.advance_time(301)

    after = await table.game()
    assert after.state is not None
    assert game.state.pending[0].id not in {d.id for d in after.state.pending}
    log = await service(table.env).games.action_log(game.id)
    assert log and log[0].user_id is None  # no user: the timer answered
    timed_out = table.message(game.board_message_id or 0)
    assert "ran out of time" in (timed_out.embeds[0].description or "")
