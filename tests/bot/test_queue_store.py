"""The matchmaking queue's rows on both stores: entries kept, replaced, expired, and taken
out by the lobby of their table in its own transaction, or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store.store import QueueEntryGone, Store

GUILD = 2**60 + 7  # (Discord ids need 64 bits)


async def test_queue_entries_are_kept_replaced_expired_and_taken_by_their_table(
    store_target: str | Path,
) -> None:
    store = await Store.open(store_target)
    try:
        await store.put_queue_entry(GUILD, 1, b'{"a":1}', expires_at=100.0)
        await store.put_queue_entry(GUILD, 2, b'{"b":1}', expires_at=200.0)
        await store.put_queue_entry(GUILD, 1, b'{"a":2}', expires_at=300.0)  # replaced
        await store.put_queue_entry(GUILD + 1, 1, b'{"other":1}', expires_at=300.0)
        assert sorted(await store.queue_entries(GUILD, now=150.0)) == [b'{"a":2}', b'{"b":1}']
        assert await store.queue_entries(GUILD, now=250.0) == [b'{"a":2}']
        assert await store.drop_expired_queue_entries(now=250.0) == 1
        assert await store.drop_queue_entry(GUILD, 1) and not await store.drop_queue_entry(GUILD, 1)

        await store.put_queue_entry(GUILD, 3, b"{}", expires_at=900.0)
        await store.put_queue_entry(GUILD, 4, b"{}", expires_at=900.0)
        with pytest.raises(QueueEntryGone):  # player 5 is not waiting: nothing is written
            await store.create_lobby(guild_id=GUILD, channel_id=7, host_id=3, lobby=b"{}",
                                     from_queue=(3, 5))
        assert await store.active_games() == []
        assert len(await store.queue_entries(GUILD, now=0.0)) == 2
        game_id = (await store.create_lobby(guild_id=GUILD, channel_id=7, host_id=3, lobby=b"{}",
                                            from_queue=(3, 4))).game_id
        assert [row.id for row in await store.active_games()] == [game_id]
        assert await store.queue_entries(GUILD, now=0.0) == []
        assert await store.queue_entries(GUILD + 1, now=0.0) == [b'{"other":1}']
    finally:
        await store.close()
