"""Psychic Probe: when another monster's dice are final, its owner may reroll one of them;
a heart rerolled discards the card used (a Mimic copying it, if that is what was used)."""

from __future__ import annotations

from engine.actions import Choice, Pass, PickDie
from engine.card_ai import Judge, choices, costliest_reroll
from engine.core import Ctx, Power, card_word, current_card, register, remove_card, reroll_die
from engine.phrases import Phrase, phrase
from engine.state import FACE_SYMBOLS, Card, Decision, GameState


@register
class PsychicProbe(Power):
    key = "psychic_probe"
    ai_worth = 2.5

    def on_dice_final(self, ctx: Ctx, seat: int, card: Card) -> None:
        dice = tuple(PickDie(die=i) for i in range(len(ctx.turn.dice)))
        self.ask(ctx, seat, card, "probe", (*dice, Pass()), Pass())

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-psychic_probe-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if not isinstance(choice, PickDie):
            return super().choice_label(state, decision, choice)
        dice = state.turn.dice if state.turn is not None else ()
        face = FACE_SYMBOLS[dice[choice.die]] if choice.die < len(dice) else "?"
        return phrase("cardq-psychic_probe-reroll", number=choice.die + 1, face=face)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, PickDie):
            return
        if reroll_die(ctx, choice.die, decision.seat, self.key) == "heart":
            assert decision.card_uid is not None
            card = current_card(ctx, decision.seat, decision.card_uid)
            if card is not None:
                remove_card(ctx, decision.seat, card,
                            phrase("cardq-psychic_probe-rerolled-heart",
                                   card=card_word(ctx.s, self.key)))

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return -2.0 if judge.is_duel(state) else 0.0

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Reroll the active monster's die whose reroll costs it the most, on average, if that
        is worth risking the card (a heart discards it)."""
        picked = [c.die for c in choices(decision) if isinstance(c, PickDie)]
        die, drop = costliest_reroll(judge, state, picked)
        return PickDie(die=die) if die >= 0 and drop > self.ai_worth / 6 + 1e-9 else Pass()
