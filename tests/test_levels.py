"""The AI levels as engine players (engine.ai.levels): the Medium AI answers legally in whole
games at every table size, with its counted playouts (the same answer on any load), and the
arena knows it by name."""

from __future__ import annotations

import pytest

from engine import Edition, Options, apply, create_game, legal_actions
from engine.ai import MEDIUM_PLAYOUTS, medium_player
from engine.ai.arena import is_player_type, play_match, player_factory
from engine.ai.mc import MonteCarloPlayer


@pytest.mark.parametrize(("edition", "monsters", "seed"),
                         [("2016", 2, 11), ("2011", 3, 12), ("2016", 5, 13)])
def test_the_medium_ai_answers_legally_in_whole_games(edition: Edition, monsters: int,
                                                      seed: int) -> None:
    state, _ = create_game(Options(edition=edition), seed, monsters)
    players = [medium_player(seed * 8 + seat) for seat in range(monsters)]
    answers = 0
    while not state.over:
        decision = state.pending[0]
        action = players[decision.seat].answer(state, decision)
        assert action in legal_actions(state, decision.seat), (action, decision)
        state, _ = apply(state, decision.seat, action)
        answers += 1
        assert answers < 3000
    assert state.winners


def test_the_medium_ai_counts_playouts_not_seconds() -> None:
    player = medium_player(3)
    assert player.seconds is None and player.playouts == MEDIUM_PLAYOUTS
    state, _ = create_game(Options(), 21, 2)
    decision = state.pending[0]
    hint = player.hint(state, decision)
    # Deterministic: the same seed and position give the same move and statistics.
    assert medium_player(3).hint(state, decision) == hint
    assert 0 < hint.playouts <= MEDIUM_PLAYOUTS + len(hint.stats)


def test_the_arena_names_the_levels_and_counted_playouts() -> None:
    assert is_player_type("medium") and is_player_type("mcp:24")
    assert not is_player_type("mcp:0") and not is_player_type("mcp:many")
    player = player_factory("mcp:24")(5)
    assert isinstance(player, MonteCarloPlayer) and player.playouts == 24
    result = play_match(Options(), 5, ("medium", "heuristic"))
    assert result.winners and result.decisions[0] > 0
