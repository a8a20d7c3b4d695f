"""The pictures the bot posts carry their alt text (the attachment's description, which
SimCord keeps as Discord does): the board in the game's language, the rating chart in the
asker's."""

from __future__ import annotations

import dataclasses
import io

from bot_harness import Table, service
from msgspec.structs import replace
from PIL import Image
from test_records_commands import answer, play_to_the_end

from bot.discord.messages import board_file
from bot.discord.record_embeds import chart_values
from bot.render import describe_board, render_board
from bot.render.chart import describe_chart
from bot.table.ratings import rate


async def test_the_board_posted_in_the_channel_carries_its_description(table: Table) -> None:
    game = await table.start_game(players=2)
    board = table.message(game.board_message_id or 0)
    names = tuple(game.player_name(seat) for seat in range(len(game.seats)))
    expected = describe_board(game.playing_state(), names, "en")
    assert board.attachments[0].description == expected
    assert expected.startswith("King of Tokyo board. Turn 1, ")


async def test_a_spanish_games_board_is_drawn_and_described_in_spanish(table: Table) -> None:
    game = await table.start_game(players=2)
    spanish = dataclasses.replace(game, lobby=replace(game.lobby, language="es"))
    assert spanish.language == "es"
    file = await board_file(spanish, table.env.bot.drawers)
    assert file.description is not None
    assert file.description.startswith("Tablero de King of Tokyo. Turno 1, le toca a ")
    names = tuple(game.player_name(seat) for seat in range(len(game.seats)))
    assert file.fp.read() == render_board(game.playing_state(), game.ai_seats(), names, "es")


async def test_the_rating_chart_carries_its_description(table: Table) -> None:
    for _game in range(2):
        await play_to_the_end(table)
    reply = answer(await table.players[0].slash(table.channel, "kot stats"))
    attachment = reply.attachments[0]
    chart = Image.open(io.BytesIO(await attachment.read()))
    assert chart.size == (800, 400)
    assert table.channel.guild is not None
    rated = await service(table.env).record_book.records(table.channel.guild.id, rated_only=True)
    values = chart_values(rate(rated).get(table.players[0].id))
    # SimCord's interactions come from an English client (locale en-US).
    assert attachment.description == describe_chart(values, "en")
    assert attachment.description.startswith("Rating chart of 2 rated games: from ")
