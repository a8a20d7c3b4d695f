"""Why a click cannot act is a code (the engine's, or the bot's own), never words to parse;
each code has the words players are shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import msgspec
import pytest

from bot.discord.messages import refusal_text
from bot.store.store import Store
from bot.table.model import Chronicle, ClickRefusalCode, ClickRefused, Game, Lobby
from bot.table.service import GameService
from engine import Options, create_game

MOMENT_PASSED = "That moment has passed: use the buttons on the latest board."


def _game() -> Game:
    state, _events = create_game(Options(), seed=3, monsters=2)
    return Game(id=1, guild_id=1, channel_id=10, host_id=100, status="playing", lobby=Lobby(),
                seats=(100, 200), state=state, chronicle=Chronicle(), board_message_id=600)


def _code(service: GameService, game: Game, user_id: int, decision_id: int) -> ClickRefusalCode:
    with pytest.raises(ClickRefused) as refused:
        service.check_click(game, user_id, decision_id)
    return refused.value.code


async def test_a_click_is_checked_by_code(tmp_path: Path) -> None:
    service = GameService(await Store.open(tmp_path / "kot.sqlite3"))
    try:
        game = _game()
        assert game.state is not None
        asked = game.state.pending[0]
        user, other = game.seats[asked.seat], game.seats[1 - asked.seat]
        assert service.check_click(game, user, asked.id) == asked
        assert _code(service, game, other, asked.id) == "not_your_decision"
        assert _code(service, game, user, asked.id + 1) == "stale_decision"
        assert _code(service, game, 999, asked.id) == "not_a_player"
        assert _code(service, replace(game, status="lobby", state=None), user, 1) == "not_started"
        assert _code(service, replace(game, status="over"), user, asked.id) == "game_over"
        finished = msgspec.structs.replace(game.state, over=True)
        assert _code(service, replace(game, state=finished), user, asked.id) == "game_over"
    finally:
        await service.close()


def test_each_refusal_has_the_words_players_know() -> None:
    game = _game()
    assert game.state is not None
    link = "https://discord.com/channels/1/10/600"
    assert refusal_text(ClickRefused("stale_decision"), game, "en") == f"{MOMENT_PASSED} {link}"
    name = game.state.monsters[1].name
    assert (refusal_text(ClickRefused("not_your_decision", asked_seat=1), game, "en")
            == f"This question is for {name} (<@200>).")
    assert (refusal_text(ClickRefused("not_a_player"), game, "en")
            == "You are not playing in this game.")
    assert refusal_text(ClickRefused("not_started"), game, "en") == "The game has not started."
    assert refusal_text(ClickRefused("game_over"), game, "en") == "This game is over."
    illegal = ClickRefused("illegal_move", detail="there are no dice to keep now")
    assert refusal_text(illegal, game, "en") == "There are no dice to keep now."


def test_a_rules_refusal_passed_on_by_the_table_is_said_as_a_sentence() -> None:
    from bot.table.model import Refused
    from engine import phrase

    passed_on = Refused(phrase("table-refusal-engine", reason=phrase("refusal-game-over")))
    assert passed_on.said("en") == "The game is over."
    assert str(passed_on) == "The game is over."
    assert passed_on.said("es")[0].isupper() and passed_on.said("es").endswith(".")
