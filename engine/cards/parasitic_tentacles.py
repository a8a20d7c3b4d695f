"""Parasitic Tentacles: in its own buy step, its owner may buy a card another monster owns,
paying that monster the cost (less the buyer's own discounts).

The card changes hands as it is (docs/rulings.md): tokens on it move with it (a Battery
Monster keeps the energy left on it), and a Mimic copying it goes on copying it, since it
never left play. Its power ends for the seller and begins for the buyer as for a card just
bought (Even Bigger's 2 hearts; a Mimic bought this way chooses a card to copy again)."""

from __future__ import annotations

from engine.actions import Choice, PickCard
from engine.card_ai import Judge
from engine.core import (
    POWERS,
    Ctx,
    IllegalAction,
    Power,
    card_bought,
    card_cost,
    card_word,
    clockwise_others,
    current_card,
    find_card,
    gain_energy,
    pay_energy,
    register,
    stop_copying,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, GameState


@register
class ParasiticTentacles(Power):
    key = "parasitic_tentacles"
    ai_worth = 2.5

    def buy_offers(self, state: GameState, seat: int, card: Card) -> tuple[Choice, ...]:
        energy = state.monsters[seat].energy
        return tuple(
            PickCard(uid=owned.uid)
            for other in clockwise_others(state, seat)
            for owned in state.monsters[other].cards
            if card_cost(state, seat, owned.key) <= energy
        )

    def offer_label(self, state: GameState, seat: int, card: Card, choice: Choice) -> Phrase:
        found = find_card(state, choice.uid) if isinstance(choice, PickCard) else None
        if found is None:
            return phrase("cardq-parasitic_tentacles-buy-a-card")
        owner, owned = found
        return phrase("cardq-parasitic_tentacles-buy", card=card_word(state, owned.key),
                      name=state.monsters[owner].name, cost=card_cost(state, seat, owned.key))

    def take_offer(self, ctx: Ctx, seat: int, card: Card, choice: Choice) -> None:
        found = find_card(ctx.s, choice.uid) if isinstance(choice, PickCard) else None
        if found is None or found[0] == seat:
            raise IllegalAction(phrase("refusal-not-on-offer"))
        owner, bought = found
        name = card_word(ctx.s, bought.key)
        cost = card_cost(ctx.s, seat, bought.key)
        pay_energy(ctx, seat, cost, phrase("reason-buying", card=name))
        card_bought(ctx, seat, bought.key, cost, owner)
        gain_energy(ctx, owner, cost, phrase("reason-selling", card=name))
        _change_hands(ctx, owner, seat, bought)

    def ai_offer_value(self, judge: Judge, state: GameState, seat: int, choice: Choice) -> float:
        """Buying another monster's card: its worth to the buyer and to the owner, the energy
        paid to the owner."""
        found = find_card(state, choice.uid) if isinstance(choice, PickCard) else None
        if found is None:
            return -1.0
        owner, card = found
        cost = card_cost(state, seat, card.key)
        weight = judge.enemy_weight(state, seat, owner)
        taken = judge.keep_value(state, owner, card.key) * weight
        return judge.net_value(state, seat, card.key) + taken - cost * judge.energy * weight


def _change_hands(ctx: Ctx, seller: int, buyer: int, card: Card) -> None:
    """The card leaves the seller, its tokens on it, and joins the buyer; cards copying it
    go on copying it."""
    if card.copies is not None:
        # A copying card (Mimic) stops copying for the seller; the buyer chooses again.
        stop_copying(ctx, seller, card, copied_key=None)
        stopped = current_card(ctx, seller, card.uid)
        assert stopped is not None
        card = stopped
    power = POWERS.get(card.key)
    ctx.set_mon(seller, cards=tuple(c for c in ctx.mon(seller).cards if c.uid != card.uid))
    if power is not None:
        power.on_lose(ctx, seller, card)
    ctx.set_mon(buyer, cards=(*ctx.mon(buyer).cards, card))
    if power is not None:
        power.on_gain(ctx, buyer, card)
