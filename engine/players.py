"""Players that answer the engine's decisions without a person: the seeded random player
(the baseline for simulations, benchmarks and property tests), and a loop that plays a
whole game with one."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Action, Choose, Roll, StopRolling
from engine.rules import apply, create_game
from engine.state import Decision, GameState, Options


class RandomPlayer:
    """Chooses uniformly among the legal actions of the seat that is asked (dice toggles
    aside, which change nothing by themselves)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, state: GameState) -> tuple[int, Action]:
        decision = self.random.choice(state.pending)
        return decision.seat, self.answer(state, decision)

    def answer(self, state: GameState, decision: Decision) -> Action:
        """A random answer to this pending decision (one seat's, as in a mixed table)."""
        if decision.kind == "roll":
            return self._roll_action(state, decision)
        return self.random.choice(decision.options)

    def _roll_action(self, state: GameState, decision: Decision) -> Action:
        """The same distribution as a uniform pick among ``legal_actions`` minus ``Keep``
        (every kept set but "all dice", plus stopping), without listing 2**n sets."""
        assert state.turn is not None
        n = len(state.turn.dice)
        rolls = [o for o in decision.options if isinstance(o, Roll)]
        # Cards used on the dice (options of the roll question): one time in four.
        uses = [o for o in decision.options if isinstance(o, Choose)]
        if uses and self.random.randrange(4) == 0:
            return self.random.choice(uses)
        locked = set(state.turn.encased)  # (always kept: Encased in Ice)
        if not rolls or len(locked) >= n or self.random.randrange(2**n) == 0:
            return StopRolling(decision=decision.id)
        card = rolls[0].card if len(rolls) == 1 else self.random.choice(rolls).card
        while True:
            keep = tuple(i for i in range(n) if self.random.getrandbits(1))
            if len(locked.union(keep)) < n:
                return Roll(decision=decision.id, keep=keep, card=card)


@dataclass
class GameRecord:
    state: GameState
    decisions: int
    actions: list[tuple[int, Action]]


def play_random_game(
    options: Options, seed: int, players: int, *, max_decisions: int = 20_000
) -> GameRecord:
    """One random game from creation to its end, with its action log."""
    state, _ = create_game(options, seed, players)
    player = RandomPlayer(seed)
    log: list[tuple[int, Action]] = []
    while not state.over:
        if len(log) >= max_decisions:
            raise RuntimeError(f"game {seed} did not end after {max_decisions} decisions")
        seat, action = player.choose(state)
        state, _ = apply(state, seat, action)
        log.append((seat, action))
    return GameRecord(state, len(log), log)
