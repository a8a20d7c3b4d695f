"""The controls of the cards that act on the dice, clicked through as a player would: "set a
die to a face" (Plot Twist, Stretchy), "turn a die into a 1" (Herd Culler), "reroll 3s"
(Background Dweller), a paid roll (Energy Drink, beside Smoke Cloud), and Freeze Time's
"take the extra turn"."""

from __future__ import annotations

from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, force_dice, private_reply, rewrite_state
from simcord import MemberActor

from engine import Card, Face, GameState, Roll, StopRolling

MY_MONSTER = "📋 My monster"
STORY = "📜 Story"

FILLER: list[Face] = ["2", "2", "3", "heart", "energy", "smash"]
# A button label longer than this wraps onto a second line on a phone (tools/screens.py).
PHONE_LABEL = 40


def give(*cards: tuple[str, int], energy: int = 0) -> Callable[[GameState], GameState]:
    """The active monster gets these cards (key, tokens) and this much energy."""

    def change(state: GameState) -> GameState:
        active = state.active
        owned = tuple(Card(uid=3000 + i, key=key, tokens=tokens)
                      for i, (key, tokens) in enumerate(cards))
        monsters = list(state.monsters)
        monsters[active] = msgspec.structs.replace(monsters[active], energy=energy,
                                                   cards=owned)
        return msgspec.structs.replace(state, monsters=tuple(monsters))

    return change


def buttons(table: Table, message_id: int) -> list[discord.Button]:
    board = table.message(message_id)
    return [c for row in board.components for c in row.children
            if isinstance(c, discord.Button)]


def labels(table: Table, message_id: int) -> list[str]:
    return [b.label or "" for b in buttons(table, message_id)]


async def roll_with(table: Table, dice: list[Face], *cards: tuple[str, int],
                    energy: int = 0) -> MemberActor:
    """The active monster gets the cards, then rolls into ``dice``: the new roll question
    offers what the cards can do. Returns the player asked."""
    game = await table.game()
    await rewrite_state(table.env, game.id, give(*cards, energy=energy))
    await force_dice(table.env, game.id, dice)
    await table.option(Roll)
    _game, decision, asked = await table.asked()
    assert decision.kind == "roll"
    return asked


async def click_label(table: Table, who: MemberActor, label: str) -> None:
    game = await table.game()
    assert game.board_message_id is not None
    result = await who.click(table.message(game.board_message_id), label=label)
    assert private_reply(result) is None, private_reply(result)


async def test_stretchy_sets_a_die_to_a_face_in_three_clicks(table: Table) -> None:
    await table.start_game(players=2)
    alice = await roll_with(table, FILLER, ("stretchy", 0), energy=4)
    game = await table.game()
    assert game.board_message_id is not None
    assert "Stretchy: set a die to any face (2⚡)" in labels(table, game.board_message_id)

    await click_label(table, alice, "Stretchy: set a die to any face (2⚡)")
    game, decision, _ = await table.asked()
    assert decision.question == "stretchy"
    assert game.board_message_id is not None
    assert labels(table, game.board_message_id) == [
        "Die 1 (2)", "Die 2 (2)", "Die 3 (3)", "Die 4 (❤️)", "Die 5 (⚡)", "Die 6 (💥)", "Cancel",
        MY_MONSTER, STORY]

    await click_label(table, alice, "Die 3 (3)")
    game, decision, _ = await table.asked()
    assert decision.question == "stretchy_face"
    assert game.board_message_id is not None
    assert labels(table, game.board_message_id) == [
        "1", "2", "⚡ energy", "❤️ heart", "💥 smash", "Cancel", MY_MONSTER,
        STORY]

    await click_label(table, alice, "2")
    game, decision, _ = await table.asked()
    state = game.state
    assert state is not None and state.turn is not None
    assert decision.kind == "roll" and state.turn.dice[:3] == ("2", "2", "2")
    assert state.monsters[state.active].energy == 2


async def test_plot_twist_is_discarded_once_used_and_cancel_keeps_it(table: Table) -> None:
    await table.start_game(players=2)
    alice = await roll_with(table, FILLER, ("plot_twist", 0))
    await click_label(table, alice, "Plot Twist: set a die to any face (once)")
    game = await table.game()
    assert game.board_message_id is not None
    cancel = next(b for b in buttons(table, game.board_message_id) if b.label == "Cancel")
    assert cancel.style is discord.ButtonStyle.secondary   # declining is grey, like End turn
    await click_label(table, alice, "Cancel")
    game, decision, _ = await table.asked()
    assert decision.kind == "roll"
    assert game.state is not None and game.state.monsters[game.state.active].cards

    await click_label(table, alice, "Plot Twist: set a die to any face (once)")
    await click_label(table, alice, "Die 6 (💥)")
    await click_label(table, alice, "3")
    game, decision, _ = await table.asked()
    state = game.state
    assert state is not None and state.turn is not None
    assert state.turn.dice == ("2", "2", "3", "heart", "energy", "3")
    assert not state.monsters[state.active].cards
    assert game.board_message_id is not None
    assert not [x for x in labels(table, game.board_message_id) if "Plot Twist" in x]


async def test_herd_culler_turns_a_die_into_a_1_once_a_turn(table: Table) -> None:
    await table.start_game(players=2)
    alice = await roll_with(table, ["1", "1", "2", "3", "heart", "smash"], ("herd_culler", 0))
    await click_label(table, alice, "Herd Culler: turn a die into a 1")
    game = await table.game()
    assert game.board_message_id is not None
    assert labels(table, game.board_message_id) == [
        "Die 3 (2) → 1", "Die 4 (3) → 1", "Die 5 (❤️) → 1", "Die 6 (💥) → 1", "Cancel",
        MY_MONSTER, STORY]
    await click_label(table, alice, "Die 4 (3) → 1")
    game, _decision, _ = await table.asked()
    state = game.state
    assert state is not None and state.turn is not None
    assert state.turn.dice == ("1", "1", "2", "1", "heart", "smash")
    assert game.board_message_id is not None
    assert not [x for x in labels(table, game.board_message_id) if "Herd Culler" in x]


async def test_background_dweller_rerolls_3s_and_is_greyed_out_when_every_3_is_kept(
    table: Table,
) -> None:
    await table.start_game(players=2)
    alice = await roll_with(table, ["3", "3", "2", "2", "heart", "smash"],
                            ("background_dweller", 0))
    game = await table.game()
    await force_dice(table.env, game.id, ["heart"])
    await table.click("h0")   # keep the first 3: only the second is rerolled
    await click_label(table, alice, "Background Dweller: reroll 3s")
    game, _decision, _ = await table.asked()
    state = game.state
    assert state is not None and state.turn is not None
    assert state.turn.dice == ("3", "heart", "2", "2", "heart", "smash")
    assert state.turn.rolls_left == 1   # no roll used up
    assert game.board_message_id is not None
    assert "Background Dweller: reroll 3s" not in labels(table, game.board_message_id)

    # Rolling a 3 again, then keeping it: the button stays, greyed out.
    await force_dice(table.env, game.id, ["3", "2", "2", "heart", "smash"])
    await table.option(Roll)
    game = await table.game()
    assert game.board_message_id is not None
    reroll = next(b for b in buttons(table, game.board_message_id)
                  if b.label == "Background Dweller: reroll 3s")
    assert not reroll.disabled
    await table.click("h1")
    game = await table.game()
    assert game.board_message_id is not None
    reroll = next(b for b in buttons(table, game.board_message_id)
                  if b.label == "Background Dweller: reroll 3s")
    assert reroll.disabled


async def test_energy_drink_and_smoke_cloud_each_offer_their_own_roll(table: Table) -> None:
    await table.start_game(players=2)
    await roll_with(table, FILLER, ("smoke_cloud", 2), ("energy_drink", 0), energy=3)
    game = await table.game()
    await force_dice(table.env, game.id, FILLER)
    await table.option(Roll)
    game, _decision, alice = await table.asked()
    assert game.board_message_id is not None
    shown = labels(table, game.board_message_id)
    assert "Roll (Smoke Cloud)" in shown and "Roll (Energy Drink: pay 1⚡)" in shown
    # No normal roll is left: the question says the roll comes from a card.
    content = table.message(game.board_message_id).content
    assert "roll again with a card, or stop?" in content and "0 rolls" not in content

    await force_dice(table.env, game.id, FILLER)
    await click_label(table, alice, "Roll (Energy Drink: pay 1⚡)")
    game, _decision, _ = await table.asked()
    state = game.state
    assert state is not None
    monster = state.monsters[state.active]
    assert monster.energy == 2
    assert next(c for c in monster.cards if c.key == "smoke_cloud").tokens == 2


async def test_freeze_time_offers_the_extra_turn_with_one_die_fewer(table: Table) -> None:
    await table.start_game(players=2)
    await roll_with(table, ["1", "1", "1", "2", "2", "energy"], ("freeze_time", 0))
    await table.option(StopRolling)
    game, decision, alice = await table.asked()
    while decision.kind == "buy":   # (the energy die may pay for a sweep)
        await table.click(f"o{len(decision.options) - 1}")
        game, decision, alice = await table.asked()
    assert decision.question == "freeze_time"
    assert game.board_message_id is not None
    assert labels(table, game.board_message_id) == ["Take the extra turn (5 dice)",
                                                    "No extra turn", MY_MONSTER, STORY]
    seat = decision.seat
    await click_label(table, alice, "Take the extra turn (5 dice)")
    game, decision, _ = await table.asked()
    state = game.state
    assert state is not None and state.turn is not None
    assert state.turn.seat == seat and state.turn.extra and len(state.turn.dice) == 5
    assert game.board_message_id is not None
    dice_buttons = [x for x in labels(table, game.board_message_id) if x.endswith("keep")]
    assert len(dice_buttons) == 5


async def test_many_dice_tools_fit_the_board(table: Table) -> None:
    """Every card that can act is a button, five to a row, within Discord's five rows."""
    await table.start_game(players=2)
    await roll_with(table, FILLER, ("plot_twist", 0), ("stretchy", 0), ("herd_culler", 0),
                    ("background_dweller", 0), ("smoke_cloud", 3), ("energy_drink", 0),
                    energy=5)
    game = await table.game()
    await force_dice(table.env, game.id, FILLER)
    await table.option(Roll)
    game, decision, _ = await table.asked()
    assert len(decision.options) == 7   # two rolls, Done rolling, four dice tools
    assert game.board_message_id is not None
    board = table.message(game.board_message_id)
    assert len(board.components) <= 5
    assert all(len(row.children) <= 5 for row in board.components)
    # (and "Keep 2s ×2", and 📋 My monster and 📜 Story)
    assert len(buttons(table, game.board_message_id)) == 6 + 1 + 7 + 2
    # Each card's button fits one line of a phone.
    too_long = [x for x in labels(table, game.board_message_id) if len(x) > PHONE_LABEL]
    assert not too_long
