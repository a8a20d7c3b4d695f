"""Mimic: copy a Keep card in play (when bought, then for 1 energy at the start of each of
the owner's turns). The copy has the copied card's power and carries its own tokens; it ends
when the copied card leaves play (engine.core.release_copies)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Pass, PickCard
from engine.card_ai import Judge, choices
from engine.core import (
    POWERS,
    Ctx,
    IllegalAction,
    Power,
    card_word,
    current_card,
    find_card,
    key_in_play,
    pay_energy,
    register,
    replace_card,
    stop_copying,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

MOVE_COST = 1


@register
class Mimic(Power):
    key = "mimic"
    copies_cards = True
    ai_worth = 0.0
    start_of_turn_order = 1

    @staticmethod
    def targets(state: GameState, mimic: Card) -> tuple[PickCard, ...]:
        """Every Keep card in play but Mimics and the current copy."""
        return tuple(
            PickCard(uid=card.uid)
            for monster in state.monsters if monster.alive
            for card in monster.cards
            if card.key != Mimic.key and card.uid != mimic.copies
        )

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        choices = self.targets(ctx.s, card)
        if choices:
            self.ask(ctx, seat, card, "mimic", choices, choices[0])

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        # (Asked after the owner's other start-of-turn cards: see start_of_turn_order.)
        if ctx.mon(seat).energy < MOVE_COST:
            return
        choices = self.targets(ctx.s, card)
        if choices:
            self.ask(ctx, seat, card, "mimic_move", (*choices, Pass()), Pass())

    def status(self, state: GameState, card: Card) -> Phrase:
        # (A Mimic that copies a card answers as that card: only an idle one gets here.)
        return phrase("cardq-mimic-status")

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        name = card_word(state, self.key)
        if decision.question == "mimic_move":
            return phrase("cardq-mimic-prompt-move", card=name, energy=MOVE_COST)
        return phrase("cardq-mimic-prompt", card=name)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Pass):
            return phrase("cardq-mimic-pass")
        if not isinstance(choice, PickCard):
            return super().choice_label(state, decision, choice)
        found = find_card(state, choice.uid)
        if found is None:
            return phrase("cardq-mimic-copy-a-card")
        owner, card = found
        return phrase("cardq-mimic-copy", card=card_word(state, card.key),
                      name=state.monsters[owner].name)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if not isinstance(choice, PickCard):
            return
        assert decision.card_uid is not None
        mimic = current_card(ctx, decision.seat, decision.card_uid)
        target = find_card(ctx.s, choice.uid)
        if mimic is None or target is None:
            raise IllegalAction(phrase("refusal-card-not-in-play"))
        if decision.question == "mimic_move":
            pay_energy(ctx, decision.seat, MOVE_COST,
                       phrase("cardq-mimic-moving", card=card_word(ctx.s, self.key)))
        if mimic.copies is not None:
            stop_copying(ctx, decision.seat, mimic, copied_key=None)
            mimic = current_card(ctx, decision.seat, mimic.uid)
            if mimic is None:
                return  # (the copy's loss knocked its owner out: 2011's Even Bigger)
        owner, copied = target
        copied_power = POWERS.get(copied.key)
        tokens = copied_power.starting_tokens if copied_power is not None else 0
        mimic = replace(mimic, copies=copied.uid, tokens=tokens, used_turn=-1)
        replace_card(ctx, decision.seat, mimic)
        ctx.emit(ev.CardCopied(seat=decision.seat, card=copied.key, owner=owner,
                               copier=self.key))
        if copied_power is not None:
            copied_power.on_gain(ctx, decision.seat, mimic)

    def ai_keep_value(self, judge: Judge, state: GameState, seat: int) -> float:
        """The best card it could copy now."""
        return max((judge.keep_value(state, seat, k) for k in _copy_targets(state)), default=0.5)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        choice, value = _best_copy(judge, state, decision)
        if decision.question != "mimic_move":
            return choice
        if state.monsters[decision.seat].energy < MOVE_COST:
            return Pass()  # (spent meanwhile on another question)
        mimic = find_card(state, decision.card_uid or -1)
        current = 0.0
        if mimic is not None and mimic[1].copies is not None:
            copied = key_in_play(state, mimic[1].copies)
            current = judge.keep_value(state, decision.seat, copied) if copied else 0.0
        return choice if value - current > 1.5 else Pass()


def _copy_targets(state: GameState) -> list[str]:
    """(AI) The keys of the Keep cards a Mimic could copy now."""
    return [card.key for monster in state.monsters if monster.alive
            for card in monster.cards if card.key != Mimic.key]


def _best_copy(judge: Judge, state: GameState,
               decision: Decision) -> tuple[Choice | None, float]:
    """(AI) The card worth copying most, and its value."""
    best: tuple[Choice | None, float] = (None, float("-inf"))
    targets = _copy_targets(state)
    for choice in choices(decision):
        key = key_in_play(state, choice.uid) if isinstance(choice, PickCard) else None
        if key is not None and key in targets:
            value = judge.keep_value(state, decision.seat, key)
            if value > best[1]:
                best = (choice, value)
    return best
