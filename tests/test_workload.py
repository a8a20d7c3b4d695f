"""The AI's workload for the engine bench: positions and rollouts."""

from __future__ import annotations

from engine import encode_state
from engine.ai import HeuristicPlayer
from engine.ai.workload import positions, rollout


def test_positions_are_mid_game_turn_starts_and_the_same_for_the_same_seed() -> None:
    first = positions(seed=3, per_table=1, games_per_table=1)
    assert [encode_state(s) for s in first] == [
        encode_state(s) for s in positions(seed=3, per_table=1, games_per_table=1)]
    assert {len(s.monsters) for s in first} == {2, 3, 4, 5, 6}
    assert {s.options.edition for s in first} == {"2016", "2011"}
    for state in first:
        assert state.turn is not None and state.turn.number > 1
        assert state.pending[0].kind == "roll" and state.turn.rolls_left == 2


def test_a_round_rollout_stops_when_the_same_monster_starts_its_next_turn() -> None:
    player = HeuristicPlayer(0)
    for start in positions(seed=5, per_table=1, games_per_table=1):
        assert start.turn is not None
        seat, number = start.turn.seat, start.turn.number
        done = rollout(start, player.answer, dice_seed=11)
        end = done.state
        assert done.answers > 0 and done.engine_seconds > 0 and done.policy_seconds > 0
        assert end.turn is not None and end.turn.number > number
        assert end.over or not end.monsters[seat].alive or end.turn.seat == seat
        again = rollout(start, player.answer, dice_seed=11)
        assert encode_state(again.state) == encode_state(end)  # the dice come from the seed
