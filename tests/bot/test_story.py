"""📜 Story on the board and ``/kot log``: the last turns' summaries in one private message,
with what they did to the asker's monster, in the asker's language."""

from __future__ import annotations

from dataclasses import replace

import discord
from bot_harness import Table
from simcord import InteractionResult

from bot.discord.messages import long_game_news
from bot.table.model import LONG_CLOCK_SECONDS, Chronicle, Game, Lobby, News, TurnNote
from engine import Options, create_game

STORY = "📜 Story"


def _reply(result: InteractionResult) -> discord.Message:
    """The private message that answered a click or a command."""
    message = (result.response.message if result.response is not None and result.ephemeral
               else next(f for f in result.followups if f.ephemeral))
    assert message.flags.ephemeral
    return message


def _labels(message: discord.Message) -> list[str]:
    return [getattr(item, "label", "") or "" for row in message.components
            for item in getattr(row, "children", [])]


async def test_the_story_tells_the_last_turns_and_what_they_did_to_the_asker(
        table: Table) -> None:
    game = await table.start_game(players=2)
    first = await table.asked()
    first_monster = first[0].playing_state().monsters[first[1].seat].name
    await table.smash_turn(smashes=3)   # into Tokyo
    await table.smash_turn(smashes=2)   # the other monster hits it: it stays
    game, _decision, _asked = await table.asked()
    state = game.playing_state()
    hit = state.monsters[first[1].seat]
    assert hit.hearts == 8

    board = table.message(game.board_message_id or 0)
    labels = _labels(board)
    assert labels[-2:] == ["📋 My monster", STORY]  # (beside 📋: no question's place taken)
    story = _reply(await first[2].click(board, label=STORY)).embeds[0]
    assert story.title == f"📜 The last turns of game #{game.id}"
    said = story.description or ""
    other = state.monsters[1 - first[1].seat].name
    assert f"**Turn 1 · {first_monster}**" in said and f"**Turn 2 · {other}**" in said
    # The asker's monster in bold in the summaries, and its two turns added up.
    assert f"**{first_monster}**: −2❤️ (8❤️)" in said
    # (now: the turn in play has begun, with what starting it in Tokyo gave)
    yours = said.splitlines()[-1]
    assert yours.startswith(f"**You ({first_monster})** over these turns: −2❤️, ")
    assert yours.endswith(f" · now 8❤️, {hit.vp}★, {hit.energy}⚡")
    # Nothing changed on the table.
    assert (await table.game()).playing_state() == state


async def test_kot_log_in_the_askers_language_and_before_any_turn_is_over(
        table: Table, client_locales: dict[int, str]) -> None:
    await table.start_game(players=2)
    watcher = table.players[2]
    client_locales[watcher.id] = "es-ES"
    early = _reply(await watcher.slash(table.channel, "kot log")).embeds[0]
    assert early.title is not None and early.title.startswith("📜 Los últimos turnos")
    assert early.description == "Todavía no ha terminado ningún turno."  # (no "Tú": watching)

    await table.smash_turn(smashes=3)
    player = table.players[0]
    client_locales[player.id] = "es-ES"
    said = _reply(await player.slash(table.channel, "kot log")).embeds[0].description or ""
    assert "**Turno 1 · " in said and "Tú (" in said.splitlines()[-1]


def test_a_long_games_news_indents_a_summarys_second_line_under_its_bullet() -> None:
    state, _ = create_game(Options(edition="2016"), 1, ("The King", "Gigazaur"))
    note = TurnNote(turn=3, seat=0, summary="Gigazaur: −3❤️ (7❤️)\nThe King: +2★ (2★)")
    game = Game(id=1, guild_id=1, channel_id=1, host_id=1, status="playing",
                lobby=Lobby(turn_seconds=LONG_CLOCK_SECONDS), seats=(1, 2), state=state,
                chronicle=Chronicle(news=News(recent_turns=(note,))), board_message_id=None)
    news = long_game_news(game, seat=1)
    assert news[1] == "• Turn 3: Gigazaur: −3❤️ (7❤️)\n    The King: +2★ (2★)"
    # A short game tells no news, though it keeps the notes for 📜 Story.
    short = replace(game, lobby=Lobby(turn_seconds=120))
    assert not any("Turn 3" in line for line in long_game_news(short, seat=1))
