"""AI monsters at the table: added in the lobby, playing their turns at a readable pace,
surviving a restart; and the autopilot that answers for a player whose time ran out."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from bot_harness import TEST_AI_PAUSE, Table, bot_of, make_bot, private_reply, service
from simcord import MemberActor
from simcord.results import ResponseMessage

from bot.table.autoplay import Asker
from bot.table.level_ratings import level_ratings
from bot.table.model import Game, LobbyPlayer
from bot.table.records import SeatRecord
from engine import Action, Decision, GameState, Timeout

MY_MONSTER = "📋 My monster"
STORY = "📜 Story"

AI_PAUSE = TEST_AI_PAUSE


async def _ai_menu(table: Table, by: MemberActor | None = None) -> ResponseMessage:
    """The private menu the lobby's 🤖 Add AI answers the host with."""
    game = await table.game()
    shown = await (by or table.players[0]).click(table.message(game.board_message_id or 0),
                                                 label="🤖 Add AI")
    menu = shown.followups[0] if shown.followups else shown.response
    assert menu is not None and shown.ephemeral
    return menu


async def _lobby_with_ai(table: Table, *levels: str) -> Game:
    host = table.players[0]
    await host.slash(table.channel, "kot start")
    menu = await _ai_menu(table)
    for level in levels:  # (one menu adds as many as the host presses)
        await host.click(menu, label=f"🤖 Add AI: {level}")
    return await table.game()


async def _ai_moves_until_a_person_is_asked(table: Table, game_id: int,
                                             limit: int = 200) -> Game:
    """Let AI pauses pass until a person must answer (or the game ends)."""
    for _ in range(limit):
        game = await service(table.env).games.peek(game_id)
        state = game.playing_state()
        if state.over or any(game.ai_level(d.seat) is None for d in state.pending):
            return game
        await table.env.advance_time(AI_PAUSE + 0.1)
    raise AssertionError("the AI monsters never handed the game back")


async def _person_answers_until_an_ai_is_asked(table: Table, game_id: int,
                                                limit: int = 50) -> Game:
    """The person asked takes every default answer (stop rolling, stay, end the turn, pass)
    until an AI monster must answer (or the game ends)."""
    for _ in range(limit):
        game = await service(table.env).games.peek(game_id)
        state = game.playing_state()
        if state.over or any(game.ai_level(d.seat) is not None for d in state.pending):
            return game
        decision = state.pending[0]
        await table.click(f"o{decision.options.index(decision.default)}")
    raise AssertionError("the person was never done")


async def test_the_host_adds_and_removes_ai_monsters(table: Table) -> None:
    host, bob = table.players[:2]
    game = await _lobby_with_ai(table, "Easy", "Hard", "Medium")
    lobby = table.message(game.board_message_id or 0)
    assert [p.ai for p in game.lobby.players] == [None, "easy", "hard", "medium"]
    assert len({p.user_id for p in game.lobby.players}) == 4
    description = lobby.embeds[0].description or ""
    assert all(f"🤖 {level} AI" in description for level in ("Easy", "Medium", "Hard"))

    early = await host.slash(table.channel, "kot hint")
    assert private_reply(early) == "The game has not started yet."
    await bob.click(lobby, label="Join")
    refused = await bob.click(lobby, label="🤖 Add AI")
    assert private_reply(refused) == "Only the host can add AI monsters."
    await host.click(lobby, label="Remove an AI")
    game = await table.game()
    assert [p.ai for p in game.lobby.players] == [None, "easy", "hard", None]
    await host.click(lobby, label="Remove an AI")
    await host.click(lobby, label="Remove an AI")
    nothing = await host.click(lobby, label="Remove an AI")
    assert private_reply(nothing) == "There is no AI monster to remove."


async def test_a_lobby_full_of_ai_refuses_one_more(table: Table) -> None:
    game = await _lobby_with_ai(table, *["Easy"] * 5)
    assert len(game.lobby.players) == 6
    full = await table.players[0].click(await _ai_menu(table), label="🤖 Add AI: Medium")
    assert "full" in (private_reply(full) or "")


async def test_the_ai_menu_says_what_each_level_is_like_in_the_hosts_language(
        table: Table, client_locales: dict[int, str]) -> None:
    host = table.players[0]
    await host.slash(table.channel, "kot start")
    menu = await _ai_menu(table)
    question, *levels, note = menu.content.splitlines()
    assert question.startswith("🤖 Which AI monster?") and "(/kot stats)" in note
    # Each level, weakest first, with the rating the bot reads (checked in) and its words.
    ratings = level_ratings()
    assert [line.split("**")[1] for line in levels] == ["Easy", "Medium", "Hard"]
    assert [line.split("**")[3] for line in levels] == [f"{ratings[level]:.1f}"
                                                        for level in ("easy", "medium", "hard")]
    assert all(len(line.split(": ", 1)[1]) > 20 for line in levels)
    labels = [button["label"] for row in menu.components for button in row["components"]]
    assert labels == ["🤖 Add AI: Easy", "🤖 Add AI: Medium", "🤖 Add AI: Hard"]
    client_locales[host.id] = "es-ES"
    spanish = await _ai_menu(table)
    assert spanish.content.startswith("🤖 ¿Qué monstruo IA?")
    # (Spanish writes a decimal comma.)
    medium = f"{ratings['medium']:.1f}".replace(".", ",")
    assert f"**Media** · puntuación **{medium}**" in spanish.content


def test_lobbies_and_records_stored_with_easy_and_hard_only_still_load() -> None:
    # (As stored before the Medium level: the same fields, the two levels there were.)
    player = msgspec.json.decode(b'{"user_id": -2, "ai": "hard"}', type=LobbyPlayer)
    assert player.ai == "hard"
    seat = msgspec.json.decode(
        b'{"seat": 1, "user_id": null, "ai": "easy", "name": null, "monster": "Alienoid",'
        b' "place": 2, "winner": false, "points": 3, "hearts": 0, "out_turn": 4,'
        b' "cards_bought": 1, "left_game": false, "autopiloted": false}', type=SeatRecord)
    assert seat.ai == "easy"


async def test_one_person_plays_against_ai_monsters(table: Table) -> None:
    host = table.players[0]
    game = await _lobby_with_ai(table, "Easy", "Easy")
    await host.click(table.message(game.board_message_id or 0), label="Start")
    game = await table.game()
    assert game.ai_seats() == frozenset({1, 2}) and game.ai_level(0) is None

    game = await _ai_moves_until_a_person_is_asked(table, game.id)
    board = table.message(game.board_message_id or 0)
    assert host.mention in (board.content or "")
    game = await _person_answers_until_an_ai_is_asked(table, game.id)
    # Nobody is pinged for an AI monster's question; its moves wait for its pause.
    state = game.playing_state()
    seq = state.seq
    await table.env.advance_time(AI_PAUSE / 2)
    assert (await table.game()).playing_state().seq == seq
    board = table.message(game.board_message_id or 0)
    assert "<@" not in (board.content or "") and "🤖 Easy AI" in (board.content or "")
    # Nothing to answer while an AI monster plays: one greyed-out sign (and the panel and the
    # story).
    buttons = [item for row in board.components for item in getattr(row, "children", [])]
    assert len(buttons) == 3 and "thinking" in (buttons[0].label or "")
    assert buttons[0].disabled and [b.label for b in buttons[1:]] == [MY_MONSTER, STORY]

    for _ in range(3):
        game = await _ai_moves_until_a_person_is_asked(table, game.id)
        if game.playing_state().over:
            break
        game = await _person_answers_until_an_ai_is_asked(table, game.id)
        if game.playing_state().over:
            break
    logged = await service(table.env).games.action_log(game.id)
    ai_moves = [a for a in logged if a.seat in (1, 2)]
    assert len(ai_moves) >= 4 and all(a.user_id is None for a in ai_moves)
    assert not any(isinstance(a.action, Timeout) for a in ai_moves)
    assert game.chronicle.activity.idle_timeouts == 0  # AI moves are not a table gone quiet


async def test_ai_monsters_carry_on_after_a_restart(table: Table, database: Path) -> None:
    host = table.players[0]
    game = await _lobby_with_ai(table, "Easy")
    await host.click(table.message(game.board_message_id or 0), label="Start")
    await _ai_moves_until_a_person_is_asked(table, game.id)
    game = await _person_answers_until_an_ai_is_asked(table, game.id)
    seq = game.playing_state().seq
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    game = await _ai_moves_until_a_person_is_asked(table, game.id)
    assert game.playing_state().seq > seq


async def test_the_autopilot_plays_for_a_player_whose_time_ran_out(table: Table) -> None:
    game = await table.start_game(players=2)
    before = game.playing_state()
    await table.env.advance_time(301)
    game = await table.game()
    logged = await service(table.env).games.action_log(game.id)
    assert logged and logged[0].user_id is None and logged[0].seat == before.pending[0].seat
    assert not isinstance(logged[0].action, Timeout)  # the heuristic's move, not the default
    assert game.chronicle.activity.idle_timeouts == 1
    # The note is on the turn's board (closed already if the autopilot's move ended the turn).
    assert any("the autopilot played for them" in (embed.description or "")
               for message in table.channel.history() for embed in message.embeds)


async def test_an_ai_that_fails_plays_the_default_and_the_game_goes_on(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(level: str, state: GameState, decision: Decision, asker: Asker) -> Action:
        raise RuntimeError("a bug in the AI")

    monkeypatch.setattr(service(table.env), "_think", broken)
    host = table.players[0]
    game = await _lobby_with_ai(table, "Easy")
    await host.click(table.message(game.board_message_id or 0), label="Start")
    await _ai_moves_until_a_person_is_asked(table, game.id)
    await _person_answers_until_an_ai_is_asked(table, game.id)
    game = await _ai_moves_until_a_person_is_asked(table, game.id)
    logged = await service(table.env).games.action_log(game.id)
    assert any(isinstance(a.action, Timeout) and a.seat == 1 for a in logged)


@pytest.mark.parametrize("level", ["Medium", "Hard"])
async def test_a_searching_ai_thinks_in_another_process_and_plays(table: Table,
                                                                  level: str) -> None:
    host = table.players[0]
    game = await _lobby_with_ai(table, level)
    assert game.lobby.players[1].ai == level.lower()
    await host.click(table.message(game.board_message_id or 0), label="Start")
    game = await _ai_moves_until_a_person_is_asked(table, game.id)
    await _person_answers_until_an_ai_is_asked(table, game.id)
    game = await _ai_moves_until_a_person_is_asked(table, game.id)
    logged = await service(table.env).games.action_log(game.id)
    ai_moves = [a for a in logged if a.seat == 1]
    assert ai_moves and not any(isinstance(a.action, Timeout) for a in ai_moves)
    # Searched in the worker process (the first may be the Easy AI's while the worker starts,
    # which takes seconds on a busy machine; none is once it runs).
    thoughts = bot_of(table.env).autopilot.thoughts
    assert thoughts and not thoughts[-1].fallback


async def test_hint_tells_the_player_asked_what_the_hard_ai_would_do(table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, asked = await table.asked()
    other = next(p for p in table.players[:2] if p is not asked)
    stranger = table.players[2]
    hint = await asked.slash(table.channel, "kot hint")
    assert (private_reply(hint) or "").startswith("💡 ")
    assert private_reply(await other.slash(table.channel, "kot hint")) == (
        "Nothing is asked of you right now.")
    assert "not playing" in (private_reply(await stranger.slash(table.channel, "kot hint"))
                             or "")
    after = await table.game()
    assert after.playing_state().seq == game.playing_state().seq  # a hint changes nothing
