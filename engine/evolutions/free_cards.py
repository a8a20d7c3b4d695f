"""Power cards put into play for free, not bought (Precision Field Support, Deep Dive:
docs/rulings.md 78 and 79): a Keep card is gained, a Discard card goes to the discard pile
and resolves, as a bought one; but nothing that watches purchases sees it (King of the Gizmo,
a card's ``on_card_bought``)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, card_cost, take_bought
from engine.phrases import Phrase
from engine.state import Card, GameState


def put_into_play(ctx: Ctx, seat: int, key: str, reason: Phrase) -> None:
    """``seat`` puts the card ``key``, out of the deck already, into play for free."""
    ctx.emit(ev.CardTaken(seat=seat, card=key, reason=reason))
    take_bought(ctx, seat, Card(uid=ctx.new_uid(), key=key))


def free_value(judge: Judge, state: GameState, seat: int, key: str) -> float:
    """(AI) What the card ``key`` put into play for free is worth to ``seat``: its value, its
    cost aside."""
    return judge.net_value(state, seat, key) + card_cost(state, seat, key) * judge.spend
