"""The cards for sale read on a phone: the board picture draws their names, costs and kinds,
and the board's message says each card's text, in the game's language, at the cost the
active monster would pay; a finished turn's message does not repeat them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, service

from bot.discord.messages import board_embed
from bot.i18n.cards import card_name, card_text
from bot.table.model import Game
from engine import CARDS, Card, GameState, Roll

SHOP = ("energize", "jets", "acid_attack")


def _shop_with_a_discount(state: GameState) -> GameState:
    """Energize, Jets and Acid Attack for sale; the active monster owns Alien Origin
    (every card costs it 1 less)."""
    assert state.turn is not None
    seat = state.turn.seat
    monsters = list(state.monsters)
    monsters[seat] = msgspec.structs.replace(
        monsters[seat], cards=(Card(uid=900, key="alien_origin"),))
    face_up = tuple(Card(uid=901 + index, key=key) for index, key in enumerate(SHOP))
    return msgspec.structs.replace(state, monsters=tuple(monsters), face_up=face_up)


async def _change(table: Table, change: Callable[[Game], Game]) -> None:
    """Change the stored game (its state or its lobby), as if play had reached it."""
    games = service(table.env).games
    async with games.lock((await table.game()).id):
        game = await games.game((await table.game()).id)
        await games.save(change(game), "state", "lobby")


def _shop_field(message: discord.Message) -> discord.EmbedField:
    fields = [field for field in message.embeds[0].fields if field.name.startswith("🃏")]
    assert len(fields) == 1, message.embeds[0].fields
    return fields[0]


async def test_the_boards_message_says_the_texts_of_the_three_cards_for_sale(
        table: Table) -> None:
    await table.start_game(players=2)
    await _change(table, lambda game: dataclasses.replace(
        game, state=_shop_with_a_discount(game.playing_state())))
    await table.option(Roll)  # the board is shown again
    game = await table.game()
    field = _shop_field(table.message(game.board_message_id or 0))
    assert field.name == "🃏 For sale"
    assert field.value.splitlines() == [
        "• **Energize** (7⚡): Gain 9 energy.",
        "• **Jets** (4⚡): You lose no hearts when you yield Tokyo.",
        "• **Acid Attack** (5⚡): Every turn, one extra Smash is added to your final dice.",
    ]


async def test_a_spanish_games_board_says_them_in_spanish(table: Table) -> None:
    await table.start_game(players=2)
    await _change(table, lambda game: dataclasses.replace(
        game, state=_shop_with_a_discount(game.playing_state()),
        lobby=msgspec.structs.replace(game.lobby, language="es")))
    await table.option(Roll)
    game = await table.game()
    field = _shop_field(table.message(game.board_message_id or 0))
    assert field.name == "🃏 A la venta"
    assert field.value.splitlines() == [
        "• **Energizar** (7⚡): Gana 9 de energía.",
        "• **Propulsores** (4⚡): No pierdes corazones cuando cedes Tokyo.",
        "• **Ataque ácido** (5⚡): En cada turno, se añade un ataque más a tus dados finales.",
    ]


async def test_a_finished_turns_message_leaves_the_cards_out(table: Table) -> None:
    game = await table.start_game(players=2)
    first_board = game.board_message_id
    await table.roll_and_stop(["1", "2", "3", "1", "2", "3"])  # no energy: the turn ends
    assert (await table.game()).board_message_id != first_board
    closed = table.message(first_board or 0)
    assert not [field for field in closed.embeds[0].fields if field.name.startswith("🃏")]


async def test_the_longest_three_texts_fit_an_embed_field(table: Table) -> None:
    """Discord refuses a field longer than 1,024 characters: the three longest cards of each
    language fit."""
    game = await table.start_game(players=2)
    for language in ("en", "es"):
        longest = sorted(CARDS, key=lambda key: len(card_name(language, key, "2016"))
                         + len(card_text(language, key, "2016")))[-3:]
        shop = tuple(Card(uid=950 + index, key=key) for index, key in enumerate(longest))
        crowded = dataclasses.replace(
            game, state=msgspec.structs.replace(game.playing_state(), face_up=shop),
            lobby=msgspec.structs.replace(game.lobby, language=language))
        embed = board_embed(crowded)
        value = next(field.value for field in embed.fields if field.name.startswith("🃏"))
        assert value and len(value) <= 1024
        assert all(card_text(language, key, "2016") in value for key in longest)
