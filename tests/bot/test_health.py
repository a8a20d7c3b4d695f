"""The health check: the running bot keeps KOT_HEALTH_FILE fresh while it is connected and its
database answers; python -m bot.health says healthy (0) or why not (1)."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from dataclasses import replace
from pathlib import Path

import discord
import pytest
from bot_harness import bot_of, make_bot
from simcord import Env

from bot import health
from bot.app import KotBot
from bot.store.store import Store


async def _until(condition: object, seconds: float = 1.0) -> None:
    """Wait (in real time, briefly) until ``condition()`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the condition did not come true in time"
        await asyncio.sleep(0.005)


def test_a_fresh_file_is_healthy_and_a_stale_or_missing_one_says_why(tmp_path: Path) -> None:
    path = tmp_path / "health"
    assert "no heartbeat file" in (health.staleness(path, now=1_000.0) or "")
    path.write_text("1000\n")
    os.utime(path, (1_000.0, 1_000.0))
    assert health.staleness(path, now=1_000.0 + health.MAX_AGE) is None
    stale = health.staleness(path, now=1_000.0 + health.MAX_AGE + 1)
    assert stale is not None and "91 s old (more than 90 s)" in stale


def test_the_command_exits_0_when_fresh_and_1_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    no_env_file = ["--env-file", str(tmp_path / "none.env")]
    monkeypatch.delenv(health.HEALTH_FILE_SETTING, raising=False)
    assert health.main(no_env_file) == 1
    assert "KOT_HEALTH_FILE is not set" in capsys.readouterr().err

    path = tmp_path / "health"
    monkeypatch.setenv(health.HEALTH_FILE_SETTING, str(path))
    assert health.main(no_env_file) == 1
    assert "no heartbeat file" in capsys.readouterr().err
    path.write_text("now\n")
    assert health.main(no_env_file) == 0
    assert "healthy" in capsys.readouterr().out
    old = time.time() - 120
    os.utime(path, (old, old))
    assert health.main(no_env_file) == 1
    assert "120 s old" in capsys.readouterr().err
    assert health.main([*no_env_file, "--max-age", "300"]) == 0
    assert health.main([*no_env_file, "--file", str(tmp_path / "other")]) == 1


async def test_the_heartbeat_is_written_only_while_nothing_is_wrong(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "health"
    path.write_text("left by the last run\n")
    wrong: list[str] = ["not connected to Discord's gateway"]

    async def find_problem() -> str | None:
        return wrong[0] if wrong else None

    with caplog.at_level(logging.INFO, logger="bot.health"):
        beating = asyncio.create_task(health.beat(path, find_problem, every=0.01,
                                                  clock=lambda: 1_234.0))
        try:
            await _until(lambda: "unhealthy: not connected" in caplog.text)
            assert not path.exists()  # an earlier run's file says nothing of this one
            wrong.clear()
            await _until(path.exists)
            assert path.read_text() == "1234\n" and "healthy again" in caplog.text
            wrong.append("the database does not answer")
            await asyncio.sleep(0.02)  # a beat written as the problem came may be there
            path.unlink(missing_ok=True)
            await asyncio.sleep(0.05)  # five beats: none written
            assert not path.exists()
            assert caplog.text.count("unhealthy") == 2  # once each time it turned unhealthy
        finally:
            beating.cancel()


def test_a_bot_not_connected_is_not_healthy() -> None:
    client = discord.Client(intents=discord.Intents.none())
    assert not health.gateway_connected(client)


@pytest.fixture
def simcord_bot(database: Path, tmp_path: Path) -> KotBot:
    """The bot with a heartbeat file (set before it starts, as in the container)."""
    bot = make_bot(database)
    bot.settings = replace(bot.settings, health_file=tmp_path / "health")
    return bot


async def test_the_running_bot_keeps_its_heartbeat_while_healthy(
    env: Env, tmp_path: Path, database: Path,
) -> None:
    bot = bot_of(env)
    path = tmp_path / "health"
    store = await Store.open(database)
    try:
        await _until(path.exists)
        assert health.gateway_connected(bot)
        assert await health.problem(bot, store) is None
        bot.ws.open = False  # the gateway connection drops (SimCord's gateway)
        assert await health.problem(bot, store) == "not connected to Discord's gateway"
        bot.ws.open = True
        await store.close()  # the database stops answering
        found = await health.problem(bot, store)
        assert found is not None and found.startswith("the database does not answer")
    finally:
        assert bot.heartbeat is not None
        bot.heartbeat.cancel()
