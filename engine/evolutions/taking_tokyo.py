"""Evolutions that take a free place in Tokyo from another monster's move (the moment
"tokyo_free": the active monster is about to enter, a place being empty; docs/rulings.md 86):
Monkey Rush (The King, temporary) and Feline Motor (Cyber Kitty, permanent: played, and
used again at every such moment, by a monster that was not in Tokyo when the turn began).
The monster takes the place (and what taking Tokyo gives); the active monster then finds
it taken."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, enter_tokyo, free_place, queue_losses
from engine.evolution import Evolution, register_evolution
from engine.state import Card, GameState
from engine.steps import EvolutionMoment

# Hearts below which the AI keeps out of Tokyo.
_HEARTS_TO_ENTER = 6


def _may_take(state: GameState, seat: int) -> bool:
    """Not in Tokyo, and not in it when the turn began (a monster that yielded this turn
    left it), with a place free; never the active monster, whose move it is."""
    turn = state.turn
    return (turn is not None and seat != turn.seat and not state.in_tokyo(seat)
            and all(yielder != seat for yielder, _place in turn.yielded)
            and free_place(state) is not None)


def _take(ctx: Ctx, seat: int) -> None:
    place = free_place(ctx.s)
    if place is not None:
        queue_losses(ctx, enter_tokyo(ctx, seat, place))


def _wants_tokyo(judge: Judge, state: GameState, seat: int) -> bool:
    hearts = state.monsters[seat].hearts
    return hearts >= _HEARTS_TO_ENTER and judge.tokyo_value(state, seat, hearts) > 0


class TakingTokyo(Evolution):
    prompted_at = frozenset({"tokyo_free"})

    def playable(self, state: GameState, seat: int) -> bool:
        return _may_take(state, seat)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return 1.0 if _wants_tokyo(judge, state, seat) else -1.0


@register_evolution
class MonkeyRush(TakingTokyo):
    key = "monkey_rush"

    def on_play(self, ctx: Ctx, seat: int) -> None:
        _take(ctx, seat)


@register_evolution
class FelineMotor(TakingTokyo):
    key = "feline_motor"
    ai_worth = 1.5

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        # Played at the moment it is made for: it is used at once. (Its power begun another
        # way, an Icy Reflection copying it, takes nothing unless it may.)
        if _may_take(ctx.s, seat):
            _take(ctx, seat)

    def usable_at(self, state: GameState, seat: int, card: Card,
                  moment: EvolutionMoment) -> bool:
        return moment == "tokyo_free" and _may_take(state, seat)

    def use_at(self, ctx: Ctx, seat: int, card: Card, moment: EvolutionMoment) -> None:
        _take(ctx, seat)

    def ai_uses_at(self, judge: Judge, state: GameState, seat: int,
                   moment: EvolutionMoment) -> bool:
        return _wants_tokyo(judge, state, seat)
