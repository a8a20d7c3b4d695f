"""A finished turn's board in the channel: over, with a line saying what the turn changed,
and the board as the turn left it (not the moment of the turn it last showed)."""

from __future__ import annotations

from dataclasses import dataclass

import discord
import msgspec
import pytest
from bot_harness import Table, bot_of, force_dice, service

from bot.render import render_board
from bot.table.publish import Effect
from engine import Roll, StopRolling, turn_end_state


@dataclass
class FirstTurn:
    board: int
    picture_when_rolled: bytes
    expected_picture: bytes
    summary: str


async def smash_into_tokyo(table: Table) -> FirstTurn:
    """The first monster of three rolls six smashes and stops: Tokyo is empty, so it enters
    it, and having no energy it has nothing to buy: its Stop rolling ends the turn."""
    game = await table.start_game(players=3)
    assert game.board_message_id is not None
    board = game.board_message_id
    await force_dice(table.env, game.id, ["smash"] * 6)
    await table.option(Roll)
    rolled = table.message(board)
    picture_when_rolled = await rolled.attachments[0].read()

    game, decision, _asked = await table.asked()
    stop = next(o for o in decision.options if isinstance(o, StopRolling))
    end = turn_end_state(game.playing_state(), decision.seat, stop)
    assert end is not None
    names = tuple(game.player_name(seat) for seat in range(len(game.seats)))
    name = end.monsters[decision.seat].name
    await table.option(StopRolling)
    return FirstTurn(board, picture_when_rolled, render_board(end, game.ai_seats(), names),
                     f"{name}: +1★ (1★) · {name} entered Tokyo")


def buttons(message: discord.Message) -> list[object]:
    return [child for row in message.components for child in getattr(row, "children", [])]


async def test_a_finished_turns_board_shows_the_turns_end_and_its_summary(
    table: Table,
) -> None:
    turn = await smash_into_tokyo(table)
    assert (await table.game()).board_message_id != turn.board  # the next turn's board
    closed = table.message(turn.board)
    assert closed.content == f"Turn 1 is over.\n{turn.summary}"
    assert not buttons(closed)
    shown = await closed.attachments[0].read()
    assert shown == turn.expected_picture
    assert shown != turn.picture_when_rolled


@pytest.mark.parametrize("end_state", [b"", b',"end_state":"{\\"schema\\":"'],
                         ids=["stored-before-it-was-kept", "unreadable"])
async def test_a_close_without_a_readable_end_state_keeps_the_picture(
    table: Table, end_state: bytes,
) -> None:
    """An outbox row written before the end state was kept (or one whose state cannot be
    read) is still carried out: the turn is over, with its narration, and the message keeps
    the picture it had."""
    turn = await smash_into_tokyo(table)
    kept = table.message(turn.board).attachments[0]
    stored = msgspec.json.decode(
        b'{"type":"CloseBoard","message_id":%d,"turn":1,"monster":"Kraken","log":["Once."]%s}'
        % (turn.board, end_state), type=Effect)
    games = service(table.env).games
    game = await table.game()
    async with games.lock(game.id):
        await games.save(await games.game(game.id), effects=(stored,))
    await bot_of(table.env).delivery.repair(game.id)

    closed = table.message(turn.board)
    assert closed.content == "Turn 1 is over."
    assert closed.embeds[0].title == "Turn 1: Kraken"
    assert closed.embeds[0].description == "Once."
    assert [a.id for a in closed.attachments] == [kept.id]
    assert not await games.outbox(game.id)
