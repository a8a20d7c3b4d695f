"""A question with more choices than fit as buttons is asked with menus, never cut short."""

from __future__ import annotations

import discord
import msgspec
from bot_harness import Table, force_dice, rewrite_state

from engine import Buy, Card, GameState, Roll, StopRolling


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
    await force_dice(table.env, game.id, ["1", "2", "3", "1", "2", "energy"])
    await table.option(Roll)
    await table.option(StopRolling)
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
