"""The Monte-Carlo player: compares a few candidate moves by playing each on in many possible
worlds, and takes the one after which it wins most often.

- Candidates (``candidates``): the heuristic's move, stopping, the dice tools and the best
  other keeps for a roll; the options of any other question (at most ``LIMIT``). A decision
  with a single candidate is answered at once.
- Playouts (``playout``): each draws a world from public information only (fresh dice, the
  deck shuffled), applies the candidate, and lets the heuristic answer for every seat (as
  ``PlayoutPolicy``, with a quicker dice scorer) until the deciding monster's next turn
  starts (the one after in a duel, where a round is short), or the game ends. The end
  position is worth the monster's chance to win (``odds``: 1 for a win, 0 once out).
  Every candidate is played in the same worlds, so their differences are not drowned in
  the dice's noise.
- Budget: successive halving. The budget (a number of playouts, or seconds) is split into
  phases; each phase plays every remaining candidate equally, then keeps the better half.
  With a number of playouts the answer is deterministic: the worlds' seeds come from the
  player's seed and the decision's public id.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import ceil, log2, sqrt

from engine.actions import Action
from engine.ai.advice import move_label, move_reason
from engine.ai.candidates import LIMIT, candidates
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.playout import PlayoutPolicy, determinize, mix, playout
from engine.phrases import Phrase, phrase
from engine.state import Decision, GameState

# Seconds of thought per decision by default (the search stops at the end of a pass, so an
# answer takes a little longer).
DEFAULT_SECONDS = 0.8
# A head start for the heuristic's own move, in standard errors of its mean: another move
# must beat it by more than the playouts' noise.
PRIOR = 1.0


@dataclass
class Stats:
    """One candidate's playouts: how many, the sum of the chances to win they ended on (and
    of their squares); ``prior``, its head start in standard errors."""

    action: Action
    prior: float = 0.0
    total: float = 0.0
    squares: float = 0.0
    count: int = 0

    def add(self, value: float) -> None:
        self.total += value
        self.squares += value * value
        self.count += 1

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def rank(self) -> float:
        """The mean, plus the head start as a number of standard errors."""
        if not self.prior or self.count < 2:
            return self.mean
        variance = max(0.0, self.squares / self.count - self.mean**2)
        return self.mean + self.prior * sqrt(variance / (self.count - 1))


@dataclass(frozen=True)
class Hint:
    """The move chosen for a decision and a player's hint about it (a phrase); how many
    playouts the search ran, all candidates' together (0: a single candidate, no search),
    and each candidate's statistics."""

    action: Action
    reason: Phrase
    playouts: int = 0
    stats: tuple[Stats, ...] = field(default=())


class MonteCarloPlayer:
    """Answers by playouts (see the module docstring): within ``seconds`` of thought per
    decision, or with ``playouts`` playouts in all (deterministic) when that is given.
    ``horizon``: how many turns of the deciding monster a playout reaches (None: 2 in a
    duel, 1 at a bigger table)."""

    def __init__(self, seed: int = 0, *, seconds: float | None = DEFAULT_SECONDS,
                 playouts: int | None = None, horizon: int | None = None, limit: int = LIMIT,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if playouts is None and seconds is None:
            raise ValueError("give a budget: seconds or playouts")
        self.seed = seed
        self.seconds = seconds
        self.playouts = playouts
        self.horizon = horizon
        self.limit = limit
        self.clock = clock
        self.heuristic = HeuristicPlayer(seed)
        self.policy = PlayoutPolicy(seed)

    def choose(self, state: GameState) -> tuple[int, Action]:
        """Answer the first pending decision: (the seat answering, its action)."""
        decision = state.pending[0]
        return decision.seat, self.answer(state, decision)

    def answer(self, state: GameState, decision: Decision) -> Action:
        return _ranked(self._searched(state, decision))[0].action

    def hint(self, state: GameState, decision: Decision) -> Hint:
        """The chosen move, and a player's hint in plain words: the move, why it is good,
        and the next best with its chance to win."""
        stats = self._searched(state, decision)
        ranked = _ranked(stats)
        best = ranked[0].action
        reason = move_reason(state, decision, best)
        if len(ranked) == 1:
            return Hint(best, phrase("advice-hint-only", move=move_label(state, best),
                                     why=reason or phrase("advice-why-only")))
        chance, next_chance = _percent(ranked[0].mean), _percent(ranked[1].mean)
        # (The search keeps the heuristic's move unless another beats it by more than the
        # noise: the next best may have played as well.)
        said = phrase("advice-hint", move=move_label(state, best), chance=chance,
                      why=reason or phrase("advice-why-best-of", count=len(stats)),
                      next=move_label(state, ranked[1].action), next_chance=next_chance,
                      close="yes" if next_chance >= chance else "no")
        return Hint(best, said, sum(s.count for s in stats), tuple(stats))

    def _searched(self, state: GameState, decision: Decision) -> list[Stats]:
        """The candidates' statistics after the search (unsearched when there is one)."""
        moves = candidates(state, decision, self.heuristic, self.limit)
        stats = [Stats(move, PRIOR if i == 0 else 0.0) for i, move in enumerate(moves)]
        if len(stats) > 1:
            self._search(state, decision, stats)
        return stats

    def _search(self, state: GameState, decision: Decision, stats: list[Stats]) -> None:
        """Successive halving over ``stats``, in place."""
        start = self.clock()
        base = mix(self.seed, decision.id, state.seq)
        horizon = self.horizon or (2 if len(state.alive_seats()) <= 2 else 1)
        phases = ceil(log2(len(stats)))
        alive = list(stats)
        for phase in range(phases):
            if self.playouts is not None:
                passes = max(1, self.playouts // (phases * len(alive)))
                self._passes(state, decision, (base, horizon), alive, passes, None)
            else:
                assert self.seconds is not None
                end = start + self.seconds * (phase + 1) / phases
                self._passes(state, decision, (base, horizon), alive, None, end)
            alive.sort(key=lambda s: s.rank, reverse=True)
            alive = alive[: max(1, (len(alive) + 1) // 2)]

    def _passes(self, state: GameState, decision: Decision, seeding: tuple[int, int],
                alive: list[Stats], passes: int | None, end: float | None) -> None:
        """Play every candidate of ``alive`` once per pass, each pass in a world of its own
        (``seeding``: the search's seed and horizon): ``passes`` times, or until the clock
        passes ``end`` (at least once)."""
        base, horizon = seeding
        done = 0
        while True:
            world = determinize(state, decision, mix(base, alive[0].count))
            for s in alive:
                s.add(playout(world, decision, s.action, self.policy, horizon))
            done += 1
            if passes is not None and done >= passes:
                return
            if end is not None and self.clock() >= end:
                return


def _ranked(stats: list[Stats]) -> list[Stats]:
    """The candidates best first: the most played (the last halving's), then by rank."""
    return sorted(stats, key=lambda s: (s.count, s.rank), reverse=True)


def _percent(share: float) -> int:
    return int(f"{share * 100:.0f}")
