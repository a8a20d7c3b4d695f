"""How processes share the shards (``bot.shard_leases``): the plan as a pure function, then
the keepers and run loops of many processes simulated over a lease table in memory that
behaves as the store's SQL does (``tests/bot/test_shard_lease_store.py`` checks that SQL on
both databases), with processes dying, coming back, losing the database and getting it
back, and clocks controlled by the test.

Properties (Hypothesis): a shard is never served by two processes, and never by one whose
lease it is not; once the processes are stable, every shard is served by one of them and
their shares differ by one at most."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.config import Shards
from bot.shard_leases import (
    FENCE_MARGIN_SECONDS,
    HEARTBEAT_SECONDS,
    LEASE_SECONDS,
    DatabaseThread,
    ShardKeeper,
    ShardServer,
    plan_shards,
)
from bot.store.store import LeaseTable, ProcessRow, ShardLease, Store


def _table(processes: dict[str, float], leases: dict[int, tuple[str, float]],
           count: int = 4) -> LeaseTable:
    return LeaseTable(
        tuple(ProcessRow(pid, count, seen) for pid, seen in sorted(processes.items())),
        tuple(ShardLease(shard, pid, until) for shard, (pid, until) in sorted(leases.items())))


def test_processes_started_together_claim_different_shards() -> None:
    table = _table({"a": 10.0, "b": 10.0, "c": 10.0}, {}, count=5)
    plans = {me: plan_shards(me, 5, table, 10.0) for me in "abc"}
    assert {me: sorted(plan.claim) for me, plan in plans.items()} == {
        "a": [0, 1], "b": [2, 3], "c": [4]}
    assert all(not plan.release and not plan.keep for plan in plans.values())


def test_a_process_over_its_share_releases_its_highest_shards() -> None:
    # a held all four alone; b has come.
    table = _table({"a": 10.0, "b": 10.0}, {s: ("a", 20.0) for s in range(4)})
    plan = plan_shards("a", 4, table, 10.0)
    assert (sorted(plan.keep), sorted(plan.release), plan.claim) == ([0, 1], [2, 3],
                                                                      frozenset())
    # b waits for them: they are not free yet.
    assert plan_shards("b", 4, table, 10.0).claim == frozenset()
    # Once released, b takes them.
    released = _table({"a": 10.0, "b": 10.0}, {0: ("a", 20.0), 1: ("a", 20.0)})
    assert sorted(plan_shards("b", 4, released, 11.0).claim) == [2, 3]


def test_the_shards_of_a_process_gone_are_claimed_once_its_leases_expire() -> None:
    table = _table({"a": 10.0, "b": 10.0}, {0: ("a", 25.0), 1: ("b", 25.0)}, count=2)
    assert plan_shards("b", 2, table, 24.9, ttl=15.0).claim == frozenset()
    # At 25.0 a's row and lease have both expired.
    later = _table({"a": 10.0, "b": 24.9}, {0: ("a", 25.0), 1: ("b", 39.9)}, count=2)
    plan = plan_shards("b", 2, later, 25.0, ttl=15.0)
    assert (plan.live, plan.quota, sorted(plan.claim)) == (1, 2, [0])


def test_more_processes_than_shards_leave_standbys() -> None:
    table = _table({"a": 10.0, "b": 10.0, "c": 10.0}, {0: ("c", 20.0)}, count=2)
    plans = {me: plan_shards(me, 2, table, 10.0) for me in "abc"}
    # c keeps what it holds (the most), a takes the other, b waits.
    assert plans["c"].keep == {0} and plans["a"].claim == {1}
    assert plans["b"].claim == frozenset() and plans["b"].quota == 0


def test_a_process_of_another_shard_count_stops_claims() -> None:
    table = LeaseTable((ProcessRow("a", 4, 10.0), ProcessRow("old", 2, 10.0)),
                       (ShardLease(0, "old", 20.0),))
    plan = plan_shards("a", 4, table, 10.0)
    assert plan.waiting_for == "old" and plan.claim == frozenset()


# --- many processes, simulated ----------------------------------------------------------


class Unreachable(ConnectionError):
    pass


@dataclass
class MemoryLeases:
    """The lease table in memory, with the store's semantics (``Store.renew_leases`` and
    the others), and processes that cannot reach it."""

    processes: dict[str, tuple[int, float]] = field(default_factory=dict)
    leases: dict[int, tuple[str, float]] = field(default_factory=dict)
    cut_off: set[str] = field(default_factory=set)

    def view(self, process_id: str) -> Store:
        return cast(Store, _StoreOf(self, process_id))

    def table(self) -> LeaseTable:
        return LeaseTable(
            tuple(ProcessRow(pid, count, seen)
                  for pid, (count, seen) in sorted(self.processes.items())),
            tuple(ShardLease(shard, pid, until)
                  for shard, (pid, until) in sorted(self.leases.items())))


@dataclass
class _StoreOf:
    db: MemoryLeases
    me: str

    def _reach(self) -> None:
        if self.me in self.db.cut_off:
            raise Unreachable("the database does not answer")

    async def renew_leases(self, process_id: str, shard_count: int, held: Sequence[int], *,
                           now: float, expires_at: float,
                           forget_before: float | None = None) -> LeaseTable:
        self._reach()
        db = self.db
        db.processes[process_id] = (shard_count, now)
        if forget_before is not None:
            db.processes = {pid: row for pid, row in db.processes.items()
                            if row[1] >= forget_before}
        for shard, (pid, _until) in list(db.leases.items()):
            if pid == process_id and shard in held:
                db.leases[shard] = (pid, expires_at)
        return db.table()

    async def claim_shards(self, process_id: str, shards: Sequence[int], *, now: float,
                           expires_at: float) -> list[int]:
        self._reach()
        got = []
        for shard in shards:
            holder = self.db.leases.get(shard)
            if holder is None or holder[1] <= now or holder[0] == process_id:
                self.db.leases[shard] = (process_id, expires_at)
                got.append(shard)
        return sorted(got)

    async def release_shards(self, process_id: str, shards: Sequence[int]) -> None:
        self._reach()
        for shard in shards:
            if self.db.leases.get(shard, ("", 0.0))[0] == process_id:
                del self.db.leases[shard]

    async def leave_shards(self, process_id: str) -> None:
        self._reach()
        self.db.leases = {s: lease for s, lease in self.db.leases.items()
                          if lease[0] != process_id}
        self.db.processes.pop(process_id, None)


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def _serve_nothing(_shards: Shards) -> None:
    await asyncio.Event().wait()


@dataclass
class Process:
    server: ShardServer
    next_step: float = 0.0


class World:
    """Processes stepping over one ``MemoryLeases``, the earliest due first."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.db = MemoryLeases()
        self.clock = Clock()
        self.processes: dict[str, Process] = {}
        self._born = 0
        self.served_first_work: list[str] = []

    def start(self) -> str:
        self._born += 1
        pid = f"p{self._born:02d}"
        keeper = ShardKeeper(self.db.view(pid), self.count, process_id=pid, clock=self.clock)

        async def serve(shards: Shards) -> None:
            if shards.first:
                self.served_first_work.append(pid)
            await _serve_nothing(shards)

        self.processes[pid] = Process(ShardServer(keeper, serve), self.clock.now)
        return pid

    async def kill(self, pid: str) -> None:
        """SIGKILL: nothing more of it runs, its leases stay until they expire."""
        process = self.processes.pop(pid)
        task = process.server._task
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def stop(self, pid: str) -> None:
        """A clean stop (SIGTERM): its bot closes, its leases and its row go."""
        await self.processes.pop(pid).server.close()

    async def run_until(self, moment: float, jitter: Sequence[float] = (0.0,)) -> None:
        """Every process steps when it is due (each step late by the next of ``jitter``,
        in turn), the clock moving to each step's time, until ``moment``."""
        late = 0
        while self.processes:
            process = min(self.processes.values(), key=lambda each: each.next_step)
            if process.next_step > moment:
                break
            self.clock.now = max(self.clock.now, process.next_step)
            delay = await process.server.step()
            process.next_step = self.clock.now + delay + jitter[late % len(jitter)]
            late += 1
            self.check_no_shard_served_twice()
        self.clock.now = max(self.clock.now, moment)
        await asyncio.sleep(0)  # (the bots just started begin)

    def check_no_shard_served_twice(self) -> None:
        seen: dict[int, str] = {}
        for pid, process in self.processes.items():
            for shard in process.server.serving:
                assert shard not in seen, f"shard {shard} served by {seen[shard]} and {pid}"
                seen[shard] = pid
                holder, until = self.db.leases.get(shard, ("nobody", 0.0))
                assert holder == pid, f"{pid} serves shard {shard}, whose lease is {holder}'s"
                assert until > self.clock.now, f"{pid} serves shard {shard} past its lease"

    def shares(self) -> dict[str, frozenset[int]]:
        return {pid: process.server.serving for pid, process in self.processes.items()}

    async def close(self) -> None:
        for pid in list(self.processes):
            await self.kill(pid)


def _settled_time() -> float:
    """Long enough for leases of the dead to expire and the shares to even out."""
    return LEASE_SECONDS + 12 * HEARTBEAT_SECONDS


def _check_stable(world: World) -> None:
    shares = world.shares()
    served = sorted(shard for shards in shares.values() for shard in shards)
    assert served == list(range(world.count)), shares
    sizes = [len(shards) for shards in shares.values()]
    assert max(sizes) - min(sizes) <= 1, shares
    assert max(sizes) == math.ceil(world.count / len(shares))


async def test_three_processes_started_together_each_take_a_share_once() -> None:
    world = World(7)
    for _ in range(3):
        world.start()
    await world.run_until(world.clock.now + 3 * HEARTBEAT_SECONDS)
    _check_stable(world)
    # Each process started one bot, for its final share: no shard moved.
    assert [len(p.server.changes) for p in world.processes.values()] == [1, 1, 1]
    assert world.served_first_work == ["p01"]
    await world.close()


async def test_a_killed_process_s_shards_are_served_again_within_the_lease() -> None:
    world = World(4)
    for _ in range(2):
        world.start()
    await world.run_until(world.clock.now + 3 * HEARTBEAT_SECONDS)
    victim = next(pid for pid, shards in world.shares().items() if 0 in shards)
    killed_at = world.clock.now
    await world.kill(victim)
    await world.run_until(killed_at + LEASE_SECONDS + 1.0)
    (survivor,) = world.processes
    assert world.shares()[survivor] == {0, 1, 2, 3}
    taken_at = world.processes[survivor].server.changes[-1][0]
    assert taken_at - killed_at <= LEASE_SECONDS + 0.1
    # The survivor now holds shard 0: it does the work for all once more.
    assert world.served_first_work == [victim, survivor]
    # The victim comes back (a new process): the shares even out again.
    world.start()
    await world.run_until(world.clock.now + 4 * HEARTBEAT_SECONDS)
    _check_stable(world)
    await world.close()


async def test_a_process_cut_off_from_the_database_stops_serving_before_others_claim() -> None:
    world = World(2)
    first, second = world.start(), world.start()
    await world.run_until(world.clock.now + 3 * HEARTBEAT_SECONDS)
    world.db.cut_off.add(first)
    await world.run_until(world.clock.now + LEASE_SECONDS - FENCE_MARGIN_SECONDS + 0.5)
    assert world.shares()[first] == frozenset()  # fenced: it stopped
    await world.run_until(world.clock.now + LEASE_SECONDS)
    assert world.shares()[second] == {0, 1}
    world.db.cut_off.clear()
    await world.run_until(world.clock.now + 4 * HEARTBEAT_SECONDS)
    _check_stable(world)
    await world.close()


async def test_a_process_stopped_cleanly_hands_its_shards_over_at_the_next_heartbeat() -> None:
    world = World(2)
    first, second = world.start(), world.start()
    await world.run_until(world.clock.now + 3 * HEARTBEAT_SECONDS)
    stopped_at = world.clock.now
    await world.stop(first)
    await world.run_until(stopped_at + HEARTBEAT_SECONDS + 0.1)
    assert world.shares()[second] == {0, 1}
    await world.close()


# One event of a history: (what, which process by index among those running, seconds of
# the world's run that follows).
_EVENTS = st.tuples(st.sampled_from(["start", "kill", "stop", "cut", "heal", "wait"]),
                    st.integers(0, 5), st.floats(0.0, 12.0))


@settings(max_examples=120, deadline=None)
@given(count=st.integers(1, 9), started=st.integers(1, 4),
       events=st.lists(_EVENTS, max_size=14),
       jitter=st.lists(st.floats(0.0, 4.0), min_size=1, max_size=5))
def test_no_shard_is_ever_served_twice_and_stable_processes_share_them_all(
        count: int, started: int, events: list[tuple[str, int, float]],
        jitter: list[float]) -> None:
    """Processes start, die, stop cleanly, lose the database and get it back, at random,
    each step late by up to 4 s (a busy event loop; less than FENCE_MARGIN_SECONDS): after
    every step no shard is served by two processes, nor by one whose lease it is not.
    Then, left alone, the processes serve every shard once, with shares within one of each
    other."""

    async def history() -> None:
        world = World(count)
        for _ in range(started):
            world.start()
        try:
            for what, which, seconds in events:
                running = sorted(world.processes)
                pid = running[which % len(running)] if running else None
                if what == "start" or pid is None:
                    world.start()
                elif what == "kill":
                    await world.kill(pid)
                elif what == "stop":
                    await world.stop(pid)
                elif what == "cut":
                    world.db.cut_off.add(pid)
                elif what == "heal":
                    world.db.cut_off.discard(pid)
                await world.run_until(world.clock.now + seconds, jitter)
            if not world.processes:
                world.start()
            world.db.cut_off.clear()
            await world.run_until(world.clock.now + _settled_time(), jitter)
            _check_stable(world)
        finally:
            await world.close()

    asyncio.run(history())


@pytest.mark.parametrize("count", [1, 2, 5])
async def test_a_lone_process_waits_a_heartbeat_then_takes_every_shard(count: int) -> None:
    world = World(count)
    world.start()
    await world.run_until(world.clock.now + HEARTBEAT_SECONDS - 0.1)
    assert world.shares() == {"p01": frozenset()}
    await world.run_until(world.clock.now + HEARTBEAT_SECONDS)
    assert world.shares() == {"p01": frozenset(range(count))}
    await world.close()


async def test_the_run_loop_stops_with_its_bot_s_error_and_gives_up_its_leases() -> None:
    """A bot that cannot start (a token refused, a database that cannot be opened) stops
    the process with its error, as ``python -m bot`` without shards."""
    db = MemoryLeases()
    keeper = ShardKeeper(db.view("p"), 2, process_id="p", interval=0.01, grace=0.0)

    async def failing(_shards: Shards) -> None:
        raise RuntimeError("cannot log in")

    with pytest.raises(RuntimeError, match="cannot log in"):
        await asyncio.wait_for(ShardServer(keeper, failing).run(), 10)
    assert db.leases == {} and db.processes == {}


async def test_a_stopped_run_loop_closes_its_bot_then_gives_up_its_leases() -> None:
    db = MemoryLeases()
    keeper = ShardKeeper(db.view("p"), 2, process_id="p", interval=0.01, grace=0.0)
    closed: list[dict[int, tuple[str, float]]] = []

    async def serve(_shards: Shards) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            closed.append(dict(db.leases))  # the leases are still held while it closes

    server = ShardServer(keeper, serve)
    running = asyncio.create_task(server.run())
    await asyncio.wait_for(server.changed.wait(), 10)
    assert server.serving == {0, 1}
    running.cancel()
    with pytest.raises(asyncio.CancelledError):
        await running
    assert [sorted(leases) for leases in closed] == [[0, 1]]
    assert db.leases == {} and db.processes == {}


async def test_a_lease_of_its_own_a_process_does_not_serve_is_released_at_its_heartbeat(
        ) -> None:
    """A claim whose answer was lost (a timeout) left a lease its process does not know of:
    its next heartbeat gives it up, so that another process may take the shard at once."""
    db = MemoryLeases(leases={1: ("p", 2_000.0)})
    keeper = ShardKeeper(db.view("p"), 2, process_id="p", clock=Clock())
    await keeper.beat()
    assert db.leases == {} and keeper.held == frozenset()


async def test_the_keeper_s_store_calls_can_run_on_a_thread_of_their_own(
        tmp_path: Path) -> None:
    """``DatabaseThread`` (python -m bot): the store opened, used and closed on its loop."""
    database = DatabaseThread()
    try:
        store = await database.run(Store.open(tmp_path / "kot.sqlite3"))
        keeper = ShardKeeper(store, 2, process_id="p", grace=0.0, run=database.run)
        await keeper.beat()
        plan = await keeper.beat()
        assert await keeper.claim(plan.claim) == {0, 1}
        await keeper.leave()
        await database.run(store.close())
    finally:
        database.close()


async def test_a_standby_keeps_its_health_file_fresh_while_it_heartbeats(
        tmp_path: Path) -> None:
    """A process with no shard runs no bot (whose heartbeat writes the health file,
    bot.health): its run loop writes it at each heartbeat that reaches the database."""
    db, clock = MemoryLeases(), Clock()
    health = tmp_path / "kot-health"
    servers = [ShardServer(ShardKeeper(db.view(pid), 1, process_id=pid, clock=clock),
                           _serve_nothing, health_file=health if pid == "b" else None)
               for pid in ("a", "b")]
    for _ in range(2):
        for server in servers:
            await server.step()
        clock.now += HEARTBEAT_SECONDS
    assert servers[0].serving == {0} and servers[1].serving == frozenset()
    health.unlink()
    await servers[1].step()
    assert health.read_text() == f"{clock.now:.0f}\n"
    db.cut_off.add("b")
    health.unlink()
    await servers[1].step()
    assert not health.exists()
    for server in servers:
        await server.close()
