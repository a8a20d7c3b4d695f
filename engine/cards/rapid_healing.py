"""Rapid Healing: pay 2 energy to gain 1 heart.

Offered when a loss would knock its owner out, and during the owner's buy step
(docs/rulings.md), so players are not asked at every scratch."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, heal, max_hearts, pay_energy, register
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss

COST = 2


@register
class RapidHealing(Power):
    key = "rapid_healing"
    ai_worth = 2.5

    def _can_heal(self, ctx: Ctx, seat: int) -> bool:
        monster = ctx.mon(seat)
        return monster.energy >= COST and monster.hearts < max_hearts(ctx.s, seat)

    def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return loss.amount >= ctx.mon(seat).hearts and self._can_heal(ctx, seat)

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return self._can_heal(ctx, seat)

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-rapid_healing-use", energy=COST)

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        pay_energy(ctx, seat, COST, card_reason(ctx.s, self.key))
        heal(ctx, seat, 1, card_reason(ctx.s, self.key))

    def ai_react(self, judge: Judge, state: GameState, decision: Decision) -> bool:
        return True  # (offered only against a knock-out)

    def ai_buy_step_use(self, judge: Judge, state: GameState, seat: int) -> float:
        me = state.monsters[seat]
        return judge.heart_worth(me.hearts, 1, max_hearts(state, seat)) - COST * judge.spend
