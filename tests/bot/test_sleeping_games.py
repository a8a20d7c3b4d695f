"""Games the bot is restarted on are armed, not kept: the start-up reads each game, sets its
clocks and lets it go (``SavedGames.restore``); whatever comes later (a click, a deadline,
a deleted board, a player gone from the server) reads the game again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import msgspec
import pytest
from bot_harness import Table, bot_of, make_bot, service
from stored_games import nothing_to_show

from bot.store.store import Store
from bot.table import game_cache
from bot.table.model import Game
from bot.table.service import GameService
from bot.table.timers import Deadlines
from engine import Roll

TURN = 300  # seconds (bot_harness.make_bot's default turn time)


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()


async def second_table(table: Table) -> Table:
    channel = table.env.guild.create_text_channel("other")
    return Table(table.env, channel, table.players[2:4])


def armed(table: Table, game: Game) -> tuple[int, ...]:
    return bot_of(table.env).turns.timers.waiting_on(game.id)


async def test_a_restart_arms_every_game_without_keeping_it(table: Table,
                                                            database: Path) -> None:
    first = await table.start_game(players=2)
    other = await second_table(table)
    second = await other.start_game(players=2)

    await restart(table, database)

    games = service(table.env).games
    assert games.cached(first.id) is None and games.cached(second.id) is None
    assert first.state is not None and second.state is not None
    assert armed(table, first) == (first.state.pending[0].id,)
    assert armed(table, second) == (second.state.pending[0].id,)
    await table.option(Roll)  # its board answers, and the game is read again
    played = games.cached(first.id)
    assert played is not None and played.state is not None
    assert played.state.seq == first.state.seq + 1
    assert games.cached(second.id) is None


async def test_a_deadline_that_passed_while_the_bot_was_down_is_answered_at_the_start(
        table: Table, database: Path) -> None:
    game = await table.start_game(players=2)
    assert game.state is not None
    # Its question was asked longer ago than the turn time (the bot was down meanwhile).
    games = service(table.env).games
    async with games.lock(game.id):
        stored = await games.game(game.id)
        asked = stored.chronicle.clock.turn_asked_at - TURN - 60
        chronicle = msgspec.structs.replace(stored.chronicle, clock=msgspec.structs.replace(
            stored.chronicle.clock, asked_at=asked, turn_asked_at=asked))
        await games.save(replace(stored, chronicle=chronicle), "chronicle")

    await restart(table, database)
    await table.env.advance_time(1)

    logged = await service(table.env).games.action_log(game.id)
    assert logged and logged[0].user_id is None  # the autopilot answered, at once
    after = await table.game()
    assert after.state is not None
    assert game.state.pending[0].id not in {d.id for d in after.state.pending}
    assert armed(table, after)  # and the next question is timed


async def test_a_deleted_board_of_a_game_not_read_since_the_start_is_posted_again(
        table: Table, database: Path) -> None:
    game = await table.start_game(players=2)
    assert game.board_message_id is not None
    await restart(table, database)
    assert service(table.env).games.cached(game.id) is None

    table.env.backend.delete_message(table.channel.id, game.board_message_id)
    await table.env.settle()

    after = await table.game()
    assert after.board_message_id not in (None, game.board_message_id)
    assert table.message(after.board_message_id or 0) is not None
    await table.option(Roll)  # and it plays


async def test_a_player_gone_from_the_server_leaves_a_game_not_read_since_the_start(
        table: Table, database: Path) -> None:
    game = await table.start_game(players=3)
    _game, _decision, asked = await table.asked()
    seat = game.seat_of(asked.id)
    await restart(table, database)
    assert service(table.env).games.cached(game.id) is None

    table.channel.guild.remove_member(asked)
    await table.env.advance_time(TURN + 1)

    assert (await table.game()).chronicle.presence.left == (seat,)


async def test_the_cache_keeps_the_most_recent_games_and_reads_the_others_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_cache, "CACHED_MOST", 2)
    games_service = GameService(await Store.open(tmp_path / "kot.sqlite3"))
    games = games_service.games
    try:
        opened = [await games_service.lobbies.open(guild_id=1, channel_id=channel, host_id=7,
                                                   show=nothing_to_show)
                  for channel in (10, 11)]
        async with games.lock(opened[0].id):  # in use: kept however old
            opened.append(await games_service.lobbies.open(
                guild_id=1, channel_id=12, host_id=7, show=nothing_to_show))
            assert [games.cached(lobby.id) is not None for lobby in opened] == [True, False,
                                                                               True]
        # The game let go is read again (and its version with it) when it is used.
        joined = await games_service.lobbies.join(opened[1].id, 8, nothing_to_show)
        assert [p.user_id for p in joined.lobby.players] == [7, 8]
        assert games.cached(opened[1].id) == joined
    finally:
        await games_service.close()


async def test_deadlines_days_away_do_not_pile_up_as_questions_change() -> None:
    async def expire(_game_id: int, _tag: tuple[int, ...]) -> None:
        raise AssertionError("no deadline is due")

    deadlines = Deadlines(expire)
    try:
        deadlines.set(0, (1,), 3600.0)  # the earliest deadline: the others' stay below it
        for question in range(1, 1001):  # each game asked a new question, a day to answer
            for game_id in range(1, 10):
                deadlines.set(game_id, (question,), 86_400.0 + question)
        for game_id in range(1, 5):
            deadlines.cancel(game_id)

        assert len(deadlines) == 6
        assert [deadlines.waiting_on(game_id) for game_id in (0, 4, 5)] == [(1,), (), (1000,)]
        assert len(deadlines._heap) <= 2 * 6 + 64  # not the 9,001 entries set
    finally:
        deadlines.close()
