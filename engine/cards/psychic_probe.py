"""Psychic Probe: when another monster's dice are final, its owner may reroll one of them;
a heart rerolled discards the card used (a Mimic copying it, if that is what was used)."""

from __future__ import annotations

from engine import events as ev
from engine.actions import Choice, Pass, PickDie
from engine.card_ai import Judge, choices
from engine.core import Ctx, Power, card_word, current_card, register, remove_card
from engine.phrases import Phrase, phrase
from engine.state import FACE_SYMBOLS, FACES, Card, Decision, GameState


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
        face = ctx.roll_die()
        dice = list(ctx.turn.dice)
        previous = dice[choice.die]
        dice[choice.die] = face
        ctx.set_turn(dice=tuple(dice))
        ctx.emit(ev.DiceRolled(seat=ctx.turn.seat, dice=tuple(dice), rerolled=(choice.die,),
                               card=self.key, by=decision.seat, previous=(previous,)))
        if face == "heart":
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
        assert state.turn is not None
        roller, dice = state.turn.seat, state.turn.dice
        now = judge.dice_value(state, roller, dice)
        best: tuple[Choice, float] = (Pass(), self.ai_worth / 6)
        for choice in choices(decision):
            if not isinstance(choice, PickDie):
                continue
            rerolled = [judge.dice_value(state, roller, (*dice[:choice.die], face,
                                                         *dice[choice.die + 1:]))
                        for face in FACES]
            drop = now - sum(rerolled) / 6
            if drop > best[1] + 1e-9:
                best = (choice, drop)
        return best[0]
