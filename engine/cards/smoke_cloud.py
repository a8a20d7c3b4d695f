"""Smoke Cloud: 3 smoke tokens; each gives one extra roll. The card goes with the last one."""

from __future__ import annotations

from msgspec.structs import replace

from engine.card_ai import Judge
from engine.core import Ctx, Power, register, remove_card, replace_card
from engine.phrases import Phrase, phrase
from engine.state import Card, GameState


@register
class SmokeCloud(Power):
    key = "smoke_cloud"
    ai_worth = 3.0
    starting_tokens = 3

    def extra_roll_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return card.tokens > 0

    def spend_extra_roll(self, ctx: Ctx, seat: int, card: Card) -> None:
        if card.tokens > 1:
            replace_card(ctx, seat, replace(card, tokens=card.tokens - 1))
        else:
            # The last token is spent: the card (or the copier carrying the tokens) goes.
            remove_card(ctx, seat, card, phrase("cardq-smoke_cloud-used-up"))

    def status(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-smoke_cloud-status", count=card.tokens)

    def tokens_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-smoke_cloud-tokens", count=card.tokens)

    def ai_extra_roll_cost(self, judge: Judge) -> float:
        return 1.0  # a token, which could have given another roll later
