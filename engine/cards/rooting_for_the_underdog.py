"""Rooting for the Underdog: 1 VP at the end of a turn if the owner alone has the fewest VP
(a tie is not enough). 2016: at the end of the owner's turn. 2011: "at the end of a turn", so
at the end of every monster's turn (docs/rulings.md).

On its owner's turn it is checked before the owner's other end-of-turn cards, which may give
VP; at the end of another monster's turn, after that monster's end-of-turn cards."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, gain_vp, register
from engine.state import Card, GameState


@register
class RootingForTheUnderdog(Power):
    key = "rooting_for_the_underdog"
    ai_worth = 2.0
    end_of_turn_order = -1

    def _check(self, ctx: Ctx, seat: int) -> None:
        vp = ctx.mon(seat).vp
        others = [m.vp for i, m in enumerate(ctx.s.monsters) if m.alive and i != seat]
        if others and all(vp < other for other in others):
            gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        self._check(ctx, seat)

    def on_turn_end(self, ctx: Ctx, seat: int, card: Card) -> None:
        if ctx.s.options.edition == "2011":
            self._check(ctx, seat)

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        lowest = min((state.monsters[o].vp for o in judge.others(state, seat)), default=0)
        return 1.0 if state.monsters[seat].vp < lowest else -0.5
