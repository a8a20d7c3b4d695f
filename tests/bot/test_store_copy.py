"""python -m tools.copy_store: every row of a store copied into an empty one (SQLite to
PostgreSQL and back), verified, all or nothing; the copy plays on in the bot."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import bot.store.copying as store_copy
from bot.store.copying import CopyMismatch, CopyRefused, copy_store, schema_tables
from bot.store.schema import TABLES
from bot.store.store import OwedAnswerRow, Store
from bot.table.model import ServerSettings
from bot.table.service import GameService
from tools import copy_store as copy_command

GUILD = 1_234_567_890_123_456_789  # Discord ids need 64 bits (PostgreSQL's BIGINT)
HOST = 2_000_000_000_000_000_001


async def _nothing_to_show(game_id: int) -> None:
    """Games driven through the service alone have no channel to show them in: their
    effects stay in the outbox."""


async def play_some_games(target: Path | str) -> dict[str, int]:
    """Through the service as the bot plays: a game played to its end (with its record), a
    game in progress, a lobby, a server's settings, and two answers owed to a command.
    Returns the games' ids."""
    store = await Store.open(target)
    service = GameService(store, seed_source=lambda: 7)
    try:
        finished = await _started(service, channel_id=10, players=2)
        await _play_to_the_end(service, finished)
        playing = await _started(service, channel_id=11, players=3)
        for _ in range(3):
            await _answer_next(service, playing)
        lobby = await service.lobbies.open(guild_id=GUILD, channel_id=12, host_id=HOST,
                                           show=_nothing_to_show)
        await service.settings.save_server_settings(GUILD, ServerSettings(turn_seconds=90.0))
        for content in ("first", "second"):
            await store.add_owed_answer(OwedAnswerRow(
                interaction_id=HOST + 100, application_id=HOST + 101, token="a-token",
                token_expires=1_900.5, channel_id=10, guild_id=GUILD, user_id=HOST,
                locale="es-ES", private=True, kind="follow_up", message_id=HOST + 102,
                answer=json.dumps({"content": content}).encode(), created_at=1_000.25))
        return {"finished": finished, "playing": playing, "lobby": lobby.id}
    finally:
        await service.close()


async def _started(service: GameService, *, channel_id: int, players: int) -> int:
    game = await service.lobbies.open(guild_id=GUILD, channel_id=channel_id, host_id=HOST,
                                      show=_nothing_to_show)
    for seat in range(1, players):
        await service.lobbies.join(game.id, HOST + seat, _nothing_to_show)
    await service.lobbies.start(game.id, HOST, _nothing_to_show)
    return game.id


async def _answer_next(service: GameService, game_id: int) -> int:
    """A click on the first option of the game's first pending question; the game's
    sequence number after it."""
    game = await service.games.game(game_id)
    decision = game.playing_state().pending[0]
    outcome = await service.click(game_id, game.seats[decision.seat], decision.id, "o0",
                                  _nothing_to_show)
    return outcome.game.playing_state().seq


async def _play_to_the_end(service: GameService, game_id: int) -> None:
    """Its players click the first option of every question (rolling on, buying, staying)
    until the game is over."""
    for _ in range(1_000):
        if (await service.games.game(game_id)).status != "playing":
            return
        await _answer_next(service, game_id)
    raise AssertionError("the game did not end")


async def every_row(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in key order. (SQLite keeps the text defaults of bytes
    columns, a lobby's seats '[]', as text: as bytes here, as the store reads them.)"""
    rows: dict[str, list[tuple[Any, ...]]] = {}
    for table in schema_tables():
        found = await store.backend.read(lambda tx, table=table: tx.rows(
            f"SELECT {table.column_list} FROM {table.name} ORDER BY {', '.join(table.key)}"))
        rows[table.name] = [
            tuple(value.encode() if column.kind == "bytes" and isinstance(value, str)
                  else value for column, value in zip(table.columns, row, strict=True))
            for row in found]
    return rows


def test_every_table_of_the_schema_is_copied() -> None:
    tables = schema_tables()
    assert tuple(table.name for table in tables) == TABLES
    keys = {table.name: table.key for table in tables}
    assert keys["games"] == ("id",) and keys["actions"] == ("game_id", "seq")
    assert keys["record_seats"] == ("game_id", "seat")
    assert keys["owed_answers"] == ("interaction_id", "seq")
    games = {column.name: column.kind for column in tables[0].columns}
    assert games["version"] == "integer" and games["state"] == "bytes"
    assert games["created_at"] == "real" and games["status"] == "text"


@pytest.mark.parametrize("direction", ["sqlite to postgres", "postgres to sqlite"])
async def test_a_copy_holds_every_row_and_plays_on(
    direction: str, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    postgres_url: str = request.getfixturevalue("postgres_url")
    sqlite_path = tmp_path / "kot.sqlite3"
    source_target, copy_target = ((sqlite_path, postgres_url)
                                  if direction == "sqlite to postgres"
                                  else (postgres_url, sqlite_path))
    ids = await play_some_games(source_target)
    source, target = await Store.open(source_target), await Store.open(copy_target)
    try:
        # A small chunk: every table is read and checked across chunk boundaries.
        report = await copy_store(source, target, chunk_rows=7)
        original = await every_row(source)
        copied = await every_row(target)
    finally:
        await source.close()
        await target.close()
    assert copied == original
    counts = {table.name: table.rows for table in report.tables}
    assert counts == {name: len(rows) for name, rows in original.items()}
    assert counts["actions"] > 7 and counts["outbox"] > 0 and counts["record_seats"] == 2
    assert counts["owed_answers"] == 2
    assert report.last_game_id == max(ids.values())

    reopened = await Store.open(copy_target)
    service = GameService(reopened, seed_source=lambda: 7)
    try:
        loaded, broken = await service.games.load_active()
        statuses = {game.id: game.status for game in loaded}
        assert not broken and statuses[ids["playing"]] == "playing"
        assert statuses[ids["lobby"]] == "lobby"
        record = await service.record_book.record(ids["finished"])
        assert record is not None and record.rated and len(record.seats) == 2
        assert (await service.settings.server_settings(GUILD)).turn_seconds == 90.0
        assert len(await service.games.outbox(ids["playing"])) > 0
        owed = await reopened.owed_answers()
        assert [(row.seq, json.loads(row.answer)["content"]) for row in owed] == [
            (1, "first"), (2, "second")]
        assert owed[0].guild_id == GUILD and owed[0].private and owed[0].locale == "es-ES"
        # The game in progress takes a click; a new lobby gets a new id.
        before = (await service.games.game(ids["playing"])).playing_state().seq
        assert await _answer_next(service, ids["playing"]) > before
        lobby = await service.lobbies.open(guild_id=GUILD, channel_id=13, host_id=HOST,
                                           show=_nothing_to_show)
        assert lobby.id == max(ids.values()) + 1
    finally:
        await service.close()


async def test_a_target_holding_games_is_refused_and_unchanged(
    store_target: Path | str, tmp_path: Path,
) -> None:
    source_path = tmp_path / "source.sqlite3"
    await play_some_games(source_path)
    source, target = await Store.open(source_path), await Store.open(store_target)
    try:
        await target.create_lobby(guild_id=1, channel_id=99, host_id=5, lobby=b"{}")
        before = await every_row(target)
        with pytest.raises(CopyRefused, match=r"not empty \(it holds games\)"):
            await copy_store(source, target)
        assert await every_row(target) == before
    finally:
        await source.close()
        await target.close()


async def test_a_damaged_row_is_copied_as_it_is_and_a_value_that_fits_no_column_stops_all(
    tmp_path: Path, postgres_url: str,
) -> None:
    source_path = tmp_path / "kot.sqlite3"
    ids = await play_some_games(source_path)
    with sqlite3.connect(source_path) as db:  # text where bytes belong: SQLite takes it
        db.execute("UPDATE games SET state = 'not a state' WHERE id = ?", (ids["playing"],))
    source, target = await Store.open(source_path), await Store.open(postgres_url)
    try:
        await copy_store(source, target)
        copied = await target.get(ids["playing"])
        assert copied is not None and copied.state == b"not a state"
    finally:
        await source.close()
        await target.close()

    with sqlite3.connect(source_path) as db:
        db.execute("UPDATE actions SET seat = 'north' WHERE game_id = ? AND seq = 2",
                   (ids["finished"],))
    source, target = await Store.open(source_path), await Store.open(tmp_path / "new.sqlite3")
    try:
        with pytest.raises(CopyRefused, match=(
                rf"table actions, row game_id={ids['finished']}, seq=2: column seat holds "
                r"'north', which is not integer")):
            await copy_store(source, target, chunk_rows=5)
        # The games copied before the failure were rolled back with the rest.
        assert all(rows == [] for rows in (await every_row(target)).values())
    finally:
        await source.close()
        await target.close()


async def test_a_source_that_changes_during_the_copy_fails_the_check_and_writes_nothing(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    source_path = tmp_path / "kot.sqlite3"
    ids = await play_some_games(source_path)
    source, target = await Store.open(source_path), await Store.open(postgres_url)
    copy_table = store_copy._copy_table

    async def copy_then_add_an_effect(reader: Any, tx: Any, table: Any, chunk_rows: int) -> Any:
        copied = await copy_table(reader, tx, table, chunk_rows)
        if table.name == "outbox":  # the bot, still running, queues another effect
            await source.update_game(ids["lobby"], version=0, effects=[b"late"])
        return copied

    monkeypatch.setattr(store_copy, "_copy_table", copy_then_add_an_effect)
    try:
        with pytest.raises(CopyMismatch, match=r"table outbox: .* the source now has"):
            await copy_store(source, target)
        assert all(rows == [] for rows in (await every_row(target)).values())
    finally:
        await source.close()
        await target.close()


def test_the_command_copies_prints_a_table_and_json(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str],
) -> None:
    source_path = tmp_path / "kot.sqlite3"
    asyncio.run(play_some_games(source_path))
    assert copy_command.main([str(source_path), postgres_url]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["verified"] is True and summary["rows"] == sum(summary["tables"].values())
    assert list(summary["tables"]) == list(TABLES) and summary["tables"]["games"] == 3
    assert any(line.split()[:2] == ["games", "3"] for line in lines)
    assert summary["source"] == str(source_path)
    assert summary["target"].split("?")[0] == postgres_url.split("?")[0].replace(":@", ":***@")

    # Copying again: the target now holds games.
    assert copy_command.main([str(source_path), postgres_url]) == 2
    assert "not empty (it holds games)" in capsys.readouterr().err


def test_the_command_refuses_a_missing_source_or_the_same_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert copy_command.main([str(missing), str(tmp_path / "new.sqlite3")]) == 2
    assert f"there is no SQLite file {missing}" in capsys.readouterr().err
    assert not (tmp_path / "new.sqlite3").exists() and not missing.exists()
    source = tmp_path / "kot.sqlite3"
    source.touch()
    assert copy_command.main([str(source), str(tmp_path / "." / "kot.sqlite3")]) == 2
    assert "the same database" in capsys.readouterr().err


def test_the_command_names_a_store_it_cannot_open_without_its_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    source = tmp_path / "kot.sqlite3"
    source.touch()
    # Port 1: nothing listens there.
    unreachable = "postgresql://kot:secret@127.0.0.1:1/kot"
    assert copy_command.main([str(source), unreachable]) == 1
    error = capsys.readouterr().err
    assert "cannot open the target postgresql://kot:***@127.0.0.1:1/kot" in error
    assert "secret" not in error
