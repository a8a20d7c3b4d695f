"""Deadlines: one sleeping task for every game's deadline, not a task per game.

``TurnClock`` times each game's pending decisions from when they were asked; ``Retries``
times the next attempt at what Discord refused; ``Deadlines`` underneath keeps the
deadlines.

A game waits on a tag (for the turn clock, the pending decision ids); when its deadline
passes, ``on_expire(game_id, tag)`` runs (the service then answers whichever of those
decisions are still pending). Setting the same tag again keeps the running deadline, so
keeping dice does not buy a player more time.
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import logging
import math
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

import msgspec

from bot.table import time_away
from bot.table.model import BrokenGame, Chronicle, Game, Refused
from engine import GameState

log = logging.getLogger(__name__)

Expire = Callable[[int, tuple[int, ...]], Awaitable[None]]


class Clock(Protocol):
    """What every ``Deadlines`` tells the time by (seconds, from any origin) and waits on."""

    def now(self) -> float: ...

    def sleep(self, delay: float) -> Awaitable[None]: ...


class MachineClock:
    """The machine's clock: ``time.monotonic`` and ``asyncio.sleep``. The monotonic clock is
    looked up at each reading, not kept: SimCord replaces ``time.monotonic`` with its
    simulated clock inside the bot's work (tests, the local table)."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, delay: float) -> Awaitable[None]:
        return asyncio.sleep(delay)


# The clock of every Deadlines (``on_clock``).
_clock: Clock = MachineClock()


@contextmanager
def on_clock(clock: Clock) -> Iterator[None]:
    """Within this block every ``Deadlines`` (the turn clock, the retries of what Discord
    refused, the lobbies', idle games' and reminders' clocks) reads the time from ``clock``
    and waits for its next deadline through it: a clock its caller controls. The bot makes
    its Deadlines deep inside, so the harness that runs it gives the clock here rather than
    to each: the tests and the local table give SimCord's (``bot.local.SimCordClock``), so
    that a retry after 1, 2 or 4 s waits for the test (or the table's tick) to move the
    clock instead of for the machine's. A sleep already begun keeps the clock it began
    with."""
    global _clock
    before = _clock
    _clock = clock
    try:
        yield
    finally:
        _clock = before


async def sleep(delay: float) -> None:
    """Wait ``delay`` seconds on the deadlines' clock (``on_clock``): a wait of the bot's
    that a test moves on as it moves the deadlines (``/kot start``'s 2 s before it defers
    its answer)."""
    await _clock.sleep(delay)


# Outdated entries a heap of deadlines may hold beyond as many as its deadlines in force.
_OUTDATED_SLACK = 64
# The delay given for a deadline that has come (``Deadlines.set`` takes delays above 0).
AT_ONCE = 0.001


class GameClock(Protocol):
    """A deadline of each game kept in step with the game (a lobby's closing, an idle
    game's end, a long game's reminders, the end of a time away): ``schedule`` after each
    pass sets, moves or cancels it."""

    def schedule(self, game: Game) -> None: ...


class GameDeadlines:
    """A ``GameClock`` on one ``Deadlines``: a subclass says when a game's deadline is
    (``due``: its tag and time, None for none) and what happens then (``_fire``). A game
    that is no longer there to act on then (``Refused``, ``BrokenGame``) is logged and let
    go; ``skipped`` says what did not happen."""

    skipped = "nothing done"

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self.timers = Deadlines(self._run)

    def due(self, game: Game, now: float) -> tuple[tuple[int, ...], float] | None:
        raise NotImplementedError

    async def _fire(self, game_id: int, tag: tuple[int, ...]) -> None:
        raise NotImplementedError

    def schedule(self, game: Game) -> None:
        now = self._clock()
        due = self.due(game, now)
        if due is None:
            self.timers.cancel(game.id)
            return
        tag, at = due
        # (Setting the same tag again keeps the running deadline.)
        self.timers.set(game.id, tag, max(at - now, AT_ONCE))

    async def _run(self, game_id: int, tag: tuple[int, ...]) -> None:
        try:
            await self._fire(game_id, tag)
        except (Refused, BrokenGame) as error:
            log.info("game %s: %s: %s", game_id, self.skipped, error)

    def close(self) -> None:
        self.timers.close()


class Deadlines:
    def __init__(self, on_expire: Expire) -> None:
        self._on_expire = on_expire
        # game id -> (deadline, decision ids); the heap may hold outdated entries, which are
        # skipped when they come up (cheaper than removing them).
        self._current: dict[int, tuple[float, tuple[int, ...]]] = {}
        self._heap: list[tuple[float, int, tuple[int, ...]]] = []
        self._sleeper: asyncio.Task[None] | None = None
        self._wake_at = math.inf
        self._running: set[asyncio.Task[None]] = set()
        self._stopped = False
        # The clock is read in the context the Deadlines was made in: under SimCord (tests,
        # the local table) ``time.monotonic`` reads the simulated clock inside the bot's
        # work and the machine's clock outside it (code driving the bot calls it directly),
        # and a deadline set on one clock would be slept for on the other (for years, once).
        self._context = contextvars.copy_context()

    def __len__(self) -> int:
        """The games with a deadline."""
        return len(self._current)

    def waiting_on(self, game_id: int) -> tuple[int, ...]:
        entry = self._current.get(game_id)
        return entry[1] if entry else ()

    def set(self, game_id: int, tag: tuple[int, ...], delay: float, *,
            moved_by: float = math.inf, at_most: bool = False) -> None:
        """Wait ``delay`` seconds for ``tag``. Setting the tag it already waits for keeps the
        running deadline, unless the new one is more than ``moved_by`` seconds away from it,
        or (``at_most``) the running one is later than the new one."""
        if not tag or delay <= 0:
            self.cancel(game_id)
            return
        deadline = self._now() + delay
        current = self._current.get(game_id)
        if (current is not None and current[1] == tag
                and abs(current[0] - deadline) <= moved_by
                and not (at_most and current[0] > deadline)):
            return
        self._current[game_id] = (deadline, tag)
        heapq.heappush(self._heap, (deadline, game_id, tag))
        self._drop_outdated()
        self._arm()

    def cancel(self, game_id: int) -> None:
        self._current.pop(game_id, None)
        self._drop_outdated()

    def _drop_outdated(self) -> None:
        """Rebuild the heap from the deadlines in force once outdated entries (a deadline
        moved or cancelled) outnumber them: with clocks of days, each would otherwise stay
        for days until it comes up, one for every question asked meanwhile."""
        if len(self._heap) <= 2 * len(self._current) + _OUTDATED_SLACK:
            return
        self._heap = [(when, game_id, tag) for game_id, (when, tag) in self._current.items()]
        heapq.heapify(self._heap)

    def stop(self) -> None:
        """Fire no deadline from now on (the bot is closing): one set later is kept, never
        armed. What fired already runs on (``running``), for the close to wait for."""
        self._stopped = True
        if self._sleeper is not None:
            self._sleeper.cancel()

    @property
    def running(self) -> frozenset[asyncio.Task[None]]:
        """The deadlines' tasks under way (fired, not finished)."""
        return frozenset(self._running)

    def close(self) -> None:
        """Stopped, and what runs cancelled."""
        self.stop()
        for task in self._running:
            task.cancel()

    def _arm(self) -> None:
        if self._stopped:
            return
        while self._heap and self._current.get(self._heap[0][1]) != (
            self._heap[0][0], self._heap[0][2]
        ):
            heapq.heappop(self._heap)
        if not self._heap:
            return
        next_deadline = self._heap[0][0]
        if self._sleeper is not None and not self._sleeper.done():
            if self._wake_at <= next_deadline:
                return
            self._sleeper.cancel()
        self._wake_at = next_deadline
        self._sleeper = asyncio.create_task(self._sleep_until(next_deadline),
                                            name="kot-turn-timers",
                                            context=self._context.copy())

    def _now(self) -> float:
        return self._context.copy().run(_clock.now)

    async def _sleep_until(self, deadline: float) -> None:
        await _clock.sleep(max(0.0, deadline - self._now()))
        now = max(self._now(), deadline)
        while self._heap and self._heap[0][0] <= now:
            when, game_id, decision_ids = heapq.heappop(self._heap)
            if self._current.get(game_id) != (when, decision_ids):
                continue
            del self._current[game_id]
            task = asyncio.create_task(self._expire(game_id, decision_ids),
                                       name=f"kot-timeout-{game_id}")
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        self._sleeper = None
        self._wake_at = math.inf
        self._arm()

    async def _expire(self, game_id: int, tag: tuple[int, ...]) -> None:
        try:
            await self._on_expire(game_id, tag)
        except Exception:
            log.exception("game %s: a deadline's task failed", game_id)


def question_deadlines(game: Game, now: float) -> dict[int, float]:
    """When each pending question of a player (not of an AI monster) runs out, in seconds
    since the epoch. The active monster's questions share one budget for the whole turn (the
    lobby's ``turn_seconds``, not counting the time others are asked), so an absent player
    costs the table one turn time, not a timeout per step; a question to another monster
    gets ``reaction_seconds`` from when it was asked. A clock set to 0 gives no deadline.
    A player's time away (``bot.table.time_away``) does not count: their deadline moves on
    by it. ``now`` stands in for when the questions were asked in a game stored before
    that."""
    state = game.state
    if state is None or state.turn is None or game.status != "playing":
        return {}
    lobby, clock, times_away = game.lobby, game.chronicle.clock, game.chronicle.time_away
    deadlines: dict[int, float] = {}
    for decision in state.pending:
        seat = decision.seat
        if game.ai_level(seat) is not None or game.autopiloted(seat):
            continue
        if seat == state.turn.seat:
            if lobby.turn_seconds > 0:
                asked = clock.turn_asked_at or clock.asked_at or now
                deadlines[decision.id] = (asked + lobby.turn_seconds - clock.turn_used
                                          + time_away.paused_between(times_away, seat, asked))
        elif lobby.reaction_seconds > 0:
            asked = clock.asked_at or now
            deadlines[decision.id] = (asked + lobby.reaction_seconds
                                      + time_away.paused_between(times_away, seat, asked))
    return deadlines


def clock_after(chronicle: Chronicle, before: GameState, after: GameState,
                now: float) -> Chronicle:
    """The chronicle with its turn clock (``bot.table.model.ClockTimes``) after a change from
    ``before`` to ``after``. A new question restarts the reaction clock (answering one of two
    keeps the other's); the active monster's turn time runs only while it is asked and its
    player is not away (``bot.table.time_away``), and a new turn brings a full one."""
    clock = chronicle.clock
    still_asked = {d.id for d in after.pending} <= {d.id for d in before.pending}
    asked_at = clock.asked_at if still_asked else now
    active_before = _active_asked(before)
    active_after = _active_asked(after)
    new_turn = (before.turn is None or after.turn is None
                or (before.turn.number, before.turn.seat) != (after.turn.number, after.turn.seat))
    if new_turn:
        used = 0.0
    elif active_before:
        asked = clock.turn_asked_at or now
        assert before.turn is not None
        paused = time_away.paused_between(chronicle.time_away, before.turn.seat, asked, now)
        used = clock.turn_used + max(0.0, now - asked - paused)
    else:
        used = clock.turn_used
    return msgspec.structs.replace(chronicle, clock=msgspec.structs.replace(
        clock, asked_at=asked_at, turn_asked_at=now if active_after else 0.0, turn_used=used))


def _active_asked(state: GameState) -> bool:
    """Whether the active monster is asked something."""
    return state.turn is not None and any(d.seat == state.turn.seat for d in state.pending)


# Deadlines this close together are answered in one go.
_SAME_MOMENT = 1.0


class TurnClock:
    """The turn timer of every game: ``on_expire`` runs for the pending decisions whose
    deadline (``question_deadlines``) has come, or after ``ai_pause`` for the decisions of
    AI monsters, which come first."""

    def __init__(self, clock: Callable[[], float], on_expire: Expire, *,
                 ai_pause: float = 0.0) -> None:
        self.ai_pause = ai_pause
        self._clock = clock
        self.timers = Deadlines(on_expire)
        # Games whose timer waits at an AI monster's pace.
        self._paced: set[int] = set()

    def schedule(self, game: Game) -> None:
        """Time the pending decisions from when they were asked (so a restart does not give
        anyone a fresh full delay); no pending decision stops the timer. AI monsters answer
        theirs after a short pause."""
        machines = _ai_decisions(game)
        if machines:
            # Paced: once set, a pass showing the game again does not delay the move; a
            # question that was on a player's clock (they just left) starts its pause now.
            if game.id not in self._paced:
                self._paced.add(game.id)
                self.timers.cancel(game.id)
            # Never later than its pause from now, though: a pass (/kot board) brings back a
            # move whose deadline was lost or will not come.
            self.timers.set(game.id, machines, max(self.ai_pause, AT_ONCE), at_most=True)
            return
        if game.id in self._paced:
            # The same question may have been paced (a player who left or was away):
            # its deadline is not kept.
            self._paced.discard(game.id)
            self.timers.cancel(game.id)
        now = self._clock()
        deadlines = question_deadlines(game, now)
        if not deadlines:
            self.timers.cancel(game.id)
            return
        first = min(deadlines.values())
        due = tuple(sorted(d for d, when in deadlines.items() if when <= first + _SAME_MOMENT))
        # A deadline moves when the board was shown late (its questions get their time
        # again) or a player the autopilot played is back.
        self.timers.set(game.id, due, max(first - now, AT_ONCE), moved_by=_SAME_MOMENT)

    def runs_for(self, game: Game) -> bool:
        """Whether a timer should be running for this game (someone is asked, with a clock
        that is not off)."""
        return bool(_ai_decisions(game) or question_deadlines(game, self._clock()))

    def now(self) -> float:
        return self._clock()

    def pause(self, game_id: int) -> None:
        """The board cannot be shown: nobody is asked, so no clock runs."""
        self.timers.cancel(game_id)

    def retry(self, game: Game) -> None:
        """The timer's answer failed: try the same decisions again after a reaction time (an
        AI monster's after its pause), at least a second."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state is not None else ()
        machines = _ai_decisions(game)
        if machines:
            self.timers.set(game.id, machines, max(self.ai_pause, 1.0))
            return
        self.timers.set(game.id, waiting, max(game.lobby.reaction_seconds, 1.0))

    def close(self) -> None:
        self.timers.close()


def _ai_decisions(game: Game) -> tuple[int, ...]:
    """The pending decisions of AI monsters, and of players the autopilot plays (away or
    gone), in a game in play: answered at an AI monster's pace."""
    state = game.state
    if state is None or game.status != "playing":
        return ()
    return tuple(d.id for d in state.pending
                 if game.ai_level(d.seat) is not None or game.autopiloted(d.seat))


# Seconds before trying again what Discord refused: doubling from 1 s up to a minute, so a
# permission given back is noticed within a minute even if nobody clicks.
FIRST_RETRY = 1.0
MAX_RETRY = 60.0


class Retries:
    """When to try again a game whose effects Discord refused (``run(game_id)``)."""

    def __init__(self, run: Callable[[int], Awaitable[None]]) -> None:
        self._failures: dict[int, int] = {}
        self.timers = Deadlines(lambda game_id, _tag: run(game_id))

    def failed(self, game_id: int) -> float:
        """Schedule the next attempt; returns its delay."""
        failures = self._failures.get(game_id, 0) + 1
        self._failures[game_id] = failures
        delay: float = min(FIRST_RETRY * 2.0 ** (failures - 1), MAX_RETRY)
        self.timers.set(game_id, (failures,), delay)
        return delay

    def succeeded(self, game_id: int) -> None:
        if self._failures.pop(game_id, None) is not None:
            self.timers.cancel(game_id)

    def pending(self, game_id: int) -> bool:
        return bool(self.timers.waiting_on(game_id))

    def failing(self, game_id: int) -> bool:
        """Whether the game's last pass failed (its board may not show the game)."""
        return game_id in self._failures

    def close(self) -> None:
        self.timers.close()
