"""The shard leases' SQL (``Store.renew_leases``, ``claim_shards``, ``release_shards``,
``leave_shards``) on a SQLite file and on PostgreSQL: a lease is taken only where none is
held or the one held has expired, so two processes never hold one shard, even claiming at
the same instant."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store.schema import RUNNING_TABLES, TABLES
from bot.store.store import ProcessRow, ShardLease, Store

TTL = 15.0


async def _beat(store: Store, process: str, held: list[int], now: float,
                count: int = 4) -> tuple[list[ProcessRow], dict[int, ShardLease]]:
    table = await store.renew_leases(process, count, held, now=now, expires_at=now + TTL)
    return list(table.processes), {lease.shard_id: lease for lease in table.leases}


async def test_a_free_shard_is_claimed_once_and_renewed_by_its_holder(
        store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        processes, leases = await _beat(store, "a", [], now=100.0)
        assert processes == [ProcessRow("a", 4, 100.0)] and leases == {}
        assert await store.claim_shards("a", [0, 1], now=100.0, expires_at=115.0) == [0, 1]
        # b sees them held: it gets only the free shards it asks for.
        assert await store.claim_shards("b", [1, 2], now=101.0, expires_at=116.0) == [2]
        processes, leases = await _beat(store, "a", [0, 1], now=105.0)
        assert leases == {0: ShardLease(0, "a", 120.0), 1: ShardLease(1, "a", 120.0),
                          2: ShardLease(2, "b", 116.0)}
        assert [row.process_id for row in processes] == ["a"]  # b has not beaten yet
        # Claiming again what one holds renews it.
        assert await store.claim_shards("b", [2], now=106.0, expires_at=121.0) == [2]
    finally:
        await store.close()


async def test_an_expired_lease_goes_to_the_first_claimer_and_its_old_holder_loses_it(
        store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        await _beat(store, "a", [], now=100.0)
        assert await store.claim_shards("a", [0, 1], now=100.0, expires_at=115.0) == [0, 1]
        # Still held at 114.9; expired at 115.
        assert await store.claim_shards("b", [0], now=114.9, expires_at=130.0) == []
        assert await store.claim_shards("b", [0], now=115.0, expires_at=130.0) == [0]
        # a's heartbeat renews only what is still its own: shard 0 is b's now.
        _processes, leases = await _beat(store, "a", [0, 1], now=116.0)
        assert leases[0] == ShardLease(0, "b", 130.0) and leases[1].process_id == "a"
    finally:
        await store.close()


async def test_a_heartbeat_renews_only_the_leases_its_process_names(
        store_target: str | Path) -> None:
    """(A lease of its own it does not name, a claim whose answer was lost, is read back
    as its: the keeper releases it.)"""
    store = await Store.open(store_target)
    try:
        await store.claim_shards("a", [0, 1, 2], now=100.0, expires_at=115.0)
        _processes, leases = await _beat(store, "a", [1], now=101.0)
        assert leases == {0: ShardLease(0, "a", 115.0), 1: ShardLease(1, "a", 116.0),
                          2: ShardLease(2, "a", 115.0)}
    finally:
        await store.close()


async def test_released_shards_and_a_leaving_process_free_their_leases_at_once(
        store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        await _beat(store, "a", [], now=100.0)
        await _beat(store, "b", [], now=100.0)
        await store.claim_shards("a", [0, 1], now=100.0, expires_at=115.0)
        await store.claim_shards("b", [2, 3], now=100.0, expires_at=115.0)
        await store.release_shards("a", [1])
        await store.release_shards("a", [2])  # not a's: left alone
        assert await store.claim_shards("b", [1], now=101.0, expires_at=116.0) == [1]
        await store.leave_shards("b")
        processes, leases = await _beat(store, "a", [0], now=102.0)
        assert [row.process_id for row in processes] == ["a"]
        assert list(leases) == [0]
    finally:
        await store.close()


async def test_processes_long_gone_are_forgotten_when_asked(
        store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        await _beat(store, "old", [], now=100.0)
        await _beat(store, "a", [], now=200.0)
        table = await store.renew_leases("a", 4, [], now=300.0, expires_at=315.0)
        assert [row.process_id for row in table.processes] == ["a", "old"]
        table = await store.renew_leases("a", 4, [], now=300.0, expires_at=315.0,
                                         forget_before=150.0)
        assert [row.process_id for row in table.processes] == ["a"]
    finally:
        await store.close()


async def test_two_processes_claiming_every_shard_at_once_never_share_one(
        postgres_url: str) -> None:
    """Eight processes, each on its own pool, claim the same four shards in the same
    instant, twenty rounds (leases expired between rounds): each shard goes to one."""
    stores = [await Store.open(postgres_url) for _ in range(8)]
    try:
        for round_number in range(20):
            now = 1000.0 * (round_number + 1)
            got = await asyncio.gather(*(
                store.claim_shards(f"p{number}", [0, 1, 2, 3], now=now, expires_at=now + TTL)
                for number, store in enumerate(stores)))
            taken = [shard for shards in got for shard in shards]
            assert sorted(taken) == [0, 1, 2, 3], got
            _processes, leases = await _beat(stores[0], "watcher", [], now=now)
            for number, shards in enumerate(got):
                assert all(leases[shard].process_id == f"p{number}" for shard in shards)
    finally:
        for store in stores:
            await store.close()


def test_the_leases_tables_are_not_the_games_and_are_not_copied() -> None:
    assert not set(RUNNING_TABLES) & set(TABLES)
