"""Achievements over a store (SQLite and PostgreSQL): what a finished game announces, once;
the facts of records kept before they were counted, filled at start-up; the copy between
stores keeps who was announced."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import NamedTuple

import msgspec
import pytest
from test_records import SEED, _store_finished_game, finished_game

from bot.store.copying import copy_store
from bot.store.store import Store
from bot.table.league.achievement_book import AchievementBook
from bot.table.league.achievements import earned
from bot.table.model import Game
from bot.table.record_book import RecordBook
from bot.table.records import GameRecord, record_of, record_rows, seat_facts


async def _kept(store: Store, *, seed: int = SEED, players: int = 3, status: str = "over",
                facts: str = "counted") -> tuple[Game, GameRecord]:
    """A game played to its end by the random player (or stopped: ``status``), stored with
    its log and its record, whose seats' facts are ``counted``, ``unknown`` (its game did
    not replay) or kept ``before`` they were (its cards bought alone counted)."""
    game, moves = finished_game(players, seed=seed, status=status)
    game_id = await _store_finished_game(store, game, moves)
    game = Game(**{**game.__dict__, "id": game_id})
    record = record_of(game, None if facts == "unknown" else seat_facts(game.setup, moves),
                       1_000.0 + game_id)
    kept = record if facts != "before" else msgspec.structs.replace(record, seats=tuple(
        msgspec.structs.replace(seat, entered_tokyo=None, knocked_out=None,
                                lowest_hearts=None) for seat in record.seats))
    await store.add_record(record_rows(kept))
    return game, record


class Books(NamedTuple):
    store: Store
    record_book: RecordBook
    achievements: AchievementBook


@pytest.fixture
async def books(store_target: str | Path) -> AsyncIterator[Books]:
    """A new store (SQLite, then PostgreSQL), with its record and achievement books."""
    store = await Store.open(store_target)
    record_book = RecordBook(store)
    yield Books(store, record_book, AchievementBook(store, record_book, clock=lambda: 7_000.0))
    await store.close()


async def test_a_game_announces_what_it_earned_its_players_once(books: Books) -> None:
    store, _record_book, book = books
    first, record = await _kept(store)
    winner = next(seat for seat in record.seats if seat.winner)
    assert winner.user_id is not None

    announcement = await book.to_announce(first)
    assert announcement is not None
    assert announcement.text.startswith(f"🎖️ Achievements earned in game #{first.id}:")
    assert f"🏆 {winner.name} ({winner.monster}): **First win**. Win a game." in (
        announcement.text)
    expected = {(seat.user_id, each.key, first.id) for seat in record.seats
                if seat.user_id is not None
                for each in earned([record], seat.user_id)}
    assert set(announcement.announced) == expected
    assert len(announcement.text.splitlines()) == 1 + len(expected)

    await book.announced(announcement)
    assert await book.to_announce(first) is None
    await book.announced(announcement)  # (a pass carried out again: no harm)
    assert await store.announced_achievements(1, [winner.user_id]) == {
        (user_id, key) for user_id, key, _game in expected if user_id == winner.user_id}

    # A later game announces only what it earned: the first win was the first game's.
    second, _record = await _kept(store, seed=SEED + 3)
    later = await book.to_announce(second)
    assert (winner.user_id, "first-win", second.id) not in (
        later.announced if later is not None else ())


async def test_a_game_not_played_to_its_end_announces_nothing(books: Books) -> None:
    game, _record = await _kept(books.store, status="ended")
    assert await books.achievements.to_announce(game) is None


async def test_records_kept_before_the_facts_were_counted_get_them_at_start_up(
        books: Books) -> None:
    store, record_book, _achievements = books
    game, full = await _kept(store, players=4, seed=SEED + 1, facts="before")
    # One whose game did not replay: it stays unknown, and is not tried again.
    unreplayed, _record = await _kept(store, seed=SEED + 2, facts="unknown")

    assert await record_book.backfill() == 0  # no record added: facts filled
    assert await record_book.record(game.id) == full
    assert await store.records_without_facts() == []
    assert await record_book.backfill_facts() == 0
    kept = await record_book.record(unreplayed.id)
    assert kept is not None and {seat.entered_tokyo for seat in kept.seats} == {None}


async def test_a_server_another_process_plays_is_left_to_it(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "kot.sqlite3")
    record_book = RecordBook(store, owns=lambda guild_id: guild_id != 1)
    try:
        game, _record = await _kept(store, facts="before")
        assert await record_book.backfill_facts() == 0
        assert await store.records_without_facts() == [(game.id, 1)]
        assert await record_book.backfill_facts(lambda guild_id: True) == 1
    finally:
        await store.close()


@pytest.mark.parametrize("direction", ["to postgres", "to sqlite"])
async def test_the_copy_between_stores_keeps_who_was_announced(
        tmp_path: Path, postgres_url: str, direction: str) -> None:
    sqlite_path = tmp_path / "kot.sqlite3"
    source_target, target_target = ((sqlite_path, postgres_url) if direction == "to postgres"
                                    else (postgres_url, sqlite_path))
    source = await Store.open(source_target)
    target = await Store.open(target_target)
    try:
        first, _record = await _kept(source)
        book = AchievementBook(source, RecordBook(source), clock=lambda: 7_000.0)
        announcement = await book.to_announce(first)
        assert announcement is not None
        await book.announced(announcement)
        users = sorted({user_id for user_id, _key, _game in announcement.announced})
        told = await source.announced_achievements(1, users)
        await copy_store(source, target)
        assert await target.announced_achievements(1, users) == told != set()
    finally:
        await source.close()
        await target.close()
