"""A SimCord world that survives SIGKILL, as real Discord survives our bot dying.

SimCord keeps its Discord in the bot's own process (``Backend``: plain dicts of model
objects). A crash campaign kills that process, so the world is written to a SQLite file
(``world.sqlite3``) after every REST request the bot makes, *before* the response returns to
the bot: whatever the bot has seen Discord accept is on disk. A fresh worker loads it into a
new ``Env`` before the bot starts.

What is kept: users, guilds (members, roles), channels, messages (attachment payloads only:
the picture bytes live in SimCord's CDN and are dropped), synced commands, the snowflake
counters, the virtual clock, and the application and bot user ids. What is not: interaction
records and tokens (a restarted bot never sees its old interactions again), the CDN bytes,
and SimCord's request log and transcript.

SimCord internals relied on (simcord 3.2.1, pinned):
- ``simcord.http.router.dispatch`` is the one function every REST call of the bot goes
  through, synchronously (``http/client.py`` calls ``router.dispatch`` from both the HTTP
  client and the webhook adapter);
- the backend's state is the attributes listed in ``PERSISTED`` plus ``messages``,
  ``clock.elapsed``, ``_sequences``, ``_reserved_ids``, ``application_id`` and ``bot_user``
  (``backend/ops/base.py``, ``BackendBase.__init__``);
- messages change only through ``commit_message`` and the ``(channel_id, message_id, ...)``
  methods in ``MESSAGE_MUTATORS`` (``backend/ops/messages.py``, ``reactions.py``,
  ``polls.py``), which are wrapped on the instance to know which messages to rewrite.
  ``Env._mark_mutation`` is no hook for this: it runs for the test driver's changes only.

Of the snowflake counters (``_sequences``, one per millisecond ever used) only the current
millisecond's is kept, and of ``_reserved_ids`` only ids reserved explicitly above it: ids are
handed out at the clock's millisecond, the clock never runs back, and every id already
handed out lies below its counter, so none can be handed out twice (``reserve_id`` of an old
id would no longer be refused; nothing does that).
Each commit rewrites the small pickle of everything but messages, and the messages changed
since the last one: about a millisecond per REST call (``CommitStats``).
"""

from __future__ import annotations

import json
import pickle
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord.http.router as simcord_router
from simcord.backend import Backend
from simcord.backend.models import Message

# Backend attributes kept whole in one pickle (small: a handful of guilds, channels, users).
PERSISTED = (
    "users", "guilds", "channels", "dm_channels", "commands", "command_permissions",
    "webhooks", "webhook_tokens", "invites", "application_emojis", "stage_instances",
    "skus", "entitlements",
)
# Backend methods that change one message, called as (channel_id, message_id, ...).
MESSAGE_MUTATORS = (
    "edit_message", "delete_message", "crosspost_message", "set_pinned", "set_reaction",
    "remove_reaction", "set_poll_votes", "add_poll_vote", "remove_poll_vote",
)
# Snowflakes: milliseconds since Discord's epoch, then a 22-bit counter.
DISCORD_EPOCH_MS = 1420070400000
SEQUENCE_BITS = 22
_SEQUENCE_MASK = (1 << SEQUENCE_BITS) - 1

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS messages (channel_id INTEGER NOT NULL, id INTEGER NOT NULL, "
    "value BLOB NOT NULL, PRIMARY KEY (channel_id, id)) WITHOUT ROWID",
)

Dispatch = Callable[..., Any]


@dataclass
class CommitStats:
    """What keeping the world durable costs the bot: each commit runs inside a REST call."""

    commits: int = 0
    seconds: float = 0.0
    max_seconds: float = 0.0
    bytes: int = 0

    def record(self, seconds: float, size: int) -> None:
        self.commits += 1
        self.seconds += seconds
        self.max_seconds = max(self.max_seconds, seconds)
        self.bytes += size

    def as_dict(self) -> dict[str, float]:
        return {"commits": self.commits, "seconds": round(self.seconds, 4),
                "max_ms": round(self.max_seconds * 1000, 3), "bytes": self.bytes}


@dataclass(frozen=True)
class Cast:
    """Who plays where: the guild, its channels and each channel's players (user ids)."""

    guild_id: int
    channels: dict[int, tuple[int, ...]]

    def encode(self) -> bytes:
        return json.dumps({"guild": self.guild_id,
                           "channels": {str(c): list(p) for c, p in self.channels.items()}}
                          ).encode()

    @classmethod
    def decode(cls, data: bytes) -> Cast:
        raw = json.loads(data)
        return cls(int(raw["guild"]),
                   {int(c): tuple(int(u) for u in p) for c, p in raw["channels"].items()})


class DurableWorld:
    """The persistent parts of one SimCord backend, in a SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stats = CommitStats()
        self._db = sqlite3.connect(path, isolation_level=None)
        # FULL: a commit is fsynced before the bot gets Discord's answer.
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        for statement in _SCHEMA:
            self._db.execute(statement)
        self._backend: Backend | None = None
        self._dirty: set[tuple[int, int]] = set()
        self._undo: list[Callable[[], None]] = []

    def close(self) -> None:
        self.detach()
        self._db.close()

    # --- reading -------------------------------------------------------------------

    def has_snapshot(self) -> bool:
        return self._meta("backend") is not None

    def cast(self) -> Cast:
        data = self._meta("cast")
        if data is None:
            raise RuntimeError(f"{self.path} has no cast: the first worker never finished")
        return Cast.decode(data)

    def load_into(self, backend: Backend) -> None:
        """Replace a fresh (not yet started) backend's state by the stored world."""
        data = self._meta("backend")
        if data is None:
            raise RuntimeError(f"{self.path} holds no world")
        meta = pickle.loads(data)
        for name in PERSISTED:
            setattr(backend, name, meta[name])
        backend.application_id = meta["application_id"]
        backend.bot_user = backend.users[meta["bot_user_id"]]
        backend.clock.elapsed = meta["clock"]
        backend._sequences = meta["sequences"]
        backend._reserved_ids = set(meta["reserved"])
        backend.messages = {channel_id: {} for channel_id in backend.channels}
        for channel_id, message_id, value in self._db.execute(
            "SELECT channel_id, id, value FROM messages ORDER BY channel_id, id"
        ):
            backend.messages.setdefault(channel_id, {})[message_id] = pickle.loads(value)

    def message_count(self) -> int:
        row = self._db.execute("SELECT count(*) FROM messages").fetchone()
        return int(row[0])

    def _meta(self, key: str) -> bytes | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else bytes(row[0])

    # --- writing -------------------------------------------------------------------

    def attach(self, backend: Backend) -> None:
        """From now on, every REST request commits the world before its answer returns."""
        self._backend = backend
        self._dirty = {(c, m) for c, messages in backend.messages.items() for m in messages}
        self._track_messages(backend)
        original: Dispatch = simcord_router.dispatch

        def durable_dispatch(backend: Backend, method: str, path: str, **options: Any) -> Any:
            try:
                return original(backend, method, path, **options)
            finally:
                if method != "GET":
                    self.commit()

        simcord_router.dispatch = durable_dispatch
        self._undo.append(lambda: setattr(simcord_router, "dispatch", original))

    def detach(self) -> None:
        while self._undo:
            self._undo.pop()()
        self._backend = None

    def save_cast(self, cast: Cast) -> None:
        """Stored with the world, so the next worker finds the same players."""
        self._db.execute("INSERT OR REPLACE INTO meta VALUES ('cast', ?)", (cast.encode(),))

    def commit(self) -> None:
        """Write what changed since the last commit, in one durable transaction."""
        backend = self._backend
        if backend is None:
            raise RuntimeError("commit() before attach()")
        started = time.perf_counter()
        meta = pickle.dumps(_meta_of(backend), protocol=pickle.HIGHEST_PROTOCOL)
        size = len(meta)
        dirty, self._dirty = self._dirty, set()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('backend', ?)", (meta,))
            for channel_id, message_id in dirty:
                size += self._write_message(backend, channel_id, message_id)
        except BaseException:
            self._db.execute("ROLLBACK")
            self._dirty |= dirty
            raise
        self._db.execute("COMMIT")
        self.stats.record(time.perf_counter() - started, size)

    def _write_message(self, backend: Backend, channel_id: int, message_id: int) -> int:
        message = backend.messages.get(channel_id, {}).get(message_id)
        if message is None:
            self._db.execute("DELETE FROM messages WHERE channel_id = ? AND id = ?",
                             (channel_id, message_id))
            return 0
        value = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        self._db.execute("INSERT OR REPLACE INTO messages VALUES (?, ?, ?)",
                         (channel_id, message_id, value))
        return len(value)

    def _track_messages(self, backend: Backend) -> None:
        """Wrap the backend's message mutators (on this instance only) to note which
        messages a request changed."""
        dirty = self._dirty_add
        commit_message = backend.commit_message

        def tracked_commit(message: Message, **options: Any) -> Message:
            stored = commit_message(message, **options)
            dirty([(stored.channel_id, stored.id)])
            return stored

        _replace(backend, "commit_message", tracked_commit, self._undo)
        bulk_delete = backend.bulk_delete_messages

        def tracked_bulk_delete(channel_id: int, message_ids: Iterable[int]) -> list[int]:
            deleted = bulk_delete(channel_id, message_ids)
            dirty([(channel_id, m) for m in deleted])
            return deleted

        _replace(backend, "bulk_delete_messages", tracked_bulk_delete, self._undo)
        for name in MESSAGE_MUTATORS:
            _replace(backend, name, _tracking(getattr(backend, name), dirty), self._undo)

    def _dirty_add(self, keys: Iterable[tuple[int, int]]) -> None:
        self._dirty.update(keys)


def _tracking(method: Callable[..., Any],
              dirty: Callable[[Iterable[tuple[int, int]]], None]) -> Callable[..., Any]:
    def tracked(channel_id: int, message_id: int, *args: Any, **options: Any) -> Any:
        try:
            return method(channel_id, message_id, *args, **options)
        finally:
            dirty([(channel_id, message_id)])

    return tracked


def _replace(backend: Backend, name: str, wrapper: Callable[..., Any],
             undo: list[Callable[[], None]]) -> None:
    setattr(backend, name, wrapper)
    undo.append(lambda: delattr(backend, name))


def _meta_of(backend: Backend) -> dict[str, Any]:
    # Ids are handed out at the clock's millisecond, and the clock never runs back: the
    # counters of past milliseconds will never be used again.
    now = int(backend.clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS
    sequences = {ms: n for ms, n in backend._sequences.items() if ms >= now}
    return {
        **{name: getattr(backend, name) for name in PERSISTED},
        "application_id": backend.application_id,
        "bot_user_id": backend.bot_user.id,
        "clock": backend.clock.elapsed,
        "sequences": sequences,
        # Every id handed out lies below its millisecond's counter and can never be handed
        # out again; only ids reserved explicitly above a counter must be remembered.
        "reserved": [v for v in backend._reserved_ids if v >> SEQUENCE_BITS >= now
                     and v & _SEQUENCE_MASK >= sequences.get(v >> SEQUENCE_BITS, 0)],
    }
