"""Bamboo Supply (Pandakaï, permanent): at the start of each of its owner's turns, it either
puts 1 energy from the bank on the card or takes all the energy the card holds (its
tokens; the default puts one more)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, Pass, UseCard
from engine.card_ai import Judge, choices
from engine.core import (
    Ctx,
    card_reason,
    card_word,
    current_card,
    find_card,
    gain_energy,
    replace_card,
)
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

# Energy on the card from which the AI takes it all.
_TAKE_AT = 3


@register_evolution
class BambooSupply(Evolution):
    key = "bamboo_supply"
    ai_worth = 2.0

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        store = Pass()  # (put one more energy on it)
        options: tuple[Choice, ...] = (store,)
        if card.tokens:
            options = (store, UseCard(uid=card.uid))
        self.ask(ctx, seat, card, self.key, options, store)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-bamboo_supply-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, UseCard):
            return phrase("cardq-bamboo_supply-take", energy=_stored(state, decision))
        return phrase("cardq-bamboo_supply-store")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        if card is None:
            return
        if isinstance(choice, UseCard):
            replace_card(ctx, decision.seat, replace(card, tokens=0))
            gain_energy(ctx, decision.seat, card.tokens, card_reason(ctx.s, self.key))
        else:
            replace_card(ctx, decision.seat, replace(card, tokens=card.tokens + 1))

    def status(self, state: GameState, card: Card) -> Phrase | None:
        return phrase("status-energy-stored", energy=card.tokens) if card.tokens else None

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        take = next((c for c in choices(decision) if isinstance(c, UseCard)), None)
        if take is not None and _stored(state, decision) >= _TAKE_AT:
            return take
        return Pass()


def _stored(state: GameState, decision: Decision) -> int:
    """The energy on the Bamboo Supply that asks ``decision``."""
    found = find_card(state, decision.card_uid) if decision.card_uid is not None else None
    return found[1].tokens if found is not None else 0
