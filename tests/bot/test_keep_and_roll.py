"""Keep and roll in one click: the suggestion "💡 Suggested: keep 1 1 1, roll 3"
(``x<counts>``) keeps the dice the Easy AI would keep and rolls the others, stored as the
engine's Keep then Roll in one change; on an out-of-date board it keeps what its label said
and the dice kept since; once the roll is gone it is refused and changes nothing. (That it
never releases a die the player kept: tests/bot/test_suggestion.py.)"""

from __future__ import annotations

from collections.abc import Awaitable

import msgspec
import pytest
from bot_harness import Table, bot_of, force_dice, private_reply, rewrite_state, service
from test_face_keep import kept, labels

from bot.table.model import ClickRefused
from engine import Face, GameState, Keep, Roll

# The Easy AI keeps the three 1s of this roll (and the board says so).
DICE: list[Face] = ["smash", "1", "heart", "1", "smash", "1"]
KEEP_ONES = "💡 Suggested: keep 1 1 1, roll 3"
ONES = "x300000"   # three 1s, no other face (in FACES order: 1 2 3 ⚡ ❤️ 💥)


async def rolled(table: Table, faces: list[Face], *, rolls_left: int = 2) -> None:
    """The active monster's dice show ``faces`` (after a roll), with ``rolls_left``."""
    game = await table.start_game(players=2)

    def one_more_roll(state: GameState) -> GameState:
        assert state.turn is not None
        return msgspec.structs.replace(
            state, turn=msgspec.structs.replace(state.turn, rolls_left=rolls_left + 1))

    await rewrite_state(table.env, game.id, one_more_roll)
    await force_dice(table.env, game.id, faces)
    await table.option(Roll)


async def logged(table: Table) -> list[object]:
    game = await table.game()
    return [entry.action for entry in await service(table.env).games.action_log(game.id)]


async def unseen(table: Table, click: Awaitable[object]) -> None:
    """Make a click whose board edit fails: the board goes on showing the buttons it had."""
    table.env.inject_error("PATCH", "*/messages/*", status=503, message="Service Unavailable",
                           times=None)
    await click
    table.env.backend.faults.clear()


def board_edits(table: Table) -> list[str]:
    return [request.path for request in table.env.http_requests
            if request.method == "PATCH" and "/messages/" in request.path]


async def test_one_click_keeps_the_dice_and_rolls_the_others(table: Table) -> None:
    await rolled(table, DICE)
    game, decision, asked = await table.asked()
    board = game.board_message_id or 0
    assert KEEP_ONES in labels(table, board)
    before = len(await logged(table))
    await force_dice(table.env, game.id, ["2", "energy", "3"])
    table.env.http_requests.clear()

    result = await asked.click(table.message(board), label=KEEP_ONES)

    assert private_reply(result) is None
    roll = next(o for o in decision.options if isinstance(o, Roll))
    assert (await logged(table))[before:] == [Keep(decision=decision.id, dice=(1, 3, 5)), roll]
    state = (await table.game()).state
    assert state is not None and state.turn is not None
    assert state.turn.dice == ("2", "1", "energy", "1", "3", "1")
    assert state.turn.kept == (1, 3, 5) and state.turn.rolls_left == 1
    # One change, shown by one edit of the board (no new board: the turn goes on).
    assert len(board_edits(table)) == 1
    assert (await table.game()).board_message_id == board


async def test_on_an_out_of_date_board_it_keeps_what_its_label_said_and_the_dice_kept_since(
    table: Table,
) -> None:
    await rolled(table, DICE)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    # The board still offers to keep the three 1s after a smash is kept.
    await unseen(table, table.click("h0"))
    assert await kept(table) == (0,)
    before = len(await logged(table))

    await asked.click(board, label=KEEP_ONES)

    # The 1s, and the smash kept since: a suggestion never releases a die the player kept.
    log = (await logged(table))[before:]
    assert log[0] == Keep(decision=decision.id, dice=(0, 1, 3, 5))
    assert isinstance(log[1], Roll) and len(log) == 2
    assert await kept(table) == (0, 1, 3, 5)


async def test_when_those_dice_are_kept_already_it_is_the_roll_alone(table: Table) -> None:
    await rolled(table, DICE)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    # The 1s kept: the board still shows the keep-and-roll button.
    await unseen(table, table.click("f0"))
    before = len(await logged(table))

    await asked.click(board, label=KEEP_ONES)

    assert (await logged(table))[before:] == [
        next(o for o in decision.options if isinstance(o, Roll))]


async def test_a_second_click_after_the_roll_is_refused_as_passed(table: Table) -> None:
    await rolled(table, DICE)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    custom_id = f"kot:g:{game.id}:{decision.id}:{ONES}"
    # The board still offers the same button after the roll.
    await unseen(table, asked.click(board, custom_id=custom_id))
    after = await table.game()
    assert after.state is not None and after.state.turn is not None
    assert after.state.turn.rolls_left == 1

    again = await asked.click(board, custom_id=custom_id)

    assert "passed" in (private_reply(again) or "")
    assert (await table.game()).state == after.state


@pytest.mark.parametrize(("code", "refusal"), [
    (ONES, "You have no roll left: keep the dice as they are with Done rolling."),
    ("x000004", "The dice no longer show what that button keeps: choose again on the board."),
    ("x1", "That button is not one this bot knows."),
], ids=["no roll left", "dice changed", "malformed"])
async def test_a_keep_and_roll_that_cannot_be_done_is_refused_and_changes_nothing(
    table: Table, code: str, refusal: str,
) -> None:
    """Made as if forged, straight to the service: a board offers none of these (it draws
    the button only with a roll left, from the dice it shows)."""
    await rolled(table, DICE)

    def no_roll_left(state: GameState) -> GameState:
        assert state.turn is not None
        return msgspec.structs.replace(state,
                                       turn=msgspec.structs.replace(state.turn, rolls_left=0))

    if code == ONES:
        await rewrite_state(table.env, (await table.game()).id, no_roll_left)
    game, decision, asked = await table.asked()
    before = await logged(table)

    with pytest.raises(ClickRefused) as refused:
        await service(table.env).click(game.id, asked.id, decision.id, code,
                                       bot_of(table.env).delivery.show)

    assert refused.value.detail_in("en") == refusal
    assert (await table.game()).state == game.state
    assert await logged(table) == before


async def test_no_keep_and_roll_button_when_it_would_be_roll_itself(table: Table) -> None:
    await rolled(table, DICE)
    await table.click("f0")   # the 1s, as the Easy AI would keep
    game = await table.game()

    shown = labels(table, game.board_message_id or 0)

    assert KEEP_ONES not in shown and "Roll (2 left)" in shown
