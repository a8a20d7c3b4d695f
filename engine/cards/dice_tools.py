"""Cards that set one of their owner's dice while it rolls (before the dice resolve):

- Plot Twist: set one die to any face, then discard the card (a Mimic copying it is the card
  discarded);
- Stretchy: pay 2 energy to set one die to any face, as often as the owner can pay;
- Herd Culler: once per turn (per copy), turn one die into a 1.

Each is an option of the roll question ("Plot Twist: set a die to any face"); choosing it
asks which die (and, to set any face, which face), with Cancel as the default a timeout
takes; then the roll question comes back.
"""

from __future__ import annotations

from typing import ClassVar

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Pass, PickDie, SetDie
from engine.card_ai import DieChange, Judge, choices
from engine.core import (
    Ctx,
    IllegalAction,
    Power,
    card_reason,
    card_word,
    current_card,
    pay_energy,
    register,
    remove_card,
    replace_card,
)
from engine.phrases import Phrase, Ref, phrase
from engine.state import FACE_SYMBOLS, FACES, Card, Decision, Face, GameState


def die_label(state: GameState, die: int, message: str = "prompt-die") -> Phrase:
    """"die 3 (💥)": a die of the active monster's roll, numbered from 1 (``message``
    "option-die" says it at the start of a button: "Die 3 (💥)")."""
    dice = state.turn.dice if state.turn is not None else ()
    face = FACE_SYMBOLS[dice[die]] if die < len(dice) else "?"
    return phrase(message, number=die + 1, face=face)


def set_die(ctx: Ctx, die: int, face: str, key: str) -> None:
    """Set the active monster's die ``die`` to ``face`` (the card ``key`` does it)."""
    if face not in FACES or not 0 <= die < len(ctx.turn.dice):
        raise IllegalAction(phrase("refusal-not-a-face"))
    dice: list[Face] = list(ctx.turn.dice)
    dice[die] = next(f for f in FACES if f == face)
    ctx.set_turn(dice=tuple(dice))
    ctx.emit(ev.DieChanged(seat=ctx.turn.seat, die=die, face=face, card=key))


class DieSetter(Power):
    """Pick a die, then a face (``target`` None), or pick a die for a fixed ``target`` face."""

    target: ClassVar[str | None] = None
    # The faces a die may be set to when ``target`` is None (any face: Plot Twist, Stretchy).
    faces: ClassVar[tuple[Face, ...]] = FACES
    # Energy paid for each use (Stretchy).
    cost: ClassVar[int] = 0

    def can_use(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return ctx.mon(seat).energy >= self.cost

    def roll_use_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return self.can_use(ctx, seat, card) and bool(self.dice(ctx.turn.dice))

    def dice(self, dice: tuple[Face, ...]) -> tuple[int, ...]:
        """The dice the card can change (not those already showing its fixed face)."""
        return tuple(i for i, face in enumerate(dice) if face != self.target)

    def roll_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        choices = tuple(PickDie(die=i) for i in self.dice(ctx.turn.dice))
        self.ask(ctx, seat, card, self.key, (*choices, Pass()), Pass())

    def use_label(self, state: GameState, card: Card) -> Phrase:
        if self.target is not None:
            return phrase("option-die-into", face=Ref("face", self.target))
        if self.cost:
            return phrase("option-set-any-face-paid", energy=self.cost)
        return phrase("option-set-any-face")

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        name = card_word(state, self.key)
        if decision.question.endswith("_face"):
            die = next((c.die for o in decision.options
                        if isinstance(c := getattr(o, "choice", None), SetDie)), 0)
            return phrase("prompt-set-die-face", die=die_label(state, die), card=name)
        if self.target is not None:
            return phrase("prompt-which-die-into", card=name, face=Ref("face", self.target))
        return phrase("prompt-which-die-any", card=name)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Pass):
            return phrase("option-cancel")
        if isinstance(choice, SetDie):
            return phrase("option-face", face=choice.face)
        if isinstance(choice, PickDie):
            label = die_label(state, choice.die, "option-die")
            if self.target is None:
                return label
            return phrase("option-die-to", die=label, face=Ref("face", self.target))
        return super().choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if isinstance(choice, Pass):
            return  # back to the roll question
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        if card is None:
            raise IllegalAction(phrase("refusal-card-gone"))
        if isinstance(choice, PickDie) and self.target is None:
            current = ctx.turn.dice[choice.die]
            faces = tuple(SetDie(die=choice.die, face=f) for f in self.faces if f != current)
            self.ask(ctx, decision.seat, card, f"{self.key}_face", (*faces, Pass()), Pass())
            return
        if isinstance(choice, PickDie):
            choice = SetDie(die=choice.die, face=self.target or "1")
        assert isinstance(choice, SetDie)
        self.pay(ctx, decision.seat, card)
        set_die(ctx, choice.die, choice.face, self.key)
        self.after_use(ctx, decision.seat, card)

    def pay(self, ctx: Ctx, seat: int, card: Card) -> None:
        if self.cost:
            pay_energy(ctx, seat, self.cost, card_reason(ctx.s, self.key))

    def after_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The die is set (Plot Twist discards itself, Herd Culler marks the turn)."""

    # --- what the AI players know about it (engine.card_ai) ---

    def ai_die_change(self) -> DieChange | None:
        return DieChange(self.target)

    def ai_tool_cost(self, judge: Judge, state: GameState, seat: int) -> float:
        return self.cost * judge.energy

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """The die the roll question chose to change, then the best face for it."""
        assert state.turn is not None
        dice = state.turn.dice
        if decision.question.endswith("_face"):
            best: tuple[Choice, float] = (Pass(), float("-inf"))
            for choice in choices(decision):
                if isinstance(choice, SetDie):
                    face = next(f for f in FACES if f == choice.face)
                    changed = (*dice[:choice.die], face, *dice[choice.die + 1:])
                    if (value := judge.dice_value(state, decision.seat, changed)) > best[1]:
                        best = (choice, value)
            return best[0]
        change = self.ai_die_change()
        assert change is not None
        old, gain = judge.best_change(state, decision.seat, change)
        if gain <= 0:
            return Pass()
        return next((c for c in choices(decision)
                     if isinstance(c, PickDie) and dice[c.die] == old), Pass())


@register
class PlotTwist(DieSetter):
    key = "plot_twist"
    ai_worth = 2.5

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-plot_twist-use")

    def ai_tool_cost(self, judge: Judge, state: GameState, seat: int) -> float:
        return judge.keep_value(state, seat, self.key)  # used up

    def after_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        # The card that asked goes: a Mimic copying Plot Twist, when that is what was used.
        remove_card(ctx, seat, card, phrase("reason-used"))


@register
class Stretchy(DieSetter):
    key = "stretchy"
    ai_worth = 3.0
    cost = 2


@register
class HerdCuller(DieSetter):
    key = "herd_culler"
    ai_worth = 2.0
    target = "1"

    def can_use(self, ctx: Ctx, seat: int, card: Card) -> bool:
        # Once per turn for each copy (a Mimic copying it has its own use).
        return card.used_turn != ctx.turn.number

    def after_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
