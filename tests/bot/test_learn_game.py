"""A whole /kot learn game at the default settings (the AI monsters' pause of KOT_AI_PAUSE,
the default clocks), its learner clicking as a newcomer who reads each note: it finishes
within 15 minutes of simulated time, the learner is coached on every one of their
questions, and the finished game is played again (Rematch, and /kot learn once more).

The AI monsters' pauses are the default's, on SimCord's clock, which the test moves (the
bot's deadlines wait for it: bot.local.SimCordClock); the game's length is that
clock's."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Table, bot_of, service
from simcord import InteractionResult, MemberActor

from bot.app import KotBot
from bot.config import DEFAULT_AI_PAUSE, Settings
from bot.table.model import Game
from engine import Action, Decision, GameState, Keep, Roll
from engine.ai import HeuristicPlayer

# How long the learner takes over each of their questions (reading the note, choosing).
THINK_SECONDS = 8.0
# The game the learner plays (the bot draws a random seed; the test fixes it).
SEED = 20260


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    """The bot at the default AI pause; a quick Hard AI for the notes' suggestions (its
    real seconds are no simulated time)."""
    return KotBot(Settings(token="not-used-offline", database=database,
                           ai_pause=DEFAULT_AI_PAUSE, hard_ai_seconds=0.05),
                  sync_commands=True)


def _codes(state: GameState, decision: Decision, answer: Action) -> list[str]:
    """The buttons that give ``answer``: dice kept and released one by one, then Roll; any
    other answer its own button."""
    if isinstance(answer, Keep | Roll) and state.turn is not None:
        keep = answer.dice if isinstance(answer, Keep) else answer.keep
        kept = set(state.turn.kept)
        wanted = set(keep or ())
        codes = [f"h{i}" for i in sorted(wanted - kept)] + [f"r{i}" for i in
                                                             sorted(kept - wanted)]
        if isinstance(answer, Roll):
            codes.append(f"o{decision.options.index(Roll(decision=decision.id, card=answer.card))}")
        return codes
    return [f"o{decision.options.index(answer)}"]


async def _play_learner(table: Table, learner: MemberActor,
                        limit: int = 3000) -> tuple[Game, int, list[InteractionResult]]:
    """Play the game to its end: the AI monsters at their pace, the learner answering as
    the Easy AI would after ``THINK_SECONDS``. Returns the finished game, the learner's
    questions, and their clicks."""
    games = service(table.env).games
    player = HeuristicPlayer(SEED)
    questions, clicks = 0, []
    game_id = (await table.game()).id
    for _ in range(limit):
        game = await games.peek(game_id)
        state = game.playing_state()
        if game.status != "playing":
            return game, questions, clicks
        mine = next((d for d in state.pending if game.seats[d.seat] == learner.id), None)
        if mine is None:
            await table.env.advance_time(DEFAULT_AI_PAUSE)
            continue
        questions += 1
        await table.env.advance_time(THINK_SECONDS)
        for code in _codes(state, mine, player.answer(state, mine)):
            clicks.append(await table.click(code, by=learner, decision=mine.id,
                                            index=state.pending.index(mine)))
    raise AssertionError("the learn game did not finish")


async def test_a_learn_game_finishes_within_15_minutes_and_is_played_again(
        table: Table) -> None:
    learner = table.players[0]
    await learner.slash(table.channel, "kot learn")
    lobby = await table.game()
    # Time to read the notes: the default 2 minutes a turn and 30 s out of turn become 5
    # minutes and 1 (the host may still change them in the lobby).
    assert (lobby.lobby.turn_seconds, lobby.lobby.reaction_seconds) == (300, 60)
    seeds = iter([SEED, SEED + 1])
    service(table.env).lobbies._seed_source = seeds.__next__  # the same game every run
    await learner.click(table.message(lobby.board_message_id or 0), label="Start")
    game, questions, clicks = await _play_learner(table, learner)
    await bot_of(table.env).coach.sent()
    ai_moves = sum(1 for logged in await service(table.env).games.action_log(game.id)
                   if logged.user_id is None)
    minutes = (game.chronicle.life.ended_at - game.chronicle.life.started_at) / 60
    turns = game.playing_state().turn
    print(f"learn game: {minutes:.1f} simulated minutes, {turns.number if turns else 0} turns,"
          f" {questions} questions to the learner, {len(clicks)} clicks, {ai_moves} AI moves")
    assert game.status == "over"
    assert minutes < 15
    notes = [request for request in table.env.http_requests if request.method == "POST"
             and request.path.startswith("/webhooks/") and isinstance(request.json, dict)
             and (request.json.get("content") or "").startswith("🎓 **Coach**")]
    # Every question the learner met was noted (a knocked-out learner gets none after), and
    # each note replaced the one before it: one stands in the channel.
    assert len(notes) == questions
    standing = [m for m in table.channel.history(viewer=learner)
                if (m.content or "").startswith("🎓 **Coach**")]
    assert len(standing) == 1

    final = table.channel.last_message
    assert final is not None
    # /kot learn again in the same channel: a new guided game (cancelled here for Rematch).
    await learner.slash(table.channel, "kot learn")
    fresh = await table.game()
    assert fresh.status == "lobby" and fresh.lobby.learn and fresh.id != game.id
    await learner.click(table.message(fresh.board_message_id or 0), label="Cancel")
    await learner.click(final, label="🔁 Rematch")
    again = await table.game()
    assert again.status == "lobby" and again.lobby.learn
    assert [p.ai for p in again.lobby.players] == [None, "easy", "easy"]
    await learner.click(table.message(again.board_message_id or 0), label="Start")
    replayed = await table.game()
    assert replayed.status == "playing" and replayed.id != game.id
    assert [c.on for c in replayed.chronicle.coaching.entries] == [True]
