"""Bamboozle (Pandakaï, temporary): played when another monster buys a face-up power card
(the moment "card_bought", before it pays), that purchase is cancelled (no energy spent, and
that card may not be bought this turn) and Bamboozle's owner picks another face-up card the
buyer can afford, which the buyer buys; with none, the buyer buys nothing
(docs/rulings.md 90)."""

from __future__ import annotations

from engine import events as ev
from engine.actions import Choice, PickCard
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_cost, card_word
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState


def _instead(state: GameState) -> list[Card]:
    """The face-up cards the buyer could buy instead: affordable, not the one Bamboozled
    (nor one Bamboozled before this turn)."""
    assert state.turn is not None
    buyer, turn = state.turn.seat, state.turn
    energy = state.monsters[buyer].energy
    return [card for card in state.face_up if card.uid not in turn.unbuyable
            and card.uid != turn.buying and card_cost(state, buyer, card.key) <= energy]


def _buying(state: GameState) -> Card | None:
    turn = state.turn
    return None if turn is None else next(
        (card for card in state.face_up if card.uid == turn.buying), None)


@register_evolution
class Bamboozle(Evolution):
    key = "bamboozle"
    prompted_at = frozenset({"card_bought"})
    ends_the_moment = True

    def on_play(self, ctx: Ctx, seat: int) -> None:
        turn = ctx.turn
        bought = _buying(ctx.s)
        if bought is not None:
            ctx.emit(ev.PurchaseCancelled(seat=turn.seat, card=bought.key, by=seat,
                                          cause=self.key))
        instead = _instead(ctx.s)
        ctx.set_turn(unbuyable=(*turn.unbuyable, turn.buying), buying=-1)
        if instead:
            picks = tuple(PickCard(uid=card.uid) for card in instead)
            ctx.ask_choice(seat, "card", picks, picks[0], power=self.key, question=self.key)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        buyer = state.monsters[state.turn.seat].name if state.turn is not None else ""
        return phrase("cardq-bamboozle-prompt", card=card_word(state, self.key), name=buyer)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        card = next((c for c in state.face_up
                     if isinstance(choice, PickCard) and c.uid == choice.uid), None)
        if card is None or state.turn is None:
            return super().choice_label(state, decision, choice)
        return phrase("cardq-bamboozle-pick", card=card_word(state, card.key),
                      cost=card_cost(state, state.turn.seat, card.key))

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if isinstance(choice, PickCard) and any(c.uid == choice.uid for c in _instead(ctx.s)):
            ctx.set_turn(buying=choice.uid)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """Worth it when the card bought is worth much more to the buyer than the least of
        what it could buy instead."""
        bought = _buying(state)
        if bought is None or state.turn is None:
            return -1.0
        buyer = state.turn.seat
        worth = judge.net_value(state, buyer, bought.key) * judge.enemy_weight(state, seat, buyer)
        instead = min((judge.net_value(state, buyer, c.key) for c in _instead(state)),
                      default=0.0)
        return worth - max(0.0, instead) - 1.0

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """The card worth least to the buyer."""
        assert state.turn is not None
        buyer = state.turn.seat
        by_uid = {card.uid: card.key for card in state.face_up}
        return min(choices(decision), key=lambda c: judge.net_value(
            state, buyer, by_uid[c.uid]) if isinstance(c, PickCard) else 0.0)
