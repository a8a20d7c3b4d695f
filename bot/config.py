"""Settings read from the environment (and a ``.env`` file): see ``.env.example``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.store.store import is_postgres_url
from bot.table.autoplay import HARD_AI_SECONDS
from bot.table.idle_games import IDLE_DAYS
from bot.table.model import REACTION_SECONDS, TURN_SECONDS

DEFAULT_DATABASE = "kot.sqlite3"
DEFAULT_TURN_TIMEOUT = TURN_SECONDS
DEFAULT_REACTION_TIMEOUT = REACTION_SECONDS
DEFAULT_AI_PAUSE = 2.0
DEFAULT_HARD_AI_SECONDS = HARD_AI_SECONDS
DEFAULT_LOBBY_MINUTES = 15.0
DEFAULT_IDLE_DAYS = float(IDLE_DAYS)
# Two drawing processes: a burst of clicks draws its boards two at a time beside the event
# loop (docs/bot.md, "Keeping the event loop free").
DEFAULT_DRAWING_PROCESSES = 2
MAX_DRAWING_PROCESSES = 8


class SettingsError(ValueError):
    """A setting is missing or malformed; the message names it and says what to do."""


@dataclass(frozen=True)
class Shards:
    """Which Discord shards this process runs (SHARD_COUNT, SHARD_IDS). Unset: one process
    and one connection for every server. Several processes share the work by running
    different shards over one PostgreSQL database; each plays the games of its shards'
    servers (Discord sends a server's events to the shard ``(guild_id >> 22) % count``).
    With SHARD_COUNT alone (``claims``), the processes claim their shards among themselves
    (``bot.shard_leases``), which starts each bot with the shards it holds."""

    count: int | None = None
    # None: every shard of ``count``.
    ids: tuple[int, ...] | None = None
    # Whether this bot does the work one process does for all (the slash commands, the
    # records backfill): None, the process running shard 0; a bot of claimed shards is
    # told (bot.shard_leases: the holder of shard 0, once in its process's life).
    first: bool | None = None

    @property
    def claims(self) -> bool:
        """Settings for processes that claim their shards (SHARD_COUNT without SHARD_IDS,
        on PostgreSQL), rather than a bot's shards."""
        return self.count is not None and self.ids is None

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process plays the games of this server (direct messages go to
        shard 0)."""
        if self.count is None or self.ids is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.count
        return shard in self.ids

    @property
    def runs_first_shard(self) -> bool:
        """Shard 0's process does the work one process must do for all (slash commands)."""
        if self.first is not None:
            return self.first
        return self.ids is None or 0 in self.ids

    def backfills(self, guild_id: int | None) -> bool:
        """Whether this bot keeps, at its start, the records of this server's games
        finished before records were kept: its own servers' (SHARD_IDS), or every server's
        when it is the one that does the work for all (claimed shards), else none."""
        if self.first is None:
            return self.owns(guild_id)
        return self.first


@dataclass(frozen=True)
class Settings:
    token: str
    database: Path = Path(DEFAULT_DATABASE)
    # A PostgreSQL database (postgresql://user:password@host:port/name) instead of the
    # SQLite file: for several processes (shards) over one database.
    database_url: str | None = None
    # Slash commands sync to this guild instantly (development); globally when None.
    dev_guild_id: int | None = None
    # The turn clock of new lobbies where the server set none (/kot settings), 0 = off:
    # seconds the active monster has for its whole turn before the autopilot plays for it,
    # and seconds a monster asked out of its turn (stay or yield, a card's reaction) has.
    turn_timeout: float = DEFAULT_TURN_TIMEOUT
    reaction_timeout: float = DEFAULT_REACTION_TIMEOUT
    # Seconds an AI monster waits before each move, so that people can follow its turn.
    ai_pause: float = DEFAULT_AI_PAUSE
    # Seconds of thought the Hard AI (the Monte-Carlo player) gives each decision and hint.
    hard_ai_seconds: float = DEFAULT_HARD_AI_SECONDS
    # The worker processes that draw the pictures asked for while another is being drawn
    # (0: all in the bot's process, on its loop or threads; bot.discord.drawing).
    drawing_processes: int = DEFAULT_DRAWING_PROCESSES
    log_level: str = "INFO"
    # Minutes after its last change when a lobby nobody started closes (0 = never).
    lobby_minutes: float = DEFAULT_LOBBY_MINUTES
    # Days after a player last acted in a game in play when it ends as idle (0 = never).
    idle_days: float = DEFAULT_IDLE_DAYS
    shards: Shards = Shards()
    # The heartbeat file for a container's health check (bot.health); None: not written.
    health_file: Path | None = None

    @property
    def store_target(self) -> str | Path:
        """Where the games are kept: the PostgreSQL URL if one is set, else the SQLite
        file."""
        return self.database_url or self.database

    @property
    def store_name(self) -> str:
        """Where the games are kept, for messages (a URL without its password)."""
        if self.database_url is None:
            return str(self.database)
        url = urlsplit(self.database_url)
        if url.password is None:
            return self.database_url
        return urlunsplit(url._replace(netloc=url.netloc.replace(f":{url.password}@", ":***@")))

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *,
                 token_required: bool = True) -> Settings:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token and token_required:
            raise SettingsError(
                "DISCORD_TOKEN is not set: put the bot token in the environment or in .env "
                "(see .env.example), or try the bot without Discord: python -m bot --local"
            )
        database_url = _database_url(env)
        return cls(
            token=token,
            database=Path(env.get("KOT_DATABASE", "").strip() or DEFAULT_DATABASE),
            database_url=database_url,
            dev_guild_id=_optional_int(env, "KOT_DEV_GUILD_ID"),
            turn_timeout=_duration(env, "KOT_TURN_TIMEOUT", DEFAULT_TURN_TIMEOUT),
            reaction_timeout=_duration(env, "KOT_REACTION_TIMEOUT", DEFAULT_REACTION_TIMEOUT),
            ai_pause=_duration(env, "KOT_AI_PAUSE", DEFAULT_AI_PAUSE),
            hard_ai_seconds=_duration(env, "KOT_HARD_AI_SECONDS", DEFAULT_HARD_AI_SECONDS),
            drawing_processes=_count(env, "KOT_DRAWING_PROCESSES", DEFAULT_DRAWING_PROCESSES,
                                     most=MAX_DRAWING_PROCESSES),
            log_level=_log_level(env.get("KOT_LOG_LEVEL", "INFO")),
            lobby_minutes=_duration(env, "KOT_LOBBY_MINUTES", DEFAULT_LOBBY_MINUTES,
                                    unit="minutes"),
            idle_days=_duration(env, "KOT_IDLE_DAYS", DEFAULT_IDLE_DAYS, unit="days"),
            shards=_shards(env, postgres=database_url is not None),
            health_file=Path(raw) if (raw := env.get("KOT_HEALTH_FILE", "").strip()) else None,
        )


def _database_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("DATABASE_URL", "").strip()
    if not raw:
        return None
    if not is_postgres_url(raw):
        raise SettingsError("DATABASE_URL must be a PostgreSQL URL, "
                            "postgresql://user:password@host:port/database (leave it empty "
                            "to keep the games in the SQLite file KOT_DATABASE)")
    return raw


def _shards(env: Mapping[str, str], *, postgres: bool) -> Shards:
    raw_count = env.get("SHARD_COUNT", "").strip()
    raw_ids = env.get("SHARD_IDS", "").strip()
    if not raw_count:
        if raw_ids:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT, the number of shards in all")
        return Shards()
    if not raw_count.isdigit() or int(raw_count) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number of shards, 1 or more, "
                            f"not {raw_count!r}")
    count = int(raw_count)
    if not raw_ids:
        if not postgres:
            raise SettingsError(
                f"SHARD_COUNT without SHARD_IDS makes the processes claim their shards among "
                f"themselves through PostgreSQL: set DATABASE_URL, or SHARD_IDS=0-{count - 1} "
                f"for one process running every shard on the SQLite file")
        return Shards(count)
    ids: set[int] = set()
    for part in raw_ids.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(f"SHARD_IDS lists shard numbers and ranges such as 0,2 or "
                                f"0-3, not {raw_ids!r}")
        ids.update(range(int(first), int(last or first) + 1))
    if not ids or max(ids) >= count:
        raise SettingsError(f"SHARD_IDS must name shards from 0 to {count - 1} "
                            f"(SHARD_COUNT is {count}), not {raw_ids!r}")
    return Shards(count, tuple(sorted(ids)))


def _optional_int(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SettingsError(f"{name} must be a numeric Discord id, not {raw!r}")
    return int(raw)


def _duration(env: Mapping[str, str], name: str, default: float, *,
              unit: str = "seconds") -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of {unit}, not {raw!r}") from None
    if value < 0:
        raise SettingsError(f"{name} must be 0 or more {unit}")
    return value


def _count(env: Mapping[str, str], name: str, default: int, *, most: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) > most:
        raise SettingsError(f"{name} must be a whole number from 0 to {most}, not {raw!r}")
    return int(raw)


def _log_level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise SettingsError(f"KOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {raw!r}")
    return level
