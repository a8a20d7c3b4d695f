"""Energy Drink (2011: Telepath): pay 1 energy for one extra roll, as often as the owner can
pay. The extra roll is offered once the normal rolls are used up, beside any other card that
gives one (Smoke Cloud): the owner chooses which card gives it."""

from __future__ import annotations

from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, pay_energy, register
from engine.phrases import Phrase, phrase
from engine.state import Card, GameState

COST = 1


@register
class EnergyDrink(Power):
    key = "energy_drink"
    ai_worth = 3.0

    def extra_roll_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return ctx.mon(seat).energy >= COST

    def spend_extra_roll(self, ctx: Ctx, seat: int, card: Card) -> None:
        pay_energy(ctx, seat, COST, card_reason(ctx.s, self.key))

    def extra_roll_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("option-pay-energy", energy=COST)

    def ai_extra_roll_cost(self, judge: Judge) -> float:
        return COST * judge.energy
