"""'Twas Beauty Killed the Beast (The King, permanent, played only while its owner is in
Tokyo): its owner gains 1 VP at the end of every monster's turn, its own included; when it
leaves Tokyo (a yield, a card, the Bay closing; not a knock-out, which discards every
Evolution anyway) the card goes to its owner's discard pile and the owner loses all its VP
(docs/rulings.md 71)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, card_reason, current_card, gain_vp, lose_vp
from engine.evolution import Evolution, register_evolution
from engine.phrases import phrase
from engine.state import Card, GameState

VP_EACH_TURN = 1
# (AI) The turns of other monsters it expects to stay in Tokyo for, a heart lasting about a
# quarter of a round there; and how likely it is to leave before the game ends.
_ROUNDS_PER_HEART = 0.25
_MOST_ROUNDS = 3.0
_LIKELY_TO_LEAVE = 0.7


@register_evolution
class TwasBeautyKilledTheBeast(Evolution):
    key = "twas_beauty_killed_the_beast"

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        gain_vp(ctx, seat, VP_EACH_TURN, card_reason(ctx.s, self.key))

    def on_turn_end(self, ctx: Ctx, seat: int, card: Card) -> None:
        gain_vp(ctx, seat, VP_EACH_TURN, card_reason(ctx.s, self.key))

    def on_yield_answered(self, ctx: Ctx, seat: int, card: Card, yielded: bool) -> None:
        if yielded:
            self._left_tokyo(ctx, seat, card)

    def on_left_tokyo(self, ctx: Ctx, seat: int, card: Card) -> None:
        self._left_tokyo(ctx, seat, card)

    def _left_tokyo(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The card goes to its owner's Evolution discard pile, and all its VP with it."""
        if current_card(ctx, seat, card.uid) is None:
            return
        monster = ctx.mon(seat)
        ctx.set_mon(seat, evolutions=tuple(c for c in monster.evolutions if c.uid != card.uid),
                    evolution_discard=(*monster.evolution_discard, card.key))
        ctx.emit(ev.CardDiscarded(seat=seat, card=card.key,
                                  reason=phrase("cardq-twas_beauty_killed_the_beast-left-tokyo")))
        lose_vp(ctx, seat, monster.vp, card_reason(ctx.s, self.key))

    def ai_keep_value(self, judge: Judge, state: GameState, seat: int) -> float:
        """A point at the end of each monster's turn for as long as it stays, against the
        points it holds, which it loses when it leaves."""
        me = state.monsters[seat]
        rounds = min(_MOST_ROUNDS, me.hearts * _ROUNDS_PER_HEART)
        gained = judge.vp_value(state, seat, round(rounds * len(state.alive_seats())))
        return max(0.0, gained - _LIKELY_TO_LEAVE * me.vp)

    def ai_yield_cost(self, judge: Judge, state: GameState, seat: int) -> float:
        return float(state.monsters[seat].vp)
