"""The heuristic's scorer cache (engine.ai.dice, which engine.ai.values.scorer_for looks
scorers up in) when several threads think at once: the bot runs each game's heuristic in a
worker thread, so two games can look scorers up together."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import msgspec
import pytest

from engine import GameState, Options, create_game
from engine.ai import dice
from engine.ai.values import scorer_for

THREADS = 8


def _situations(count: int) -> list[GameState]:
    """``count`` states that need different scorers (the first monster's energy differs)."""
    state, _ = create_game(Options(), 1, 4)
    first, *others = state.monsters
    return [msgspec.structs.replace(
        state, monsters=(msgspec.structs.replace(first, energy=energy), *others))
        for energy in range(count)]


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    dice._SCORERS.clear()
    yield
    dice._SCORERS.clear()


def test_threads_missing_the_cache_together_keep_it_within_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    situations = _situations(dice._KEPT_SCORERS + THREADS)
    full, new = situations[:dice._KEPT_SCORERS], situations[dice._KEPT_SCORERS:]
    for state in full:
        scorer_for(state, 0)
    assert len(dice._SCORERS) == dice._KEPT_SCORERS
    # Every thread is building its scorer at the same moment: each found the cache full
    # before any of them stored one.
    together = threading.Barrier(THREADS, timeout=10)
    build = dice.DiceScorer

    def built_together(state: GameState, seat: int, energy_weight: float,
                       quick: bool = False) -> dice.DiceScorer:
        together.wait()
        return build(state, seat, energy_weight, quick)

    monkeypatch.setattr(dice, "DiceScorer", built_together)
    found: dict[int, dice.DiceScorer] = {}
    threads = [threading.Thread(target=lambda n=n: found.update({n: scorer_for(new[n], 0)}))
               for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == THREADS
    assert len(dice._SCORERS) == dice._KEPT_SCORERS
    # The newest are kept, the oldest went.
    assert all(scorer_for(new[n], 0) is found[n] for n in range(THREADS))


def test_many_threads_looking_up_scorers_at_once_never_fail() -> None:
    situations = _situations(3 * dice._KEPT_SCORERS)
    # Switch threads as often as possible, so that they interleave inside the lookup.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    failures: list[BaseException] = []

    def look_up(offset: int) -> None:
        try:
            for step in range(800):
                state = situations[(7 * step + offset) % len(situations)]
                assert scorer_for(state, 0).monster == state.monsters[0]
        except BaseException as error:  # (collected: a thread cannot fail the test itself)
            failures.append(error)

    try:
        threads = [threading.Thread(target=look_up, args=(n,)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    assert len(dice._SCORERS) <= dice._KEPT_SCORERS
