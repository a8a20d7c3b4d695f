"""Turns that end by themselves (a buy or a sweep that spends the last energy: nothing left to
buy, so the next turn starts in the same click) leave their story on the closed turn's
message: what was bought, and which cards the sweep took away and which came, which the new
board no longer shows."""

from __future__ import annotations

from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, rewrite_state

from engine import Buy, Card, GameState, Sweep

QUIET_DICE = ["1", "2", "3", "1", "2", "3"]  # (no energy, no smash: the buy step as it was)
SHOP = (Card(uid=2001, key="jets"), Card(uid=2002, key="skyscraper"),
        Card(uid=2003, key="energize"))


def _with_energy(energy: int) -> Callable[[GameState], GameState]:
    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        monsters[state.active] = msgspec.structs.replace(monsters[state.active], energy=energy)
        return msgspec.structs.replace(state, monsters=tuple(monsters), face_up=SHOP,
                                       deck=("frenzy", "tank", "heal", "corner_store"))
    return change


def _closed(table: Table, board: int) -> tuple[str, str]:
    """The closed turn's message: its text above the picture, and its log."""
    message: discord.Message = table.message(board)
    assert message.components == []  # closed: no buttons
    return message.content, message.embeds[0].description or ""


async def test_a_buy_that_spends_the_last_energy_says_what_was_bought(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with_energy(5))
    await table.roll_and_stop(QUIET_DICE)
    game, decision, _ = await table.asked()
    assert decision.kind == "buy"
    board, turn = game.board_message_id or 0, game.playing_state().turn
    await table.option(Buy)  # Jets, 5⚡: nothing left to buy, the turn ends by itself

    after = await table.game()
    assert after.board_message_id != board and after.playing_state().turn != turn
    content, log = _closed(table, board)
    assert "bought Jets" in content.splitlines()[1]
    assert "buys Jets for 5⚡." in log


async def test_a_sweep_that_spends_the_last_energy_names_the_cards_gone_and_come(
    table: Table,
) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with_energy(2))
    await table.roll_and_stop(QUIET_DICE)
    game, decision, _ = await table.asked()
    assert decision.kind == "buy"
    board = game.board_message_id or 0
    await table.option(Sweep)  # 2⚡: nothing left to buy, the turn ends by itself

    assert (await table.game()).board_message_id != board
    content, log = _closed(table, board)
    assert ("swept away Jets, Skyscraper, Energize for Frenzy, Tank, Heal"
            in content.splitlines()[1])
    assert "sweeps away Jets, Skyscraper, Energize." in log
