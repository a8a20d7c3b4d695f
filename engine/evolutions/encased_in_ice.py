"""Encased in Ice (Space Penguin, permanent): once its owner's dice are final, it may pay 1
energy to lock one of them: that die keeps its face until its owner's next turn begins. The
monsters who play meanwhile roll it as one of their dice, showing that face, which nobody
rerolls or changes (``Turn.encased``), and resolve it as usual (docs/rulings.md 91)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, PickDie
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_reason, card_word, current_card, pay_energy, replace_card
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import FACE_SYMBOLS, FACES, Card, Decision, Face, GameState
from engine.steps import EvolutionMoment

COST = 1
# The faces the AI locks first: those worth least to the monsters who will roll it.
_LEAST_USEFUL: tuple[Face, ...] = ("1", "2", "3", "heart", "energy", "smash")


@register_evolution
class EncasedInIce(Evolution):
    key = "encased_in_ice"
    ai_worth = 1.0

    def usable_at(self, state: GameState, seat: int, card: Card,
                  moment: EvolutionMoment) -> bool:
        turn = state.turn
        return (moment == "dice_resolving" and turn is not None and turn.seat == seat
                and bool(turn.dice) and card.used_turn != turn.number
                and state.monsters[seat].energy >= COST)

    def use_at(self, ctx: Ctx, seat: int, card: Card, moment: EvolutionMoment) -> None:
        pay_energy(ctx, seat, COST, card_reason(ctx.s, self.key))
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        dice = tuple(PickDie(die=i) for i in range(len(ctx.turn.dice)))
        self.ask(ctx, seat, card, self.key, dice, dice[0])

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-encased_in_ice-use", energy=COST)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-encased_in_ice-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if not isinstance(choice, PickDie) or state.turn is None:
            return super().choice_label(state, decision, choice)
        return phrase("cardq-encased_in_ice-lock", number=choice.die + 1,
                      face=FACE_SYMBOLS[state.turn.dice[choice.die]])

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        if card is not None and isinstance(choice, PickDie):
            face = ctx.turn.dice[choice.die]
            replace_card(ctx, decision.seat, replace(card, tokens=FACES.index(face) + 1))

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if card.tokens:  # its owner's turn: the die is free again
            replace_card(ctx, seat, replace(card, tokens=0))

    def locked_face(self, state: GameState, card: Card) -> Face | None:
        return FACES[card.tokens - 1] if card.tokens else None

    def status(self, state: GameState, card: Card) -> Phrase | None:
        face = self.locked_face(state, card)
        return None if face is None else phrase("cardq-encased_in_ice-status",
                                                face=FACE_SYMBOLS[face])

    def tokens_label(self, state: GameState, card: Card) -> Phrase | None:
        return self.status(state, card)

    def ai_uses_at(self, judge: Judge, state: GameState, seat: int,
                   moment: EvolutionMoment) -> bool:
        return state.monsters[seat].energy >= COST + 2 and not judge.is_duel(state)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        assert state.turn is not None
        dice = state.turn.dice
        return min(choices(decision), key=lambda c: _LEAST_USEFUL.index(dice[c.die])
                   if isinstance(c, PickDie) else len(_LEAST_USEFUL))
