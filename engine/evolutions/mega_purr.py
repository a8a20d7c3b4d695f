"""Mega Purr (Cyber Kitty, temporary): every other monster gives its owner 1 energy or 1 VP,
which it chooses; one with only one of them gives that one, one with neither gives nothing.
The monsters with a choice are asked all at once, and each gift is made as it is answered
(docs/rulings.md 72)."""

from __future__ import annotations

from engine.actions import Choice, Give
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_reason, card_word, clockwise_others
from engine.evolution import Evolution, register_evolution
from engine.evolutions.gifts import GIFTS, gift_cost, hand_over, has
from engine.phrases import Phrase, phrase
from engine.state import Decision, GameState


@register_evolution
class MegaPurr(Evolution):
    key = "mega_purr"

    def on_play(self, ctx: Ctx, seat: int) -> None:
        for other in clockwise_others(ctx.s, seat):
            gifts = tuple(Give(seat=seat, what=what) for what in GIFTS if has(ctx.s, other, what))
            if len(gifts) > 1:
                ctx.ask_choice(other, "card", gifts, gifts[0], power=self.key, question=self.key)
            elif gifts:
                hand_over(ctx, other, seat, gifts[0].what, card_reason(ctx.s, self.key))

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        owner = next(c.seat for c in choices(decision) if isinstance(c, Give))
        return phrase("cardq-mega_purr-prompt", name=state.monsters[owner].name,
                      card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Give):
            return phrase("cardq-mega_purr-energy" if choice.what == "energy"
                          else "cardq-mega_purr-vp")
        return super().choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert isinstance(choice, Give)
        hand_over(ctx, decision.seat, choice.seat, choice.what, card_reason(ctx.s, self.key))

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Give what costs the giver least, counting what the owner gains with it."""
        gifts = [c for c in choices(decision) if isinstance(c, Give)]
        return min(gifts, key=lambda c: gift_cost(judge, state, decision.seat, c.seat, c.what))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """From each other monster, what it would rather give (an energy when it has both),
        and what it loses by it."""
        worth = 0.0
        for other in judge.others(state, seat):
            if has(state, other, "energy"):
                worth += judge.energy * (1 + judge.enemy_weight(state, seat, other))
            elif has(state, other, "vp"):
                worth += judge.vp_value(state, seat, 1) + judge.enemy_weight(state, seat, other)
        return worth
