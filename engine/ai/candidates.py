"""The moves the Monte-Carlo player compares for one decision, most promising first.

A roll: the heuristic's own choice, stopping, the dice tools ready to act, then the other
ways to keep dice ranked by the heuristic's dice scorer (the expected value of the dice
after one more roll). Any other question: the heuristic's choice, the default, then the
options in their order. At most ``limit`` moves, without repeats.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Action, Choose, Roll, StopRolling
from engine.ai.dice import count, encode, keep_choices, keep_indices
from engine.ai.heuristic import HeuristicPlayer, extra_roll_cost
from engine.ai.values import scorer_for
from engine.rules import option_ready
from engine.state import Decision, GameState

LIMIT = 8


def candidates(state: GameState, decision: Decision, heuristic: HeuristicPlayer,
               limit: int = LIMIT) -> list[Action]:
    first = heuristic.answer(state, decision)
    if decision.kind == "roll":
        rest = _roll_moves(state, decision)
    else:
        rest = [decision.default, *decision.options]
    moves: list[Action] = []
    for move in (first, *rest):
        if move not in moves:
            moves.append(move)
        if len(moves) >= limit:
            break
    return moves


def _roll_moves(state: GameState, decision: Decision) -> list[Action]:
    uses = [o for o in decision.options if isinstance(o, Choose) and option_ready(state, o)]
    roll = _cheapest_roll(state, [o for o in decision.options if isinstance(o, Roll)])
    keeps = _ranked_keeps(state, decision, roll) if roll is not None else []
    return [StopRolling(decision=decision.id), *uses, *keeps]


def _cheapest_roll(state: GameState, rolls: list[Roll]) -> Roll | None:
    """A normal roll when there is one, else the cheapest roll a card gives."""
    if not rolls:
        return None
    normal = next((r for r in rolls if r.card is None), None)
    if normal is not None:
        return normal
    return min(rolls, key=lambda r: extra_roll_cost(state, r.card or 0))


def _ranked_keeps(state: GameState, decision: Decision, roll: Roll) -> list[Action]:
    turn = state.turn
    assert turn is not None
    scorer = scorer_for(state, decision.seat)
    counts = count(turn.dice)
    total = sum(counts)
    ranked = sorted(
        ((scorer.expected(encode(kept), total - sum(kept)), kept)
         for kept in keep_choices(counts) if sum(kept) < total),
        reverse=True,
    )
    keeps = [keep_indices(turn.dice, kept) for _value, kept in ranked]
    # (A die Encased in Ice locked is kept whatever the keep says: no keep may leave it
    # the only die not kept.)
    return [replace(roll, keep=keep) for keep in keeps
            if len({*keep, *turn.encased}) < total]
