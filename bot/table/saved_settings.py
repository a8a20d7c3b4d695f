"""Servers' and people's own settings as the store keeps them (``/kot settings``,
``/kot notify``: a server's clock and language, a person's language and direct messages).

Owns their reading and writing: none stored, or one that cannot be read (logged), is the
defaults (``ServerSettings()``, ``PersonSettings()``). Nothing of it is cached.
"""

from __future__ import annotations

import logging
from typing import TypeVar

import msgspec

from bot.store.store import Store
from bot.table.model import PersonSettings, ServerSettings

log = logging.getLogger(__name__)

Settings = TypeVar("Settings", ServerSettings, PersonSettings)


def _read(raw: bytes | None, kind: type[Settings], whose: str) -> Settings:
    """The stored settings, or the defaults when none are stored or they cannot be read."""
    if raw is None:
        return kind()
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.DecodeError as error:
        log.error("%s cannot be read (%s); the defaults apply", whose, error)
        return kind()


class SavedSettings:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        """A server's own defaults (none set, or unreadable: the bot's, logged)."""
        raw = None if guild_id is None else await self._store.server_settings(guild_id)
        return _read(raw, ServerSettings, f"server {guild_id}: its settings")

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None:
        await self._store.save_server_settings(guild_id, msgspec.json.encode(settings))

    async def person_settings(self, user_id: int) -> PersonSettings:
        """A person's own settings (none set, or unreadable: the defaults, logged)."""
        raw = await self._store.person_settings(user_id)
        return _read(raw, PersonSettings, f"user {user_id}: their settings")

    async def save_person_settings(self, user_id: int, settings: PersonSettings) -> None:
        await self._store.save_person_settings(user_id, msgspec.json.encode(settings))
