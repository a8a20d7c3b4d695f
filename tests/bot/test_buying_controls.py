"""The controls of the buying and heart-dice cards, clicked through the real bot: Parasitic
Tentacles' purchases on the board, Made in a Lab's private question (nobody else may see the
card), Monster Batteries' menu of amounts, Healing Ray's choice of monster and hearts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import msgspec
from bot_harness import Table, private_reply, rewrite_state

from engine import (
    Buy,
    Card,
    Choose,
    Decision,
    GameState,
    Options,
    PickCard,
    UseCard,
)

MY_MONSTER = "📋 My monster"
STORY = "📜 Story"


def _with(active_cards: tuple[Card, ...] = (), other_cards: tuple[Card, ...] = (), *,
          energy: int = 0, other_energy: int = 0, other_hearts: int = 10,
          **state_changes: Any) -> Callable[[GameState], GameState]:
    """A change for rewrite_state: the active monster's and the other monster's cards and
    energy, and any field of the state (face-up cards, deck, options)."""

    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        active, other = state.active, 1 - state.active
        monsters[active] = msgspec.structs.replace(monsters[active], cards=active_cards,
                                                   energy=energy)
        monsters[other] = msgspec.structs.replace(monsters[other], cards=other_cards,
                                                  energy=other_energy, hearts=other_hearts)
        return msgspec.structs.replace(state, monsters=tuple(monsters), **state_changes)

    return change


QUIET_DICE = ["1", "2", "3", "1", "2", "3"]
FACE_UP = (Card(uid=2001, key="heal"), Card(uid=2002, key="tank"),
           Card(uid=2003, key="skyscraper"))


async def _to_buy_step(table: Table, dice: list[str] = QUIET_DICE) -> None:
    await table.roll_and_stop(dice)


def _texts(message: discord.Message) -> str:
    """Everything a player reads on a message: text, embeds, button and menu labels."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "",
                  *(f"{f.name} {f.value}" for f in embed.fields)]
    for row in message.components:
        for item in getattr(row, "children", []):
            parts.append(getattr(item, "label", None) or getattr(item, "placeholder", "") or "")
            parts += [option.label for option in getattr(item, "options", [])]
    return "\n".join(p for p in parts if p)


def _labels(message: discord.Message) -> list[str]:
    return [getattr(item, "label", "") or "" for row in message.components
            for item in getattr(row, "children", [])]


def _option(decision: Decision, wanted: Callable[[Any], bool]) -> int:
    return next(i for i, o in enumerate(decision.options)
                if isinstance(o, Choose) and wanted(o.choice))


async def test_parasitic_tentacles_buys_another_monsters_card_from_the_board(
    table: Table,
) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with(
        (Card(uid=3001, key="parasitic_tentacles"),), (Card(uid=3002, key="jets"),),
        energy=6, face_up=FACE_UP))
    await _to_buy_step(table)
    game, decision, asked = await table.asked()
    assert game.state is not None and decision.kind == "buy"
    seller = game.state.monsters[1 - game.state.active].name
    board = table.message(game.board_message_id or 0)
    assert f"Buy Jets from {seller} (5⚡)" in _labels(board)

    await table.click(f"o{_option(decision, lambda c: c == PickCard(uid=3002))}")

    state = (await table.game()).state
    assert state is not None
    assert [c.key for c in state.monsters[state.active].cards] == ["parasitic_tentacles",
                                                                    "jets"]
    assert state.monsters[1 - state.active].energy == 5
    board = table.message((await table.game()).board_message_id or 0)
    assert f"buys Jets from {seller} for 5⚡" in _texts(board)
    assert asked.id == (await table.asked())[2].id


async def test_made_in_a_lab_shows_the_top_card_to_its_owner_alone(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with(
        (Card(uid=3001, key="made_in_a_lab"),), energy=10, face_up=FACE_UP,
        deck=("energize", "corner_store", "frenzy")))
    await _to_buy_step(table)
    game, decision, owner = await table.asked()
    other = next(p for p in table.players[:2] if p is not owner)
    assert game.state is not None
    energy = game.state.monsters[game.state.active].energy   # 10, +1 for entering Tokyo

    # Looking: the answer comes privately, with the card and its buttons.
    looked = await table.click(f"o{_option(decision, lambda c: c == UseCard(uid=3001))}")
    private = [m for m in looked.followups if m.ephemeral]
    assert len(private) == 1 and "Energize" in private[0].content
    assert _labels(private[0].message) == ["Buy Energize (8⚡)", "Leave it on the deck"]

    # Nobody else sees it: not on the board (text, log, buttons), not the private message.
    game, decision, _owner = await table.asked()
    assert decision.question == "lab"
    seen_by_other = table.channel.history(viewer=other)
    assert seen_by_other and not [m for m in seen_by_other if "Energize" in _texts(m)]
    assert private[0].id not in {m.id for m in seen_by_other}
    board = table.message(game.board_message_id or 0)
    assert "looks at the top card of the deck" in _texts(board)
    assert _labels(board) == ["🔒 Show me privately", MY_MONSTER, STORY]

    # The board's lock button: refused to the other player, shown again to the owner.
    refused = await table.click("p0", by=other)
    said = private_reply(refused) or ""
    assert said.startswith("This question is for") and "Energize" not in said
    again = await table.click("p0")
    assert "Energize" in (private_reply(again) or "")

    # Buying from the private message: done, and the message says so without buttons.
    bought = await owner.click(private[0].message, label="Buy Energize (8⚡)")
    assert bought.acknowledged
    state = (await table.game()).state
    assert state is not None and state.deck[:1] == ("corner_store",)
    assert state.monsters[state.active].energy == energy - 8 + 9
    after = table.channel.history(viewer=owner)
    edited = next(m for m in after if m.id == private[0].id)
    assert edited.content == "✅ Buy Energize (8⚡)" and not edited.components


async def test_made_in_a_lab_left_on_the_deck_stays_secret(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with(
        (Card(uid=3001, key="made_in_a_lab"),), energy=2, face_up=FACE_UP,
        deck=("energize", "corner_store")))
    await _to_buy_step(table)
    _game, decision, owner = await table.asked()
    other = next(p for p in table.players[:2] if p is not owner)
    looked = await table.click(f"o{_option(decision, lambda c: c == UseCard(uid=3001))}")
    private = next(m for m in looked.followups if m.ephemeral)
    # Too dear: leaving it is the only answer, and the board cannot tell.
    assert "You have only 3⚡" in private.content   # 2, +1 for entering Tokyo
    assert _labels(private.message) == ["Leave it on the deck"]

    await owner.click(private.message, label="Leave it on the deck")
    state = (await table.game()).state
    assert state is not None and state.deck[:1] == ("energize",)
    assert not [m for m in table.channel.history(viewer=other) if "Energize" in _texts(m)]


async def test_monster_batteries_asks_how_much_with_a_menu(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with(
        energy=14, options=Options(edition="2011"),
        face_up=(Card(uid=2001, key="battery_monster"), *FACE_UP[1:])))
    await _to_buy_step(table)
    game, decision, owner = await table.asked()
    await table.option(Buy)   # Monster Batteries, in the first slot

    game, decision, owner = await table.asked()
    assert decision.question == "batteries" and len(decision.options) == 13   # 12 down to 0
    board = table.message(game.board_message_id or 0)
    menus = [c for row in board.components for c in row.children
             if isinstance(c, discord.SelectMenu)]
    assert len(menus) == 1
    labels = [o.label for o in menus[0].options]
    assert labels[0] == "Put 12⚡ (the bank adds 12⚡)"
    assert labels[-1] == "Nothing (the card is discarded)"
    three = labels.index("Put 3⚡ (the bank adds 3⚡)")

    await owner.select(board, [str(three)], custom_id=menus[0].custom_id)

    state = (await table.game()).state
    assert state is not None
    mine = state.monsters[state.active]
    assert mine.energy == 9 and [(c.key, c.tokens) for c in mine.cards] == [
        ("battery_monster", 6)]


async def test_healing_ray_heals_the_monster_clicked_and_it_pays(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _with(
        (Card(uid=3001, key="healing_ray"),), energy=0, other_energy=6, other_hearts=5,
        face_up=FACE_UP))
    await _to_buy_step(table, ["heart", "heart", "heart", "1", "2", "3"])
    game, decision, healer = await table.asked()
    assert game.state is not None and decision.question == "healing_ray"
    patient = game.state.monsters[1 - game.state.active].name
    board = table.message(game.board_message_id or 0)
    assert _labels(board) == [f"Heal {patient} +1❤️ (pays you 2⚡)",
                              f"Heal {patient} +2❤️ (pays you 4⚡)",
                              f"Heal {patient} +3❤️ (pays you 6⚡)",
                              "Keep the hearts for yourself", MY_MONSTER, STORY]

    await healer.click(board, label=f"Heal {patient} +2❤️ (pays you 4⚡)")
    game, decision, _healer = await table.asked()
    assert decision.question == "healing_ray" and decision.amount == 1
    board = table.message(game.board_message_id or 0)
    await healer.click(board, label="Keep the hearts for yourself")

    state = (await table.game()).state
    assert state is not None
    assert state.monsters[1 - state.active].hearts == 7
    assert state.monsters[1 - state.active].energy == 2
    assert state.monsters[state.active].energy == 4 + 1   # paid 4, +1 for entering Tokyo
    assert state.pending[0].kind == "buy"
