"""The engine as the AI uses it: mid-game positions from heuristic self-play, and rollouts
from them (to the end of the round, or of the game), timing the engine apart from the
players. ``tools/bench_engine.py`` prints the figures.

A search does not play whole games from the start, and random games last far longer than
real ones: the positions are what a Monte-Carlo player meets, and a rollout is what it runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from msgspec.structs import replace

from engine.actions import Action
from engine.ai.heuristic import HeuristicPlayer
from engine.card_table import Edition
from engine.rules import apply, create_game
from engine.state import Decision, GameState, Options

Policy = Callable[[GameState, Decision], Action]
# A bench rollout may play on to the end of the game, much further than a search's playout
# (engine.ai.playout.MAX_PLAYOUT_ANSWERS); one still going after this many answers stops.
MAX_ROLLOUT_ANSWERS = 5000


def positions(seed: int = 1, per_table: int = 8, games_per_table: int = 4) -> list[GameState]:
    """Mid-game positions, the same for the same arguments: for 2 to 6 monsters and both
    editions, ``games_per_table`` games of heuristic self-play each, and from them
    ``per_table`` positions where a turn's first roll is asked, taken from the middle half of
    the game (neither the opening nor the last turns)."""
    chosen: list[GameState] = []
    for monsters in range(2, 7):
        for edition in ("2016", "2011"):
            table = _turn_starts(seed, monsters, edition, games_per_table)
            pick = random.Random(seed * 100 + monsters * 10 + (edition == "2011"))
            chosen.extend(pick.sample(table, min(per_table, len(table))))
    return chosen


def _turn_starts(seed: int, monsters: int, edition: Edition, games: int) -> list[GameState]:
    found: list[GameState] = []
    for game in range(games):
        game_seed = seed * 1_000_003 + monsters * 1_009 + game * 7 + (edition == "2011")
        state, _ = create_game(Options(edition=edition), game_seed, monsters)
        player = HeuristicPlayer(game_seed)
        starts: list[GameState] = []
        while not state.over:
            decision = state.pending[0]
            turn = state.turn
            if decision.kind == "roll" and turn is not None and not turn.kept and (
                turn.rolls_left == 2
            ):
                starts.append(state)
            state, _ = apply(state, decision.seat, player.answer(state, decision))
        found.extend(starts[len(starts) // 4: 3 * len(starts) // 4])
    return found


@dataclass
class Rollout:
    """One rollout: where it ended, how many answers it took, and where the time went."""

    state: GameState
    answers: int
    engine_seconds: float
    policy_seconds: float


def rollout(start: GameState, policy: Policy, *, dice_seed: int,
            to_the_end: bool = False) -> Rollout:
    """Play on from ``start`` with ``policy`` answering for every seat, with fresh dice
    (``dice_seed``), until the monster whose turn it is starts its next turn (one round) or,
    with ``to_the_end``, until the game ends."""
    state = replace(start, seed=dice_seed, rng=0, forced_dice=())
    assert state.turn is not None
    seat, number = state.turn.seat, state.turn.number
    clock = time.perf_counter
    engine = thinking = 0.0
    answers = 0
    while not state.over and answers < MAX_ROLLOUT_ANSWERS:
        turn = state.turn
        assert turn is not None
        if not to_the_end and (not state.monsters[seat].alive or (
            turn.seat == seat and turn.number > number and not turn.extra
        )):
            break
        decision = state.pending[0]
        asked = clock()
        action = policy(state, decision)
        answered = clock()
        state, _ = apply(state, decision.seat, action)
        engine += clock() - answered
        thinking += answered - asked
        answers += 1
    return Rollout(state, answers, engine, thinking)
