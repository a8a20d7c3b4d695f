"""Keeping dice by face: "Keep 1s ×3" keeps every die showing 1 in one click (one engine
action), on an out-of-date board too; the roll's buttons fit Discord's five rows of five with
the most dice and dice tools a monster can hold."""

from __future__ import annotations

import discord
import msgspec
import pytest
from bot_harness import Table, bot_of, force_dice, private_reply, rewrite_state, service

from bot.table.model import ClickRefused
from engine import Card, Face, GameState, Keep, Roll

MY_MONSTER = "📋 My monster"
STORY = "📜 Story"

MAX_ROWS = 5
MAX_BUTTONS_IN_ROW = 5


def board_buttons(table: Table, message_id: int) -> list[list[discord.Button]]:
    """The board's buttons, row by row."""
    return [[c for c in row.children if isinstance(c, discord.Button)]
            for row in table.message(message_id).components]


def labels(table: Table, message_id: int) -> list[str]:
    return [b.label or "" for row in board_buttons(table, message_id) for b in row]


async def roll_into(table: Table, faces: list[Face]) -> None:
    game = await table.game()
    await force_dice(table.env, game.id, faces)
    await table.option(Roll)


async def kept(table: Table) -> tuple[int, ...]:
    state = (await table.game()).state
    assert state is not None and state.turn is not None
    return state.turn.kept


async def test_a_face_button_keeps_every_die_of_that_face_in_one_action(table: Table) -> None:
    game = await table.start_game(players=2)
    await roll_into(table, ["smash", "1", "heart", "1", "smash", "1"])
    game, decision, asked = await table.asked()
    board = game.board_message_id or 0
    # Faces two or more loose dice show; the lone heart has only its die's button. (Before
    # Roll, the keep-and-roll button: tests/bot/test_keep_and_roll.py.)
    assert labels(table, board)[6:] == ["Keep 1s ×3", "Keep 💥 ×2",
                                        "💡 Suggested: keep 1 1 1, roll 3",
                                        "Roll (1 left)", "Done rolling", MY_MONSTER, STORY]
    logged = len(await service(table.env).games.action_log(game.id))

    result = await asked.click(table.message(board), label="Keep 1s ×3")

    assert private_reply(result) is None
    assert await kept(table) == (1, 3, 5)
    log = await service(table.env).games.action_log(game.id)
    assert [entry.action for entry in log[logged:]] == [Keep(decision=decision.id,
                                                             dice=(1, 3, 5))]
    # The 1s are kept (green, "release"), their face button is gone, the smashes' stays;
    # keeping the 1s and rolling is now what Roll does.
    assert labels(table, board) == [
        "💥 keep", "✓ 1 release", "❤️ keep", "✓ 1 release", "💥 keep", "✓ 1 release",
        "Keep 💥 ×2", "Roll (1 left)", "Done rolling", MY_MONSTER, STORY]


async def test_a_face_button_adds_to_the_dice_kept_and_counts_only_the_loose_ones(
    table: Table,
) -> None:
    await table.start_game(players=2)
    await roll_into(table, ["2", "2", "energy", "2", "energy", "heart"])
    await table.click("h0")
    game, _decision, asked = await table.asked()
    assert "Keep 2s ×2" in labels(table, game.board_message_id or 0)

    await asked.click(table.message(game.board_message_id or 0), label="Keep ⚡ ×2")
    assert await kept(table) == (0, 2, 4)
    await asked.click(table.message(game.board_message_id or 0), label="Keep 2s ×2")
    assert await kept(table) == (0, 1, 2, 3, 4)
    assert not [x for x in labels(table, game.board_message_id or 0) if x.startswith("Keep")]


async def test_a_face_button_on_an_out_of_date_board_does_what_it_said(table: Table) -> None:
    await table.start_game(players=2)
    await roll_into(table, ["3", "3", "3", "heart", "energy", "smash"])
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    keep_threes = f"kot:g:{game.id}:{decision.id}:f2"
    assert keep_threes in [b.custom_id for row in board_buttons(table, board.id) for b in row]
    # The board is not updated after this click: it still offers "Keep 3s ×3".
    table.env.inject_error("PATCH", "*/messages/*", status=503, message="Service Unavailable",
                           times=None)
    await asked.click(board, custom_id=keep_threes)
    table.env.backend.faults.clear()
    logged = len(await service(table.env).games.action_log(game.id))

    again = await asked.click(board, custom_id=keep_threes)

    # Every 3 is kept already: nothing changes in the game, the board catches up.
    assert again.acknowledged and private_reply(again) is None
    assert await kept(table) == (0, 1, 2)
    assert len(await service(table.env).games.action_log(game.id)) == logged
    assert "Keep 3s ×3" not in labels(table, board.id)


async def test_a_face_no_die_shows_is_refused_and_changes_nothing(table: Table) -> None:
    """A board never offers one (its faces are its roll's, which keeping cannot change), so
    the click is made as if forged, straight to the service."""
    await table.start_game(players=2)
    await roll_into(table, ["1", "1", "2", "2", "3", "3"])
    game, decision, asked = await table.asked()

    with pytest.raises(ClickRefused) as refused:
        await service(table.env).click(game.id, asked.id, decision.id, "f5",   # smashes
                                       bot_of(table.env).delivery.show)

    assert refused.value.detail_in("en") == "No die shows that face now."
    assert (await table.game()).state == game.state


def _every_dice_card(mimic_copies_a_head: bool) -> list[Card]:
    """Two Extra Heads (8 dice), with Mimic on one of them a ninth; every card that acts on
    the dice or gives a roll."""
    heads = [Card(uid=3000, key="extra_head"), Card(uid=3001, key="extra_head")]
    mimic = [Card(uid=3002, key="mimic", copies=3000)] if mimic_copies_a_head else []
    tools = ["plot_twist", "stretchy", "herd_culler", "background_dweller", "energy_drink"]
    return [*heads, *mimic, *(Card(uid=3010 + i, key=key) for i, key in enumerate(tools)),
            Card(uid=3020, key="smoke_cloud", tokens=3)]


@pytest.mark.parametrize("mimic_copies_a_head", [False, True], ids=["8 dice", "9 dice"])
@pytest.mark.parametrize("rolls_left", [0, 1], ids=["last roll", "a roll left"])
async def test_the_most_dice_and_every_dice_tool_fit_in_five_rows(
    table: Table, mimic_copies_a_head: bool, rolls_left: int,
) -> None:
    """After the last normal roll the cards' rolls are offered; with a roll left, the
    keep-and-roll button is."""
    cards = tuple(_every_dice_card(mimic_copies_a_head))
    faces: list[Face] = ["1", "1", "2", "2", "3", "3", "heart", "heart", "smash"]
    dice = faces[:9 if mimic_copies_a_head else 8]

    def with_cards(state: GameState) -> GameState:
        monsters = list(state.monsters)
        monsters[state.active] = msgspec.structs.replace(monsters[state.active], cards=cards,
                                                         energy=10)
        assert state.turn is not None
        turn = msgspec.structs.replace(state.turn, dice=tuple(dice), green=len(dice) - 6,
                                       rolls_left=rolls_left + 1)
        return msgspec.structs.replace(state, monsters=tuple(monsters), turn=turn)

    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, with_cards)
    await roll_into(table, dice)
    game, decision, _asked = await table.asked()
    assert game.state is not None and game.state.turn is not None
    assert game.state.turn.dice == tuple(dice)

    rows = board_buttons(table, game.board_message_id or 0)
    assert len(rows) <= MAX_ROWS
    assert all(len(row) <= MAX_BUTTONS_IN_ROW for row in rows)
    shown = [b.label or "" for row in rows for b in row]
    keep_and_roll = [label for label in shown if label.startswith("💡 Suggested")]
    assert len(keep_and_roll) == rolls_left
    # The dice, four faces, the keep-and-roll button with a roll left, the options, and
    # 📋 My monster and 📜 Story (the last row has room for them).
    assert len(shown) == len(dice) + 4 + len(keep_and_roll) + len(decision.options) + 2
    assert shown[-2:] == [MY_MONSTER, STORY]
    faces_offered = [label for label in shown if label.startswith("Keep") and
                     label not in keep_and_roll]
    assert faces_offered == ["Keep 1s ×2", "Keep 2s ×2", "Keep 3s ×2", "Keep ❤️ ×2"]
    rolls = ({"Roll (1 left)"} if rolls_left else
             {"Roll (Energy Drink: pay 1⚡)", "Roll (Smoke Cloud)"})
    assert rolls | {"Done rolling", "Background Dweller: reroll 3s"} <= set(shown)
