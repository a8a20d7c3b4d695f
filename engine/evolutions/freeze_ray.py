"""Freeze Ray (Space Penguin, permanent): when its owner's Smashes wound a monster in Tokyo,
its owner lends it this card (the first such monster, the City's occupant first). At the
start of the holder's next turn, the owner picks a die face: that face does nothing for the
holder this turn (``core.resolving_dice``: no VP, energy, heart or Smash, and it counts for
no Evolution drawn). The card goes back to its owner at the end of the holder's turn, or
when the holder is knocked out (docs/rulings.md 92).

The card's tokens say where it is: none with its owner; lent, its owner's seat + 1, plus
8 × (the frozen face's place in ``FACES`` + 1) once a face is frozen."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, SetDie
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_word, give_back, replace_card
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import FACE_SYMBOLS, FACES, Card, Decision, Face, GameState

_SEATS = 8  # (more than the most monsters a game has)


def _frozen(card: Card) -> Face | None:
    place = card.tokens // _SEATS - 1
    return FACES[place] if place >= 0 else None


@register_evolution
class FreezeRay(Evolution):
    key = "freeze_ray"
    ai_worth = 2.0

    def lender(self, card: Card) -> int | None:
        # (Only the card itself is lent: an Icy Reflection copying it is not.)
        return card.tokens % _SEATS - 1 if card.tokens and card.key == self.key else None

    def on_smash_hit(self, ctx: Ctx, seat: int, card: Card, target: int) -> None:
        mine = any(c.uid == card.uid for c in ctx.mon(seat).evolutions)
        if (not mine or card.key != self.key or self.lender(card) is not None
                or not ctx.s.in_tokyo(target)
                or ctx.mon(target).hearts <= 0):
            return  # (lent already, or a monster about to be knocked out)
        owner = ctx.mon(seat)
        ctx.set_mon(seat, evolutions=tuple(c for c in owner.evolutions if c.uid != card.uid))
        ctx.set_mon(target, evolutions=(*ctx.mon(target).evolutions,
                                        replace(card, tokens=seat + 1)))
        ctx.emit(ev.EvolutionLent(seat=seat, card=self.key, holder=target))

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        lender = self.lender(card)
        if lender is None:
            return
        if not ctx.mon(lender).alive:
            give_back(ctx, seat, card)
            return
        faces = tuple(SetDie(die=0, face=face) for face in FACES)
        ctx.ask_choice(lender, "card", faces, faces[0], power=self.key, question=self.key)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        holder = state.monsters[state.turn.seat].name if state.turn is not None else ""
        return phrase("cardq-freeze_ray-prompt", card=card_word(state, self.key), name=holder)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, SetDie):
            return phrase("option-face", face=choice.face)
        return super().choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        holder = ctx.turn.seat
        card = next((c for c in ctx.mon(holder).evolutions if c.key == self.key), None)
        if card is None or not isinstance(choice, SetDie) or choice.face not in FACES:
            return
        lender = decision.seat
        place = FACES.index(choice.face)
        replace_card(ctx, holder, replace(card, tokens=lender + 1 + _SEATS * (place + 1)))
        ctx.emit(ev.FaceFrozen(seat=lender, face=choice.face, holder=holder, card=self.key))

    def ignored_face(self, state: GameState, card: Card) -> Face | None:
        return _frozen(card) if self.lender(card) is not None else None

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if self.lender(card) is not None:
            give_back(ctx, seat, card)

    def status(self, state: GameState, card: Card) -> Phrase | None:
        face = _frozen(card)
        if self.lender(card) is None:
            return None
        return phrase("cardq-freeze_ray-status",
                      face=FACE_SYMBOLS[face] if face is not None else "?")

    def tokens_label(self, state: GameState, card: Card) -> Phrase | None:
        return self.status(state, card)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Freeze the Smashes, or the hearts of a holder outside Tokyo low on them."""
        assert state.turn is not None
        holder = state.turn.seat
        wanted = ("heart" if not state.in_tokyo(holder) and state.monsters[holder].hearts <= 5
                  else "smash")
        return next(c for c in choices(decision) if isinstance(c, SetDie) and c.face == wanted)
