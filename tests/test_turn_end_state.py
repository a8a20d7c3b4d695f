"""``turn_end_state``: the state a turn ends in, which ``apply`` passes through on its way to
the next turn's first question."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine import (
    Options,
    Roll,
    StopRolling,
    advance,
    apply,
    create_game,
    events,
    legal_actions,
    turn_end_state,
)

# What follows the end of a turn within the same ``apply``: the next turn, or the result.
AFTER_THE_TURN = (events.TurnStarted, events.Won, events.NoWinner)


@pytest.mark.parametrize("seed", range(12))
def test_apply_is_the_turn_end_state_then_the_rest(seed: int) -> None:
    """Over random games: where an answer finishes a turn, running on from its end state
    gives exactly what ``apply`` gives, state and events; elsewhere there is no end state."""
    rng = random.Random(seed)
    state, _ = create_game(Options(edition=rng.choice(["2016", "2011"])), seed=seed,
                           monsters=rng.randint(2, 6))
    turns_ended = 0
    while not state.over:
        decision = state.pending[0]
        action = rng.choice(legal_actions(state, decision.seat))
        after, happened = apply(state, decision.seat, action)
        end = turn_end_state(state, decision.seat, action)
        if any(isinstance(event, events.TurnStarted) for event in happened):
            assert end is not None
        if end is not None:
            turns_ended += 1
            assert state.turn is not None and end.turn == msgspec.structs.replace(
                end.turn, number=state.turn.number)
            assert not end.pending and not end.over
            rest, rest_happened = advance(end)
            assert rest == after
            assert isinstance(rest_happened[0], AFTER_THE_TURN)
            assert happened[len(happened) - len(rest_happened):] == rest_happened
        state = after
    assert turns_ended > 0


def test_a_turn_ends_with_its_own_dice_and_without_the_next_turns_start() -> None:
    """Three turns: the first monster smashes its way into Tokyo, the other two roll nothing
    that scores. Each ends as its Stop rolling resolves the dice (nothing to buy), and the
    third one's end is before the first monster starts its next turn in Tokyo (+2★)."""
    state, _ = create_game(Options(edition="2016"), seed=1, monsters=3)
    first = state.active
    smashes, quiet = ("smash",) * 6, ("1", "2", "3", "1", "2", "3")
    state = msgspec.structs.replace(state, forced_dice=smashes + quiet + quiet)
    state, _ = apply(state, first, Roll(decision=state.pending[0].id, keep=()))
    ends = []
    for _turn in range(3):
        decision = state.pending[0]
        stop = StopRolling(decision=decision.id)
        ends.append(turn_end_state(state, decision.seat, stop))
        state, _ = apply(state, decision.seat, stop)
    entered, _second, third = ends
    assert entered is not None and entered.city == first and entered.turn is not None
    assert entered.turn.seat == first and entered.turn.dice == smashes
    assert entered.monsters[first].vp == 1  # for entering Tokyo
    assert third is not None and third.turn is not None and third.turn.dice == quiet
    assert third.monsters[first].vp == 1
    assert state.active == first and state.monsters[first].vp == 3


def test_an_answer_within_a_turn_has_no_end_state() -> None:
    state, _ = create_game(Options(), seed=2, monsters=4)
    decision = state.pending[0]
    assert turn_end_state(state, decision.seat, legal_actions(state, decision.seat)[0]) is None
