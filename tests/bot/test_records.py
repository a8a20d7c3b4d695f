"""Records of finished games: computed from a game (pure), kept with the change that
finishes it, read back, and added at start-up for games finished before records were kept."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import NamedTuple

import msgspec
import pytest

import bot.table.record_book as record_book_module
from bot.store.store import MIGRATIONS, ActionRow, Store
from bot.table.game_rows import LoggedAction, encode_chronicle, setup_for
from bot.table.model import (
    Chronicle,
    Elimination,
    Game,
    Life,
    Lobby,
    LobbyPlayer,
    Narration,
    Presence,
)
from bot.table.record_book import RecordBook
from bot.table.records import record_from_rows, record_of, record_rows, seat_facts
from bot.table.saved_games import SavedGames
from engine import (
    Options,
    apply,
    create_game,
    encode_action,
    encode_state,
    events,
    play_random_game,
)

SEED = 11


def finished_game(players: int = 3, *, ai_seats: int = 0, status: str = "over",
                  seed: int = SEED) -> tuple[Game, list[tuple[int, object]]]:
    """A game played to its end by the random player, as the bot would hold it, and its
    log."""
    played = play_random_game(Options(), seed, players)
    seats = tuple([100 + seat for seat in range(players - ai_seats)]
                  + [-1 - seat for seat in range(ai_seats)])
    lobby = Lobby(players=tuple(
        LobbyPlayer(user_id, ai="hard" if user_id < 0 else None,
                    name=None if user_id < 0 else f"player{user_id}") for user_id in seats))
    chronicle = Chronicle(
        life=Life(started_at=1_000.0), presence=Presence(left=(1,) if players > 2 else ()),
        narration=Narration(eliminations=tuple(Elimination(seat=seat, by=None, turn=3)
                                               for seat, m in enumerate(played.state.monsters)
                                               if not m.alive)))
    setup = setup_for(played.state)  # as the bot stores it: the cards dealt named
    game = Game(id=7, guild_id=1, channel_id=10, host_id=100, status=status,  # type: ignore[arg-type]
                lobby=lobby, seats=seats, state=played.state, chronicle=chronicle,
                board_message_id=None, setup=setup)
    return game, list(played.actions)


def test_a_record_has_every_seat_with_its_place_and_what_it_did() -> None:
    game, moves = finished_game(4)
    facts = seat_facts(game.setup, moves)  # type: ignore[arg-type]
    record = record_of(game, facts, finished_at=1_600.0)
    assert record.rated and record.status == "over" and record.length == 600.0
    assert [seat.seat for seat in record.seats] == [0, 1, 2, 3]
    assert [seat.user_id for seat in record.seats] == [100, 101, 102, 103]
    winners = [seat for seat in record.seats if seat.winner]
    assert winners and all(seat.place == 1 for seat in winners)
    assert record.seats[1].left_game and record.seats[1].autopiloted
    assert not record.seats[0].left_game and not record.seats[0].autopiloted
    # Each count is the game's own events, counted here again move by move.
    counted = _counted(game, moves)
    assert facts is not None
    assert [seat.cards_bought for seat in record.seats] == counted["bought"]
    assert sum(counted["bought"]) > 0
    assert [seat.entered_tokyo for seat in record.seats] == counted["entered"]
    assert sum(counted["entered"]) > 0
    assert [seat.knocked_out for seat in record.seats] == counted["knocked_out"]
    assert [seat.lowest_hearts for seat in record.seats] == counted["lowest"]


def _counted(game: Game, moves: list[tuple[int, object]]) -> dict[str, list[int]]:
    """Each seat's cards bought, entries into Tokyo, knock-outs of others and fewest hearts
    seen in a state while standing, from the replayed states and events."""
    assert game.setup is not None
    state, _ = create_game(game.setup.options, game.setup.seed, game.setup.monsters)
    seats = range(len(state.monsters))
    counted = {"bought": [0 for _ in seats], "entered": [0 for _ in seats],
               "knocked_out": [0 for _ in seats],
               "lowest": [m.hearts for m in state.monsters]}
    for seat, action in moves:
        state, happened = apply(state, seat, action)  # type: ignore[arg-type]
        for event in happened:
            match event:
                case events.CardBought(seat=buyer):
                    counted["bought"][buyer] += 1
                case events.EnteredTokyo(seat=entering):
                    counted["entered"][entering] += 1
                case events.Eliminated(seat=out, by=by) if by is not None and by != out:
                    counted["knocked_out"][by] += 1
                case events.Damaged(seat=hit, hearts=hearts) if hearts > 0:
                    counted["lowest"][hit] = min(counted["lowest"][hit], hearts)
        for standing, monster in enumerate(state.monsters):
            if monster.alive:
                counted["lowest"][standing] = min(counted["lowest"][standing], monster.hearts)
    return counted


def test_games_with_ai_monsters_or_stopped_by_hand_are_not_rated() -> None:
    with_ai, _ = finished_game(3, ai_seats=1)
    record = record_of(with_ai, None, 2_000.0)
    assert not record.rated
    ai = record.seats[2]
    assert ai.user_id is None and ai.ai == "hard" and ai.name is None
    stopped, _ = finished_game(3, status="ended")
    assert not record_of(stopped, None, 2_000.0).rated


def test_a_log_that_does_not_replay_leaves_what_each_seat_did_unknown() -> None:
    game, moves = finished_game(2)
    assert seat_facts(game.setup, moves[1:]) is None
    assert seat_facts(None, moves) is None
    record = record_of(game, None, 2_000.0)
    assert {(seat.cards_bought, seat.entered_tokyo, seat.knocked_out, seat.lowest_hearts)
            for seat in record.seats} == {(None, None, None, None)}


def test_a_record_goes_to_the_stores_columns_and_back_unchanged() -> None:
    game, moves = finished_game(5)
    record = record_of(game, seat_facts(game.setup, moves), 2_000.0)
    assert record_from_rows(record_rows(record)) == record


async def _store_finished_game(store: Store, game: Game,
                               moves: list[tuple[int, object]]) -> int:
    """Write a game as a bot that kept no records did: lobby, start, log, finish."""
    encode = msgspec.json.encode
    game_id = (await store.create_lobby(guild_id=game.guild_id, channel_id=game.channel_id,
                                        host_id=game.host_id, lobby=encode(game.lobby))).game_id
    await store.update_game(game_id, version=0, status="playing", seats=encode(game.seats),
                            setup=encode(game.setup))
    assert game.state is not None
    await store.record_actions(
        game_id, [ActionRow(seq, seat, None, encode_action(action))  # type: ignore[arg-type]
                  for seq, (seat, action) in enumerate(moves, start=1)],
        version=1, state=encode_state(game.state), chronicle=encode_chronicle(game.chronicle),
        status=game.status)
    return game_id


class Stored(NamedTuple):
    store: Store
    record_book: RecordBook
    games: SavedGames


@pytest.fixture
async def stored(tmp_path: Path) -> AsyncIterator[Stored]:
    """A new store, with the record book (its clock at 5,000 s) and the games over it."""
    store = await Store.open(tmp_path / "kot.sqlite3")
    record_book = RecordBook(store, clock=lambda: 5_000.0)
    yield Stored(store, record_book, SavedGames(store, record_book))
    await store.close()


async def test_finishing_a_game_keeps_its_record_in_the_same_write(stored: Stored) -> None:
    store, record_book, games = stored
    game, moves = finished_game(3)
    playing = Game(**{**game.__dict__, "status": "playing"})
    game_id = await _store_finished_game(store, playing, moves[:-1])
    last = moves[-1]
    game = Game(**{**game.__dict__, "id": game_id})
    await games.record_actions(game, [LoggedAction(len(moves), last[0], 100,
                                                   last[1])], ())  # type: ignore[arg-type]
    record = await record_book.record(game_id)
    assert record is not None and record.finished_at == 5_000.0
    assert record.seats == record_of(game, seat_facts(game.setup, moves), 5_000.0).seats
    # Saved again (a later pass): the first record stays.
    await games.save(game, "status")
    assert await record_book.record(game_id) == record
    assert [r.game_id for r in await record_book.records(1)] == [game_id]
    assert await record_book.records(1, user_id=999) == []


async def test_a_game_ended_by_hand_is_recorded_unrated(stored: Stored) -> None:
    store, record_book, games = stored
    game, moves = finished_game(3)
    playing = Game(**{**game.__dict__, "status": "playing"})
    game_id = await _store_finished_game(store, playing, moves)
    ended = Game(**{**game.__dict__, "id": game_id, "status": "ended"})
    await games.save(ended, "status")
    record = await record_book.record(game_id)
    assert record is not None and record.status == "ended" and not record.rated
    assert await record_book.records(1, rated_only=True) == []


async def test_a_record_that_cannot_be_made_does_not_stop_the_change_and_is_kept_later(
        stored: Stored, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    store, record_book, games = stored
    game, moves = finished_game(3)
    playing = Game(**{**game.__dict__, "status": "playing"})
    assert await record_book.record_if_finished(playing) is None  # not finished
    game_id = await _store_finished_game(store, playing, moves)

    def a_bug(*_args: object) -> None:
        raise RuntimeError("a bug in counting the cards bought")

    monkeypatch.setattr(record_book_module, "seat_facts", a_bug)
    over = Game(**{**game.__dict__, "id": game_id})
    with caplog.at_level(logging.ERROR, logger="bot.table.record_book"):
        await games.save(over, "status")
    assert f"game {game_id}: its record could not be made" in caplog.text
    row = await store.get(game_id)
    assert row is not None and row.status == "over"
    assert await record_book.record(game_id) is None
    monkeypatch.undo()  # the fix is deployed: the next start keeps it
    assert await record_book.backfill() == 1
    record = await record_book.record(game_id)
    assert record is not None
    assert record == record_of(over, seat_facts(game.setup, moves), record.finished_at)


async def test_an_old_database_upgrades_and_its_finished_games_get_records(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    # A database as the bot before records left it (schema 4).
    with sqlite3.connect(path, isolation_level=None) as db:
        for migration in MIGRATIONS[:4]:
            for statement in migration.sql("sqlite"):
                db.execute(statement)
        db.execute("PRAGMA user_version=4")
    store = await Store.open(path)
    record_book = RecordBook(store)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        game, moves = finished_game(4, seed=SEED + 1)
        game_id = await _store_finished_game(store, game, moves)
        unfinished, _ = finished_game(3)
        await _store_finished_game(store, Game(**{**unfinished.__dict__, "status": "playing"}),
                                   moves=[])
        assert await record_book.backfill() == 1
        assert await record_book.backfill() == 0  # once only
        record = await record_book.record(game_id)
        assert record is not None and record.rated
        expected = record_of(Game(**{**game.__dict__, "id": game_id}),
                             seat_facts(game.setup, moves), record.finished_at)
        assert record == expected
    finally:
        await store.close()


@pytest.mark.parametrize("players", [2, 6])
def test_records_for_two_to_six_monsters(players: int) -> None:
    game, moves = finished_game(players)
    record = record_of(game, seat_facts(game.setup, moves), 2_000.0)
    assert len(record.seats) == players
    assert sorted(seat.place for seat in record.seats)[0] == 1
