"""The Monte-Carlo player (engine.ai.mc): legal answers in whole games, deterministic with a
number of playouts, blind to what a seat cannot know (the deck's order, the dice to come),
and it finds a move that wins on the spot."""

from __future__ import annotations

import time

import pytest
from msgspec.structs import replace

from bot.i18n import ENGLISH
from bot.table.autoplay import hint_text
from engine import (
    Action,
    Edition,
    GameState,
    Options,
    Roll,
    Stay,
    StopRolling,
    Yield,
    apply,
    create_game,
    legal_actions,
)
from engine.ai import HeuristicPlayer
from engine.ai.mc import MonteCarloPlayer
from engine.ai.playout import determinize
from engine.state import Face


def legal(state: GameState, seat: int, action: Action) -> bool:
    return action in legal_actions(state, seat)


@pytest.mark.parametrize(("edition", "monsters", "seed"),
                         [("2016", 2, 1), ("2011", 2, 2), ("2016", 4, 3), ("2011", 4, 4)])
def test_every_answer_is_legal_in_whole_games(edition: Edition, monsters: int,
                                              seed: int) -> None:
    state, _ = create_game(Options(edition=edition), seed, monsters)
    player = MonteCarloPlayer(seed, playouts=6)
    answers = 0
    while not state.over:
        seat, action = player.choose(state)
        assert legal(state, seat, action), (action, state.pending[0])
        state, _ = apply(state, seat, action)
        answers += 1
        assert answers < 1000
    assert state.winners


def a_roll(seed: int = 7, monsters: int = 2) -> GameState:
    """A game at its first roll question, some way into the game, with a deck to hide."""
    state, _ = create_game(Options(edition="2016"), seed, monsters)
    assert state.pending[0].kind == "roll" and state.deck
    return state


def with_dice(state: GameState, dice: tuple[Face, ...]) -> GameState:
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, dice=dice, kept=()))


def test_the_same_seed_and_budget_give_the_same_answer() -> None:
    state = with_dice(a_roll(), ("smash", "smash", "3", "3", "heart", "energy"))
    decision = state.pending[0]
    first = MonteCarloPlayer(5, playouts=48).hint(state, decision)
    again = MonteCarloPlayer(5, playouts=48).hint(state, decision)
    assert first == again
    assert first.playouts >= 40 and len(first.stats) > 2
    # (Every candidate's playouts, counted: what the bench reports of a search.)
    assert first.playouts == sum(s.count for s in first.stats) <= 48


def hidden_variants(state: GameState) -> list[GameState]:
    """The same position as a seat sees it: another deck order, other dice to come."""
    deck = state.deck
    return [
        replace(state, deck=deck[::-1]),
        replace(state, deck=deck[1:] + deck[:1]),
        replace(state, seed=state.seed ^ 0x5EED, rng=state.rng + 17),
        replace(state, forced_dice=("smash",) * 12),
    ]


def test_it_does_not_read_the_deck_order_nor_the_dice_to_come() -> None:
    state = with_dice(a_roll(), ("smash", "1", "1", "3", "heart", "energy"))
    decision = state.pending[0]
    seen = MonteCarloPlayer(3, playouts=40).hint(state, decision)
    # The worlds differ from playout to playout (the search is not blind to chance)...
    means = {round(s.mean, 9) for s in seen.stats}
    assert len(means) > 2
    other_seed = MonteCarloPlayer(4, playouts=40).hint(state, decision)
    assert [s.total for s in other_seed.stats] != [s.total for s in seen.stats]
    # ...but nothing hidden reaches them: the whole search is the same, playout for playout.
    for variant in hidden_variants(state):
        assert variant != state
        assert MonteCarloPlayer(3, playouts=40).hint(variant, decision) == seen


def test_a_world_keeps_the_public_state_and_redraws_the_hidden_one() -> None:
    state = a_roll()
    decision = state.pending[0]
    world = determinize(state, decision, 1)
    assert sorted(world.deck) == sorted(state.deck)
    assert world.deck != state.deck and world.seed != state.seed
    assert replace(world, deck=state.deck, seed=state.seed, rng=state.rng) == state
    for variant in hidden_variants(state):
        assert determinize(variant, decision, 1) == world


def test_it_stops_on_three_threes_at_seventeen_points() -> None:
    state = with_dice(a_roll(), ("3", "3", "3", "smash", "heart", "energy"))
    me = state.pending[0].seat
    monsters = list(state.monsters)
    monsters[me] = replace(monsters[me], vp=17)
    state = replace(state, monsters=tuple(monsters))
    hint = MonteCarloPlayer(1, playouts=24).hint(state, state.pending[0])
    kept = hint.action.keep if isinstance(hint.action, Roll) else None
    assert isinstance(hint.action, StopRolling) or (kept is not None and {0, 1, 2} <= set(kept))
    chosen = next(s for s in hint.stats if s.action == hint.action)
    assert chosen.mean == 1.0


def test_it_knocks_out_the_last_opponent() -> None:
    state = with_dice(a_roll(), ("smash", "1", "smash", "2", "smash", "heart"))
    me = state.pending[0].seat
    other = 1 - me
    monsters = list(state.monsters)
    monsters[other] = replace(monsters[other], hearts=3, vp=12)
    state = replace(state, monsters=tuple(monsters), city=other)
    hint = MonteCarloPlayer(2, playouts=24).hint(state, state.pending[0])
    after, _ = apply(state, me, hint.action)
    kept = hint.action.keep if isinstance(hint.action, Roll) else None
    assert after.winners == (me,) or (kept is not None and {0, 2, 4} <= set(kept))
    assert "(100% to win)" in hint_text(hint.reason, ENGLISH)


def test_it_stays_in_tokyo_rather_than_let_the_leader_in_to_win() -> None:
    """The heuristic yields with 1 heart left; but entering Tokyo would give the attacker,
    at 19 points, its 20th: staying (and scoring 4 points next turn) is the only hope."""
    state, _ = create_game(Options(edition="2016", two_player_variant=False), 7, 2)
    decision = state.pending[0]
    attacker, me = decision.seat, 1 - decision.seat
    monsters = list(state.monsters)
    monsters[attacker] = replace(monsters[attacker], vp=19)
    monsters[me] = replace(monsters[me], hearts=3, vp=14)
    state = with_dice(replace(state, monsters=tuple(monsters), city=me),
                      ("smash", "smash", "1", "2", "heart", "energy"))
    state, _ = apply(state, attacker, StopRolling(decision=decision.id))
    decision = state.pending[0]
    assert decision.kind == "yield" and decision.seat == me
    assert isinstance(HeuristicPlayer(0).answer(state, decision), Yield)
    hint = MonteCarloPlayer(0, playouts=20).hint(state, decision)
    assert isinstance(hint.action, Stay)
    assert [s.mean > 0 for s in hint.stats] == [False, True]  # Yield, then Stay
    reason = hint_text(hint.reason, ENGLISH)
    assert reason.startswith("**Stay in Tokyo** (") and "Next best: yield Tokyo, 0%" in reason
    assert "the point it needs to win (it has 19★)" in reason


def test_a_time_budget_answers_in_time() -> None:
    state = with_dice(a_roll(monsters=4), ("smash", "1", "1", "3", "heart", "energy"))
    player = MonteCarloPlayer(0, seconds=0.2)
    start = time.perf_counter()
    hint = player.hint(state, state.pending[0])
    assert time.perf_counter() - start < 0.5
    assert hint.playouts > 0 and legal(state, state.pending[0].seat, hint.action)
