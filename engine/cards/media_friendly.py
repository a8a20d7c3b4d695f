"""Media-Friendly (2011: Dedicated News Team): 1 VP each time the owner buys a card, in its
buy step or at any other moment (Opportunist). Buying this card does not count: its power
begins once it is owned."""

from __future__ import annotations

from engine.core import Ctx, Power, card_reason, gain_vp, register
from engine.state import Card


@register
class MediaFriendly(Power):
    key = "media_friendly"
    ai_worth = 2.5

    def on_card_bought(self, ctx: Ctx, seat: int, card: Card, bought: str) -> None:
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))
