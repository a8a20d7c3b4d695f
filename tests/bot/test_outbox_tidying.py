"""Effects carried out that show nothing new when done again (edits, syncs of pings) leave the
stored outbox later (``bot.table.outbox_tidying``): with the game's next write, or in a write
of their own after a linger; the pass does not wait for either, nothing is shown twice
meanwhile, and a process that dies before the removal shows the same edit once more at the
next start-up, nothing else."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_harness import Table, bot_of, make_bot, service
from test_clock_and_pings import into_tokyo_and_smashed

from bot.store.store import Store
from bot.table import timers
from bot.table.game_rows import effect_decoder
from bot.table.outbox_tidying import LINGER_S, OutboxTidying
from bot.table.publish import EditBoard, SyncPings
from engine import Roll


class Removals:
    """A stand-in for the store's removal: each write it was asked, and a gate."""

    def __init__(self) -> None:
        self.writes: list[dict[int, set[int]]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.failing = False

    async def remove(self, done: dict[int, set[int]]) -> None:
        self.writes.append({game_id: set(seqs) for game_id, seqs in done.items()})
        await self.gate.wait()
        if self.failing:
            raise sqlite3.OperationalError("disk I/O error")


async def test_entries_handed_together_are_removed_in_one_write() -> None:
    removals = Removals()
    tidying = OutboxTidying(removals.remove)
    tidying.add(1, [3])
    tidying.add(2, [7, 8])
    tidying.add(1, [4])
    await tidying.close()
    assert removals.writes == [{1: {3, 4}, 2: {7, 8}}]
    assert tidying.pending(1) == set() and tidying.pending(2) == set()


async def test_entries_stay_pending_until_their_removal_is_written() -> None:
    removals = Removals()
    removals.gate.clear()
    tidying = OutboxTidying(removals.remove, linger=0)
    tidying.add(1, [3])
    await asyncio.sleep(0)  # the write begins, and waits
    tidying.add(1, [4])  # handed during that write: for the next one
    assert tidying.pending(1) == {3, 4}
    removals.gate.set()
    await tidying.close()
    assert removals.writes == [{1: {3}}, {1: {4}}]
    assert tidying.pending(1) == set()


async def test_a_removal_that_fails_is_logged_and_tried_with_the_next_and_at_close(
        caplog: pytest.LogCaptureFixture) -> None:
    removals = Removals()
    removals.failing = True
    tidying = OutboxTidying(removals.remove, linger=0)
    tidying.add(1, [3])
    for _turn in range(3):
        await asyncio.sleep(0)
    assert tidying.pending(1) == {3}, "still to remove"
    assert any("could not be removed" in r.getMessage() for r in caplog.records)
    tidying.add(2, [5])  # tried again with the next one handed
    for _turn in range(3):
        await asyncio.sleep(0)
    assert (tidying.pending(1), tidying.pending(2)) == ({3}, {5})
    removals.failing = False
    await tidying.close()  # and once more at close
    assert removals.writes == [{1: {3}}, {1: {3}, 2: {5}}, {1: {3}, 2: {5}}]
    assert tidying.pending(1) == set() and tidying.pending(2) == set()


class HeldClock:
    """A deadlines' clock whose sleeps end when the test says (``go``)."""

    def __init__(self) -> None:
        self.slept: list[float] = []
        self.go = asyncio.Event()

    def now(self) -> float:
        return 0.0

    async def sleep(self, delay: float) -> None:
        self.slept.append(delay)
        await self.go.wait()


async def turns(count: int = 4) -> None:
    for _turn in range(count):
        await asyncio.sleep(0)


async def test_entries_wait_the_linger_on_the_deadlines_clock_before_a_write_of_their_own(
) -> None:
    removals = Removals()
    clock = HeldClock()
    with timers.on_clock(clock):
        tidying = OutboxTidying(removals.remove, linger=LINGER_S)
        tidying.add(1, [3])
        await turns()
        tidying.add(2, [5])
        await turns()
        assert (clock.slept, removals.writes) == ([LINGER_S], [])
        assert tidying.pending(1) == {3}
        clock.go.set()
        await turns()
    assert removals.writes == [{1: {3}, 2: {5}}]
    assert tidying.pending(1) == set() and tidying.pending(2) == set()


async def test_a_write_of_the_game_takes_its_entries_and_hands_them_back_if_it_fails() -> None:
    """``riding``: the game's entries waiting go with the write of the game (left out of
    reads until it is done), and come back to wait if that write fails; close writes,
    without waiting the linger out, only what no write took."""
    removals = Removals()
    clock = HeldClock()
    with timers.on_clock(clock):
        tidying = OutboxTidying(removals.remove, linger=LINGER_S)
        tidying.add(1, [4, 3])
        tidying.add(2, [7])
        await turns()  # (the linger begins)
        with tidying.riding(1) as taken:
            assert taken == [3, 4]
            assert tidying.pending(1) == {3, 4}
        assert tidying.pending(1) == set()
        with pytest.raises(sqlite3.OperationalError), tidying.riding(2) as taken:
            assert taken == [7]
            raise sqlite3.OperationalError("disk I/O error")
        assert tidying.pending(2) == {7}
        with tidying.riding(3) as taken:
            assert taken == []
        await tidying.close()
    assert removals.writes == [{2: {7}}]
    assert clock.slept == [LINGER_S], "the linger was cut short by close"


def what_shows(message: discord.Message) -> tuple[Any, ...]:
    """A message as a player sees it: its text, embeds and buttons."""
    return (message.content, [embed.to_dict() for embed in message.embeds],
            [[(getattr(item, "custom_id", None), getattr(item, "label", None),
               getattr(item, "disabled", None)) for item in row.children]
             for row in message.components])


async def stored_edits(store: Store, game_id: int) -> list[int]:
    return [row.seq for row in await store.outbox(game_id)
            if isinstance(effect_decoder.decode(row.effect), EditBoard)]


async def test_a_kept_die_is_shown_and_its_entry_leaves_the_store_with_the_next_click(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The carried-out edit of a kept die stays stored once the pass is over (the game's
    lock free), left out of every read of the outbox; the next click's write removes it
    with its own; the last edit, which no click follows, is removed in a write of its own
    once the linger is over."""
    game = await table.start_game(players=2)
    games = service(table.env).games
    original = Store.remove_effects
    removals: list[Any] = []

    async def watched(self: Store, done: Any) -> None:
        removals.append(done)
        await original(self, done)

    monkeypatch.setattr(Store, "remove_effects", watched)
    before = what_shows(table.message(game.board_message_id or 0))
    await table.click("h0")
    assert what_shows(table.message(game.board_message_id or 0)) != before, "die kept"
    assert not games.lock(game.id).locked()
    kept = await stored_edits(games._store, game.id)
    assert kept, "the edit's entry is still stored"
    games._cache.outboxes.forget(game.id)  # (the next read is the store's)
    assert await games.outbox(game.id) == [], "and a read of the outbox leaves it out"

    await table.option(Roll)  # the table goes on: its write takes the entry along
    assert len(await stored_edits(games._store, game.id)) == 1, "the roll's edit alone"
    assert removals == [], "no write of its own"

    await table.env.advance_time(LINGER_S + 1)
    assert await games._store.outbox(game.id) == []
    assert [set(done) for done in removals] == [{game.id}]


async def test_an_edit_whose_removal_was_never_written_is_shown_again_and_nothing_more(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The process dies (here: its store refuses every removal) after the board showed a
    kept die: the next start finds the edit still to do, edits the board to what it
    shows already, and posts nothing."""
    game = await table.start_game(players=2)

    async def refused(self: Store, done: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Store, "remove_effects", refused)
    await table.click("h0")
    await table.env.settle()
    store = service(table.env).games._store
    assert await stored_edits(store, game.id), "the removal was not written"
    shown = what_shows(table.message(game.board_message_id or 0))
    messages = len(table.channel.history())

    old = bot_of(table.env)
    with caplog.at_level(logging.ERROR):
        await old.service.close()  # (tries once more, refused again, and closes the store)
    assert any("could not be removed" in r.getMessage() for r in caplog.records)
    monkeypatch.undo()
    table.env.http_requests.clear()
    await table.env.restart_bot(make_bot(database, sync=False))
    await table.env.settle()
    edits = [r for r in table.env.http_requests if r.method == "PATCH"
             and r.path.endswith(f"/messages/{game.board_message_id}")]
    assert edits, "the edit left in the store was carried out again"

    after = await table.game()
    assert after.board_message_id == game.board_message_id
    assert what_shows(table.message(game.board_message_id or 0)) == shown
    assert len(table.channel.history()) == messages, "nothing posted again"
    assert await service(table.env).games._store.outbox(game.id) == []


async def test_a_sync_of_pings_whose_removal_was_never_written_pings_nobody_twice(
        table: Table, database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A question out of turn is pinged (the ping recorded as it was sent), but the removal
    of the sync that sent it is never written before the process stops: the next start
    carries the sync out again, finds the ping recorded, and sends no other."""
    await table.start_game(players=2)

    async def refused(self: Store, done: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Store, "remove_effects", refused)
    game = await into_tokyo_and_smashed(table)
    [ping] = [m for m in table.channel.history() if m.content.startswith("🔔")]
    assert [p.message_id for p in game.chronicle.prompts.pings] == [ping.id]
    store = service(table.env).games._store
    assert any(isinstance(effect_decoder.decode(row.effect), SyncPings)
               for row in await store.outbox(game.id)), "its removal was not written"

    await bot_of(table.env).service.close()
    monkeypatch.undo()
    await table.env.restart_bot(make_bot(database, sync=False))
    await table.env.settle()
    assert [m.id for m in table.channel.history() if m.content.startswith("🔔")] == [ping.id]
    assert (await table.game()).chronicle.prompts.pings == game.chronicle.prompts.pings
    await table.env.advance_time(LINGER_S + 1)  # (its removal, in a write of its own)
    assert await service(table.env).games._store.outbox(game.id) == []
