"""The local table's page (bot/local_page): its address kept beside the database, and SimCord's
files changed only where they still are what the page expects."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from bot.local_page import (
    PageError,
    composer_script,
    index_page,
    messages_script,
    page_token,
    presentation_script,
    replaced,
    text_script,
)


def test_the_page_token_is_kept_beside_the_database(tmp_path: Path) -> None:
    database = tmp_path / "table.sqlite3"
    token = page_token(database)
    kept = tmp_path / "table.sqlite3.page"
    assert page_token(database) == token, "the same table keeps its address"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600, "readable by its owner only"
    assert page_token(tmp_path / "other.sqlite3") != token, "another table has its own"


def test_a_damaged_token_file_is_replaced(tmp_path: Path) -> None:
    database = tmp_path / "table.sqlite3"
    (tmp_path / "table.sqlite3.page").write_text("short\n")
    token = page_token(database)
    assert len(token) == 43 and token != "short"
    assert page_token(database) == token


def test_the_page_speaks_the_tables_language() -> None:
    page = index_page("es", "es-ES", {"7": "Tú"})
    assert '<html lang="es-ES">' in page and "Jugando como" in page
    assert "SimCord" not in page.split("<body>")[0], "the tab's title is the game's"
    assert '<script src="/local.js"></script>' in page
    assert "&quot;names&quot;: {&quot;7&quot;: &quot;T\\u00fa&quot;}" in page, "who is who"
    assert "new Date()" in text_script()
    assert '"UTC"' not in presentation_script(), "dates in the browser's time zone"
    assert "&quot;new-messages&quot;: &quot;Mensajes nuevos \\u2193&quot;" in page


def test_a_simcord_whose_page_changed_stops_the_start() -> None:
    with pytest.raises(PageError, match="no 'Viewing as'"):
        replaced("<html>", [("Viewing as", "Playing as")], "index.html")


def test_simcords_words_on_a_message_speak_the_tables_language() -> None:
    script = messages_script("es")
    # "Jugador 2 usó /kot", but the local player's pronoun takes its own verb: "Tú usaste".
    by_whom = f"(invoker === {json.dumps('Tú')} ? {json.dumps(' usaste ')} : {json.dumps(' usó ')})"
    assert f"invoker + {by_whom}" in script and '" (editado)"' in script
    assert "\"(edited)\"" not in script and " used " not in script
    assert '"Enviar"' in composer_script("es") and "message (Enter)" not in composer_script("es")
    assert 'for="channel-composer-input">Mensaje</label>' in index_page("es", "es-ES", {})
