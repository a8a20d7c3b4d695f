"""Deep Dive (Space Penguin, temporary): its owner takes up the top 3 power cards of the deck,
puts one into play for free and the other two under the deck, in their order. While it
chooses they are out of the deck (nothing played meanwhile turns them up), and
which they are is its secret until one is played: the question's public labels give only
their places (``secret`` and ``private_choice_label`` name them for the owner alone), its
answers name them (``PickDeckCard``). With a single card left, it goes into play without a
question; with none, it may not be played (docs/rulings.md 79)."""

from __future__ import annotations

from math import comb

from engine.actions import Choice, PickDeckCard
from engine.card_ai import Judge, choices
from engine.card_table import CARDS
from engine.core import Ctx, card_reason, card_word
from engine.evolution import Evolution, register_evolution
from engine.evolutions.free_cards import free_value, put_into_play
from engine.phrases import Join, Phrase, Ref, card_text_ref, phrase
from engine.state import Decision, GameState

LOOKED_AT = 3


@register_evolution
class DeepDive(Evolution):
    key = "deep_dive"

    def on_play(self, ctx: Ctx, seat: int) -> None:
        looked = ctx.s.deck[:LOOKED_AT]
        ctx.set(deck=ctx.s.deck[len(looked):])
        if len(looked) == 1:
            put_into_play(ctx, seat, looked[0], card_reason(ctx.s, self.key))
        elif looked:
            picks = tuple(PickDeckCard(place=place, key=key) for place, key in enumerate(looked))
            ctx.ask_choice(seat, "card", picks, picks[0], power=self.key, question=self.key)

    def playable(self, state: GameState, seat: int) -> bool:
        return bool(state.deck)

    # Public words: which cards they are is the owner's secret.
    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-deep_dive-prompt", card=card_word(state, self.key),
                      count=len(decision.options))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        assert isinstance(choice, PickDeckCard)
        return phrase("cardq-deep_dive-nth", place=choice.place + 1)

    # Private words, for the owner alone.
    def secret(self, state: GameState, decision: Decision) -> Phrase | None:
        edition_2011 = state.options.edition == "2011"
        seen = tuple(phrase("cardq-deep_dive-seen", card=card_word(state, c.key),
                            kind=Ref("secret-kind", CARDS[c.key].kind),
                            text=card_text_ref(c.key, edition_2011))
                     for c in _looked(decision))
        return phrase("cardq-deep_dive-secret", cards=Join(seen))

    def private_choice_label(self, state: GameState, decision: Decision,
                             choice: Choice) -> Phrase:
        assert isinstance(choice, PickDeckCard)
        return phrase("cardq-deep_dive-put", card=card_word(state, choice.key))

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert isinstance(choice, PickDeckCard)
        under = tuple(c.key for c in _looked(decision) if c != choice)
        ctx.set(deck=(*ctx.s.deck, *under))
        put_into_play(ctx, decision.seat, choice.key, card_reason(ctx.s, self.key))

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """The card looked at worth most to its owner, put into play for free."""
        return max(_looked(decision),
                   key=lambda c: free_value(judge, state, decision.seat, c.key))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """The best of three cards of the deck (its contents are known, not their order): the
        expected best of three drawn from it."""
        worth = {key: free_value(judge, state, seat, key) for key in set(state.deck)}
        values = sorted(worth[key] for key in state.deck)
        drawn = min(LOOKED_AT, len(values))
        if not drawn:
            return 0.0
        # The i-th smallest value (from 0) is the best of those drawn in comb(i, drawn - 1)
        # of the comb(n, drawn) equally likely draws.
        return sum(value * comb(i, drawn - 1)
                   for i, value in enumerate(values)) / comb(len(values), drawn)


def _looked(decision: Decision) -> list[PickDeckCard]:
    """The cards looked at, top first."""
    return sorted((c for c in choices(decision) if isinstance(c, PickDeckCard)),
                  key=lambda c: c.place)
