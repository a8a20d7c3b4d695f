"""Fixtures for driving the real bot through SimCord (an offline Discord for discord.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_harness import Table, bot_of, make_bot
from simcord import Env

from bot.app import KotBot


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "kot.sqlite3"


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    return make_bot(database)


@pytest.fixture
async def env(simcord_env: Env) -> AsyncIterator[Env]:
    yield simcord_env
    # SimCord detaches the bot without closing it: close the store and the AI's workers
    # ourselves.
    bot = bot_of(simcord_env)
    await bot.service.close()
    await bot.autopilot.searches_done(timeout=5.0)  # (a search cut short is an error)
    bot.autopilot.close()


@pytest.fixture
def table(env: Env) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("kot")
    players = [guild.add_member(env.create_user(name))
               for name in ("alice", "bob", "carol", "dave", "erin", "frank", "grace")]
    return Table(env, channel, players)
