"""Icy Reflection (Space Penguin, permanent): played, its owner marks a permanent Evolution
face up in front of any monster (itself included), not another Icy Reflection; this card
then copies it, as Mimic copies a Keep card (``Card.copies``: its powers, its questions, with
its own tokens), for good. When the card it copies leaves play, Icy Reflection is discarded
(docs/rulings.md 84). It is played only while another permanent Evolution is face up."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, PickCard
from engine.card_ai import Judge, choices
from engine.core import (
    POWERS,
    Ctx,
    IllegalAction,
    card_word,
    current_card,
    find_card,
    remove_card,
    replace_card,
)
from engine.evolution import Evolution, register_evolution
from engine.evolution_table import EVOLUTIONS
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState


@register_evolution
class IcyReflection(Evolution):
    key = "icy_reflection"
    copies_cards = True
    ai_worth = 0.0

    def playable(self, state: GameState, seat: int) -> bool:
        return bool(_targets(state))

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        targets = _targets(ctx.s)
        self.ask(ctx, seat, card, self.key, targets, targets[0])

    def on_copy_gone(self, ctx: Ctx, seat: int, card: Card, copied_key: str) -> None:
        remove_card(ctx, seat, card, phrase("cardq-icy_reflection-copy-gone",
                                            card=card_word(ctx.s, copied_key)))
        POWERS[copied_key].on_lose(ctx, seat, card)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-icy_reflection-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        found = find_card(state, choice.uid) if isinstance(choice, PickCard) else None
        if found is None:
            return super().choice_label(state, decision, choice)
        owner, marked = found
        return phrase("cardq-icy_reflection-copy", card=card_word(state, marked.key),
                      name=state.monsters[owner].name)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        marked = find_card(ctx.s, choice.uid) if isinstance(choice, PickCard) else None
        if card is None or marked is None or choice not in _targets(ctx.s):
            raise IllegalAction(phrase("refusal-card-not-in-play"))
        owner, copied = marked
        power = POWERS[copied.key]
        card = replace(card, copies=copied.uid, tokens=power.starting_tokens, used_turn=-1)
        replace_card(ctx, decision.seat, card)
        ctx.emit(ev.CardCopied(seat=decision.seat, card=copied.key, owner=owner,
                               copier=self.key))
        power.on_gain(ctx, decision.seat, card)

    def ai_keep_value(self, judge: Judge, state: GameState, seat: int) -> float:
        """The best Evolution it could copy now (nothing when there is none)."""
        return max((judge.keep_value(state, seat, key) for key in _target_keys(state)),
                   default=0.0)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        def worth(choice: Choice) -> float:
            found = find_card(state, choice.uid) if isinstance(choice, PickCard) else None
            return (judge.keep_value(state, decision.seat, found[1].key)
                    if found is not None else float("-inf"))
        return max(choices(decision), key=worth, default=None)


def _targets(state: GameState) -> tuple[PickCard, ...]:
    """Every permanent Evolution face up in front of a monster in the game, but the Icy
    Reflections."""
    return tuple(PickCard(uid=card.uid) for monster in state.monsters if monster.alive
                 for card in monster.evolutions if _copiable(card))


def _target_keys(state: GameState) -> list[str]:
    return [card.key for monster in state.monsters if monster.alive
            for card in monster.evolutions if _copiable(card)]


def _copiable(card: Card) -> bool:
    return card.key != IcyReflection.key and EVOLUTIONS[card.key].kind == "permanent"
