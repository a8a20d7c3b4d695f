"""Cards set off when their owner takes control of Tokyo (Origins): Hungry Urbavore (+1 VP)
and Gamma Blast (every other monster loses 1 heart, a card's loss, not an attack).

Taking control of Tokyo is entering it from outside, in any way: at the Enter Tokyo step
(also into a place a monster yielded), the 2011 first smash, Death From Above. A monster
already in Tokyo takes nothing (moving from the Bay to the City when the Bay closes)
(docs/rulings.md)."""

from __future__ import annotations

from engine import events as ev
from engine.core import Ctx, Power, card_reason, clockwise_others, gain_vp, register
from engine.state import Card, Loss


@register
class HungryUrbavore(Power):
    key = "hungry_urbavore"
    ai_worth = 2.5

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
        return ()


@register
class GammaBlast(Power):
    key = "gamma_blast"
    ai_worth = 3.0

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        others = tuple(clockwise_others(ctx.s, seat))
        if not others:
            return ()
        ctx.emit(ev.CardStruck(seat=seat, amount=1, card=self.key, seats=others))
        return tuple(Loss(target=o, amount=1, source="card", by=seat) for o in others)
