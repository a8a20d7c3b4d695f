"""Energy Sword (Cyber Bunny, permanent): at the start of each of its owner's turns, before it
rolls, it may pay 2 energy; if it did, a Smash is added to its final dice when they show one,
and it gains 1 energy for each Smash its dice show (asked each turn; the default pays
nothing), at the "turn_start" moment."""

from __future__ import annotations

from msgspec.structs import replace

from engine.card_ai import Judge
from engine.core import (
    Ctx,
    card_reason,
    gain_energy,
    pay_energy,
    replace_card,
)
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Face, GameState
from engine.steps import EvolutionMoment

COST = 2


@register_evolution
class EnergySword(Evolution):
    key = "energy_sword"
    ai_worth = 2.0

    # Asked at the "turn_start" moment, once the start-of-turn questions are answered (a
    # Mimic moved with energy first cannot leave the payment short: docs/rulings.md 69).
    def usable_at(self, state: GameState, seat: int, card: Card,
                  moment: EvolutionMoment) -> bool:
        turn = state.turn
        return (moment == "turn_start" and turn is not None and turn.seat == seat
                and card.used_turn != turn.number and state.monsters[seat].energy >= COST)

    def use_at(self, ctx: Ctx, seat: int, card: Card, moment: EvolutionMoment) -> None:
        pay_energy(ctx, seat, COST, card_reason(ctx.s, self.key))
        # (Paid this turn: its used_turn says so.)
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-energy_sword-pay", energy=COST)

    def added_smashes(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                      smashes: int) -> int:
        return 1 if card.used_turn == ctx.turn.number and "smash" in dice else 0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if card.used_turn == ctx.turn.number:
            gain_energy(ctx, seat, dice.count("smash"), card_reason(ctx.s, self.key))

    def ai_uses_at(self, judge: Judge, state: GameState, seat: int,
                   moment: EvolutionMoment) -> bool:
        """Pay with energy to spare: about two Smashes are rolled a turn, each an energy back,
        and an added Smash."""
        return state.monsters[seat].energy >= COST + 2
