"""Settings and the command line: clear one-line errors, never a traceback."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import discord
import pytest

import bot.__main__ as cli
from bot.app import KotBot
from bot.config import Settings, SettingsError
from bot.shard_leases import ShardKeeper
from bot.store.store import Store


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env({
        "DISCORD_TOKEN": " abc ", "KOT_DATABASE": "/data/kot.db", "KOT_DEV_GUILD_ID": "123",
        "KOT_TURN_TIMEOUT": "90", "KOT_REACTION_TIMEOUT": "20", "KOT_LOG_LEVEL": "debug",
        "KOT_IDLE_DAYS": "30", "KOT_DRAWING_PROCESSES": "0",
    })
    assert settings == Settings(token="abc", database=Path("/data/kot.db"), dev_guild_id=123,
                                turn_timeout=90.0, reaction_timeout=20.0, log_level="DEBUG",
                                idle_days=30.0, drawing_processes=0)
    defaults = Settings.from_env({"DISCORD_TOKEN": "abc"})
    assert defaults.dev_guild_id is None
    assert (defaults.turn_timeout, defaults.reaction_timeout) == (120, 30)
    assert defaults.idle_days == 14
    assert defaults.drawing_processes == 2


@pytest.mark.parametrize(("env", "message"), [
    ({}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "t", "KOT_DEV_GUILD_ID": "my server"}, "KOT_DEV_GUILD_ID"),
    ({"DISCORD_TOKEN": "t", "KOT_TURN_TIMEOUT": "-1"}, "KOT_TURN_TIMEOUT"),
    ({"DISCORD_TOKEN": "t", "KOT_REACTION_TIMEOUT": "soon"}, "KOT_REACTION_TIMEOUT"),
    ({"DISCORD_TOKEN": "t", "KOT_LOG_LEVEL": "loud"}, "KOT_LOG_LEVEL"),
    ({"DISCORD_TOKEN": "t", "KOT_IDLE_DAYS": "-2"}, "KOT_IDLE_DAYS"),
    ({"DISCORD_TOKEN": "t", "KOT_DRAWING_PROCESSES": "two"}, "KOT_DRAWING_PROCESSES"),
    ({"DISCORD_TOKEN": "t", "KOT_DRAWING_PROCESSES": "9"}, "from 0 to 8"),
])
def test_bad_settings_are_named(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(env)


def test_a_missing_token_is_one_line_and_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code = cli.main(["--env-file", str(tmp_path / "missing.env")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "DISCORD_TOKEN is not set" in err


def test_a_rejected_token_is_one_line_and_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN=wrong\nKOT_DATABASE={tmp_path / 'kot.db'}\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("KOT_DATABASE", raising=False)

    async def rejected(bot: object, token: str) -> None:
        assert token == "wrong"  # read from the .env file
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(cli, "_run", rejected)
    code = cli.main(["--env-file", str(env_file)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and "Discord rejected DISCORD_TOKEN" in err


def test_shard_count_alone_on_sqlite_is_one_line_and_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("DATABASE_URL", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("SHARD_COUNT", "2")
    code = cli.main(["--env-file", str(tmp_path / "missing.env")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "through PostgreSQL: set DATABASE_URL" in err


def test_a_process_claiming_shards_stops_on_a_rejected_token_and_gives_them_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    postgres_url: str,
) -> None:
    """SHARD_COUNT without SHARD_IDS on PostgreSQL: the process claims both shards (no
    other process), starts its bot with them, and the bot's failure stops it as without
    shards; its leases and its row are gone."""
    for name in ("SHARD_IDS", "KOT_HEALTH_FILE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in (("DISCORD_TOKEN", "wrong"), ("DATABASE_URL", postgres_url),
                        ("SHARD_COUNT", "2")):
        monkeypatch.setenv(name, value)
    # (no heartbeat's wait before the first claim: the test has no other process)
    monkeypatch.setattr(cli, "ShardKeeper", partial(ShardKeeper, grace=0.0))
    started: list[tuple[int, ...] | None] = []

    async def rejected(bot: KotBot, token: str) -> None:
        started.append(bot.settings.shards.ids)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(cli, "_run", rejected)
    code = cli.main(["--env-file", str(tmp_path / "missing.env")])
    assert code == 1
    assert "Discord rejected DISCORD_TOKEN" in capsys.readouterr().err
    assert started == [(0, 1)]

    async def left() -> list[object]:
        store = await Store.open(postgres_url)
        try:
            return await store.backend.read(lambda tx: tx.rows(
                "SELECT process_id FROM processes UNION ALL "
                "SELECT process_id FROM shard_leases"))
        finally:
            await store.close()

    assert asyncio.run(left()) == []
