"""Origins' new cards through the real bot: their questions need no code of the bot's own
(the engine labels them), so they are clicked like any card's: Shrinky's die change on the
roll, and Scavenger's purchases from the discard pile in the buy step."""

from __future__ import annotations

import msgspec
from bot_harness import Table, rewrite_state
from test_dice_tools import click_label, labels, roll_with

from engine import GameState, StopRolling


async def test_shrinky_turns_a_2_into_a_1_by_its_button(table: Table) -> None:
    await table.start_game(players=2)
    alice = await roll_with(table, ["2", "1", "1", "3", "heart", "smash"], ("shrinky", 0))
    game = await table.game()
    shown = labels(table, game.board_message_id or 0)
    tool = next(label for label in shown if label.startswith("Shrinky"))
    assert tool == "Shrinky: count a 2 as a 1"
    await click_label(table, alice, tool)
    game = await table.game()
    die = next(label for label in labels(table, game.board_message_id or 0)
               if label.startswith("Die 1"))
    await click_label(table, alice, die)
    state = (await table.game()).playing_state()
    assert state.turn is not None and state.turn.dice[:3] == ("1", "1", "1")


async def test_scavenger_buys_from_the_discard_pile_by_its_button(table: Table) -> None:
    game = await table.start_game(players=2)
    alice = await roll_with(table, ["1", "2", "3", "1", "2", "3"], ("scavenger", 0),
                            energy=10)

    def discarded(state: GameState) -> GameState:
        return msgspec.structs.replace(state, discard=("tank", "skyscraper"))

    await rewrite_state(table.env, game.id, discarded)
    await table.option(StopRolling)
    game, decision, _asked = await table.asked()
    assert decision.kind == "buy"
    shown = labels(table, game.board_message_id or 0)
    assert "Buy Skyscraper from the discard pile (6⚡)" in shown
    await click_label(table, alice, "Buy Skyscraper from the discard pile (6⚡)")
    state = (await table.game()).playing_state()
    buyer = state.monsters[decision.seat]
    # 10⚡, +1 for entering Tokyo (the 2-player variant), −6 for the Skyscraper.
    assert buyer.vp == 4 and buyer.energy == 5
    assert "skyscraper" not in state.discard and state.deck[-1] == "skyscraper"
