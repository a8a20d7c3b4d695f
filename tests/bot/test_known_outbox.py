"""The outbox this process knows of its games (``bot.table.game_cache.Outboxes``): what a
delivery pass reads instead of the store, kept equal to the store's by the writes that
change it, and never kept from a read a write overlapped."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.store import Store
from bot.table.game_cache import Outboxes
from bot.table.game_rows import OutboxEntry
from bot.table.model import Game, Lobby, StaleGame
from bot.table.publish import PostLobby, ShowLobby
from bot.table.record_book import RecordBook
from bot.table.saved_games import SavedGames


@pytest.fixture
async def saved(tmp_path: Path) -> AsyncIterator[tuple[Store, SavedGames]]:
    store = await Store.open(tmp_path / "kot.sqlite3")
    games = SavedGames(store, RecordBook(store, clock=lambda: 5_000.0))
    yield store, games
    await games.close()


async def a_lobby(games: SavedGames) -> Game:
    return await a_lobby_in(games, channel_id=10)


async def a_lobby_in(games: SavedGames, *, channel_id: int) -> Game:
    return await games.create_lobby(guild_id=1, channel_id=channel_id, host_id=7,
                                    lobby=Lobby(), effects=(PostLobby(None),))


async def in_the_store(store: Store, game_id: int) -> list[int]:
    return [row.seq for row in await store.outbox(game_id)]


async def test_after_any_writes_the_known_outbox_is_the_stores(
        saved: tuple[Store, SavedGames]) -> None:
    store, games = saved
    game = await a_lobby(games)
    rng = random.Random(5)
    checked_with_removals_pending = checked_with_tried_queued = 0
    tried: set[int] = set()  # (the first, the lobby's post, was queued by this process)
    for _step in range(80):
        async with games.lock(game.id):
            known = await games.outbox(game.id)
            # (Less the effects done whose removal is still to be written: repeatable_done.)
            shown = games._tidying.pending(game.id)
            checked_with_removals_pending += bool(shown)
            checked_with_tried_queued += any(e.maybe_sent for e in known)
            assert [(e.seq, e.maybe_sent) for e in known] == [
                (seq, seq in tried) for seq in await in_the_store(store, game.id)
                if seq not in shown]
            choice = rng.randrange(6)
            if choice == 0:  # a change and what shows it
                game = await games.save(game, "lobby",
                                        effects=(ShowLobby(99),) * rng.randint(1, 3))
            elif choice == 1 and known:  # some carried out, with a field they changed
                done = [e.seq for e in known if rng.random() < 0.5]
                tried.difference_update(done)  # (a seq may be queued again once free)
                game = await games.finish_effects(game, done, "board_message_id",
                                                  effects=(ShowLobby(99),) * rng.randint(0, 2))
            elif choice == 2 and known:  # carried out alone
                tried.discard(known[0].seq)
                game = await games.finish_effects(game, [known[0].seq])
            elif choice == 3 and known:  # a post about to be sent
                seq = rng.choice(known).seq
                games.start_attempt(game.id, seq)
                tried.add(seq)
            elif choice == 4:  # what is known dropped (as by a write that failed)
                games._cache.outboxes.forget(game.id)
            elif known:  # repeatable effects carried out: removed in the background
                done = [e.seq for e in known if rng.random() < 0.5]
                tried.difference_update(done)
                games.repeatable_done(game.id, done)
        if rng.random() < 0.5:
            await asyncio.sleep(0)  # (the removals' writer may run, or not yet)
    assert checked_with_removals_pending >= 3
    assert checked_with_tried_queued >= 3
    async with games.lock(game.id):  # (one entry untried at least)
        game = await games.save(game, "lobby", effects=(ShowLobby(99),))
        known = await games.outbox(game.id)
    await games._tidying.close()
    assert [(e.seq, e.maybe_sent) for e in known] == [
        (seq, seq in tried) for seq in await in_the_store(store, game.id)]
    assert not known[-1].maybe_sent
    # Another process (the next start, or shards changing hands) may have sent any of them.
    after = SavedGames(store, RecordBook(store, clock=lambda: 5_000.0))
    assert {e.maybe_sent for e in await after.outbox(game.id)} == {True}


async def test_a_post_is_noted_as_tried_without_a_write(
        saved: tuple[Store, SavedGames], monkeypatch: pytest.MonkeyPatch) -> None:
    """A post about to be sent is noted in memory only: the store is not written, and the
    note outlives what is known of the outbox (read again from the store)."""
    store, games = saved
    game = await a_lobby(games)
    async with games.lock(game.id):
        [post] = await games.outbox(game.id)
        assert not post.maybe_sent
        for write in ("write", "autocommit", "write_awaiting"):  # (any write fails)
            monkeypatch.setattr(store._backend, write, None)
        games.start_attempt(game.id, post.seq)
        monkeypatch.undo()
        games._cache.outboxes.forget(game.id)
        assert [e.maybe_sent for e in await games.outbox(game.id)] == [True]


async def test_posts_of_a_game_another_process_wrote_or_that_left_the_cache_may_be_sent(
        saved: tuple[Store, SavedGames], monkeypatch: pytest.MonkeyPatch) -> None:
    """Once another process wrote the game (it may have tried the posts this one queued),
    or the game left the cache idle (another may take it up meanwhile), no entry of it is
    known untried."""
    store, games = saved
    game = await a_lobby(games)
    other = await a_lobby_in(games, channel_id=11)
    row = await store.get(game.id)
    assert row is not None
    await store.update_game(game.id, version=row.version, lobby=row.lobby)  # (elsewhere)
    async with games.lock(game.id):
        with pytest.raises(StaleGame):
            await games.save(game, "lobby", effects=(ShowLobby(99),))
        assert [e.maybe_sent for e in await games.outbox(game.id)] == [True]
    monkeypatch.setattr("bot.table.game_cache.CACHED_MOST", 1)
    await a_lobby_in(games, channel_id=12)  # (the least recent, ``other``, goes)
    async with games.lock(other.id):
        assert [e.maybe_sent for e in await games.outbox(other.id)] == [True]


async def test_a_known_outbox_is_read_from_the_store_no_more(
        saved: tuple[Store, SavedGames], monkeypatch: pytest.MonkeyPatch) -> None:
    store, games = saved
    game = await a_lobby(games)
    reads: list[int] = []
    read = store.outbox

    async def counted(game_id: int) -> list[object]:
        reads.append(game_id)
        return list(await read(game_id))

    monkeypatch.setattr(store, "outbox", counted)
    async with games.lock(game.id):
        first = await games.outbox(game.id)
        game = await games.save(game, "lobby", effects=(ShowLobby(99),))
        second = await games.outbox(game.id)
    assert reads == [game.id]
    assert [type(e.effect) for e in second] == [PostLobby, ShowLobby]
    assert second[0] == first[0] and second[1].seq > first[0].seq


async def test_a_write_that_fails_leaves_the_outbox_to_the_stores_next_read(
        saved: tuple[Store, SavedGames], monkeypatch: pytest.MonkeyPatch) -> None:
    store, games = saved
    game = await a_lobby(games)
    async with games.lock(game.id):
        await games.outbox(game.id)

        async def refused(*args: object, **kwargs: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(store, "update_game", refused)
        with pytest.raises(OSError):
            await games.save(game, "lobby", effects=(ShowLobby(99),))
        monkeypatch.undo()
        # (Here the write failed before the store: whatever it did, the store is read.)
        entries = await games.outbox(game.id)
    assert [e.seq for e in entries] == await in_the_store(store, game.id)


def entry(seq: int) -> OutboxEntry:
    return OutboxEntry(seq, ShowLobby(99), 0.0)


def test_a_read_overlapped_by_a_write_is_not_kept() -> None:
    outboxes = Outboxes(holds=lambda game_id: True)
    with outboxes.reading(1) as keep:
        with outboxes.changing(1):
            pass
        keep([entry(1)])
    assert outboxes.get(1) is None
    # A write under way when the read ends.
    with outboxes.reading(1) as keep, outboxes.changing(1):
        keep([entry(1)])
    assert outboxes.get(1) is None
    with outboxes.reading(1) as keep:  # another game's write: no matter
        with outboxes.changing(2):
            pass
        keep([entry(1)])
    assert outboxes.get(1) == [entry(1)]


def test_a_game_forgotten_during_a_read_is_not_known_after_it() -> None:
    outboxes = Outboxes(holds=lambda game_id: True)
    with outboxes.reading(1) as keep:
        outboxes.forget(1)
        keep([entry(1)])
    assert outboxes.get(1) is None


def test_only_the_outboxes_of_games_held_are_kept() -> None:
    outboxes = Outboxes(holds=lambda game_id: game_id == 1)
    for game_id in (1, 2):
        with outboxes.reading(game_id) as keep:
            keep([entry(3)])
    assert outboxes.get(1) == [entry(3)] and outboxes.get(2) is None


async def test_a_cancelled_write_forgets_what_it_may_have_written() -> None:
    outboxes = Outboxes(holds=lambda game_id: True)
    with outboxes.reading(1) as keep:
        keep([entry(1)])

    async def write() -> None:
        with outboxes.changing(1):
            await asyncio.sleep(3600)

    task = asyncio.ensure_future(write())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert outboxes.get(1) is None
