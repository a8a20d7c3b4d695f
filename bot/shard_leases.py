"""Processes that share the shards among themselves over one PostgreSQL database, with no
other service: ``SHARD_COUNT`` set, ``SHARD_IDS`` not (docs/bot.md, "Shards").

Each process has a row in table ``processes`` and holds the shards it serves through
leases (table ``shard_leases``, migration "shard leases"). Every ``HEARTBEAT_SECONDS`` its
``ShardKeeper`` renews both until ``LEASE_SECONDS`` from now, reads every row and lease,
and plans (``plan_shards``, a pure function): what to keep, what to give up, what to
claim. A lease is taken by one conditional statement, only where none is held or the one
held has expired, so two processes never hold one shard; a process that dies (SIGKILL, a
lost network) stops renewing, and its leases go to the others once they expire
(``LEASE_SECONDS``, 15 s: the others wake up when a lease expires, not at their next
heartbeat, and claim it). The shares are fair: each live process's quota is the floor or
the ceiling of count / live processes, the ceiling going to the processes that hold the
most now (then by id), so the shares differ by one at most and move as little as they can.
A process over its quota releases the excess, which the others then claim; a process that
has just started claims nothing for ``grace`` seconds (a heartbeat), so that processes
started together see each other before they claim.

``ShardServer`` is the process's run loop: it serves what its keeper holds by running a bot
for exactly those shards (``serve``, a coroutine that runs a bot until it is cancelled).
When its shards change it stops that bot and starts a new one on the new set (the start
restores and arms the games of its shards); it stops serving shards before it releases
them, and claims shards before it serves them, so no two processes serve one shard. A
process with no shard waits as a standby, heartbeating. A process that cannot renew its
leases stops serving them ``FENCE_MARGIN_SECONDS`` before they expire. ``python -m bot``
runs the keeper's store on an event loop of its own (``DatabaseThread``), so that a
heartbeat is not slowed by the bot's busy loop between its statements.

Times in the lease table are each writer's wall clock (``clock``, ``time.time``): the
processes' machines must keep their clocks within ``FENCE_MARGIN_SECONDS`` of one another
(NTP keeps them within milliseconds). A clock ahead by more would let another process claim
a shard before its holder stops serving it; even then each click is applied once (the
store's per-game versions), but a game could be answered by two processes for a moment.

The work one process does for all (syncing the slash commands with ``--sync``, keeping the
records of games finished before records were kept) is done by the process that holds
shard 0, once in its life (``Shards.first``): at the start, one process does it; after a
failover the new holder of shard 0 does it again, which changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import socket
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from bot.config import Shards
from bot.store.store import LeaseTable, ShardLease, Store

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 5.0
LEASE_SECONDS = 15.0
# A process that could not renew its leases stops serving their shards this long before
# they expire: the most two machines' clocks may differ (see the module's notes).
FENCE_MARGIN_SECONDS = 5.0
# A process whose heartbeat has not come for this long is forgotten (its row deleted).
FORGET_SECONDS = 3600.0
# Seconds a bot has to close when its shards change or the process stops.
STOP_SECONDS = 30.0
# A lease's expiry is awaited a little past it (so that it has expired for the database's
# comparison too).
_PAST_EXPIRY = 0.05


@dataclass(frozen=True)
class Plan:
    """What one process does at a heartbeat: the shards it keeps, the shards it gives up
    (once it has stopped serving them) and the free shards it claims, with its quota among
    the ``live`` processes. ``waiting_for`` names a live process of another shard count:
    then nothing is claimed or released."""

    keep: frozenset[int]
    release: frozenset[int]
    claim: frozenset[int]
    quota: int
    live: int
    waiting_for: str | None = None


def plan_shards(me: str, count: int, table: LeaseTable, now: float, *,
                ttl: float = LEASE_SECONDS) -> Plan:
    """The plan of process ``me`` (which has just renewed its row and its leases) for
    ``count`` shards, from the lease table read at ``now``.

    Live processes: those seen within ``ttl`` that run the same shard count (and ``me``).
    Quotas: ``count // live`` each, one more for the first ``count % live`` processes in
    the order of the most shards held now, then by id. Each process keeps its lowest shards
    up to its quota and releases the rest; the free shards (no lease, or an expired one) go
    to the processes under their quota in that order, lowest first. Every process computes
    the same assignment from the same table, so processes claim different shards; where
    their tables differ (a heartbeat between two reads), the conditional claim gives a shard
    to one of them, and the next heartbeats settle the rest."""
    peers = {row.process_id: row for row in table.processes if row.seen_at > now - ttl}
    other_count = sorted(pid for pid, row in peers.items()
                         if row.shard_count != count and pid != me)
    live = sorted({pid for pid, row in peers.items() if row.shard_count == count} | {me})
    holding: dict[str, list[int]] = {pid: [] for pid in live}
    taken: set[int] = set()
    for lease in _current(table.leases, now):
        if lease.shard_id < count:
            taken.add(lease.shard_id)
            if lease.process_id in holding:
                holding[lease.process_id].append(lease.shard_id)
    mine = frozenset(holding[me])
    if other_count:
        return Plan(mine, frozenset(), frozenset(), len(mine), len(live), other_count[0])
    order = sorted(live, key=lambda pid: (-len(holding[pid]), pid))
    low, extra = divmod(count, len(live))
    quota = {pid: low + (place < extra) for place, pid in enumerate(order)}
    kept = {pid: sorted(holding[pid])[:quota[pid]] for pid in live}
    free = iter(sorted(set(range(count)) - taken))
    gets: dict[str, list[int]] = {pid: [] for pid in live}
    for pid in order:
        for _ in range(quota[pid] - len(kept[pid])):
            shard = next(free, None)
            if shard is None:
                break
            gets[pid].append(shard)
    keep = frozenset(kept[me])
    return Plan(keep, mine - keep, frozenset(gets[me]), quota[me], len(live))


def _current(leases: Iterable[ShardLease], now: float) -> list[ShardLease]:
    """The leases not expired at ``now``."""
    return [lease for lease in leases if lease.expires_at > now]


_T = TypeVar("_T")


class Runner(Protocol):
    """Where the keeper's store calls run: awaited here, or on ``DatabaseThread``."""

    def __call__(self, work: Coroutine[Any, Any, _T], /) -> Awaitable[_T]: ...


async def _here(work: Coroutine[Any, Any, _T]) -> _T:
    return await work


class DatabaseThread:
    """An event loop on a thread of its own, for the keeper's store (``python -m bot``): a
    heartbeat's statements then follow one another at the database's pace, not at the pace
    of the bot's event loop, which under load takes its time between two of them (a bench
    with its event loop at 100% saw a heartbeat of eight round trips time out, and the
    process stop serving); only its answer waits for one turn of the bot's loop."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="kot-leases",
                                        daemon=True)
        self._thread.start()

    def run(self, work: Coroutine[Any, Any, _T]) -> Awaitable[_T]:
        """``work`` run on the thread's loop, awaited here (cancelling it cancels it
        there)."""
        return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._loop))

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


def new_process_id() -> str:
    """A name for this process, unique among every process ever started: its host, its
    pid and a random part (a restarted container may have the same host and pid)."""
    return f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


@dataclass
class ShardKeeper:
    """One process's leases: its heartbeat, its plan, its claims and releases (see the
    module's notes). ``held`` is the set of shards it holds, as far as it knows; the
    process serves exactly those (``ShardServer``)."""

    store: Store
    count: int
    process_id: str = field(default_factory=new_process_id)
    clock: Callable[[], float] = time.time
    # Where its store calls run (the store's own loop: DatabaseThread.run, in python -m bot).
    run: Runner = _here
    interval: float = HEARTBEAT_SECONDS
    ttl: float = LEASE_SECONDS
    # Seconds after its first heartbeat before a process claims anything (None: a
    # heartbeat's interval), so that processes started together see each other first.
    grace: float | None = None
    held: frozenset[int] = frozenset()
    # The table as the last heartbeat read it.
    table: LeaseTable | None = None
    # When the first heartbeat and the last successful renewal were sent.
    _started: float | None = None
    _renewed: float | None = None

    async def beat(self) -> Plan:
        """Renew this process's row and leases, read the table, and plan. A lease that
        another process has taken meanwhile is no longer in ``held``."""
        now = self.clock()
        table = await self.run(self.store.renew_leases(
            self.process_id, self.count, sorted(self.held), now=now,
            expires_at=now + self.ttl,
            forget_before=now - FORGET_SECONDS if self._started is None else None))
        self._renewed = now
        if self._started is None:
            self._started = now
        self.table = table
        mine = frozenset(lease.shard_id for lease in _current(table.leases, now)
                         if lease.process_id == self.process_id)
        if lost := self.held - mine:
            log.warning("shards %s were taken by other processes (this process's leases "
                        "had expired)", sorted(lost))
        if unknown := mine - self.held:  # a claim whose answer was lost: not served
            await self.release(unknown)
        self.held = self.held & mine
        plan = plan_shards(self.process_id, self.count, table, now, ttl=self.ttl)
        if plan.waiting_for is not None:
            log.warning("process %s runs another SHARD_COUNT than this one's %d: claiming "
                        "nothing until it stops", plan.waiting_for, self.count)
        grace = self.interval if self.grace is None else self.grace
        if now < self._started + grace:
            plan = replace(plan, claim=frozenset())
        return plan

    async def claim(self, shards: Iterable[int]) -> frozenset[int]:
        """Claim these shards; the ones taken (a shard another process took first is
        not)."""
        now = self.clock()
        got = frozenset(await self.run(self.store.claim_shards(
            self.process_id, sorted(shards), now=now, expires_at=now + self.ttl)))
        self.held |= got
        self._note(got, ShardLease(-1, self.process_id, now + self.ttl))
        return got

    async def release(self, shards: Iterable[int]) -> None:
        """Give up these shards (this process has stopped serving them)."""
        released = frozenset(shards)
        self.held -= released
        await self.run(self.store.release_shards(self.process_id, sorted(released)))
        self._note(released, None)

    def _note(self, shards: frozenset[int], lease: ShardLease | None) -> None:
        """The table as this process's own claim or release changed it."""
        if self.table is None:
            return
        leases = [each for each in self.table.leases if each.shard_id not in shards]
        if lease is not None:
            leases += [replace(lease, shard_id=shard) for shard in shards]
        self.table = replace(self.table, leases=tuple(sorted(
            leases, key=lambda each: each.shard_id)))

    async def leave(self) -> None:
        """This process stops: its row and its leases go at once."""
        self.held = frozenset()
        await self.run(self.store.leave_shards(self.process_id))

    def fence_in(self) -> float:
        """Seconds until this process must stop serving its shards unless it renews their
        leases first: until they expire within ``FENCE_MARGIN_SECONDS`` (infinite when it
        holds none)."""
        if not self.held or self._renewed is None:
            return math.inf
        return self._renewed + self.ttl - FENCE_MARGIN_SECONDS - self.clock()

    def must_fence(self) -> bool:
        """Whether this process must stop serving its shards now (``fence_in``)."""
        return self.fence_in() <= 0

    def fence(self) -> None:
        """Forget every shard (its process stopped serving them); their leases expire, or
        are dropped by the next heartbeat that reaches the database."""
        self.held = frozenset()

    def next_beat_in(self) -> float:
        """Seconds until the next heartbeat: the interval, or less when a lease of another
        process expires sooner (a process that died: its shards are claimed as soon as
        they are free)."""
        wait = self.interval
        if self.table is not None:
            now = self.clock()
            for lease in _current(self.table.leases, now):
                if lease.process_id != self.process_id:
                    wait = min(wait, lease.expires_at - now + _PAST_EXPIRY)
        return max(wait, 0.0)

    @property
    def balanced(self) -> bool:
        """Whether the last table read shows every shard held and the shares within one
        of each other among the live processes (for the benches and the logs)."""
        if self.table is None or self._renewed is None:
            return False
        now = self._renewed
        peers = {row.process_id for row in self.table.processes
                 if row.seen_at > now - self.ttl and row.shard_count == self.count}
        leases = [lease for lease in _current(self.table.leases, now)
                  if lease.shard_id < self.count]
        shares = {pid: 0 for pid in peers}
        if not shares:
            return False
        for lease in leases:
            if lease.process_id not in shares:
                return False
            shares[lease.process_id] += 1
        return (len({lease.shard_id for lease in leases}) == self.count
                and max(shares.values()) - min(shares.values()) <= 1)


# Runs a bot for these shards until cancelled (then closes it).
Serve = Callable[[Shards], Coroutine[Any, Any, None]]


class ShardServer:
    """The run loop of a process that claims its shards: heartbeats through its keeper and
    serves what it holds, one bot at a time (see the module's notes)."""

    def __init__(self, keeper: ShardKeeper, serve: Serve, *,
                 health_file: Path | None = None) -> None:
        self.keeper = keeper
        self._serve = serve
        self._health_file = health_file
        # The shards the running bot serves (empty: a standby).
        self.serving: frozenset[int] = frozenset()
        self._task: asyncio.Task[None] | None = None
        # The bot last stopped, until it has closed.
        self._closing: asyncio.Task[None] | None = None
        self._did_first_work = False
        # Each change of the shards served, with when it happened (by the keeper's clock).
        self.changes: list[tuple[float, frozenset[int]]] = []
        self.changed = asyncio.Event()

    async def run(self) -> None:
        """Until cancelled (the process stops) or the bot stops by itself (its error is
        raised): heartbeats, and the bot for the shards held. On the way out the bot is
        closed, then the leases and the process's row go."""
        try:
            while True:
                delay = await self.step()
                if self._task is None:
                    await asyncio.sleep(delay)
                    continue
                done, _pending = await asyncio.wait({self._task}, timeout=delay)
                if done:
                    task, self._task = self._task, None
                    self.serving = frozenset()
                    task.result()  # (its error, if it failed)
                    log.warning("the bot stopped by itself: this process stops too")
                    return
        finally:
            await self.close()

    async def close(self) -> None:
        """Stop serving, then give up the leases and the process's row (if the database
        answers: else they expire)."""
        await self._stop()
        try:
            await asyncio.wait_for(self.keeper.leave(), self.keeper.interval)
        except Exception as error:
            log.warning("could not give up this process's leases (%r): they expire by "
                        "themselves", error)

    async def step(self) -> float:
        """One heartbeat and what it calls for: stop serving what is given up or lost,
        release, claim, then serve what is held. Returns the seconds until the next."""
        keeper = self.keeper
        try:
            plan = await asyncio.wait_for(keeper.beat(), self._patience())
            if plan.release:
                await self._stop()  # before another process may take them
                await asyncio.wait_for(keeper.release(plan.release), self._patience())
            if plan.claim:
                got = await asyncio.wait_for(keeper.claim(plan.claim), self._patience())
                if got:
                    log.info("claimed shards %s (%d processes, this one's share %d)",
                             sorted(got), plan.live, plan.quota)
        except Exception as error:  # the database does not answer: try again
            log.warning("the shard leases could not be renewed: %r", error)
            if keeper.must_fence():
                log.error("stopping the bot: this process's shard leases expire within "
                          "%.0f s and could not be renewed", FENCE_MARGIN_SECONDS)
                keeper.fence()
                await self._switch(frozenset())
            # Tried again after a heartbeat's interval, or when it must stop serving.
            return max(min(keeper.interval, keeper.fence_in()), 0.0)
        await self._switch(keeper.held)
        if not self.serving:
            self._write_health()
        return keeper.next_beat_in()

    def _patience(self) -> float:
        """Seconds a call to the database may take: a call that hangs (a lost network) is
        given up by the time this process must stop serving, or a second after."""
        return max(min(self.keeper.interval, self.keeper.fence_in()), 1.0)

    async def _switch(self, shards: frozenset[int]) -> None:
        """Serve exactly ``shards``: the running bot if it serves them, else a new one."""
        if shards == self.serving and (self._task is not None or not shards):
            return
        await self._stop()
        if shards:
            first = 0 in shards and not self._did_first_work
            self._did_first_work |= first
            settings = Shards(self.keeper.count, tuple(sorted(shards)), first=first)
            log.info("serving shards %s of %d", list(settings.ids or ()), self.keeper.count)
            self._task = asyncio.create_task(self._serve(settings), name="kot-shards-bot")
            self.serving = shards
        else:
            log.info("serving no shard: waiting as a standby")
        self.changes.append((self.keeper.clock(), shards))
        self.changed.set()

    async def _stop(self) -> None:
        """Close the running bot (within ``STOP_SECONDS``: past that it is left to finish,
        its gateway already closed)."""
        task, self._task = self._task, None
        self.serving = frozenset()
        if task is None:
            task = self._closing  # (a close interrupted by the process's stop)
            if task is None or task.done():
                return
        self._closing = task
        task.cancel()
        done, _pending = await asyncio.wait({task}, timeout=STOP_SECONDS)
        if not done:
            log.error("the bot did not close within %.0f s", STOP_SECONDS)
            return
        if not task.cancelled() and (error := task.exception()) is not None:
            log.error("the bot failed while it was stopped: %r", error)

    def _write_health(self) -> None:
        """A standby is healthy while its heartbeat reaches the database (a serving
        process's bot writes the heartbeat file itself: bot.health)."""
        if self._health_file is None:
            return
        with contextlib.suppress(OSError):
            self._health_file.write_text(f"{self.keeper.clock():.0f}\n")

