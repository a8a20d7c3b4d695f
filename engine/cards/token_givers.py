"""Poison Spit and Shrink Ray: each monster that loses hearts to the owner's smashes gets a
token (a field of Monster); the token stays even if the card later leaves play."""

from __future__ import annotations

from typing import ClassVar, Literal

from engine import events as ev
from engine.core import Ctx, Power, register
from engine.state import Card


class TokenGiver(Power):
    token: ClassVar[Literal["poison", "shrink"]]

    def on_smash_hit(self, ctx: Ctx, seat: int, card: Card, target: int) -> None:
        ctx.set_mon(target, **{self.token: getattr(ctx.mon(target), self.token) + 1})
        ctx.emit(ev.TokensGained(seat=target, token=self.token, amount=1))


@register
class PoisonSpit(TokenGiver):
    key = "poison_spit"
    ai_worth = 3.5
    ai_hit_bonus = 0.8
    token = "poison"


@register
class ShrinkRay(TokenGiver):
    key = "shrink_ray"
    ai_worth = 3.5
    ai_hit_bonus = 0.8
    token = "shrink"
