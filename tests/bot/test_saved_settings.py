"""Servers' and people's own settings as stored (``bot.table.saved_settings``), on their own:
written and read back, and the defaults for none or for a row that cannot be read."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.store.store import Store
from bot.table.model import PersonSettings, ServerSettings
from bot.table.saved_settings import SavedSettings


async def test_settings_are_read_back_as_saved_and_default_when_none(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "kot.sqlite3")
    try:
        settings = SavedSettings(store)
        assert await settings.server_settings(1) == ServerSettings()
        assert await settings.server_settings(None) == ServerSettings()  # (not a server)
        assert await settings.person_settings(7) == PersonSettings()
        server = ServerSettings(turn_seconds=90.0, language="es", threads=True)
        person = PersonSettings(dms=True, language="es")
        await settings.save_server_settings(1, server)
        await settings.save_person_settings(7, person)
        assert await settings.server_settings(1) == server
        assert await settings.person_settings(7) == person
        assert await settings.server_settings(2) == ServerSettings()
    finally:
        await store.close()


async def test_settings_that_cannot_be_read_are_the_defaults_and_logged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = await Store.open(tmp_path / "kot.sqlite3")
    try:
        await store.save_server_settings(1, b'{"turn_seconds": "soon"')
        await store.save_person_settings(7, b'{"dms": "maybe"}')
        settings = SavedSettings(store)
        with caplog.at_level(logging.ERROR, logger="bot.table.saved_settings"):
            assert await settings.server_settings(1) == ServerSettings()
            assert await settings.person_settings(7) == PersonSettings()
        assert "server 1: its settings cannot be read" in caplog.text
        assert "user 7: their settings cannot be read" in caplog.text
    finally:
        await store.close()
