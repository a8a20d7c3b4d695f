"""Electric Carrot (Cyber Bunny, permanent): while its owner is in Tokyo, each monster its
Smashes wound loses 1 heart more, unless it gives the owner 1 energy. The wounded with energy
are asked all at once, before their losses are dealt (Board Game Arena's moment); one with no
energy loses the heart (docs/rulings.md 73)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Give, TakeLoss
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_reason, card_word, max_hearts
from engine.evolution import Evolution, register_evolution
from engine.evolutions.gifts import gift_cost, hand_over, has
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss

EXTRA = 1


@register_evolution
class ElectricCarrot(Evolution):
    key = "electric_carrot"
    ai_worth = 2.0

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        if not ctx.s.in_tokyo(seat):
            return losses
        unable: list[int] = []
        for loss in losses:
            if loss.source != "smash" or loss.amount <= 0:
                continue
            if has(ctx.s, loss.target, "energy"):
                ctx.ask_choice(loss.target, "card", (Give(seat=seat, what="energy"), TakeLoss()),
                               TakeLoss(), power=self.key, question=self.key)
            else:
                unable.append(loss.target)
        if not unable:
            return losses
        ctx.emit(ev.DamageAdded(seat=seat, amount=EXTRA, card=self.key, seats=tuple(unable)))
        return tuple(replace(loss, amount=loss.amount + EXTRA)
                     if loss.source == "smash" and loss.target in unable else loss
                     for loss in losses)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-electric_carrot-prompt", name=state.monsters[_owner(state)].name,
                      card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Give):
            return phrase("cardq-electric_carrot-give")
        return phrase("cardq-electric_carrot-lose")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        wounded = decision.seat
        if isinstance(choice, Give):
            hand_over(ctx, wounded, choice.seat, "energy", card_reason(ctx.s, self.key))
            return
        losses = ctx.turn.losses
        at = _smash_loss_of(ctx.s, wounded)
        if at is None:
            return
        ctx.set_turn(losses=(*losses[:at], replace(losses[at], amount=losses[at].amount + EXTRA),
                             *losses[at + 1:]))
        ctx.emit(ev.DamageAdded(seat=_owner(ctx.s), amount=EXTRA, card=self.key,
                                seats=(wounded,)))

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Give the energy unless a heart is worth less to the wounded monster than the
        energy (with what the owner gains by it); never the heart that knocks it out."""
        give = next(c for c in choices(decision) if isinstance(c, Give))
        wounded = decision.seat
        left = state.monsters[wounded].hearts - _coming(state, wounded) - EXTRA
        if left <= 0:
            return give
        heart = judge.heart_worth(left, EXTRA, max_hearts(state, wounded))
        energy = gift_cost(judge, state, wounded, give.seat, "energy")
        return give if energy < heart else TakeLoss()


def _owner(state: GameState) -> int:
    """The owner of the Electric Carrot that asks: the active monster, whose Smashes wound."""
    assert state.turn is not None
    return state.turn.seat


def _coming(state: GameState, seat: int) -> int:
    """The hearts ``seat`` is about to lose to the Smashes (before its prevention cards)."""
    at = _smash_loss_of(state, seat)
    return 0 if at is None or state.turn is None else state.turn.losses[at].amount


def _smash_loss_of(state: GameState, seat: int) -> int | None:
    """The place, among the losses on their way, of the loss ``seat`` is about to take from
    the Smashes (not yet through its prevention cards), if any."""
    assert state.turn is not None
    return next((i for i, loss in enumerate(state.turn.losses)
                 if loss.target == seat and loss.source == "smash" and not loss.prevented), None)
