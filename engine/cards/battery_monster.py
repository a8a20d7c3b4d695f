"""Battery Monster (2016) / Monster Batteries (2011): energy stored on the card, 2 of which
go to the owner's pool at the start of each of its turns (a recovery, not a gain: no energy
bonus applies); the card is discarded once empty.

2016: when bought, the bank puts 6 energy on it. 2011: when bought, its owner chooses how much
of its own energy to put on it, and the bank adds as much. A Mimic copying it gets its own
energy (its tokens), and is itself discarded when that runs out. The energy is the card's
tokens, so a card bought from its owner (Parasitic Tentacles) keeps what is left on it."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, PickAmount
from engine.card_ai import Judge
from engine.core import (
    Ctx,
    IllegalAction,
    Power,
    card_cost,
    card_reason,
    card_word,
    current_card,
    gain_energy,
    pay_energy,
    register,
    remove_card,
    replace_card,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

BANK_2016 = 6
PER_TURN = 2
QUESTION = "batteries"


@register
class BatteryMonster(Power):
    key = "battery_monster"
    ai_worth = 3.0

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        if card.tokens:
            return  # bought from another monster with the energy left on it
        if ctx.s.options.edition == "2016":
            replace_card(ctx, seat, replace(card, tokens=BANK_2016))
            return
        energy = ctx.mon(seat).energy
        if not energy:
            _discard_empty(ctx, seat, card, phrase("cardq-battery_monster-no-energy"))
            return
        # The default (a timeout) puts everything on it: the bank doubles it.
        choices = tuple(PickAmount(amount=n) for n in range(energy, -1, -1))
        self.ask(ctx, seat, card, QUESTION, choices, choices[0])

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-battery_monster-prompt", card=card_word(state, self.key),
                      energy=PER_TURN)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if not isinstance(choice, PickAmount):
            return super().choice_label(state, decision, choice)
        if not choice.amount:
            return phrase("cardq-battery_monster-nothing")
        return phrase("cardq-battery_monster-put", energy=choice.amount)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, PickAmount):
            return
        seat = decision.seat
        assert decision.card_uid is not None
        card = current_card(ctx, seat, decision.card_uid)
        if card is None:
            raise IllegalAction(phrase("refusal-card-gone"))
        if not choice.amount:
            _discard_empty(ctx, seat, card, phrase("cardq-battery_monster-empty"))
            return
        pay_energy(ctx, seat, choice.amount,
                   phrase("cardq-battery_monster-charging", card=card_word(ctx.s, self.key)))
        replace_card(ctx, seat, replace(card, tokens=2 * choice.amount))

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        card = current_card(ctx, seat, card.uid) or card
        taken = min(PER_TURN, card.tokens)
        if not taken:
            return
        gain_energy(ctx, seat, taken, card_reason(ctx.s, self.key), recovery=True)
        if card.tokens > taken:
            replace_card(ctx, seat, replace(card, tokens=card.tokens - taken))
        else:
            _discard_empty(ctx, seat, card, phrase("cardq-battery_monster-used-up"))

    def status(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-battery_monster-status", energy=card.tokens)

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return 0.8 if state.options.edition == "2016" else 0.0

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Put everything on it (the bank doubles it), but what a good card on offer costs."""
        energy = state.monsters[decision.seat].energy
        keep = 0
        for card in state.face_up:
            cost = card_cost(state, decision.seat, card.key)
            if cost <= energy and judge.net_value(state, decision.seat, card.key) > 1.0:
                keep = max(keep, cost)
        return PickAmount(amount=max(0, energy - keep))


def _discard_empty(ctx: Ctx, seat: int, card: Card, reason: Phrase) -> None:
    """The card (or the Mimic copying it) goes; a question it had asked this turn (the
    Mimic's offer to move) goes with it."""
    remove_card(ctx, seat, card, reason)
    ctx.pending[:] = [d for d in ctx.pending if d.card_uid != card.uid]
