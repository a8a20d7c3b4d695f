"""Answers for the seats nobody clicks for: AI monsters, and players whose time ran out (the
autopilot plays for them as the Easy AI); and the Hard AI's hint for a player. The players
are the engine's (``engine.ai``). None of them thinks on the event loop: the heuristic
(milliseconds) in a worker thread, the Monte-Carlo search (up to a second of pure Python) in a
worker process, so that it holds no lock other games need, not even Python's."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor

from bot.model import AiLevel
from engine import Action, Decision, GameState
from engine.ai import HeuristicPlayer, MonteCarloPlayer

# What the service asks: the answer a player of this level gives to this decision.
Think = Callable[[AiLevel, GameState, Decision], Awaitable[Action]]


def _search(state: GameState, decision: Decision, seconds: float) -> tuple[Action, str]:
    """The Monte-Carlo player's move and its reason (run in a worker process)."""
    hint = MonteCarloPlayer(decision.id, seconds=seconds).hint(state, decision)
    return hint.action, hint.reason


class Autopilot:
    def __init__(self, hard_seconds: float) -> None:
        self.hard_seconds = hard_seconds
        self._heuristic = HeuristicPlayer()
        self._processes: ProcessPoolExecutor | None = None

    async def answer(self, level: AiLevel, state: GameState, decision: Decision) -> Action:
        if level == "easy":
            return await asyncio.to_thread(self._heuristic.answer, state, decision)
        action, _reason = await self._search(state, decision)
        return action

    async def hint(self, state: GameState, decision: Decision) -> str:
        """What the Hard AI would do, and why, in one line."""
        _action, reason = await self._search(state, decision)
        return reason

    async def _search(self, state: GameState, decision: Decision) -> tuple[Action, str]:
        if self._processes is None:
            # Spawned, not forked: a fork of a process running an event loop and threads
            # may inherit a lock held by another thread.
            workers = max(1, min(4, (os.cpu_count() or 2) - 1))
            self._processes = ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._processes, _search, state, decision,
                                          self.hard_seconds)

    def close(self) -> None:
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
