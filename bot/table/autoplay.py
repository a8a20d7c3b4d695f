"""Answers for the seats nobody clicks for: AI monsters, and players whose time ran out (the
autopilot plays for them as the Easy AI); and the Hard AI's hint for a player. The players
are the engine's (``engine.ai``, ``engine.ai.levels``). None of them thinks on the event
loop: the heuristic (the Easy AI, under a millisecond) in a worker thread, the Monte-Carlo
searches (the Medium AI's few playouts, tens of milliseconds; the Hard AI's, up to a second
of pure Python) in a worker process, so that they hold no lock other games need, not even
Python's.

The worker processes are few (one per spare core) and every Medium and Hard AI move and
hint of every game shares them, so ``FairSlots`` hands them out: hints and moves a person
waits for before moves only AI monsters wait for, and round robin across games within
each, so that one game's burst does not starve the others; each Hard search's budget
shrinks as the queue grows (``search_budget``), so the tables keep moving and the AI plays
weaker rather than later (the Medium AI's playouts are counted: a queue does not change
them).

Nothing waits on the Hard AI for ever: every move and hint has a deadline (``Autopilot.
deadline``, from when it is asked); a search that is late, crashed or lost is answered by
the Easy AI instead, and logged. A worker pool that broke (a worker died) or holds a search
far past its budget (stuck) is replaced."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Literal

from bot.i18n import ENGLISH, say, text
from bot.processes import ctrl_c_held, spawned_pool, stop_pool, worker_started
from bot.table.model import AiLevel
from engine import Action, Decision, GameState, Phrase, Ref, phrase
from engine.ai import HeuristicPlayer, MonteCarloPlayer, medium_player, move_label, move_reason

log = logging.getLogger(__name__)

# Who waits for a search, most urgent first: a player who asked for a hint, a person at the
# table (the AI monster's move holds up their game), or only AI monsters.
Urgency = Literal["hint", "person", "ais"]
URGENCIES: tuple[Urgency, ...] = ("hint", "person", "ais")


@dataclass(frozen=True)
class Asker:
    """Which game a move is for, and who waits for it."""

    game_id: int
    urgency: Urgency = "person"


# What the service asks: the answer a player of this level gives to this decision.
Think = Callable[[AiLevel, GameState, Decision, Asker], Awaitable[Action]]


@dataclass(frozen=True)
class Searched:
    """A search's answer, from its worker process: the move and its reason; and for the bench
    and the logs, how many playouts it ran (0: a single candidate, nothing to search) and
    the seconds it took in its worker, on the clock and of the worker's CPU."""

    action: Action
    reason: Phrase
    playouts: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0


# A search in a worker process: (state, decision, seconds) -> its answer.
Search = Callable[[GameState, Decision, float], Searched]

# The Hard AI's search budget, in seconds, unless KOT_HARD_AI_SECONDS says otherwise (bot.config).
HARD_AI_SECONDS = 0.8
# Seconds past the Hard AI's budget (KOT_HARD_AI_SECONDS) within which a move or a hint is
# answered, queueing included: by the Easy AI if the search has not answered by then.
ANSWER_MARGIN = 4.0
# The least a search gets, however long the queue (Monte-Carlo at 0.1 s still beats the
# heuristic at a 2-monster table: see docs/bot.md).
FLOOR_SECONDS = 0.1
# The wait the budgets aim at for a search asked now: the queue's length times its budget.
TARGET_WAIT = 2.0
# A search still running this long past its budget is stuck: its worker pool is replaced.
STUCK_AFTER = 10.0
# How much lower a worker's scheduling priority is than the bot's (Unix niceness): on a
# busy machine the bot's clicks and boards come first, the searches use what is left.
WORKER_NICENESS = 10
# The latest answers kept in ``Autopilot.thoughts``.
_THOUGHTS_KEPT = 10_000


def search_budget(depth: int, workers: int, *, most: float,
                  floor: float = FLOOR_SECONDS, target_wait: float = TARGET_WAIT) -> float:
    """The seconds a search gets when ``depth`` searches (itself included) are queued or
    running on ``workers`` processes: what keeps the queue's wait near ``target_wait``,
    between ``floor`` and ``most`` (the configured budget)."""
    share = target_wait * workers / max(1, depth)
    return max(min(floor, most), min(most, share))


class FairSlots:
    """``slots`` places to run searches, given out by urgency (``URGENCIES`` order), and
    round robin across games within an urgency (a game's requests in the order asked).
    ``acquire`` returns the budget for the search it admits; ``release`` frees its place."""

    def __init__(self, slots: int, budget: Callable[[int], float]) -> None:
        self.slots = slots
        self._budget = budget
        self.busy = 0
        # urgency -> game id -> its waiting requests; a game served moves to the back.
        self._queues: dict[Urgency, OrderedDict[int, deque[asyncio.Future[float]]]] = {
            urgency: OrderedDict() for urgency in URGENCIES}

    @property
    def waiting(self) -> int:
        return sum(len(requests) for queue in self._queues.values()
                   for requests in queue.values())

    async def acquire(self, game_id: int, urgency: Urgency) -> float:
        granted: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._queues[urgency].setdefault(game_id, deque()).append(granted)
        self._grant()
        try:
            return await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release()  # admitted, but its asker has gone
            else:
                self._forget(game_id, urgency, granted)
            raise

    def release(self) -> None:
        self.busy -= 1
        self._grant()

    def _grant(self) -> None:
        while self.busy < self.slots:
            request = self._next()
            if request is None:
                return
            self.busy += 1
            request.set_result(self._budget(self.busy + self.waiting))

    def _next(self) -> asyncio.Future[float] | None:
        for queue in self._queues.values():
            while queue:
                game_id, requests = next(iter(queue.items()))
                request = requests.popleft()
                if requests:
                    queue.move_to_end(game_id)
                else:
                    del queue[game_id]
                if not request.done():
                    return request
        return None

    def cancel_waiting(self) -> None:
        """Every request still waiting for a place is cancelled (its asker's ``acquire``
        raises ``CancelledError``)."""
        for queue in self._queues.values():
            for requests in queue.values():
                for request in requests:
                    request.cancel()

    def _forget(self, game_id: int, urgency: Urgency, request: asyncio.Future[float]) -> None:
        requests = self._queues[urgency].get(game_id)
        if requests is not None and request in requests:
            requests.remove(request)
            if not requests:
                del self._queues[urgency][game_id]


@dataclass(frozen=True)
class Thought:
    """One Hard AI answer, for the bench and the logs: seconds from asking to answering,
    the budget its search got (0: it never ran), whether the Easy AI answered instead, and
    the search's playouts and seconds in its worker (``Searched``; 0 for a fallback)."""

    urgency: Urgency
    waited: float
    budget: float
    fallback: bool
    playouts: int = 0
    searched: float = 0.0
    searched_cpu: float = 0.0


def _search(state: GameState, decision: Decision, seconds: float) -> Searched:
    """The Monte-Carlo player's move and its reason (run in a worker process), timed."""
    return _timed(MonteCarloPlayer(decision.id, seconds=seconds), state, decision)


def _medium_search(state: GameState, decision: Decision, _seconds: float) -> Searched:
    """The Medium AI's move and its reason (run in a worker process), timed: its playouts
    are counted, so the budget the queue gives (``_seconds``) does not change it."""
    return _timed(medium_player(decision.id), state, decision)


def _timed(player: MonteCarloPlayer, state: GameState, decision: Decision) -> Searched:
    """``player``'s move, its reason, its playouts and its seconds (clock and CPU)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    hint = player.hint(state, decision)
    return Searched(hint.action, hint.reason, hint.playouts,
                    time.perf_counter() - started, time.process_time() - cpu_started)


def hint_text(reason: Phrase, language: str) -> str:
    """A hint in ``language``: the next best move, said inside its sentence, starts lower
    case ("Next best: keep ❤️ ❤️ and reroll 4 dice, …"), unless it starts with a name, which
    keeps its own spelling ("About as good: Made in a Lab: look at the top card")."""
    following = reason.args.get("next")
    if not isinstance(following, Phrase):
        return say(language, reason)
    return say(language, Phrase(reason.id, {**reason.args,
                                            "next": inside_a_sentence(following, language)}))


def inside_a_sentence(label: Phrase, language: str) -> str:
    """A move's label (a button's words, capitalized) said inside a sentence: its first letter
    lower case, unless the label starts with one of its arguments (a card's name, a
    monster's, dice), said as its catalog or its owner spells it."""
    said = say(language, label)
    given = (text(language, f"{value.kind}-{value.key}") if isinstance(value, Ref)
             else say(language, value) if isinstance(value, Phrase | str) else ""
             for value in label.args.values())
    if any(name and said.startswith(name) for name in given):
        return said
    return said[:1].lower() + said[1:]


def _worker_started() -> None:
    """A worker yields the processor to the bot (``WORKER_NICENESS``): a search can wait a
    moment, a click cannot."""
    worker_started(niceness=WORKER_NICENESS)


class Autopilot:
    def __init__(self, hard_seconds: float, *, workers: int | None = None,
                 margin: float = ANSWER_MARGIN, search: Search = _search,
                 stuck_after: float = STUCK_AFTER) -> None:
        self.hard_seconds = hard_seconds
        self.deadline = hard_seconds + margin
        self.workers = workers or max(1, min(4, (os.cpu_count() or 2) - 1))
        self._heuristic = HeuristicPlayer()
        self._search = search
        self._stuck_after = stuck_after
        self._processes: ProcessPoolExecutor | None = None
        self._stopped = False
        self._closed = False
        self.slots = FairSlots(self.workers, lambda depth: search_budget(
            depth, self.workers, most=hard_seconds))
        # Searches whose asker stopped waiting (its deadline passed) still hold their place
        # until their worker is done.
        self._running: set[asyncio.Task[Searched]] = set()
        self.thoughts: deque[Thought] = deque(maxlen=_THOUGHTS_KEPT)

    async def answer(self, level: AiLevel, state: GameState, decision: Decision,
                     asker: Asker) -> Action:
        if level == "easy":
            return await self._easy(state, decision)
        search = _medium_search if level == "medium" else self._search
        found = await self._thought(asker, state, decision, search)
        return found.action if found is not None else await self._easy(state, decision)

    async def hint(self, state: GameState, decision: Decision, game_id: int,
                   language: str = ENGLISH) -> str:
        """What the Hard AI would do, why, and the next best move with their chances to win
        (in ``language``); the Easy AI's move and why when the search fails or is late."""
        found = await self._thought(Asker(game_id, "hint"), state, decision, self._search)
        if found is not None:
            return hint_text(found.reason, language)
        action = await self._easy(state, decision)
        why = move_reason(state, decision, action) or phrase("advice-why-rule-of-thumb")
        return say(language, phrase("advice-hint-easy", move=move_label(state, action),
                                    why=why))

    async def _easy(self, state: GameState, decision: Decision) -> Action:
        return await asyncio.to_thread(self._heuristic.answer, state, decision)

    async def _thought(self, asker: Asker, state: GameState, decision: Decision,
                       search: Search) -> Searched | None:
        """``search``'s move and reason within the deadline; None (logged) when it failed
        or was late."""
        asked = time.perf_counter()
        budget = [0.0]
        try:
            found = await asyncio.wait_for(
                self._queued(asker, state, decision, search, budget), self.deadline)
        except Exception as error:
            log.warning("game %s: the AI's search did not answer decision %s (%s: %s) within "
                        "%.1f s; the Easy AI answers", asker.game_id, decision.id,
                        type(error).__name__, error, self.deadline)
            found = None
        ran = ((found.playouts, found.seconds, found.cpu_seconds) if found is not None
               else (0, 0.0, 0.0))
        self.thoughts.append(Thought(asker.urgency, time.perf_counter() - asked, budget[0],
                                     found is None, *ran))
        return found

    async def _queued(self, asker: Asker, state: GameState, decision: Decision,
                      search: Search, budget: list[float]) -> Searched:
        if self._stopped:
            raise asyncio.CancelledError("the bot is closing")  # (see ``stop``)
        budget[0] = await self.slots.acquire(asker.game_id, asker.urgency)
        if self._stopped:  # (meanwhile: admitted before, resumed after)
            self.slots.release()
            raise asyncio.CancelledError("the bot is closing")
        running = asyncio.create_task(self._in_worker(search, state, decision, budget[0]))
        self._running.add(running)
        running.add_done_callback(self._finished)
        # Shielded: an asker past its deadline leaves; the search keeps its worker (and its
        # place) until done, so the places given out match the workers free.
        return await asyncio.shield(running)

    def _finished(self, running: asyncio.Task[Searched]) -> None:
        self._running.discard(running)
        self.slots.release()
        if not running.cancelled():
            running.exception()  # retrieved: its asker logged it, or had gone

    async def _in_worker(self, search: Search, state: GameState, decision: Decision,
                         budget: float) -> Searched:
        loop = asyncio.get_running_loop()
        # Made first: a new pool starts multiprocessing's resource tracker, which ignores
        # Ctrl-C by itself and unblocks SIGINT here once it is started.
        pool = self._pool()
        try:
            # (A pool found broken refuses the submission itself.)
            with ctrl_c_held():  # this submission may start a worker
                searching = loop.run_in_executor(pool, search, state, decision, budget)
            # Shielded, and its end retrieved whenever it comes: a search its task gave up
            # (cancelled by ``stop``, or stuck) still ends, with a result or the pool broken
            # by ``close``, which nobody reads then; cancelled with its task, or left
            # unread, that end would be reported as an error nobody saw.
            searching.add_done_callback(_retrieved)
            return await asyncio.wait_for(asyncio.shield(searching),
                                          budget + self._stuck_after)
        except BrokenProcessPool as error:
            if self._stopped or self._closed:
                # The bot is closing and stopped the workers itself: the search is given
                # up, as ``stop`` gives up the others, not a failure of the pool.
                raise asyncio.CancelledError("the bot is closing") from error
            log.error("the Hard AI's worker pool is broken; it is replaced")
            self._replace(pool)
            raise
        except TimeoutError:
            log.error("the Hard AI's worker pool is stuck; it is replaced")
            self._replace(pool)
            raise

    def _pool(self) -> ProcessPoolExecutor:
        if self._closed:
            # (A search admitted as closing freed its place: no new worker outlives the bot.)
            raise RuntimeError("the Autopilot is closed")
        if self._processes is None:
            self._processes = spawned_pool(self.workers, _worker_started)
        return self._processes

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        """Stop a pool that failed; the next search starts a new one."""
        if self._processes is pool:
            self._processes = None
        stop_pool(pool)

    async def searches_done(self, timeout: float) -> None:
        """Wait, ``timeout`` seconds at most, for the searches in hand to end: a close after
        it loses none of them (a bench or a test ending cleanly)."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=timeout)

    def stop(self) -> None:
        """The bot is closing: the searches running or queued are given up, and none starts
        from now on (the workers stay until ``close``). Their askers get ``CancelledError``,
        not the Easy AI's answer: a move the clock asked for is then not made, and the clock
        asks the Hard AI for it again at the next start. So the close does not wait seconds
        for a search, which writes nothing."""
        self._stopped = True
        for running in self._running:
            running.cancel()
        self.slots.cancel_waiting()

    def close(self) -> None:
        """Stop the workers now (a search still running is lost) and wait for them to
        exit, so no process outlives the bot."""
        self._closed = True
        for running in self._running:
            running.cancel()
        if self._processes is not None:
            stop_pool(self._processes)
            self._processes = None


def _retrieved(search: asyncio.Future[Searched]) -> None:
    if not search.cancelled():
        search.exception()
