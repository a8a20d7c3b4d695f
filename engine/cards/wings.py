"""Wings: pay 2 energy to lose no hearts for the rest of the turn.

Offered as a reaction whenever its owner is about to lose hearts (docs/rulings.md). Once paid,
the card remembers the turn (``used_turn``) and prevents every later loss of that turn, first
of all prevention cards. (Schema 1 kept that turn on the monster: ``wings_turn``.)"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, pay_energy, register, replace_card
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss

COST = 2


@register
class Wings(Power):
    key = "wings"
    ai_worth = 4.0
    prevent_order = -1

    def upgrade_stored_monster(self, schema: int, monster: dict[str, Any]) -> None:
        if schema != 1:
            return
        used_turn = monster.pop("wings_turn", -1)
        if used_turn >= 0:
            # Schema 1 did not record which card was paid for; no other card reads used_turn.
            for card in monster.get("cards", []):
                card["used_turn"] = used_turn

    def _paid_this_turn(self, ctx: Ctx, card: Card) -> bool:
        return card.used_turn == ctx.turn.number

    def prevents(self, ctx: Ctx, seat: int, card: Card, amount: int) -> bool:
        return amount > 0 and self._paid_this_turn(ctx, card)

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        ctx.emit(ev.LossPrevented(seat=seat, amount=amount, card=self.key))
        return 0

    def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return ctx.mon(seat).energy >= COST and not self._paid_this_turn(ctx, card)

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-wings-use", energy=COST)

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        pay_energy(ctx, seat, COST, card_reason(ctx.s, self.key))
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        if loss_index is not None:
            losses = ctx.turn.losses
            loss = losses[loss_index]
            ctx.emit(ev.LossPrevented(seat=seat, amount=loss.amount, card=self.key))
            cancelled = replace(loss, amount=0, settled=True)
            ctx.set_turn(losses=(*losses[:loss_index], cancelled, *losses[loss_index + 1 :]))

    def ai_damage_share(self, state: GameState, seat: int, amount: int) -> float:
        return 0.4 if state.monsters[seat].energy >= COST else 1.0  # it may well be paid

    def ai_react(self, judge: Judge, state: GameState, decision: Decision) -> bool:
        """When the hearts saved are worth its energy."""
        me = state.monsters[decision.seat]
        loss = decision.amount
        saved = (judge.kill_value_of_self(state, decision.seat) if loss >= me.hearts
                 else judge.heart_worth(me.hearts - loss, loss, me.hearts))
        return saved > COST * judge.spend + 0.3
