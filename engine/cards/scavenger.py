"""Scavenger: in its own buy step, its owner may buy cards from the discard pile, at their
cost less its discounts. A Keep card bought there is gained as if bought face up; a Discard
card resolves, then goes under the deck instead of back to the discard pile.

Each card of the pile the owner can afford is a purchase of the buy question ("Buy Heal from
the discard pile (3⚡)"), the most recently discarded first, each name once: copies in the
pile are alike. Buying from the pile reveals nothing (docs/rulings.md)."""

from __future__ import annotations

from engine.actions import Choice, PickDiscarded
from engine.card_ai import Judge
from engine.core import (
    POWERS,
    Ctx,
    IllegalAction,
    Power,
    buying,
    card_bought,
    card_cost,
    card_word,
    pay_energy,
    register,
    take_bought,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, GameState


@register
class Scavenger(Power):
    key = "scavenger"
    ai_worth = 1.5

    def buy_offers(self, state: GameState, seat: int, card: Card) -> tuple[Choice, ...]:
        energy = state.monsters[seat].energy
        keys = dict.fromkeys(reversed(state.discard))  # newest first, each once
        return tuple(PickDiscarded(key=key) for key in keys
                     if key in POWERS and card_cost(state, seat, key) <= energy)

    def offer_label(self, state: GameState, seat: int, card: Card, choice: Choice) -> Phrase:
        if not isinstance(choice, PickDiscarded):
            return phrase("cardq-scavenger-buy-a-card")
        return phrase("cardq-scavenger-buy", card=card_word(state, choice.key),
                      cost=card_cost(state, seat, choice.key))

    def take_offer(self, ctx: Ctx, seat: int, card: Card, choice: Choice) -> None:
        if not isinstance(choice, PickDiscarded) or choice.key not in ctx.s.discard:
            raise IllegalAction(phrase("refusal-not-in-discard"))
        key = choice.key
        pile = list(ctx.s.discard)
        del pile[len(pile) - 1 - pile[::-1].index(key)]  # the newest copy
        cost = card_cost(ctx.s, seat, key)
        pay_energy(ctx, seat, cost, buying(ctx.s, key))
        ctx.set(discard=tuple(pile))
        card_bought(ctx, seat, key, cost, from_discard=True)
        # (A Discard card goes under the deck, not back to the pile.)
        take_bought(ctx, seat, Card(uid=ctx.new_uid(), key=key), under_deck=True)

    def ai_offer_value(self, judge: Judge, state: GameState, seat: int, choice: Choice) -> float:
        """A card of the discard pile, weighed as a face-up one."""
        if not isinstance(choice, PickDiscarded):
            return -1.0
        return judge.buy_value(state, seat, choice.key)
