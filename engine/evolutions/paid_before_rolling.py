"""Permanent Evolutions whose owner may pay energy on them at the start of each of its turns,
before it rolls (Energy Sword, Exotic Arms: docs/rulings.md 69 and 75): asked each turn it
has the energy, the default pays nothing. Each card says what the payment does (``paid``),
its words (``prompt``, ``pay_label``) and when the AI pays (``ai_answer``)."""

from __future__ import annotations

from typing import ClassVar

from engine.actions import Choice, Pass, UseCard
from engine.core import Ctx, card_reason, current_card, pay_energy, replace_card
from engine.evolution import Evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState


class PaidBeforeRolling(Evolution):
    # The energy paid.
    cost: ClassVar[int]

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if self.may_pay(ctx, card) and ctx.mon(seat).energy >= self.cost:
            self.ask(ctx, seat, card, self.key, (UseCard(uid=card.uid), Pass()), Pass())

    def may_pay(self, ctx: Ctx, card: Card) -> bool:
        """Is the owner asked this turn (when it has the energy)?"""
        return True

    def paid(self, ctx: Ctx, card: Card) -> Card:
        """The card once paid for this turn."""
        raise NotImplementedError

    def pay_label(self, state: GameState) -> Phrase:
        """The label of the answer that pays."""
        raise NotImplementedError

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, UseCard):
            return self.pay_label(state)
        return phrase("option-pass")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        if not isinstance(choice, UseCard) or card is None:
            return
        pay_energy(ctx, decision.seat, self.cost, card_reason(ctx.s, self.key))
        replace_card(ctx, decision.seat, self.paid(ctx, card))
