"""How the bot process keeps its event loop free: pictures are drawn in worker processes
(or, with ``KOT_DRAWING_PROCESSES=0``, on a small pool of threads of their own), and the
start-up heap is left out of the cycle collector's full collections (``gc.freeze``) and the
youngest generation is collected less often, so that the collector pauses the loop for
less; bots started inside a test process leave the collector alone."""

from __future__ import annotations

import asyncio
import gc
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_harness import Table, simulated

import bot.__main__ as cli
from bot.app import KotBot
from bot.config import Settings
from bot.discord import messages
from bot.discord.drawing import Drawers, shared_processes
from bot.render import board_picture
from engine import Roll


@pytest.fixture
def collector_unfrozen() -> Iterator[None]:
    """Start and end with nothing frozen (frozen objects would outlive the test) and the
    collector's thresholds as they were."""
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("collector_unfrozen")
async def test_a_bot_that_tunes_the_collector_still_plays(tmp_path: Path) -> None:
    settings = Settings(token="offline", database=tmp_path / "kot.sqlite3")
    bot = KotBot(settings, sync_commands=True, tune_collector=True)
    async with simulated(bot) as env:
        try:
            assert gc.get_freeze_count() > 10_000  # the modules, the cards, the fonts...
            assert gc.get_threshold()[0] == 2000  # the youngest generation, less often
            guild = env.create_guild()
            table = Table(env, guild.create_text_channel("kot"),
                          [guild.add_member(env.create_user(name)) for name in ("ann", "bo")])
            before = await table.start_game(2)
            await table.option(Roll)
            after = await table.game()
            assert after.status == "playing" and after.state != before.state
        finally:
            await bot.service.close()


@pytest.mark.usefixtures("collector_unfrozen")
async def test_bots_in_tests_leave_the_collector_alone(table: Table) -> None:
    thresholds = gc.get_threshold()
    await table.start_game(2)
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds


def test_python_m_bot_tunes_the_collector(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[KotBot] = []

    async def run(bot: KotBot, token: str) -> None:
        started.append(bot)
        raise discord.LoginFailure("not connecting in a test")

    monkeypatch.setenv("DISCORD_TOKEN", "offline")
    monkeypatch.setenv("KOT_DATABASE", str(tmp_path / "kot.sqlite3"))
    monkeypatch.setattr(cli, "_run", run)
    assert cli.main(["--env-file", str(tmp_path / "none.env")]) == 1
    assert [bot.tune_collector for bot in started] == [True]


async def test_boards_are_drawn_in_the_drawing_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn_where: list[int] = []
    drawn = Drawers.drawn

    async def noted(drawers: Drawers, draw: Callable[..., Any], *args: Any) -> Any:
        # Each board drawn with another drawing beside it (as in a burst of clicks): the
        # one in hand first is made on a thread, the other in a drawing process.
        done, where = await asyncio.gather(drawn(drawers, draw, *args),
                                           drawn(drawers, _process_id))
        drawn_where.append(where)
        return done

    settings = Settings(token="offline", database=tmp_path / "kot.sqlite3")
    assert settings.drawing_processes == 2  # (the default)
    # The bot's drawers, their workers up as after its first burst.
    await shared_processes(2).started(within=60)
    monkeypatch.setattr(Drawers, "drawn", noted)
    await _two_moves(KotBot(settings, sync_commands=True))
    assert drawn_where and os.getpid() not in drawn_where


def _process_id() -> int:
    return os.getpid()


async def test_a_clicks_board_is_drawn_on_the_loop_alone_on_a_thread_beside_a_request(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert isinstance(table.env.bot, KotBot) and table.env.bot.settings.drawing_processes == 0
    threads: list[str] = []

    def noted(*args: Any) -> tuple[bytes, str]:
        threads.append(threading.current_thread().name)
        return board_picture(*args)

    monkeypatch.setattr(messages, "board_picture", noted)
    await table.start_game(2)
    threads.clear()
    # A lone click: its board drawn on the event loop, the thread the bot runs on.
    await table.option(Roll)
    assert threads == [threading.current_thread().name]
    # Another request in hand meanwhile (a command awaiting the store, say): the board is
    # drawn on a drawing thread, and the loop goes on with the other request.
    in_hand = table.env.bot.in_hand
    release = asyncio.Event()

    async def other_request() -> None:
        assert in_hand.take()
        await release.wait()

    other = asyncio.create_task(other_request())
    await asyncio.sleep(0)
    threads.clear()
    try:
        await table.option(Roll)
    finally:
        release.set()
        await other
    assert threads and all(name.startswith("kot-draw") for name in threads)


async def _two_moves(bot: KotBot) -> None:
    """A game started and a roll made by ``bot``, under SimCord."""
    async with simulated(bot) as env:
        try:
            guild = env.create_guild()
            table = Table(env, guild.create_text_channel("kot"),
                          [guild.add_member(env.create_user(name)) for name in ("ann", "bo")])
            await table.start_game(2)
            await table.option(Roll)
        finally:
            await bot.service.close()
