"""The suggestion button ("💡 Suggested: keep 3 ⚡, roll 4"): it says it is the Easy AI's
suggestion, fits a button, and never releases a die the player kept: it suggests the best
keep that holds the player's dice (none when that is what Roll does)."""

from __future__ import annotations

import random

import discord
import pytest
from bot_harness import Table, force_dice
from test_face_keep import board_buttons, kept, labels
from test_keep_and_roll import rolled

from engine import FACES, Face

# At the start of a duel the Easy AI keeps the 3 and the ⚡ of this roll, not the 1s.
DICE: list[Face] = ["1", "1", "energy", "smash", "2", "3"]
SUGGESTED = "💡 Suggested: keep 3 ⚡, roll 4"
BUTTON_LABEL = 80


def suggestion(table: Table, board: int) -> discord.Button | None:
    """The board's suggestion button (its custom id ends in x<counts>), if any."""
    found = [button for row in board_buttons(table, board) for button in row
             if ":x" in (button.custom_id or "")]
    assert len(found) <= 1
    return found[0] if found else None


def suggested_counts(button: discord.Button) -> dict[Face, int]:
    digits = (button.custom_id or "").rsplit(":x", 1)[1]
    return dict(zip(FACES, map(int, digits), strict=True))


async def test_the_suggestion_says_it_is_one(table: Table) -> None:
    await rolled(table, DICE)
    game = await table.game()

    shown = labels(table, game.board_message_id or 0)

    assert SUGGESTED in shown
    button = suggestion(table, game.board_message_id or 0)
    assert button is not None and button.label == SUGGESTED
    assert button.style == discord.ButtonStyle.primary


async def test_the_suggestion_never_releases_the_dice_the_player_kept(table: Table) -> None:
    await rolled(table, DICE)
    # The player keeps the two 1s, which the Easy AI would reroll.
    await table.click("h0")
    await table.click("h1")
    game, _decision, asked = await table.asked()
    board = game.board_message_id or 0

    button = suggestion(table, board)

    # The best keep that holds the 1s: the ⚡ beside them.
    assert button is not None and button.label == "💡 Suggested: keep 1 1 ⚡, roll 3"
    assert suggested_counts(button)["1"] == 2
    await force_dice(table.env, game.id, ["heart", "smash"])
    await asked.click(table.message(board), label=button.label)
    assert {0, 1} <= set(await kept(table))


@pytest.mark.parametrize("seed", range(6))
async def test_whatever_the_player_keeps_no_suggestion_drops_it(table: Table, seed: int) -> None:
    chance = random.Random(seed)
    faces: list[Face] = [chance.choice(FACES) for _ in range(6)]
    await rolled(table, faces)
    held = sorted(chance.sample(range(6), chance.randint(1, 4)))
    for die in held:
        await table.click(f"h{die}")
    game = await table.game()

    button = suggestion(table, game.board_message_id or 0)

    if button is not None:
        counts = suggested_counts(button)
        for face in FACES:
            assert counts[face] >= sum(faces[die] == face for die in held), (faces, held)
        assert (button.label or "").startswith("💡 Suggested: ")
        assert len(button.label or "") <= BUTTON_LABEL
