"""Even Bigger: +2 hearts when gained, and a maximum of 12 hearts while owned. When it leaves,
the 2011 card also takes back the 2 hearts it gave (docs/rulings.md)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, Power, card_name, heal, register, trim_hearts
from engine.state import Card, GameState

BONUS = 2


@register
class EvenBigger(Power):
    key = "even_bigger"
    ai_worth = 3.0
    max_hearts = 12

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        heal(ctx, seat, BONUS, card_name(ctx.s, self.key))

    def on_lose(self, ctx: Ctx, seat: int, card: Card) -> None:
        hearts = ctx.mon(seat).hearts
        if ctx.s.options.edition == "2011" and hearts > 1:
            # Taking back what the card gave never knocks a monster out.
            left = max(1, hearts - BONUS)
            ctx.set_mon(seat, hearts=left)
            ctx.emit(ev.Damaged(seat=seat, amount=hearts - left, source="card", hearts=left))
        # The maximum goes back to 10; hearts above it are lost.
        trim_hearts(ctx, seat)

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return judge.heart_worth(state.monsters[seat].hearts, BONUS, self.max_hearts)
