"""The coach's note beside the question it explains (issue 39): one living note a player, under
the board, the one before it deleted; its words name the board's buttons, in both languages;
the Stay/Yield note says the hearts the hit took."""

from __future__ import annotations

import gc
import re
from typing import Any

import discord
import pytest
from bot_harness import TEST_AI_PAUSE, Table, bot_of, force_dice, service
from simcord import MemberActor

from bot.table.model import Game
from engine import EndBuying, Roll, StopRolling

# A note as the player reads it, in either language.
NOTE = re.compile(r"^🎓 \*\*(Coach|Entrenador)\*\* · ")
# The game a /kot learn lobby deals here: its first turn is the learner's.
LEARNER_FIRST = 1


def notes_shown(table: Table, player: MemberActor) -> list[discord.Message]:
    """The coach's notes in the channel as ``player`` sees it, oldest first."""
    return [m for m in table.channel.history(viewer=player) if NOTE.match(m.content or "")]


def labels(message: discord.Message) -> list[str]:
    return [child.label for row in message.components for child in row.children
            if getattr(child, "label", None)]


def named_buttons(note: str) -> list[str]:
    """The words in bold of the note's line about the choice (the line before the Hard AI's
    suggestion)."""
    lines = note.splitlines()
    choice = lines[next(i for i, line in enumerate(lines) if line.startswith("🤖")) - 1]
    return re.findall(r"\*\*(.+?)\*\*", choice)


def a_button_named(word: str, board: discord.Message) -> bool:
    """A button of the board reads ``word``, or starts or ends with it as a word ("💥 keep",
    "Buy Jets (5⚡)")."""
    return any(label == word or label.endswith(f" {word}") or label.startswith(f"{word} ")
               for label in labels(board))


async def until_asked(table: Table, user_id: int) -> Game:
    """AI pauses pass until this player is asked something; the coach's notes are sent."""
    for _ in range(60):
        game = await table.game()
        if any(game.seats[d.seat] == user_id for d in game.playing_state().pending):
            await bot_of(table.env).coach.sent()
            return game
        await table.env.advance_time(TEST_AI_PAUSE + 0.1)
    raise AssertionError("the player was never asked")


async def learn_game(table: Table, learner: MemberActor) -> Game:
    """/kot learn, Start, until the learner is asked (their first roll)."""
    await learner.slash(table.channel, "kot learn")
    service(table.env).lobbies._seed_source = lambda: LEARNER_FIRST
    lobby = await table.game()
    await learner.click(table.message(lobby.board_message_id or 0), label="Start")
    return await until_asked(table, learner.id)


async def test_one_note_stands_under_the_board_the_one_before_deleted(table: Table) -> None:
    learner = table.players[0]
    game = await learn_game(table, learner)
    desk = bot_of(table.env).coach

    async def the_living_note(what: str) -> discord.Message:
        await desk.sent()
        game = await table.game()
        shown = notes_shown(table, learner)
        assert len(shown) == 1, f"{what}: one note, not {[m.content for m in shown]}"
        note = shown[0]
        assert note.id > (game.board_message_id or 0), f"{what}: the note is under the board"
        return note

    first = await the_living_note("the first roll")
    await force_dice(table.env, game.id, ["energy", "energy", "energy", "1", "2", "3"])
    await table.option(Roll, by=learner)
    second = await the_living_note("the second roll")
    assert second.id != first.id and "(1 left)" in (second.content or "")
    await table.option(StopRolling, by=learner)
    bought = await the_living_note("the buy step")
    assert "**End turn**" in (bought.content or "")
    # The turn ends; the AI monsters play theirs; the learner's next roll: one note again,
    # under the new board.
    await table.option(EndBuying, by=learner)
    await until_asked(table, learner.id)
    later = await the_living_note("the next turn's roll")
    assert later.id != bought.id


@pytest.mark.parametrize("language", ["en", "es"])
async def test_the_roll_note_names_the_boards_buttons(
        table: Table, client_locales: dict[int, str], language: str) -> None:
    learner = table.players[0]
    client_locales[learner.id] = {"en": "en-US", "es": "es-ES"}[language]
    await learner.slash(table.channel, "kot learn")
    lobby = await table.game()
    if language != "en":  # the board's buttons in the learner's language too
        menus = await learner.click(table.message(lobby.board_message_id or 0),
                                    custom_id=f"kot:l:{lobby.id}:language")
        asked = menus.followups[0] if menus.followups else menus.response
        assert asked is not None
        await learner.select(asked, [language], custom_id=f"kot:l:{lobby.id}:lang")
    service(table.env).lobbies._seed_source = lambda: LEARNER_FIRST
    await learner.click(table.message(lobby.board_message_id or 0),
                        custom_id=f"kot:l:{lobby.id}:start")
    game = await until_asked(table, learner.id)
    [note] = notes_shown(table, learner)
    board = table.message(game.board_message_id or 0)
    named = named_buttons(note.content or "")
    assert len(named) == 3, note.content  # keep, Roll, Done rolling
    for word in named:
        assert a_button_named(word, board), (word, labels(board))
    assert not re.search(r"\b(Tap|Toca)\b", note.content or ""), "the dice are a picture"


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "You lose 3❤️ (down to 7❤️). **Stay in Tokyo** for its ★, or **Yield Tokyo**"),
    ("es-ES", "Pierdes 3❤️ (te quedan 7❤️). **Quedarse en Tokyo** da ★; **Ceder Tokyo**"),
])
async def test_the_stay_or_yield_note_says_the_hearts_the_hit_took(
        table: Table, client_locales: dict[int, str], locale: str, said: str) -> None:
    game = await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    client_locales[first.id] = locale
    # The first player turns their coach on (📋 My monster's toggle), then rolls into Tokyo.
    board = table.message(game.board_message_id or 0)
    panel = await first.click(board, custom_id=f"kot:m:{game.id}")
    shown = panel.followups[0] if panel.followups else panel.response
    assert shown is not None
    await first.click(shown, custom_id=f"kot:ct:{game.id}:on")
    await table.roll_and_stop(["smash", "1", "2", "3", "energy", "heart"])
    if (await table.asked())[1].kind == "buy":
        await table.option(EndBuying)
    # The next monster hits it for 3: it is asked to stay or yield, with 7❤️ left.
    await table.roll_and_stop(["smash", "smash", "smash", "1", "2", "energy"])
    game, decision, asked = await table.asked()
    assert decision.kind == "yield" and asked is first
    assert game.playing_state().monsters[decision.seat].hearts == 7
    await bot_of(table.env).coach.sent()
    note = notes_shown(table, first)[-1].content or ""
    assert said in note, note
    if locale == "en-US":  # (the board speaks the game's language: English here)
        board = table.message(game.board_message_id or 0)
        for word in named_buttons(note):
            assert a_button_named(word, board), (word, labels(board))


async def test_only_a_coached_players_interaction_is_kept_after_their_click(
        table: Table) -> None:
    """The coach keeps a player's latest interaction to send their notes through it. A
    player it does not follow has theirs dropped once the click is answered (kept, each
    would wait for a full collection of the cycle collector, which stops the event loop);
    a coached player's is kept."""
    game = await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    bot = bot_of(table.env)
    shown_for: list[int] = []  # (the interactions' ids: discord.py's take no weak reference)
    show = bot.delivery.show

    async def noting_show(game_id: int, origin: Any = None) -> Any:
        if origin is not None:
            shown_for.append(origin.id)
        return await show(game_id, origin)

    bot.delivery.show = noting_show  # type: ignore[method-assign]
    board = table.message(game.board_message_id or 0)
    panel = await first.click(board, custom_id=f"kot:m:{game.id}")
    await first.click(board, custom_id=f"kot:g:{game.id}:{_decision.id}:h0")
    assert shown_for and not alive_interactions(shown_for)

    shown = panel.followups[0] if panel.followups else panel.response
    assert shown is not None
    await first.click(shown, custom_id=f"kot:ct:{game.id}:on")
    assert alive_interactions(shown_for[-1:]) == shown_for[-1:]


def alive_interactions(ids: list[int]) -> list[int]:
    """Those of these interactions still in memory once the cycle collector has run."""
    gc.collect()
    return [o.id for o in gc.get_objects() if isinstance(o, discord.Interaction) and o.id in ids]
