"""Playouts for the Monte-Carlo player: a possible world drawn from what the deciding seat
knows, and a game played on in it up to a horizon by the heuristic as playouts use it
(``PlayoutPolicy``).

A seat knows everything in the state but the order of the deck and the dice to come (the
random generator's seed and counter, and any forced dice). ``determinize`` replaces exactly
those: a fresh generator, and the deck put in a canonical order then shuffled, so the world
depends on the public state and the playout's seed alone (a monster deciding while it looks
at the top card, a card's secret question, keeps that card on top: it has seen it).
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Action
from engine.ai.heuristic import HeuristicPlayer, answer_roll
from engine.ai.odds import win_chance
from engine.ai.values import quick_scorer_for
from engine.foresight import sees_top_card
from engine.rng import below, draw
from engine.rules import apply
from engine.state import Decision, GameState

# A search's playout goes a turn or two ahead (its horizon); one that has not reached it
# after this many answers stops there (a guard against a playout that would not end).
MAX_PLAYOUT_ANSWERS = 2000


class PlayoutPolicy(HeuristicPlayer):
    """The heuristic as it answers inside playouts, for every seat: the same rules of thumb,
    with the quick dice scorer (``engine.ai.values.quick_scorer_for``), whose first roll of a
    turn costs about half the exact one's. A playout's roll is most of its cost, and a search
    is worth more playouts than exact ones."""

    def answer(self, state: GameState, decision: Decision) -> Action:
        if decision.kind == "roll":
            return answer_roll(state, decision, self.seed,
                               quick_scorer_for(state, decision.seat))
        return super().answer(state, decision)


def mix(*parts: int) -> int:
    """A 64-bit seed from several integers (splitmix64 chained)."""
    value = 0
    for part in parts:
        value = draw(value ^ (part & ((1 << 64) - 1)), 0)
    return value


def determinize(state: GameState, decision: Decision, seed: int) -> GameState:
    """A world the deciding seat cannot tell from the real one, drawn from ``seed``."""
    deck = sorted(state.deck)
    top: list[str] = []
    if sees_top_card(state, decision) and state.deck:
        top = [state.deck[0]]
        deck.remove(state.deck[0])
    for i in range(len(deck) - 1, 0, -1):  # Fisher-Yates
        j = below(seed, i, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return replace(state, seed=draw(seed, len(deck)), rng=0, forced_dice=(),
                   deck=(*top, *deck))


def playout(world: GameState, decision: Decision, action: Action, policy: HeuristicPlayer,
            horizon: int = 1) -> float:
    """The deciding seat's chance to win after ``action``, from one game played on by
    ``policy`` for every seat until the seat's turn has started ``horizon`` more times (or the
    game ends, or the seat is knocked out)."""
    me = decision.seat
    assert world.turn is not None
    number = world.turn.number
    state, _ = apply(world, me, action)
    for _ in range(MAX_PLAYOUT_ANSWERS):
        if state.over or not state.monsters[me].alive:
            break
        turn = state.turn
        assert turn is not None
        if turn.number != number:
            number = turn.number
            if turn.seat == me:
                horizon -= 1
                if horizon <= 0:
                    break
        asked = state.pending[0]
        state, _ = apply(state, asked.seat, policy.answer(state, asked))
    return win_chance(state, me)
