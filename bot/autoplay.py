"""Answers for the seats nobody clicks for: AI monsters, and players whose time ran out (the
autopilot plays for them as the Easy AI). The players are the engine's (``engine.ai``); they
think in a worker thread, off the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.model import AiLevel
from engine import Action, Decision, GameState
from engine.ai import HeuristicPlayer

# What the service asks: the answer a player of this level gives to this decision.
Think = Callable[[AiLevel, GameState, Decision], Awaitable[Action]]


class Autopilot:
    def __init__(self) -> None:
        self._heuristic = HeuristicPlayer()

    async def answer(self, level: AiLevel, state: GameState, decision: Decision) -> Action:
        return await asyncio.to_thread(self._heuristic.answer, state, decision)
