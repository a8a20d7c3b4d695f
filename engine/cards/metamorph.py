"""Metamorph: at the end of its owner's turn, after buying, the owner may sell any of its Keep
cards, one at a time, each for its full printed cost in energy (2011 rulebook: even a card
bought at a discount). A card bought this turn may be sold, and so may Metamorph itself, which
ends the selling. The energy is a recovery, not a gain: Friend of Children adds nothing.

It sells first among the owner's end-of-turn cards (the rulebook: the sale comes right after
buying), so Energy Hoarder counts the energy it brings (docs/rulings.md)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, Pass, PickCard
from engine.card_ai import Judge, choices
from engine.core import (
    Ctx,
    IllegalAction,
    Power,
    card_word,
    current_card,
    effective_key,
    gain_energy,
    key_in_play,
    powers_of,
    printed_cost,
    register,
    remove_card,
    replace_card,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

QUESTION = "metamorph"


@register
class Metamorph(Power):
    key = "metamorph"
    ai_worth = 1.5
    end_of_turn_order = -2

    def _offer(self, ctx: Ctx, seat: int, card: Card) -> None:
        """Ask the owner which Keep card to sell, if any."""
        choices = tuple(PickCard(uid=c.uid) for c in ctx.mon(seat).cards)
        if choices:
            self.ask(ctx, seat, card, QUESTION, (*choices, Pass()), Pass())

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        turn = ctx.turn.number
        # One selling session a turn, even with two cards that sell (Metamorph and a Mimic
        # copying it): the session offers every card anyway.
        if any(power is self and owned.used_turn == turn
               for owned, power in powers_of(ctx.s, seat)):
            return
        card = replace(card, used_turn=turn)
        replace_card(ctx, seat, card)
        self._offer(ctx, seat, card)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-metamorph-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Pass):
            return phrase("cardq-metamorph-pass")
        if not isinstance(choice, PickCard):
            return super().choice_label(state, decision, choice)
        owned = next((c for c in state.monsters[decision.seat].cards if c.uid == choice.uid),
                     None)
        if owned is None:
            return phrase("cardq-metamorph-sell-a-card")
        return phrase("cardq-metamorph-sell", card=card_word(state, owned.key),
                      cost=printed_cost(state, owned.key))

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, PickCard):
            return
        seat = decision.seat
        sold = current_card(ctx, seat, choice.uid)
        if sold is None:
            raise IllegalAction(phrase("refusal-card-not-yours"))
        remove_card(ctx, seat, sold,
                    phrase("cardq-metamorph-sold-with", card=card_word(ctx.s, self.key)))
        if not ctx.mon(seat).alive:
            # Selling Even Bigger in 2011 takes its 2 hearts back and may knock the seller
            # out (ruling 65): a monster out of the game gains nothing and sells no more.
            return
        gain_energy(ctx, seat, printed_cost(ctx.s, sold.key),
                    phrase("reason-selling", card=card_word(ctx.s, sold.key)), recovery=True)
        # Ask again while the card that asked still sells (it may have sold itself, or the
        # card a Mimic copies).
        assert decision.card_uid is not None
        seller = current_card(ctx, seat, decision.card_uid)
        if seller is not None and effective_key(ctx.s, seller) == self.key:
            self._offer(ctx, seat, seller)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Sell the card whose energy is worth most more than the card itself (never the card
        that sells)."""
        best: tuple[Choice, float] = (Pass(), 0.0)
        for choice in choices(decision):
            key = key_in_play(state, choice.uid) if isinstance(choice, PickCard) else None
            if key is None or choice == PickCard(uid=decision.card_uid or -1):
                continue
            gain = printed_cost(state, key) * judge.spend - judge.keep_value(state, decision.seat,
                                                                               key)
            if gain > best[1]:
                best = (choice, gain)
        return best[0]
