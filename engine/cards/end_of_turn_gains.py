"""Keep cards that give something at the end of their owner's turn, after buying (so they
work on the turn they are bought), before poison: Energy Hoarder, Solar Powered, Herbivore."""

from __future__ import annotations

from engine.core import Ctx, Power, card_reason, gain_energy, gain_vp, register
from engine.state import Card


@register
class EnergyHoarder(Power):
    """1 VP for every full 6 energy held."""

    key = "energy_hoarder"
    ai_worth = 3.0

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        gain_vp(ctx, seat, ctx.mon(seat).energy // 6, card_reason(ctx.s, self.key))


@register
class SolarPowered(Power):
    """1 energy when the owner has none (a real gain: Friend of Children adds 1)."""

    key = "solar_powered"
    ai_worth = 1.2

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if ctx.mon(seat).energy == 0:
            gain_energy(ctx, seat, 1, card_reason(ctx.s, self.key))


@register
class Herbivore(Power):
    """1 VP if the owner made no monster lose hearts this turn, with its smashes or its cards
    (itself included). An attack that ends up taking no heart (cancelled by Camouflage, Wings,
    a yield with Jets) made nobody lose hearts: in 2011 terms it dealt no damage (2011
    glossary), so both editions read the same."""

    key = "herbivore"
    ai_worth = 2.5

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        turn = ctx.turn
        if turn.smashed or seat in turn.hurt_by_cards:
            return
        gain_vp(ctx, seat, 1, card_reason(ctx.s, self.key))

    def ai_dice_vp(self, numbers: tuple[int, int, int], every_face: bool, attacked: bool,
                   damaged: bool) -> int:
        return -1 if damaged else 0  # the VP it would have given
