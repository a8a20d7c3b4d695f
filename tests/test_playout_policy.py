"""The heuristic as the Monte-Carlo player's playouts use it (engine.ai.playout.PlayoutPolicy):
it plays whole legal games, answers every question but the roll as the heuristic does, and
is what the Monte-Carlo player's playouts answer with."""

from __future__ import annotations

from engine import Action, Decision, GameState, Options, apply, create_game
from engine.ai import HeuristicPlayer
from engine.ai.mc import MonteCarloPlayer
from engine.ai.playout import PlayoutPolicy


def test_it_plays_whole_games_and_answers_all_but_rolls_as_the_heuristic() -> None:
    rolls = others = 0
    for game in range(10):
        options = Options(edition="2011") if game % 2 else Options()
        state, _ = create_game(options, 300 + game, 2 + game % 5)
        policy, heuristic = PlayoutPolicy(game), HeuristicPlayer(game)
        while not state.over:
            decision = state.pending[0]
            action = policy.answer(state, decision)
            if decision.kind == "roll":
                rolls += 1
            else:
                others += 1
                assert action == heuristic.answer(state, decision)
            state, _ = apply(state, decision.seat, action)  # (refuses an illegal answer)
        assert state.winners or all(not m.alive for m in state.monsters)
    assert rolls > 100 and others > 100


def test_the_monte_carlo_player_plays_out_with_it() -> None:
    answered: list[int] = []

    class Counting(PlayoutPolicy):
        def answer(self, state: GameState, decision: Decision) -> Action:
            answered.append(decision.id)
            return super().answer(state, decision)

    state, _ = create_game(Options(), 5, 2)
    player = MonteCarloPlayer(1, playouts=16, seconds=None)
    player.policy = Counting(1)
    player.answer(state, state.pending[0])
    assert answered
