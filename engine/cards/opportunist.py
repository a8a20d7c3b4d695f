"""Opportunist: when cards are revealed during another monster's turn, its owner may buy them
at once, one after another (each revealed card is an opportunity of its own; docs/rulings.md)."""

from __future__ import annotations

from engine.actions import Choice, Choose, Pass, PickCard
from engine.card_ai import Judge, choices
from engine.core import (
    Ctx,
    IllegalAction,
    Power,
    buy_face_up,
    card_cost,
    card_word,
    face_up_slot,
    key_in_play,
    register,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState
from engine.steps import CardWindow


@register
class Opportunist(Power):
    key = "opportunist"
    ai_worth = 2.0

    def on_card_revealed(self, ctx: Ctx, seat: int, card: Card,
                         revealed: tuple[int, ...]) -> None:
        energy = ctx.mon(seat).energy
        choices = tuple(
            PickCard(uid=c.uid)
            for c in ctx.s.face_up
            if c.uid in revealed and card_cost(ctx.s, seat, c.key) <= energy
        )
        if choices:
            self.ask(ctx, seat, card, "opportunist", (*choices, Pass()), Pass())

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-opportunist-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Pass):
            return phrase("cardq-opportunist-pass")
        if not isinstance(choice, PickCard):
            return super().choice_label(state, decision, choice)
        slot = face_up_slot(state, choice.uid)
        if slot is None:
            return phrase("option-buy-a-card")
        key = state.face_up[slot].key
        return phrase("option-buy", card=card_word(state, key),
                      cost=card_cost(state, decision.seat, key))

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, PickCard):
            return
        slot = face_up_slot(ctx.s, choice.uid)
        if slot is None:
            raise IllegalAction(phrase("refusal-not-on-offer"))
        # Each revealed card is an opportunity of its own: the others are offered again once
        # the bought card has resolved (a question of its own answered, such as Monster
        # Batteries', its losses of hearts taken), and before the card that replaces it.
        others = tuple(o.choice.uid for o in decision.options
                       if isinstance(o, Choose) and isinstance(o.choice, PickCard)
                       and o.choice.uid != choice.uid)
        again = (CardWindow(window="card_revealed", seat=decision.seat,
                            uid=decision.card_uid, cards=others),
                 ) if others and decision.card_uid is not None else ()
        buy_face_up(ctx, decision.seat, slot, then=again)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """The best revealed card worth its cost, if it is still affordable: another question
        answered meanwhile (the card just bought asking its own) may have spent the energy."""
        energy = state.monsters[decision.seat].energy
        best: tuple[Choice, float] = (Pass(), 0.0)
        for choice in choices(decision):
            key = key_in_play(state, choice.uid) if isinstance(choice, PickCard) else None
            if key is None or card_cost(state, decision.seat, key) > energy:
                continue
            if (value := judge.net_value(state, decision.seat, key)) > best[1]:
                best = (choice, value)
        return best[0]
