"""Adapting Technology (Alienoid, permanent): it comes with 3 tokens; in its buy step, its owner
may spend one instead of paying 2 energy to sweep the face-up power cards (they go to the
discard pile and three are revealed: the buy question's sweep). The card is discarded, to its
owner's Evolution discard pile, once its last token is spent (docs/rulings.md 80)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.card_ai import Judge
from engine.core import Ctx, remove_card, replace_card, sweep_face_up
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, GameState

TOKENS = 3


@register_evolution
class AdaptingTechnology(Evolution):
    key = "adapting_technology"
    starting_tokens = TOKENS
    ai_worth = 1.0

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return card.tokens > 0 and bool(ctx.s.face_up)

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-adapting_technology-use", tokens=card.tokens)

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        spent = replace(card, tokens=card.tokens - 1)
        replace_card(ctx, seat, spent)
        sweep_face_up(ctx, seat)
        if not spent.tokens:
            remove_card(ctx, seat, spent, phrase("cardq-adapting_technology-used-up"))

    def ai_buy_step_use(self, judge: Judge, state: GameState, seat: int) -> float:
        """Sweep, for free, when no card on offer is worth buying now nor saving for (the
        buy question's sweep, which costs 2 energy, scores 0.3 then)."""
        best = max((judge.buy_value(state, seat, card.key) for card in state.face_up),
                   default=0.0)
        return 0.5 if best <= 0 else -1.0
