"""The active monster's own cards read on a phone: the board picture's chips name them (15 px,
5-6 px on a phone), and the live board's message says what each does and holds now, in the
game's language; the other monsters' cards stay in 📋, and a finished turn's message leaves
them out. Every board message of random games stays within Discord's limits."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, service

from bot.discord.messages import board_embed
from bot.i18n.cards import card_text
from bot.table.model import Game
from engine import CARDS, Card, GameState, Options, Roll, apply, create_game
from engine.ai.heuristic import HeuristicPlayer
from engine.players import RandomPlayer

OWNED = (Card(uid=900, key="jets"), Card(uid=901, key="smoke_cloud", tokens=2))


def _owning(state: GameState) -> GameState:
    """The active monster owns Jets and a Smoke Cloud with 2 tokens left; the other monster
    owns Armor Plating."""
    assert state.turn is not None
    seat = state.turn.seat
    monsters = [msgspec.structs.replace(monster, cards=(
        OWNED if index == seat else (Card(uid=910 + index, key="armor_plating"),)))
        for index, monster in enumerate(state.monsters)]
    return msgspec.structs.replace(state, monsters=tuple(monsters))


async def _change(table: Table, change: Callable[[Game], Game]) -> None:
    """Change the stored game (its state or its lobby), as if play had reached it."""
    games = service(table.env).games
    async with games.lock((await table.game()).id):
        game = await games.game((await table.game()).id)
        await games.save(change(game), "state", "lobby")


def _owned_fields(message: discord.Message) -> list[tuple[str, str]]:
    """The 🎴 fields' names and values."""
    return [(field.name or "", field.value or "") for field in message.embeds[0].fields
            if (field.name or "").startswith("🎴")]


def _active_name(game: Game) -> str:
    state = game.playing_state()
    assert state.turn is not None
    return state.monsters[state.turn.seat].name


async def test_the_boards_message_says_what_the_active_monsters_cards_do(
        table: Table) -> None:
    await table.start_game(players=2)
    await _change(table, lambda game: dataclasses.replace(
        game, state=_owning(game.playing_state())))
    await table.option(Roll)  # the board is shown again
    game = await table.game()
    message = table.message(game.board_message_id or 0)
    [(name, value)] = _owned_fields(message)
    assert name == f"🎴 {_active_name(game)}'s cards"
    assert value.splitlines() == [
        "• **Jets**: You lose no hearts when you yield Tokyo.",
        f"• **Smoke Cloud**: {card_text('en', 'smoke_cloud', '2016')} — *now: 2 smoke left*",
    ]
    # The other monster's Armor Plating is 📋's to tell (the shop may sell another).
    told = [field.value or "" for field in message.embeds[0].fields
            if not (field.name or "").startswith("🃏")]
    assert not [value for value in told if "Armor Plating" in value]


async def test_a_spanish_games_board_says_them_in_spanish(table: Table) -> None:
    await table.start_game(players=2)
    await _change(table, lambda game: dataclasses.replace(
        game, state=_owning(game.playing_state()),
        lobby=msgspec.structs.replace(game.lobby, language="es")))
    await table.option(Roll)
    game = await table.game()
    [(name, value)] = _owned_fields(table.message(game.board_message_id or 0))
    assert name == f"🎴 Cartas de {_active_name(game)}"
    lines = value.splitlines()
    assert lines[0] == "• **Propulsores**: No pierdes corazones cuando cedes Tokyo."
    assert lines[1] == (f"• **Nube de humo**: {card_text('es', 'smoke_cloud', '2016')}"
                        " — *ahora: quedan 2 contadores de humo*")


async def test_a_finished_turns_message_leaves_them_out(table: Table) -> None:
    game = await table.start_game(players=2)
    await _change(table, lambda game: dataclasses.replace(
        game, state=_owning(game.playing_state())))
    first_board = game.board_message_id
    await table.roll_and_stop(["1", "2", "3", "1", "2", "3"])  # no energy: the turn ends
    assert (await table.game()).board_message_id != first_board
    assert not _owned_fields(table.message(first_board or 0))


def _within_limits(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert all(0 < len(field.value or "") <= 1024 for field in embed.fields)


async def test_every_card_owned_and_the_longest_log_fit_the_embed(table: Table) -> None:
    """Past what an embed holds (a monster owning every keep card, a narration of 4,096
    characters), the lines that do not fit are counted in a last line pointing to 📋."""
    game = await table.start_game(players=2)
    state = game.playing_state()
    assert state.turn is not None
    keeps = tuple(Card(uid=1000 + index, key=key)
                  for index, key in enumerate(key for key in CARDS if CARDS[key].kind == "keep"))
    monsters = list(state.monsters)
    monsters[state.turn.seat] = msgspec.structs.replace(monsters[state.turn.seat], cards=keeps)
    crowded = msgspec.structs.replace(state, monsters=tuple(monsters))
    for language, more in (("en", "more cards: **📋 My monster**"),
                           ("es", "cartas más: **📋 Mi monstruo**")):
        for log in ((), ("x" * 4096,)):
            narration = msgspec.structs.replace(game.chronicle.narration, log=log)
            embed = board_embed(dataclasses.replace(
                game, state=crowded,
                chronicle=msgspec.structs.replace(game.chronicle, narration=narration),
                lobby=msgspec.structs.replace(game.lobby, language=language)))
            _within_limits(embed)
            owned = [field for field in embed.fields if not (field.name or "").startswith("🃏")]
            lines = "\n".join(field.value or "" for field in owned).splitlines()
            if not log and lines[-1].startswith("•"):  # about 5,400 characters: all fit
                assert len(lines) == len(keeps)
                continue
            assert lines[-1] == f"… {len(keeps) - len(lines) + 1} {more}"
            assert len(lines) > 1


# (seed, monsters, player): the heuristic buys as people do, the random player anything.
GAMES = [(seed, 2 + seed % 5, "random" if seed % 2 else "heuristic") for seed in range(24)]


async def test_the_board_messages_of_random_games_fit_discords_limits(table: Table) -> None:
    """Every state of seeded games, its board message in each language: each field within
    1,024 characters, the embed within 6,000; and the games do own cards."""
    game = await table.start_game(players=2)
    most_cards = 0
    for seed, monsters, kind in GAMES:
        player = HeuristicPlayer(seed) if kind == "heuristic" else RandomPlayer(seed)
        state, _ = create_game(Options(), seed, monsters)
        while not state.over:
            seat, action = player.choose(state)
            state, _ = apply(state, seat, action)
            if state.turn is None:
                continue
            most_cards = max(most_cards, len(state.monsters[state.turn.seat].cards))
            for language in ("en", "es"):
                _within_limits(board_embed(dataclasses.replace(
                    game, state=state,
                    lobby=msgspec.structs.replace(game.lobby, language=language))))
    assert most_cards >= 4
