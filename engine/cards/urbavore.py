"""Urbavore: 1 more VP when the owner starts its turn in Tokyo. In Tokyo, 2016: a roll with at
least one Smash gets one more; 2011: +1 damage to its attacks."""

from __future__ import annotations

from engine.card_ai import Blow
from engine.cards.smash_adders import SmashAdder
from engine.core import Ctx, card_reason, gain_vp, register
from engine.state import Card, Face


@register
class Urbavore(SmashAdder):
    key = "urbavore"
    ai_worth = 4.0
    ai_blow_bonus = 1
    ai_tokyo_start_vp = 1
    smash_order = 1  # counts the Smashes other cards added

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if ctx.s.in_tokyo(seat):
            gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))

    def bonus(self, ctx: Ctx, seat: int, dice: tuple[Face, ...], smashes: int) -> int:
        return 1 if smashes and ctx.s.in_tokyo(seat) else 0

    def ai_added_damage(self, blow: Blow) -> int:
        return 1 if blow.in_tokyo and blow.smashes else 0
