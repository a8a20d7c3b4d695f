"""Playouts for the Monte-Carlo player: a possible world drawn from what the deciding seat
knows, and a game played on in it up to a horizon by the heuristic as playouts use it
(``PlayoutPolicy``).

A seat knows everything in the state but the order of the deck and the dice to come (the
random generator's seed and counter, and any forced dice), and, with Power Up!, the other
monsters' Evolutions that are not face up and the order of its own pile. ``determinize``
replaces exactly those: a fresh generator, the deck put in a canonical order then shuffled,
and each other monster's hand, pile and discard pile dealt again from the one pool they make
(their sizes are public), so the world depends on the public state and the playout's seed
alone (a monster deciding while it looks at the top card, a card's secret question, keeps
that card on top: it has seen it; so do the Evolutions it looks at).
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Action, Choose, PickEvolution, PlayEvolution
from engine.ai.heuristic import HeuristicPlayer, answer_roll
from engine.ai.odds import win_chance
from engine.ai.values import quick_scorer_for
from engine.evolution import (
    EvolutionDraw,
    EvolutionMomentQuestion,
    cast_moment,
    fitting,
    moment_choices,
)
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
    world = replace(state, seed=draw(seed, len(deck)), rng=0, forced_dice=(),
                    deck=(*top, *deck))
    if state.options.power_up:
        world = _unseen_evolutions(world, decision, mix(seed, _EVOLUTIONS_STREAM))
    return world


# (A stream of the playout's seed of its own for the Evolutions, apart from the deck's.)
_EVOLUTIONS_STREAM = 0xE7


def _unseen_evolutions(state: GameState, decision: Decision, seed: int) -> GameState:
    """Power Up!: the Evolutions the deciding seat has not seen, dealt again from ``seed``:
    each other monster's hand, pile and discard pile from the pool they make together, put
    in a canonical order first (their sizes stay); its own pile in a new order, the cards
    it is looking at (its draw question) kept on top. A draw question pending for another
    monster then names the cards on top of that monster's new pile."""
    me = decision.seat
    monsters = list(state.monsters)
    counter = 0

    def shuffled(cards: list[str]) -> list[str]:
        nonlocal counter
        for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates
            j = below(seed, counter, i + 1)
            counter += 1
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    for seat, monster in enumerate(monsters):
        if seat == me:
            seen = len(decision.options) if decision.power == EvolutionDraw.key else 0
            pile = monster.evolution_pile
            monsters[seat] = replace(monster, evolution_pile=(
                *pile[:seen], *shuffled(sorted(pile[seen:]))))
            continue
        held, piled = len(monster.evolution_hand), len(monster.evolution_pile)
        pool = shuffled(sorted([*monster.evolution_hand, *monster.evolution_pile,
                                *monster.evolution_discard]))
        monsters[seat] = replace(monster, evolution_hand=tuple(pool[:held]),
                                 evolution_pile=tuple(pool[held:held + piled]),
                                 evolution_discard=tuple(pool[held + piled:]))
    world = replace(state, monsters=tuple(monsters))
    return replace(world, pending=tuple(d if d.seat == me else _unseen_question(world, d)
                                        for d in state.pending))


def _unseen_question(world: GameState, decision: Decision) -> Decision:
    """Another monster's question as ``world`` deals its Evolutions: a draw names the top
    of its pile, a moment's question offers what its hand may play."""
    if decision.power == EvolutionDraw.key:
        return _looking_at(decision, world.monsters[decision.seat].evolution_pile)
    if decision.power == EvolutionMomentQuestion.key:
        return _fitting(world, decision)
    if decision.kind == "yield" and world.options.power_up:
        # Its yield offers what the hand dealt in ``world`` may play with it.
        kept = tuple(o for o in decision.options
                     if not (isinstance(o, Choose) and isinstance(o.choice, PlayEvolution)))
        plays = tuple(Choose(decision=decision.id, choice=PlayEvolution(key))
                      for key in fitting(world, decision.seat, "yielding"))
        return replace(decision, options=(*kept, *plays))
    return decision


def _looking_at(decision: Decision, pile: tuple[str, ...]) -> Decision:
    """A draw question naming the top of ``pile`` (as many cards as it named)."""
    options = tuple(Choose(decision=decision.id, choice=PickEvolution(key))
                    for key in pile[:len(decision.options)])
    return replace(decision, options=options, default=options[0])


def _fitting(world: GameState, decision: Decision) -> Decision:
    """A moment's question offering what the hand dealt in ``world`` may play then."""
    moment = cast_moment(decision.question)
    options = tuple(Choose(decision=decision.id, choice=choice)
                    for choice in moment_choices(world, decision.seat, moment))
    return replace(decision, options=options, default=options[0])


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
