"""Freeze Time: on a turn whose final dice show at least three 1s, the owner may take another
turn after this one, with one die fewer.

Asked at the end of the turn (after buying, before poison), so a Freeze Time bought on that
turn works too (as on Board Game Arena). The extra turn has one black die fewer than the turn
that earned it: a chain of them loses one more die each time. Two copies (a Mimic) still give
one extra turn a turn. The default answer takes the turn."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Pass, UseCard
from engine.card_ai import Judge, choices
from engine.core import (
    Ctx,
    Power,
    card_word,
    current_card,
    hooked,
    powers_of,
    register,
    replace_card,
)
from engine.phrases import Phrase, phrase
from engine.state import BLACK_DICE, Card, Decision, ExtraTurn, GameState

ONES = 3


def _dice_next_turn(state: GameState, seat: int) -> int:
    """How many dice the extra turn would roll (black dice left, plus green dice)."""
    assert state.turn is not None
    black = max(0, BLACK_DICE - state.monsters[seat].shrink - state.turn.fewer_dice - 1)
    return black + sum(power.extra_dice for _card, power in hooked(state, seat, "extra_dice"))


@register
class FreezeTime(Power):
    key = "freeze_time"
    ai_worth = 2.5

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        turn = ctx.turn
        if not ctx.mon(seat).alive or turn.dice.count("1") < ONES:
            return
        if any(power.key == self.key and other.used_turn == turn.number
               for other, power in powers_of(ctx.s, seat)):
            return  # another copy already offered this turn's extra turn
        replace_card(ctx, seat, replace(card, used_turn=turn.number))
        take = UseCard(uid=card.uid)
        self.ask(ctx, seat, card, self.key, (take, Pass()), take)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-freeze_time-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, UseCard):
            return phrase("cardq-freeze_time-take",
                          dice=_dice_next_turn(state, decision.seat))
        if isinstance(choice, Pass):
            return phrase("cardq-freeze_time-pass")
        return super().choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, UseCard):
            return
        assert decision.card_uid is not None
        if current_card(ctx, decision.seat, decision.card_uid) is None:
            return
        owed = ExtraTurn(seat=decision.seat, fewer_dice=ctx.turn.fewer_dice + 1)
        ctx.set(extra_turns=(*ctx.s.extra_turns, owed))
        ctx.emit(ev.ExtraTurnGranted(seat=decision.seat, card=self.key))

    def ai_dice_extra(self, numbers: tuple[int, int, int]) -> float:
        return 4.0 if numbers[0] >= 3 else 0.0  # another turn

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        take = next((c for c in choices(decision) if isinstance(c, UseCard)), None)
        return take if take is not None else Pass()
