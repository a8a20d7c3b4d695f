"""Fixtures for driving the real bot through SimCord (an offline Discord for discord.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import Table, bot_of, make_bot
from simcord import Env

from bot.app import KotBot
from bot.local import client_locales as client_locales_sent
from tools.chaos.sim import started


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "kot.sqlite3"


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    return make_bot(database)


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: KotBot, request: pytest.FixtureRequest) -> AsyncIterator[Env]:
    """SimCord's own fixture (``simcord.pytest_plugin``, with its ``simcord`` marker's
    options), but with the bot's deadlines on SimCord's clock alone from before the bot starts
    (``tools.chaos.sim.started``): a retry of what Discord refused, an AI monster's pause or
    a turn timer fires when the test moves the clock (``env.advance_time``), never by itself
    in real time while a click settles. A test starting a bot of its own does so with
    ``bot_harness.simulated`` (``simcord.run``'s)."""
    marker = request.node.get_closest_marker("simcord")
    async with started(simcord_bot, **(marker.kwargs if marker else {})) as environment:
        yield environment
    if environment.check_errors:
        # (What the plugin's fixture raises: the bot's errors, none of which a test here
        # acknowledges by reading ``env.errors``.)
        environment.raise_errors()


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


@pytest.fixture
def client_locales() -> Iterator[dict[int, str]]:
    """Discord client locales by user id, sent with those users' interactions.

    SimCord sends every interaction with the locale "en-US" and offers no setting for it, so
    ``bot.local.client_locales`` wraps the one function that builds its interaction payloads
    to send, for the users listed, the locale a Spanish (or other) Discord client would: the
    smallest change that lets a test reach the bot's per-person languages through SimCord as
    a player would.
    """
    locales: dict[int, str] = {}
    with client_locales_sent(locales.get):
        yield locales
