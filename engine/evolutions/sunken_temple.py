"""Sunken Temple (Kraken, permanent): at the start of each of its owner's turns, before it
rolls, if it is not in Tokyo, it may give up the rest of its turn to gain 3 hearts and 3
energy (asked each such turn; the default keeps the turn)."""

from __future__ import annotations

from engine.actions import Choice, Pass, UseCard
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_word, max_hearts
from engine.evolution import Evolution, give_up_turn, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

HEARTS = 3
ENERGY = 3
# What the turn given up is worth to the AI, in VP-equivalents.
_TURN_WORTH = 2.5


@register_evolution
class SunkenTemple(Evolution):
    key = "sunken_temple"
    ai_worth = 2.0

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if not ctx.s.in_tokyo(seat):
            use = UseCard(uid=card.uid)
            self.ask(ctx, seat, card, self.key, (use, Pass()), Pass())

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-sunken_temple-prompt", card=card_word(state, self.key),
                      hearts=HEARTS, energy=ENERGY)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, UseCard):
            return phrase("cardq-sunken_temple-use", hearts=HEARTS, energy=ENERGY)
        if isinstance(choice, Pass):
            return phrase("cardq-sunken_temple-pass")
        return super().choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, UseCard):
            return
        give_up_turn(ctx, decision.seat, self.key, HEARTS, ENERGY)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Give up the turn when the hearts and energy are worth more than a turn."""
        monster = state.monsters[decision.seat]
        worth = (judge.heart_worth(monster.hearts, HEARTS, max_hearts(state, decision.seat))
                 + ENERGY * judge.energy)
        use = next((c for c in choices(decision) if isinstance(c, UseCard)), Pass())
        return use if worth > _TURN_WORTH else Pass()
