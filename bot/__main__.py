"""``python -m bot`` / ``kot-bot``: run the King of Tokyo bot.

    python -m bot            run with the settings from the environment or .env
    python -m bot --sync     also publish the slash commands (needed once, and after changes)
    python -m bot --local    play in a browser on an offline Discord, no token (bot/local.py;
                             ``python -m bot --local --help`` lists its options)

With SHARD_COUNT and no SHARD_IDS (on PostgreSQL), the process claims its share of the
shards among the processes started so, and runs a bot for the shards it holds, a new one
whenever they change (bot/shard_leases.py).
"""

from __future__ import annotations

import argparse
import gc
import logging
import signal
import sys
from dataclasses import replace

import aiohttp
import asyncpg
import discord
from dotenv import load_dotenv

from bot import stopping
from bot.app import KotBot, StartupError, make_bot
from bot.config import Settings, SettingsError, Shards
from bot.shard_leases import DatabaseThread, ShardKeeper, ShardServer
from bot.store.store import Store


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--local" in argv:
        from bot import local

        return local.main([arg for arg in argv if arg != "--local"])
    parser = argparse.ArgumentParser(prog="kot-bot", description="King of Tokyo for Discord")
    parser.add_argument("--local", action="store_true",
                        help="play in a browser on an offline Discord, with no token "
                             "(see python -m bot --local --help)")
    parser.add_argument(
        "--sync", action="store_true",
        help="publish the slash commands (to KOT_DEV_GUILD_ID if set, else globally)",
    )
    parser.add_argument("--env-file", default=".env", help="settings file (default: .env)")
    args = parser.parse_args(argv)
    # Real environment variables win over the file.
    load_dotenv(args.env_file, override=False)
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        return _fail(str(error), 2)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        if settings.shards.claims:
            heard = stopping.run(_run_claiming(settings, sync=args.sync))
        else:
            bot = make_bot(settings, sync_commands=args.sync, tune_collector=True)
            heard = stopping.run(_run(bot, settings.token))
    except discord.LoginFailure:
        return _fail("Discord rejected DISCORD_TOKEN: copy the bot token again from the "
                     "Developer Portal (Bot > Reset Token)", 1)
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the gateway intents this bot asked for", 1)
    except StartupError as error:
        return _fail(str(error), 1)
    except (aiohttp.ClientError, OSError) as error:
        return _fail(f"cannot reach Discord ({error})", 1)
    except KeyboardInterrupt:  # Ctrl-C before the event loop listens for it
        heard = signal.SIGINT
    if heard is not None:
        print(f"kot-bot: stopped ({heard.name})", flush=True)
    return 0


async def _run(bot: KotBot, token: str) -> None:
    async with bot:
        await bot.start(token)


async def _run_claiming(settings: Settings, *, sync: bool) -> None:
    """SHARD_COUNT without SHARD_IDS: this process claims its share of the shards through
    PostgreSQL and runs a bot for the shards it holds, a new one whenever they change
    (bot.shard_leases)."""
    assert settings.shards.count is not None
    database = DatabaseThread()
    try:
        store = await database.run(Store.open(settings.store_target))
    except (OSError, asyncpg.PostgresError, RuntimeError) as error:
        database.close()
        raise StartupError(f"cannot open the database {settings.store_name}: {error}") from error

    async def serve(shards: Shards) -> None:
        # The heap the last bot froze at its start (KotBot's tune_collector) is collectable
        # again: that bot is closed, and its reference cycles would stay for good.
        gc.unfreeze()
        bot = make_bot(replace(settings, shards=shards), sync_commands=sync,
                       tune_collector=True)
        await _run(bot, settings.token)

    keeper = ShardKeeper(store, settings.shards.count, run=database.run)
    logging.getLogger(__name__).info("process %s claims its share of %d shards",
                                     keeper.process_id, settings.shards.count)
    try:
        await ShardServer(keeper, serve, health_file=settings.health_file).run()
    finally:
        await database.run(store.close())
        database.close()


def _fail(message: str, code: int) -> int:
    print(f"kot-bot: error: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
