"""A click or a command as a ``Request`` (bot.discord.request): the asker's language chosen
once and used by every answer, a refusal said privately as the answer or, once acknowledged,
as a follow-up, and an edit of the private message clicked."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from bot_harness import Table, bot_of, private_reply

from bot.discord import request as request_module
from bot.discord.locales import asker_language
from bot.discord.messages import refusal_text
from bot.discord.request import Request
from bot.i18n import text
from bot.local import menu_id, open_lobby
from bot.table.model import ClickRefused, Refused
from engine import phrase

NOT_THE_HOST = Refused(phrase("table-refusal-host-starts"))


@pytest.fixture
def languages_chosen(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The interactions whose asker's language was chosen, once per choice."""
    chosen: list[int] = []

    def counted(interaction: discord.Interaction[Any]) -> str:
        chosen.append(interaction.id)
        return asker_language(interaction)

    monkeypatch.setattr(request_module, "asker_language", counted)
    return chosen


async def test_a_clicks_language_is_chosen_once_and_every_answer_says_it(
        table: Table, client_locales: dict[int, str], languages_chosen: list[int]) -> None:
    game = await table.start_game(players=2)
    player = table.players[0]
    client_locales[player.id] = "es-ES"

    async def answered_twice(request: Request, game_id: int) -> None:
        await request.tell("board-posted")
        await request.refuse(NOT_THE_HOST)

    bot_of(table.env).clicks.story = answered_twice  # type: ignore[method-assign]
    languages_chosen.clear()
    result = await player.click(table.message(game.board_message_id or 0),
                                custom_id=f"kot:t:{game.id}")

    assert len(languages_chosen) == 1
    assert result.ephemeral and result.response is not None
    assert result.response.content == text("es", "board-posted")
    [refusal] = result.followups
    assert refusal.ephemeral and refusal.content == NOT_THE_HOST.said("es")


@pytest.mark.simcord(check_errors=False)  # (the command's failure is checked below)
async def test_a_command_handing_its_request_on_and_failing_keeps_one_language(
        table: Table, client_locales: dict[int, str], languages_chosen: list[int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    await table.start_game(players=2)
    player = table.players[0]
    client_locales[player.id] = "es-ES"
    # /kot me: the command's request goes on to the panel's click handler.
    languages_chosen.clear()
    panel = await player.slash(table.channel, "kot me")
    assert panel.ephemeral and panel.response is not None and panel.response.embeds
    assert len(languages_chosen) == 1

    async def broken(channel_id: int) -> None:
        raise RuntimeError("the store failed")

    monkeypatch.setattr(bot_of(table.env).service, "game_in_channel", broken)
    failed = await player.slash(table.channel, "kot board")
    # The failure's answer comes from the command's own request, in its language.
    assert private_reply(failed) == text("es", "command-failed")
    assert len(languages_chosen) == 2 and len(set(languages_chosen)) == 2
    [error] = table.env.errors
    assert isinstance(error.__cause__, RuntimeError)


async def test_a_refusal_after_the_acknowledgement_is_a_private_follow_up(
        table: Table, client_locales: dict[int, str]) -> None:
    host, guest = table.players[:2]
    lobby = await open_lobby(table.channel, host, [guest])
    client_locales[guest.id] = "es-419"
    result = await guest.click(lobby, custom_id=menu_id(lobby, "start"))
    # A lobby button is acknowledged before the lobby's lock is taken (its response is the
    # lobby itself, unchanged): the refusal follows it, privately.
    assert result.deferred and not result.ephemeral
    assert result.response is not None and result.response.id == lobby.id
    [refusal] = result.followups
    assert refusal.ephemeral and refusal.content == NOT_THE_HOST.said("es")
    assert (await table.game()).status == "lobby"


async def test_a_refusal_before_any_acknowledgement_is_the_private_answer(
        table: Table, client_locales: dict[int, str]) -> None:
    await table.start_game(players=2)
    game, decision, asked = await table.asked()
    other = next(player for player in table.players[:2] if player is not asked)
    client_locales[other.id] = "es-ES"
    result = await table.click("h0", by=other)
    assert not result.deferred and result.ephemeral and result.response is not None
    expected = refusal_text(ClickRefused("not_your_decision", asked_seat=decision.seat),
                            game, "es")
    assert result.response.content == expected and not result.followups


async def test_an_edit_changes_the_private_message_clicked(
        table: Table, client_locales: dict[int, str]) -> None:
    await table.start_game(players=2)
    host = table.players[0]
    client_locales[host.id] = "es-ES"
    asked = await host.slash(table.channel, "kot end")
    assert asked.ephemeral and asked.response is not None
    assert asked.response.content == text("es", "end-question")
    kept = await host.click(asked.response, label=text("es", "ui-end-keep"))
    # The question itself now says the game goes on, without its buttons.
    assert kept.response is not None and kept.response.id == asked.response.id
    assert asked.response.content == text("es", "end-kept")
    assert asked.response.components == []
    assert (await table.game()).status == "playing"
