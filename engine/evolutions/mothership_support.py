"""Mothership Support (Alienoid, permanent): once in each of its turns, in its buy step, its
owner may pay 1 energy to gain 1 heart."""

from __future__ import annotations

from msgspec.structs import replace

from engine.card_ai import Judge
from engine.core import Ctx, card_reason, heal, max_hearts, pay_energy, replace_card
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, GameState

COST = 1


@register_evolution
class MothershipSupport(Evolution):
    key = "mothership_support"
    ai_worth = 2.0

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        monster = ctx.mon(seat)
        return (card.used_turn != ctx.turn.number and monster.energy >= COST
                and monster.hearts < max_hearts(ctx.s, seat))

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-mothership_support-use", energy=COST)

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        reason = card_reason(ctx.s, self.key)
        pay_energy(ctx, seat, COST, reason)
        heal(ctx, seat, 1, reason)

    def ai_buy_step_use(self, judge: Judge, state: GameState, seat: int) -> float:
        monster = state.monsters[seat]
        gained = judge.heart_worth(monster.hearts, 1, max_hearts(state, seat))
        return gained - COST * judge.spend
