"""Energy Sword (Cyber Bunny, permanent): at the start of each of its owner's turns, before it
rolls, it may pay 2 energy; if it did, a Smash is added to its final dice when they show one,
and it gains 1 energy for each Smash its dice show (asked each turn; the default pays
nothing)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, Pass, UseCard
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_reason, card_word, gain_energy
from engine.evolution import register_evolution
from engine.evolutions.paid_before_rolling import PaidBeforeRolling
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, Face, GameState

COST = 2


@register_evolution
class EnergySword(PaidBeforeRolling):
    key = "energy_sword"
    cost = COST
    ai_worth = 2.0

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-energy_sword-prompt", card=card_word(state, self.key),
                      energy=COST)

    def pay_label(self, state: GameState) -> Phrase:
        return phrase("cardq-energy_sword-pay", energy=COST)

    def paid(self, ctx: Ctx, card: Card) -> Card:
        return replace(card, used_turn=ctx.turn.number)  # (paid this turn)

    def added_smashes(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                      smashes: int) -> int:
        return 1 if card.used_turn == ctx.turn.number and "smash" in dice else 0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        if card.used_turn == ctx.turn.number:
            gain_energy(ctx, seat, dice.count("smash"), card_reason(ctx.s, self.key))

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Pay with energy to spare: about two Smashes are rolled a turn, each an energy back,
        and an added Smash."""
        pay = next((c for c in choices(decision) if isinstance(c, UseCard)), Pass())
        return pay if state.monsters[decision.seat].energy >= COST + 2 else Pass()
