"""Chest Thumping (The King, permanent): its owner may force the monsters it wounds to yield
Tokyo. Once the monsters in Tokyo its Smashes hit have answered the yield question, its owner
is asked, for each that chose to stay (Tokyo City first, then Tokyo Bay), whether to force it
out; a monster forced out yields, leaving Tokyo with this card as the reason
(docs/rulings.md 81). The default lets it stay."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, Pass, UseCard
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_word, current_card, overrule_stay, replace_card
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, Ref, phrase
from engine.state import Card, Decision, GameState, Place

PLACES: tuple[Place, ...] = ("city", "bay")


@register_evolution
class ChestThumping(Evolution):
    key = "chest_thumping"
    ai_worth = 1.5

    def on_stays(self, ctx: Ctx, seat: int, card: Card, staying: tuple[int, ...]) -> None:
        if card.used_turn == ctx.turn.number:
            return  # (its questions of this turn are answered: the answers are applied now)
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        place = ctx.s.place_of(staying[0])
        assert place is not None
        self._ask_about(ctx, seat, card, place)

    def _ask_about(self, ctx: Ctx, seat: int, card: Card, place: Place) -> None:
        """Ask whether to force the monster in ``place`` out (its question names the place)."""
        force = UseCard(uid=card.uid)
        self.ask(ctx, seat, card, f"{self.key}_{place}", (force, Pass()), Pass())

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        place = _place_asked(decision)
        occupant = _occupant(state, place)
        return phrase("cardq-chest_thumping-prompt", card=card_word(state, self.key),
                      name=state.monsters[occupant].name if occupant is not None else "",
                      place=Ref("narrate-place", place))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, UseCard):
            return phrase("cardq-chest_thumping-force")
        return phrase("cardq-chest_thumping-let-stay")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        place = _place_asked(decision)
        occupant = _occupant(ctx.s, place)
        if isinstance(choice, UseCard) and occupant is not None:
            overrule_stay(ctx, occupant)
        if place == "city":
            bay = _occupant(ctx.s, "bay")
            card = current_card(ctx, decision.seat, decision.card_uid or -1)
            if bay is not None and card is not None and _stays(ctx.s, bay):
                self._ask_about(ctx, decision.seat, card, "bay")

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Force the monster out when taking its place (which the owner then does, from
        outside Tokyo) is worth it."""
        seat = decision.seat
        if state.in_tokyo(seat):
            return Pass()
        worth = judge.tokyo_value(state, seat, state.monsters[seat].hearts)
        force = next((c for c in choices(decision) if isinstance(c, UseCard)), Pass())
        return force if worth > 0 else Pass()


def _place_asked(decision: Decision) -> Place:
    """The place whose occupant the question is about (the question's name ends with it)."""
    return next(place for place in PLACES if decision.question.endswith(place))


def _occupant(state: GameState, place: Place) -> int | None:
    return state.city if place == "city" else state.bay


def _stays(state: GameState, seat: int) -> bool:
    """Does ``seat``'s answer to the yield question, as it stands, keep it in Tokyo?"""
    assert state.turn is not None
    return dict(state.turn.yield_answers).get(seat) is False
