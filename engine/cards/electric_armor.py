"""Electric Armor: when its owner is about to lose hearts, it may pay 1 energy to lose one
fewer. Once for each loss (one loss: the smashes of a roll, one card's effect, poison), as on
Board Game Arena (docs/rulings.md): a reaction, offered with the others (Wings, Rapid Healing)
after the prevention cards (Armor Plating, Camouflage) have done their part."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, pay_energy, register
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss

COST = 1


@register
class ElectricArmor(Power):
    key = "electric_armor"
    ai_worth = 3.0
    ai_react_order = 0  # before the others

    def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return ctx.mon(seat).energy >= COST and card.uid not in loss.used_cards

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-electric_armor-use", energy=COST)

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        if loss_index is None:
            return  # (only ever offered against a loss)
        pay_energy(ctx, seat, COST, card_reason(ctx.s, self.key))
        losses = ctx.turn.losses
        loss = losses[loss_index]
        ctx.emit(ev.LossPrevented(seat=seat, amount=1, card=self.key))
        reduced = replace(loss, amount=loss.amount - 1, used_cards=(*loss.used_cards, card.uid))
        ctx.set_turn(losses=(*losses[:loss_index], reduced, *losses[loss_index + 1 :]))

    def ai_react(self, judge: Judge, state: GameState, decision: Decision) -> bool:
        """When the heart it saves is worth more than its energy (always when that heart keeps
        the monster in the game)."""
        me = state.monsters[decision.seat]
        loss = decision.amount
        if loss == me.hearts:
            return True
        saved = judge.heart_worth(me.hearts - loss, 1, me.hearts) if loss < me.hearts else 0.0
        return saved > COST * judge.spend
