"""Made in a Lab: once per turn in its buy step, its owner may look at the top card of the
deck and buy it, or leave it there.

Only the owner may see that card (docs/rulings.md): the events say only that the top card was
looked at, and the question's prompt and labels are public, so they never name it; the card is
told through ``secret`` and ``private_choice_label``, which a user interface shows to the
owner alone. The question is asked even when the card is too dear (its only answer is then to
leave it), so that nobody learns that from the board either."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Pass, TopCard
from engine.card_ai import Judge, choices
from engine.card_table import CARDS
from engine.core import (
    Ctx,
    IllegalAction,
    Power,
    buying,
    card_bought,
    card_cost,
    card_word,
    pay_energy,
    register,
    replace_card,
    take_bought,
)
from engine.phrases import Phrase, Ref, card_text_ref, phrase
from engine.state import Card, Decision, GameState

QUESTION = "lab"


@register
class MadeInALab(Power):
    key = "made_in_a_lab"
    ai_worth = 1.5

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return bool(ctx.s.deck) and card.used_turn != ctx.turn.number

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-made_in_a_lab-use")

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        card = replace(card, used_turn=ctx.turn.number)
        replace_card(ctx, seat, card)
        ctx.emit(ev.DeckTopSeen(seat=seat, card=self.key))
        affordable = card_cost(ctx.s, seat, ctx.s.deck[0]) <= ctx.mon(seat).energy
        self.ask(ctx, seat, card, QUESTION, (TopCard(), Pass()) if affordable else (Pass(),),
                 Pass())

    # Public words: they must not tell which card it is.
    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-made_in_a_lab-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, TopCard):
            return phrase("cardq-made_in_a_lab-buy-it")
        return phrase("cardq-made_in_a_lab-leave-it")

    # Private words, for the owner alone.
    def secret(self, state: GameState, decision: Decision) -> Phrase | None:
        if not state.deck:
            return None
        key = state.deck[0]
        edition_2011 = state.options.edition == "2011"
        cost = card_cost(state, decision.seat, key)
        energy = state.monsters[decision.seat].energy
        seen = phrase("secret-top-card", card=card_word(state, key), cost=cost,
                      kind=Ref("secret-kind", CARDS[key].kind),
                      text=card_text_ref(key, edition_2011))
        if cost <= energy:
            return seen
        return phrase("secret-top-card-too-dear", seen=seen, energy=energy)

    def private_choice_label(self, state: GameState, decision: Decision,
                             choice: Choice) -> Phrase:
        if isinstance(choice, TopCard) and state.deck:
            key = state.deck[0]
            return phrase("option-buy", card=card_word(state, key),
                          cost=card_cost(state, decision.seat, key))
        return self.choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, TopCard):
            return  # left on the deck
        seat = decision.seat
        if not ctx.s.deck:
            raise IllegalAction(phrase("refusal-deck-empty"))
        key = ctx.s.deck[0]
        cost = card_cost(ctx.s, seat, key)
        pay_energy(ctx, seat, cost, buying(ctx.s, key))
        card_bought(ctx, seat, key, cost)
        ctx.set(deck=ctx.s.deck[1:])
        take_bought(ctx, seat, Card(uid=ctx.new_uid(), key=key))

    def ai_buy_step_use(self, judge: Judge, state: GameState, seat: int) -> float:
        return 0.2 if state.monsters[seat].energy >= 2 else -1.0

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Buy the card looked at if it is worth its cost: its owner is the one who may read
        the top card, while this question is pending."""
        if not state.deck or TopCard() not in choices(decision):
            return Pass()
        return TopCard() if judge.net_value(state, decision.seat, state.deck[0]) > 0 else Pass()
