"""The bot's health, for a container runtime's health check (the Dockerfile's HEALTHCHECK).

With ``KOT_HEALTH_FILE`` set, the running bot writes that file (the time, in seconds) every
``WRITE_EVERY`` seconds while its gateway connection to Discord is up and its database answers
a trivial read. ``python -m bot.health`` exits 0 when the file changed less than ``MAX_AGE``
seconds ago, else 1 with the reason on stderr. So a bot that lost Discord, whose database
stopped answering, or whose event loop is stuck stops writing, and the runtime sees it as
unhealthy within ``MAX_AGE`` (and restarts it where it is told to).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import discord
from dotenv import load_dotenv

from bot.config import Settings, SettingsError
from bot.store.store import Store

log = logging.getLogger(__name__)

HEALTH_FILE_SETTING = "KOT_HEALTH_FILE"
WRITE_EVERY = 30.0
# Three missed heartbeats: one slow read or a short reconnection is not a failure.
MAX_AGE = 90.0
# Seconds the database has to answer the heartbeat's read.
STORE_TIMEOUT = 10.0

# What is wrong with the bot now (None: nothing).
Problem = Callable[[], Awaitable[str | None]]


def start_heartbeat(client: discord.Client, store: Store,
                    path: Path | None) -> asyncio.Task[None] | None:
    """Once the bot is connected, keep the heartbeat file ``path`` fresh while it is healthy
    (a task to cancel when the bot closes); None when no heartbeat file is set."""
    if path is None:
        return None

    async def run() -> None:
        await client.wait_until_ready()
        await beat(path, lambda: problem(client, store))

    return asyncio.create_task(run(), name="kot-heartbeat")


async def problem(client: discord.Client, store: Store) -> str | None:
    if not gateway_connected(client):
        return "not connected to Discord's gateway"
    try:
        await asyncio.wait_for(store.schema_version(), STORE_TIMEOUT)
    except Exception as error:  # whatever stops the read, the bot is not healthy
        return f"the database does not answer ({error!r})"
    return None


def gateway_connected(client: discord.Client) -> bool:
    """Whether the bot's gateway connections (each shard's, when sharded) are open."""
    if client.is_closed() or not client.is_ready():
        return False
    if isinstance(client, discord.AutoShardedClient):
        return bool(client.shards) and not any(
            shard.is_closed() for shard in client.shards.values())
    return client.ws is not None and client.ws.open


async def beat(path: Path, find_problem: Problem, *, every: float = WRITE_EVERY,
               clock: Callable[[], float] = time.time) -> None:
    """Write ``path`` now and then every ``every`` seconds, each time ``find_problem``
    finds none; log when the bot turns unhealthy, or healthy again."""
    path.unlink(missing_ok=True)  # (a file left by an earlier run says nothing of this one)
    last: str | None = None
    while True:
        found = await find_problem()
        if found is None:
            try:
                path.write_text(f"{clock():.0f}\n")
            except OSError as error:
                found = f"cannot write the heartbeat file {path} ({error})"
        if found != last:
            if found is None:
                log.info("healthy again: the heartbeat file %s is written", path)
            else:
                log.warning("unhealthy: %s; the heartbeat file %s is not written", found, path)
            last = found
        await asyncio.sleep(every)


def staleness(path: Path, *, now: float, max_age: float = MAX_AGE) -> str | None:
    """Why the heartbeat file says the bot is unhealthy (None: it is healthy)."""
    try:
        written = path.stat().st_mtime
    except FileNotFoundError:
        return (f"no heartbeat file {path}: the bot has not been connected to Discord with "
                "a working database since it started")
    except OSError as error:
        return f"cannot read the heartbeat file {path}: {error}"
    age = now - written
    if age > max_age:
        return (f"the last heartbeat is {age:.0f} s old (more than {max_age:.0f} s): the bot "
                "lost Discord or its database, or is stuck")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.health",
        description="Exit 0 when the running bot's heartbeat file is fresh, else 1 with the "
                    "reason (a container health check).")
    parser.add_argument("--file", type=Path, default=None,
                        help=f"the heartbeat file (default: {HEALTH_FILE_SETTING})")
    parser.add_argument("--max-age", type=float, default=MAX_AGE, metavar="SECONDS",
                        help=f"the oldest heartbeat still healthy (default {MAX_AGE:.0f})")
    parser.add_argument("--env-file", default=".env", help="settings file (default: .env)")
    args = parser.parse_args(argv)
    load_dotenv(args.env_file, override=False)
    try:
        path = args.file or Settings.from_env(token_required=False).health_file
    except SettingsError as error:
        print(f"unhealthy: {error}", file=sys.stderr)
        return 1
    if path is None:
        print(f"unhealthy: {HEALTH_FILE_SETTING} is not set, so the bot writes no heartbeat "
              "(set it for the bot and for this check)", file=sys.stderr)
        return 1
    reason = staleness(path, now=time.time(), max_age=args.max_age)
    if reason is not None:
        print(f"unhealthy: {reason}", file=sys.stderr)
        return 1
    print(f"healthy: heartbeat {path} is fresh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
