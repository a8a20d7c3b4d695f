"""A question with more choices than fit as buttons is asked with menus, never cut short."""

from __future__ import annotations

import discord
import msgspec
from bot_harness import Table, rewrite_state

from engine import Buy, Card, GameState

MY_MONSTER = "📋 My monster"
STORY = "📜 Story"


def _many_keep_cards_and_mimic_for_sale(state: GameState) -> GameState:
    """The active monster can buy Mimic; the other owns 14 Keep cards to copy."""
    active = state.active
    other = 1 - active
    cards = tuple(Card(uid=1000 + i, key="extra_head" if i % 2 else "giant_brain")
                  for i in range(14))
    monsters = list(state.monsters)
    monsters[active] = msgspec.structs.replace(monsters[active], energy=20)
    monsters[other] = msgspec.structs.replace(monsters[other], cards=cards)
    face_up = (Card(uid=2000, key="mimic"), *state.face_up[1:])
    return msgspec.structs.replace(state, monsters=tuple(monsters), face_up=face_up)


async def test_a_question_with_many_choices_becomes_a_menu(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _many_keep_cards_and_mimic_for_sale)
    await table.roll_and_stop(["1", "2", "3", "1", "2", "energy"])
    game, decision, asked = await table.asked()
    assert decision.kind == "buy"
    mimic_slot = next(i for i, o in enumerate(decision.options)
                      if isinstance(o, Buy) and o.slot == 0)
    await table.click(f"o{mimic_slot}")

    game, decision, asked = await table.asked()
    assert decision.kind == "card" and decision.question == "mimic"
    assert len(decision.options) == 14
    board = table.message(game.board_message_id or 0)
    menus = [c for row in board.components for c in row.children
             if isinstance(c, discord.SelectMenu)]
    assert len(menus) == 1 and len(menus[0].options) == 14
    assert not [c for row in board.components for c in row.children
                if getattr(c, "custom_id", "").endswith(":o13")]

    # Choosing the last entry of the menu copies the 14th card.
    result = await asked.select(board, ["13"], custom_id=menus[0].custom_id)
    assert not result.ephemeral
    state = (await table.game()).state
    assert state is not None
    mimic = next(c for c in state.monsters[state.active].cards if c.key == "mimic")
    assert mimic.copies == 1013


def _tentacles_and_many_cards_to_buy(state: GameState) -> GameState:
    """The active monster has Parasitic Tentacles, Made in a Lab and energy; the other owns
    eight cards: a buy step with more choices than buttons."""
    active, other = state.active, 1 - state.active
    monsters = list(state.monsters)
    monsters[active] = msgspec.structs.replace(monsters[active], energy=30, cards=(
        Card(uid=900, key="parasitic_tentacles"), Card(uid=901, key="made_in_a_lab")))
    monsters[other] = msgspec.structs.replace(monsters[other], cards=tuple(
        Card(uid=1000 + i, key="extra_head" if i % 2 else "giant_brain") for i in range(8)))
    return msgspec.structs.replace(state, monsters=tuple(monsters))


async def test_a_buy_step_with_many_cards_keeps_end_turn_a_button(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _tentacles_and_many_cards_to_buy)
    await table.roll_and_stop(["1", "2", "3", "1", "2", "3"])
    game, decision, asked = await table.asked()
    assert decision.kind == "buy" and len(decision.options) == 3 + 8 + 3

    board = table.message(game.board_message_id or 0)
    rows = [row.children for row in board.components]
    assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)
    menus = [c for row in rows for c in row if isinstance(c, discord.SelectMenu)]
    assert len(menus) == 1 and menus[0].placeholder == "Buy a card (11 choices)"
    assert all((o.label or "").startswith("Buy ") for o in menus[0].options)
    # What ends or declines the step stays one click away.
    assert [c.label for row in rows for c in row if isinstance(c, discord.Button)] == [
        "Sweep cards (2⚡)", "Made in a Lab: look at the top card", "End turn",
        "📋 Skip buying from now on", MY_MONSTER, STORY]

    end = next(c for row in rows for c in row
               if isinstance(c, discord.Button) and c.label == "End turn")
    await asked.click(board, custom_id=end.custom_id)
    _game, decision, _asked = await table.asked()
    assert decision.kind == "roll"
