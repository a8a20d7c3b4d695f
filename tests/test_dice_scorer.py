"""The heuristic's dice scorer (engine.ai.dice): the expected value of a keep computed face
by face, where the cards allow it, is the one every outcome of the reroll gives."""

from __future__ import annotations

import random

from engine import Options, apply, create_game
from engine.ai import HeuristicPlayer
from engine.ai.dice import DiceScorer, best_keep, encode, keep_choices
from engine.ai.values import energy_weight


def _scorers(games: int) -> list[DiceScorer]:
    """A scorer for every monster at every turn's first roll of some heuristic games."""
    found = []
    for game in range(games):
        options = Options(edition="2011") if game % 2 else Options()
        state, _ = create_game(options, 100 + game, 2 + game % 4)
        player = HeuristicPlayer(game)
        while not state.over:
            decision = state.pending[0]
            turn = state.turn
            if decision.kind == "roll" and turn is not None and turn.rolls_left == 2:
                found += [DiceScorer(state, seat, energy_weight(state, seat))
                          for seat in state.alive_seats()]
            state, _ = apply(state, decision.seat, player.answer(state, decision))
    return found


def _rolled(pick: random.Random, dice: int) -> tuple[int, ...]:
    """Face counts of ``dice`` dice rolled at random."""
    counts = [0] * 6
    for _die in range(dice):
        counts[pick.randrange(6)] += 1
    return tuple(counts)


def test_the_expected_value_face_by_face_is_the_one_over_every_outcome() -> None:
    pick = random.Random(5)
    separable = 0
    for scorer in _scorers(12):
        if not scorer.separable:
            continue
        separable += 1
        dice = 6 + pick.randrange(3)
        counts = _rolled(pick, dice)
        for kept in keep_choices(counts):
            rerolled = dice - sum(kept)
            by_face = scorer._expected_by_face(encode(kept), rerolled)
            by_outcome = scorer._expected_by_outcome(encode(kept), rerolled)
            assert abs(by_face - by_outcome) < 1e-9, (kept, rerolled, by_face, by_outcome)
    assert separable > 100


def test_cards_that_tie_the_faces_together_make_a_scorer_count_every_outcome() -> None:
    scorers = _scorers(12)
    tied = [s for s in scorers if s.damage_cards or s.vp_cards or s.extra_cards]
    assert tied
    assert not any(s.separable for s in tied)


def test_a_quick_scorer_is_the_exact_one_for_a_monster_without_cards_tying_faces() -> None:
    pick = random.Random(6)
    compared = 0
    for scorer in _scorers(6):
        if not scorer.exact:
            continue
        quick = DiceScorer(scorer.state, scorer.seat, scorer.energy_weight, quick=True)
        for _ in range(3):
            counts = _rolled(pick, 6)
            assert best_keep(quick, counts) == best_keep(scorer, counts)
            assert quick.value(encode(counts)) == scorer.value(encode(counts))
            compared += 1
    assert compared > 50


def test_a_quick_scorer_values_tied_cards_face_by_face_and_expects_what_it_values() -> None:
    pick = random.Random(7)
    tied = [s for s in _scorers(12) if not s.exact]
    assert tied
    for scorer in tied:
        quick = DiceScorer(scorer.state, scorer.seat, scorer.energy_weight, quick=True)
        assert quick.separable
        counts = _rolled(pick, 7)
        for kept in keep_choices(counts):
            rerolled = 7 - sum(kept)
            # The expectation face by face is the mean of the quick scorer's own values
            # over every way the dice can land.
            by_face = quick._expected_by_face(encode(kept), rerolled)
            by_outcome = quick._expected_by_outcome(encode(kept), rerolled)
            assert abs(by_face - by_outcome) < 1e-9
