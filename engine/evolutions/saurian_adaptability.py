"""Saurian Adaptability (Gigazaur, temporary): played as its owner's dice are about to
resolve (Board Game Arena's change-die step, which comes once the rolling is over), every
die showing one face of its owner's choosing turns to another face of its choosing."""

from __future__ import annotations

from typing import cast

from engine import events as ev
from engine.actions import Choice, Pass, SetDie
from engine.card_ai import Judge, choices
from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import FACES, Decision, Face, GameState

# What the AI keeps the card for: it plays it for a change worth more than this.
_HELD_WORTH = 1.0


def _changes(dice: tuple[Face, ...]) -> tuple[SetDie, ...]:
    """One answer for each face the dice show turned into each other face: the first die
    showing it stands for them all."""
    firsts = {face: dice.index(face) for face in dice}
    return tuple(SetDie(die=die, face=to) for face, die in firsts.items()
                 for to in FACES if to != face)


def _changed(dice: tuple[Face, ...], change: SetDie) -> tuple[Face, ...]:
    face, to = dice[change.die], cast(Face, change.face)  # (a face of FACES: _changes')
    return tuple(to if d == face else d for d in dice)


@register_evolution
class SaurianAdaptability(Evolution):
    key = "saurian_adaptability"
    prompted_at = frozenset({"dice_resolving"})
    ends_the_moment = True

    def on_play(self, ctx: Ctx, seat: int) -> None:
        ctx.ask_choice(seat, "card", (Pass(), *_changes(ctx.turn.dice)), Pass(),
                       power=self.key, question=self.key)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-saurian_adaptability-prompt")

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, SetDie) and state.turn is not None:
            return phrase("cardq-saurian_adaptability-change",
                          face=phrase("option-face", face=state.turn.dice[choice.die]),
                          to=phrase("option-face", face=choice.face))
        return phrase("cardq-saurian_adaptability-keep")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, SetDie):
            return
        before = ctx.turn.dice
        dice = _changed(before, choice)
        ctx.set_turn(dice=dice)
        for die, face in enumerate(dice):
            if face != before[die]:
                ctx.emit(ev.DieChanged(seat=decision.seat, die=die, face=face, card=self.key))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        if state.turn is None or not state.turn.dice:
            return -1.0
        dice = state.turn.dice
        now = judge.dice_value(state, seat, dice)
        best = max(judge.dice_value(state, seat, _changed(dice, c)) for c in _changes(dice))
        return best - now - _HELD_WORTH

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        assert state.turn is not None
        dice = state.turn.dice
        return max(choices(decision), key=lambda c: judge.dice_value(
            state, decision.seat, _changed(dice, c) if isinstance(c, SetDie) else dice))
