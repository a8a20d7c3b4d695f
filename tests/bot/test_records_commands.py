"""/kot stats, /kot leaderboard, /kot history and /kot replay after a game played to its
end through the real bot."""

from __future__ import annotations

import io
import re

from bot_harness import Table, service
from PIL import Image
from simcord import InteractionResult
from simcord.results import ResponseMessage

from bot.table.model import Game
from engine import MONSTER_NAMES, ORIGINS_MONSTER_NAMES, Roll, StopRolling
from engine.replays import check, decode_replay


async def play_to_the_end(table: Table) -> Game:
    game = await table.start_game(players=2)
    for _turn in range(12):
        if await service(table.env).games.active_in_channel(table.channel.id) is None:
            break
        await table.smash_turn()
    final = await service(table.env).games.peek(game.id)
    assert final.status == "over"
    return final


def answer(result: InteractionResult) -> ResponseMessage:
    """The private answer (given after the acknowledgement, it replaces "thinking…")."""
    assert result.response is not None and result.response.ephemeral
    return result.response


async def test_a_finished_game_shows_in_stats_history_and_replay(table: Table) -> None:
    game = await play_to_the_end(table)
    record = await service(table.env).record_book.record(game.id)
    assert record is not None and record.rated and record.status == "over"
    winner_seat = next(seat for seat in record.seats if seat.winner)
    assert winner_seat.user_id is not None
    winner = table.player(winner_seat.user_id)

    stats_answer = answer(await winner.slash(table.channel, "kot stats"))
    # One rated game is no trend: no chart.
    assert stats_answer.attachments == [] and stats_answer.embeds[0].image.url is None
    stats = stats_answer.embeds[0]
    fields = {field.name: field.value for field in stats.fields}
    assert fields["Games"] == "1" and fields["Wins"] == "1" and fields["Win rate"] == "100%"
    assert fields["Average place"] == "1.0"
    assert fields["Favourite monster"] == winner_seat.monster
    assert fields["Best game"].startswith(f"#{game.id}: place 1 of 2")
    assert fields["Rating"].endswith("after 1 rated game (the leaderboard lists players "
                                     "from 3)")

    history = answer(await winner.slash(table.channel, "kot history"))
    line = history.embeds[0].description or ""
    assert f"**#{game.id}**" in line and f"won by {winner.name} (" in line

    reply = answer(await winner.slash(table.channel, "kot replay", game=game.id))
    files = {attachment.filename: attachment for attachment in reply.attachments}
    text = (await files[f"kot-game-{game.id}.txt"].read()).decode()
    assert "— Turn 1:" in text and winner_seat.monster in text
    replay = decode_replay(await files[f"kot-game-{game.id}.json"].read())
    # The harness forced this game's dice (it rewrote the stored state), so its seed does
    # not replay it: the next test replays a game rolled by its own dice. Here, the file
    # holds the game's setup and its whole log.
    assert game.setup is not None
    assert (replay.seed, replay.monsters) == (game.setup.seed, game.setup.monsters)
    assert [(m.seat, m.action) for m in replay.moves] == [
        (entry.seat, entry.action)
        for entry in await service(table.env).games.action_log(game.id)]
    assert replay.final_state is not None and replay.final_state["over"] is True


async def test_stats_attach_a_rating_chart_after_two_rated_games(table: Table) -> None:
    for _game in range(2):
        await play_to_the_end(table)
    alice = table.players[0]
    reply = answer(await alice.slash(table.channel, "kot stats"))
    fields = {field.name: field.value for field in reply.embeds[0].fields}
    assert "after 2 rated games" in fields["Rating"]
    assert [attachment.filename for attachment in reply.attachments] == ["rating.png"]
    assert reply.embeds[0].image.url == "attachment://rating.png"
    chart = Image.open(io.BytesIO(await reply.attachments[0].read()))
    assert chart.format == "PNG" and chart.size == (800, 400)


async def test_a_game_played_with_its_own_dice_replays_to_its_stored_end(
        table: Table) -> None:
    alice = table.players[0]
    game = await table.start_game(players=3)
    await table.option(Roll)
    await table.option(StopRolling)
    asked = await alice.slash(table.channel, "kot end")
    assert asked.response is not None
    await alice.click(asked.response, label="End the game")
    record = await service(table.env).record_book.record(game.id)
    assert record is not None and record.status == "ended" and not record.rated

    reply = answer(await alice.slash(table.channel, "kot replay", game=game.id))
    data = await next(a for a in reply.attachments if a.filename.endswith(".json")).read()
    result = check(decode_replay(data))
    assert result.ok and result.final_state == "match" and result.legal == result.moves >= 2
    history = answer(await alice.slash(table.channel, "kot history"))
    assert "stopped before its end · unrated" in (history.embeds[0].description or "")


async def test_replay_refuses_an_unknown_game_and_the_leaderboard_needs_games(
        table: Table) -> None:
    game = await play_to_the_end(table)
    refused = await table.players[0].slash(table.channel, "kot replay", game=game.id + 5)
    assert refused.response is not None and refused.response.flags.ephemeral
    assert refused.response.content.startswith(f"No finished game #{game.id + 5}")

    board = answer(await table.players[0].slash(table.channel, "kot leaderboard")).embeds[0]
    assert "Nobody has 3 rated games yet" in (board.description or "")

    stranger = table.players[4]
    stats = answer(await stranger.slash(table.channel, "kot stats")).embeds[0]
    assert stats.description == f"{stranger.name}: no game finished on this server yet."


# Words of the records' English answers that a Spanish answer must not contain (checked as
# whole words, once the game's and the monsters' names are taken out).
ENGLISH_WORDS = {"game", "games", "the", "of", "by", "won", "rated", "unrated", "place",
                 "with", "after", "yet", "stats", "wins", "leaderboard", "page", "finished",
                 "winner", "stopped", "story", "file", "nobody", "average", "rating"}


def said(message: ResponseMessage) -> str:
    """Every word of a message: its text and its embeds' titles, descriptions, fields and
    footers."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    return "\n".join(parts)


def english_words_in(words: str) -> set[str]:
    for name in ("King of Tokyo", *MONSTER_NAMES, *ORIGINS_MONSTER_NAMES):
        words = words.replace(name, "")
    return {word for word in re.findall(r"[a-z]+", words.lower()) if word in ENGLISH_WORDS}


async def test_a_spanish_client_is_answered_in_spanish_and_an_english_one_in_english(
        table: Table, client_locales: dict[int, str]) -> None:
    alice, bob, erin = table.players[0], table.players[1], table.players[4]
    client_locales[erin.id] = "es-ES"
    empty_board = answer(await erin.slash(table.channel, "kot leaderboard"))
    empty_history = answer(await erin.slash(table.channel, "kot history"))
    assert (empty_board.embeds[0].description or "").startswith(
        "Aún nadie tiene 3 partidas puntuadas.")
    assert empty_history.embeds[0].description == (
        "Aún no se ha terminado ninguna partida en este servidor.")
    games = [await play_to_the_end(table) for _game in range(3)]
    client_locales[alice.id] = "es-419"

    stats = answer(await alice.slash(table.channel, "kot stats"))
    fields = {field.name: field.value for field in stats.embeds[0].fields}
    assert stats.embeds[0].title == "Estadísticas"
    *figures, achievements = fields
    assert figures == ["Partidas", "Victorias", "Porcentaje de victorias", "Puesto medio",
                       "Media de puntos", "Monstruo favorito", "Mejor partida", "Puntuación"]
    assert re.fullmatch(r"Logros \(\d de 9\)", achievements or "")
    assert fields["Partidas"] == "3"
    assert re.fullmatch(r"\d+\u00a0%", fields["Porcentaje de victorias"] or "")
    assert re.fullmatch(r"\d,\d", fields["Puesto medio"] or "")
    assert re.fullmatch(r"\d+,\d★", fields["Media de puntos"] or "")
    assert re.search(r": puesto \d de 2, \d+★ con ", fields["Mejor partida"] or "")
    assert re.fullmatch(r"-?\d+,\d tras 3 partidas puntuadas", fields["Puntuación"] or "")
    assert stats.attachments[0].filename == "rating.png"

    history = answer(await alice.slash(table.channel, "kot history"))
    assert history.embeds[0].title == "Últimas partidas en este servidor"
    lines = (history.embeds[0].description or "").splitlines()
    assert len(lines) == 3 and all(
        re.search(r" · 2 monstruos · victoria: (alice|bob) \(", line) for line in lines)

    board = answer(await alice.slash(table.channel, "kot leaderboard"))
    assert board.embeds[0].title == "Clasificación"
    assert [field.name for field in board.embeds[0].fields] == ["Cómo se puntúa"]
    for rank, line in enumerate((board.embeds[0].description or "").splitlines(), start=1):
        assert re.fullmatch(rf"\*\*{rank}\.\*\* (alice|bob) · \*\*-?\d+,\d\*\* · 3 partidas", line)

    game = games[-1].id
    replay = answer(await alice.slash(table.channel, "kot replay", game=game))
    assert replay.content.startswith(f"📜 Partida #{game} de King of Tokyo, terminada el <t:")
    story = (await next(a for a in replay.attachments if a.filename.endswith(".txt")).read())
    assert story.decode().startswith(f"Partida #{game} de King of Tokyo\n")
    refused = await alice.slash(table.channel, "kot replay", game=game + 5)
    assert refused.response is not None
    assert refused.response.content == (
        f"En este servidor no hay ninguna partida #{game + 5} terminada: `/kot history` las "
        "muestra.")
    stranger = answer(await erin.slash(table.channel, "kot stats"))
    assert "aún ninguna partida terminada" in (stranger.embeds[0].description or "")

    for spanish in (empty_board, empty_history, stats, history, board, replay, stranger,
                    refused.response):
        assert english_words_in(said(spanish)) == set(), said(spanish)
    # The same commands, the same moment, asked from an English client: English.
    english = answer(await bob.slash(table.channel, "kot stats"))
    assert english.embeds[0].title == "Stats"
    assert english_words_in(said(english)) >= {"games", "wins", "rating", "rated"}
