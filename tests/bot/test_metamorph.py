"""Metamorph's end-of-turn question on the board: one button per Keep card to sell (a menu
when there are more than fit), labelled with the card and its price, and a button to stop."""

from __future__ import annotations

from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, rewrite_state

from bot.i18n import ENGLISH, say
from engine import Card, GameState, option_label


def _owning(keys: list[str]) -> Callable[[GameState], GameState]:
    def change(state: GameState) -> GameState:
        active = state.active
        cards = tuple(Card(uid=1000 + i, key=key) for i, key in enumerate(keys))
        monsters = list(state.monsters)
        monsters[active] = msgspec.structs.replace(monsters[active], energy=0, cards=cards)
        return msgspec.structs.replace(state, monsters=tuple(monsters))
    return change


def _buttons(message: discord.Message) -> list[str]:
    return [getattr(c, "label", None) or "" for row in message.components
            for c in row.children if isinstance(c, discord.Button)]


async def _to_the_end_of_the_turn(table: Table, keys: list[str]) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _owning(keys))
    await table.roll_and_stop(["1", "2", "3", "1", "2", "3"])


async def test_metamorph_asks_with_a_button_per_card_and_sells_the_one_clicked(
        table: Table) -> None:
    await _to_the_end_of_the_turn(table, ["metamorph", "jets", "armor_plating"])
    game, decision, _asked = await table.asked()
    assert decision.kind == "card" and decision.question == "metamorph"
    assert game.state is not None
    labels = [say(ENGLISH, option_label(game.state, o)) for o in decision.options]
    assert labels == ["Sell Metamorph (3⚡)", "Sell Jets (5⚡)", "Sell Armor Plating (4⚡)",
                      "Sell nothing more"]
    board = table.message(game.board_message_id or 0)
    assert all(label in _buttons(board) for label in labels)
    energy = game.state.monsters[decision.seat].energy  # 1 for entering Tokyo (2 players)

    await table.click("o1")  # Jets
    game, decision, _asked = await table.asked()
    assert game.state is not None
    seller = game.state.monsters[decision.seat]
    assert seller.energy == energy + 5
    assert [c.key for c in seller.cards] == ["metamorph", "armor_plating"]
    assert decision.question == "metamorph"
    board = table.message(game.board_message_id or 0)
    assert "Sell Jets (5⚡)" not in _buttons(board)

    await table.click(f"o{len(decision.options) - 1}")  # sell nothing more
    game, decision, _asked = await table.asked()
    assert decision.kind == "roll"


async def test_metamorph_with_many_cards_asks_with_a_menu(table: Table) -> None:
    keys = ["metamorph", *(["extra_head", "giant_brain"] * 6)]
    await _to_the_end_of_the_turn(table, keys)
    game, decision, asked = await table.asked()
    assert decision.question == "metamorph" and len(decision.options) == 14
    assert game.state is not None
    energy = game.state.monsters[decision.seat].energy
    board = table.message(game.board_message_id or 0)
    menus = [c for row in board.components for c in row.children
             if isinstance(c, discord.SelectMenu)]
    assert len(menus) == 1
    assert [o.label for o in menus[0].options][:2] == ["Sell Metamorph (3⚡)",
                                                       "Sell Extra Head (7⚡)"]
    assert "Sell nothing more" in [o.label for o in menus[0].options] + _buttons(board)

    await asked.select(board, ["2"], custom_id=menus[0].custom_id)  # a Giant Brain
    state = (await table.game()).state
    assert state is not None
    assert state.monsters[decision.seat].energy == energy + 5
