"""``/kot learn``, the guided first game: a lobby with Easy AI monsters where the coach is on,
its private notes before each of the learner's choices (with the Hard AI's suggestion), the
rules once each, the 📋 panel's coach toggle in any game, and a learn game played again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot_harness import (
    TEST_AI_PAUSE,
    Table,
    bot_of,
    force_dice,
    make_bot,
    private_reply,
    service,
)
from simcord import InteractionResult, MemberActor

from bot.table.model import Game
from engine import EndBuying, Roll, StopRolling

MY_MONSTER = "📋 My monster"
COACH = "🎓 Coach"
# Games whose first turn is the learner's, and an AI monster's (seeds of the game).
LEARNER_FIRST, AI_FIRST = 1, 2
# A Hard AI suggestion slower than a player's clicks (simulated seconds).
SLOW_HINT_SECONDS = 30.0


def _notes(*results: InteractionResult) -> list[str]:
    """The coach's notes among these interactions' private follow-ups, in order."""
    return [f.content or "" for result in results for f in result.followups
            if f.ephemeral and (f.content or "").startswith("🎓 **Coach**")]


async def _learn(table: Table, host: MemberActor,
                 seed: int = LEARNER_FIRST) -> tuple[Game, InteractionResult]:
    """/kot learn, then Start: the game and the Start click."""
    await host.slash(table.channel, "kot learn")
    return await _started(table, host, seed)


async def _started(table: Table, host: MemberActor,
                   seed: int) -> tuple[Game, InteractionResult]:
    """The host presses Start on the lobby (the game drawn from ``seed``): the game and the
    Start click."""
    service(table.env).lobbies._seed_source = lambda: seed
    lobby = await table.game()
    started = await host.click(table.message(lobby.board_message_id or 0), label="Start")
    return await table.game(), started


async def _until_asked(table: Table, user_id: int, limit: int = 60) -> Game:
    """Let AI pauses pass until this player is asked something (or the game ends), and the
    coach's notes are sent."""
    for _ in range(limit):
        game = await table.game() if await _active(table) else None
        if game is None:
            break
        state = game.playing_state()
        if state.over or any(game.seats[d.seat] == user_id for d in state.pending):
            await bot_of(table.env).coach.sent()
            return game
        await table.env.advance_time(TEST_AI_PAUSE + 0.1)
    raise AssertionError("the player was never asked")


async def _active(table: Table) -> bool:
    return await service(table.env).games.active_in_channel(table.channel.id) is not None


async def test_kot_learn_opens_a_lobby_with_easy_ais_and_the_coach_speaks_first(
        table: Table) -> None:
    host = table.players[0]
    opened = await host.slash(table.channel, "kot learn")
    lobby = await table.game()
    assert lobby.lobby.learn
    assert [(p.user_id == host.id, p.ai) for p in lobby.lobby.players] == [
        (True, None), (False, "easy"), (False, "easy")]
    shown = opened.response
    assert shown is not None and not opened.ephemeral
    fields = {f.name: f.value for f in shown.embeds[0].fields}
    assert fields["🎓 A guided first game"].startswith("Before each of your choices")

    game, started = await _started(table, host, AI_FIRST)
    seat = game.seats.index(host.id)
    assert [(c.seat, c.on) for c in game.chronicle.coaching.entries] == [(seat, True)]
    game = await _until_asked(table, host.id)
    notes = _notes(started)
    assert len(notes) == 1
    note = notes[0]
    assert note.startswith(f"🎓 **Coach** · game #{game.id}\n🎲 **Dice**")
    assert "**Roll (2 left)**" in note and "\n🤖 The Hard AI would: " in note
    board = table.message(game.board_message_id or 0)
    assert COACH in _labels(board)




def _labels(message: Any) -> list[str]:
    return [child.label for row in message.components for child in row.children
            if getattr(child, "label", None)]


async def test_each_rule_comes_once_and_every_choice_gets_its_note(table: Table) -> None:
    host = table.players[0]
    game, started = await _learn(table, host)
    game = await _until_asked(table, host.id)
    first = _notes(started)
    assert len(first) == 1 and "🎲 **Dice**" in first[0]
    rolled = await table.option(Roll, by=host)
    await bot_of(table.env).coach.sent()
    second = _notes(rolled)
    assert len(second) == 1
    assert "🎲 **Dice**" not in second[0] and "\n🤖 The Hard AI would: " in second[0]
    seat = game.seats.index(host.id)
    told = (await table.game()).chronicle.coaching.of(seat).told
    assert "dice" in told
    # A click that asks nothing new (a die kept) brings no note.
    kept = await table.click("h0", by=host)
    await bot_of(table.env).coach.sent()
    assert _notes(kept) == []


async def test_after_a_restart_the_note_waits_on_the_coach_button(
        table: Table, database: Path) -> None:
    host, watcher = table.players[0], table.players[3]
    await _learn(table, host)
    game = await _until_asked(table, host.id)
    # A restarted bot holds none of the learner's tokens: the stored note waits on 🎓.
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    game = await table.game()
    board = table.message(game.board_message_id or 0)
    shown = await host.click(board, label=COACH)
    said = private_reply(shown) or ""
    assert said.startswith(f"🎓 **Coach** · game #{game.id}\n")
    assert "🤖 The Hard AI would: " in said
    other = private_reply(await watcher.click(board, label=COACH)) or ""
    assert other.startswith("🎓 The coach has nothing for you now")
    await table.roll_and_stop(["energy", "energy", "1", "2", "3", "1"])  # to a buy step
    await table.option(EndBuying, by=host)  # an AI monster's turn now
    board = table.message((await table.game()).board_message_id or 0)
    waiting = private_reply(await host.click(board, label=COACH)) or ""
    assert waiting == ("🎓 Nothing is asked of you right now: the coach's note comes before "
                       "your next choice.")


async def test_the_panel_toggle_turns_the_coach_on_in_any_game_and_off_again(
        table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    assert COACH not in _labels(board)
    panel = _private_message(await asked.click(board, label=MY_MONSTER))
    turned_on = await asked.click(panel, label="🎓 Turn the coach on")
    await bot_of(table.env).coach.sent()
    notes = _notes(turned_on)
    assert len(notes) == 1 and "🎲 **Dice**" in notes[0]  # the question pending now
    game = await table.game()
    seat = game.seats.index(asked.id)
    assert game.chronicle.coaching.of(seat).on
    assert COACH in _labels(table.message(game.board_message_id or 0))
    panel = _private_message(await asked.click(board, label=MY_MONSTER))
    fields = {f.name: f.value for f in panel.embeds[0].fields}
    assert fields["🎓 Coach"].startswith("On: a private note")

    turned_off = await asked.click(panel, label="🎓 Turn the coach off")
    game = await table.game()
    assert not game.chronicle.coaching.of(seat).on
    assert COACH not in _labels(table.message(game.board_message_id or 0))
    rolled = await table.option(Roll, by=asked)
    await bot_of(table.env).coach.sent()
    assert _notes(turned_off, rolled) == []
    panel = _private_message(await asked.click(board, label=MY_MONSTER))
    assert "🎓 Turn the coach on" in _labels(panel)


def _private_message(result: InteractionResult) -> Any:
    """The private message that answered a click (or that it edited)."""
    if result.response is not None and result.ephemeral:
        return result.response.message
    return next(f for f in result.followups if f.ephemeral).message


async def test_a_note_for_a_question_answered_meanwhile_is_not_sent(table: Table) -> None:
    host = table.players[0]
    await _learn(table, host)
    await _until_asked(table, host.id)
    desk = bot_of(table.env).coach
    # The Hard AI's suggestion takes a while: the learner rolls, then stops, before it comes.
    hint = desk._autopilot.hint

    async def slow_hint(*args: Any, **kwargs: Any) -> str:
        await asyncio.sleep(SLOW_HINT_SECONDS)
        return await hint(*args, **kwargs)

    desk._autopilot.hint = slow_hint  # type: ignore[method-assign]
    await force_dice(table.env, (await table.game()).id,
                     ["energy", "energy", "energy", "1", "2", "3"])  # to a buy step
    rolled = await table.option(Roll, by=host)
    stopped = await table.option(StopRolling, by=host)
    await table.env.advance_time(SLOW_HINT_SECONDS + 1)
    await desk.sent()
    assert len(_notes(stopped)) == 1  # the buy step's note, still asked
    assert _notes(rolled) == []  # its question was answered before the note was ready


async def test_friends_who_join_a_learn_lobby_are_coached_too(table: Table) -> None:
    host, friend = table.players[:2]
    await host.slash(table.channel, "kot learn")
    lobby = await table.game()
    await friend.click(table.message(lobby.board_message_id or 0), label="Join")
    game, _started_click = await _started(table, host, LEARNER_FIRST)
    people = sorted(game.seats.index(person.id) for person in (host, friend))
    assert [(c.seat, c.on) for c in game.chronicle.coaching.entries] == [(s, True) for s in people]
    assert game.ai_seats() == frozenset(set(range(4)) - set(people))
