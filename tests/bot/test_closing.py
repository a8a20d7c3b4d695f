"""Closing the bot in order (``KotBot.close``): nothing new starts, the work in hand (a click,
the turn timer's answer) finishes before the store it writes to closes, and what is still at
work after the grace is cancelled whole. Each move is then either recorded whole or not at
all, with nothing logged as an error, whatever was running."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from bot_harness import Table, bot_of
from simcord import Env, InteractionResult

from bot.app import KotBot
from bot.store.store import Store
from bot.table.game_rows import LoggedAction
from bot.table.model import Game
from bot.table.service import GameService
from bot.table.timers import Deadlines
from engine import Roll
from tools.chaos.sim import deliver_click


class HeldWrite:
    """The bot's next write of moves (``Store.record_actions``: a click's, the turn
    timer's) held before it reaches the database, until ``release``."""

    def __init__(self, bot: KotBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reached = asyncio.Event()
        self._released = asyncio.Event()
        self.written = False
        store = bot.service.games._store
        record: Callable[..., Awaitable[Any]] = store.record_actions

        async def held(*args: Any, **kwargs: Any) -> Any:
            self.reached.set()
            await self._released.wait()
            result = await record(*args, **kwargs)
            self.written = True
            return result

        monkeypatch.setattr(store, "record_actions", held)

    def release(self) -> None:
        self._released.set()


async def stored(database: Path, game_id: int) -> tuple[Game, list[LoggedAction]]:
    """The game as the store holds it once the bot is gone (opened anew), and its log of
    moves."""
    store = await Store.open(database)
    try:
        games = GameService(store).games
        return await games.game(game_id), await games.action_log(game_id)
    finally:
        await store.close()


def seq(game: Game) -> int:
    assert game.state is not None
    return game.state.seq


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture) -> Callable[[], list[logging.LogRecord]]:
    """The errors logged so far, and anything logged with a traceback."""
    caplog.set_level(logging.INFO)
    return lambda: [record for record in caplog.records
                    if record.levelno >= logging.ERROR or record.exc_info]


async def click_roll(table: Table) -> InteractionResult:
    """The active player clicks Roll, delivered without waiting for the bot."""
    game, decision, asked = await table.asked()
    number = next(i for i, option in enumerate(decision.options) if isinstance(option, Roll))
    board = table.env.backend.get_message(table.channel.id, game.board_message_id or 0)
    return deliver_click(table.env, asked, board, f"kot:g:{game.id}:{decision.id}:o{number}")


@pytest.fixture
async def closing(env: Env) -> AsyncIterator[Callable[[], asyncio.Task[None]]]:
    """Starts the bot's close as a task (as a signal starts it): the test lets it begin,
    and it is awaited at the end at the latest."""
    started: list[asyncio.Task[None]] = []

    def close() -> asyncio.Task[None]:
        started.append(asyncio.create_task(bot_of(env).close()))
        return started[-1]

    yield close
    for task in started:
        await task


async def test_a_click_being_written_when_the_bot_closes_is_recorded_whole(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
        closing: Callable[[], asyncio.Task[None]],
        errors: Callable[[], list[logging.LogRecord]]) -> None:
    game = await table.start_game(players=2)
    held = HeldWrite(bot_of(table.env), monkeypatch)
    await click_roll(table)
    await held.reached.wait()

    close = closing()
    await asyncio.sleep(0)  # the close has begun: nothing new starts
    held.release()
    await close

    assert held.written
    after, moves = await stored(database, game.id)
    assert seq(after) == seq(game) + 1 and len(moves) == 1
    assert errors() == []


async def test_a_turn_timer_answering_when_the_bot_closes_records_its_move_whole(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
        closing: Callable[[], asyncio.Task[None]],
        errors: Callable[[], list[logging.LogRecord]]) -> None:
    game = await table.start_game(players=2)
    held = HeldWrite(bot_of(table.env), monkeypatch)
    # The turn time runs out (300 s): the timer's answer reaches its write and is held.
    advancing = asyncio.create_task(table.env.advance_time(301))
    await held.reached.wait()

    close = closing()
    await asyncio.sleep(0)
    held.release()
    await close
    advancing.cancel()  # (SimCord would wait for a bot that is gone)
    await asyncio.gather(advancing, return_exceptions=True)

    assert held.written
    after, moves = await stored(database, game.id)
    assert seq(after) > seq(game) and moves and moves[0].user_id is None  # the timer's
    assert errors() == []


async def test_work_still_at_it_after_the_grace_is_cancelled_and_writes_nothing(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
        errors: Callable[[], list[logging.LogRecord]]) -> None:
    game = await table.start_game(players=2)
    bot = bot_of(table.env)
    held = HeldWrite(bot, monkeypatch)
    await click_roll(table)
    await held.reached.wait()
    bot.close_grace = 0.0  # (the grace passes at once: the click is still held)

    await bot.close()
    held.release()  # (too late: it was cancelled, or it finds the store closed)
    for _ in range(10):
        await asyncio.sleep(0)  # (a click that outlived the close would write now)

    assert not held.written
    after, moves = await stored(database, game.id)
    assert seq(after) == seq(game) and moves == []
    assert errors() == []


async def test_a_click_that_comes_while_the_bot_closes_is_not_started(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
        closing: Callable[[], asyncio.Task[None]]) -> None:
    game = await table.start_game(players=2)
    held = HeldWrite(bot_of(table.env), monkeypatch)
    await click_roll(table)
    await held.reached.wait()

    close = closing()
    await asyncio.sleep(0)
    again = await click_roll(table)  # the same button, clicked again meanwhile
    held.release()
    await close

    # Not even acknowledged: Discord tells the player it failed, and the button works
    # again once the bot is back.
    assert not again.acknowledged
    after, moves = await stored(database, game.id)
    assert seq(after) == seq(game) + 1 and len(moves) == 1  # the first click's move alone


def _deadlines_among(bot: KotBot) -> list[Deadlines]:
    """Every ``Deadlines`` among the bot's own parts, at any depth (as tools.bench_days
    lists them): a clock added later is found too."""
    found: list[Deadlines] = []
    seen: set[int] = set()
    parts: list[object] = list(vars(bot).values())
    while parts:
        part = parts.pop()
        if id(part) in seen or not type(part).__module__.startswith("bot."):
            continue
        seen.add(id(part))
        if isinstance(part, Deadlines):
            found.append(part)
        else:
            parts += list(getattr(part, "__dict__", {}).values())
    return found


async def test_the_close_stops_every_clock_the_bot_keeps(table: Table) -> None:
    bot = bot_of(table.env)
    found = _deadlines_among(bot)
    assert len(found) >= 7
    assert {id(deadlines) for deadlines in found} == {id(d) for d in bot.clocks()}
