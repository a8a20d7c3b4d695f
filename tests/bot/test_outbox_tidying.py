"""Effects carried out that show nothing new when done again (edits, syncs of pings) leave the
stored outbox in the background (``bot.table.outbox_tidying``): the pass does not wait for
that write, nothing is shown twice meanwhile, and a process that dies before the write shows
the same edit once more at the next start-up, nothing else."""

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
from bot.table.game_rows import effect_decoder
from bot.table.outbox_tidying import OutboxTidying
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
    tidying = OutboxTidying(removals.remove)
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
    tidying = OutboxTidying(removals.remove)
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


def what_shows(message: discord.Message) -> tuple[Any, ...]:
    """A message as a player sees it: its text, embeds and buttons."""
    return (message.content, [embed.to_dict() for embed in message.embeds],
            [[(getattr(item, "custom_id", None), getattr(item, "label", None),
               getattr(item, "disabled", None)) for item in row.children]
             for row in message.components])


async def stored_edits(store: Store, game_id: int) -> list[int]:
    return [row.seq for row in await store.outbox(game_id)
            if isinstance(effect_decoder.decode(row.effect), EditBoard)]


async def test_a_kept_die_is_shown_without_the_game_waiting_for_its_entry_to_leave_the_store(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The removal of the carried-out edit is written once the pass has let the game go
    (its lock free: the next click is not held up by that write); meanwhile the entry is
    still stored, and a read of the outbox from the store leaves it out."""
    game = await table.start_game(players=2)
    games = service(table.env).games
    original = Store.remove_effects
    seen: list[tuple[bool, list[int], list[Any]]] = []

    async def watched(self: Store, done: Any) -> None:
        games._cache.outboxes.forget(game.id)  # (the next read is the store's)
        seen.append((games.lock(game.id).locked(), await stored_edits(self, game.id),
                     await games.outbox(game.id)))
        await original(self, done)

    monkeypatch.setattr(Store, "remove_effects", watched)
    before = what_shows(table.message(game.board_message_id or 0))
    await table.click("h0")
    assert what_shows(table.message(game.board_message_id or 0)) != before, "die kept"
    [(locked, stored, read)] = seen
    assert not locked, "the game's lock was let go before the removal"
    assert stored, "the edit's entry was still stored when its removal began"
    assert read == [], "and a read of the outbox left it out"
    assert await games._store.outbox(game.id) == []
    await table.option(Roll)  # the table goes on
    assert len(seen) >= 2 and await games._store.outbox(game.id) == []


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
    assert await service(table.env).games._store.outbox(game.id) == []
