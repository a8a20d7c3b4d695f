"""Healing Ray: its owner may spend its heart dice to make other monsters gain hearts; each
pays the owner 2 energy per heart it gains, or what it has left.

The question comes before the hearts heal the owner (or remove its tokens): one monster and
an amount at a time, asked again while hearts are left, until the owner keeps the rest
(the default). The healed monster cannot refuse. A Regeneration of the healer adds its heart,
which the healed monster pays for too; the healed monster's own does not apply. It works in
Tokyo too, where heart dice do nothing for the owner itself (docs/rulings.md)."""

from __future__ import annotations

from engine import steps as st
from engine.actions import Choice, Pass, PickMonster
from engine.card_ai import Judge, choices
from engine.card_table import Edition
from engine.core import (
    Ctx,
    Power,
    card_reason,
    card_word,
    clockwise_others,
    current_card,
    gain_energy,
    heal,
    hooked,
    max_hearts,
    pay_energy,
    register,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

PRICE = 2
QUESTION = "healing_ray"


def payment(edition: Edition, energy: int, hearts: int) -> int:
    """What a monster with ``energy`` pays for ``hearts`` hearts gained."""
    if edition == "2011":
        # 2 per heart, or all its energy if it has less.
        return min(energy, PRICE * hearts)
    # 2016: 2 per heart, only 1 if it is its last energy. Heart by heart, the same sum.
    paid = 0
    for _ in range(hearts):
        paid += min(PRICE, energy - paid)
    return paid


def _gain(state: GameState, healer: int, target: int, amount: int) -> int:
    """Hearts ``target`` would gain from ``amount`` heart dice (the healer's bonuses too)."""
    missing = max_hearts(state, target) - state.monsters[target].hearts
    gained = min(amount, missing)
    bonus = sum(power.healing_bonus for _card, power in hooked(state, healer, "healing_bonus"))
    return gained + min(bonus, missing - gained) if gained else 0


@register
class HealingRay(Power):
    key = "healing_ray"
    ai_worth = 1.5
    ai_heart_in_tokyo = 0.3  # sold to others

    @staticmethod
    def _choices(state: GameState, seat: int, hearts: int) -> tuple[PickMonster, ...]:
        return tuple(
            PickMonster(seat=other, amount=n)
            for other in clockwise_others(state, seat)
            for n in range(1, 1 + min(hearts, max_hearts(state, other)
                                      - state.monsters[other].hearts))
        )

    def _ask(self, ctx: Ctx, seat: int, card: Card, hearts: int) -> bool:
        choices = self._choices(ctx.s, seat, hearts)
        if not choices:
            return False
        ctx.ask_choice(seat, "card", (*choices, Pass()), Pass(), amount=hearts,
                       power=self.key, question=QUESTION, card=card)
        return True

    def spend_heart_dice(self, ctx: Ctx, seat: int, card: Card, hearts: int) -> bool:
        return self._ask(ctx, seat, card, hearts)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-healing_ray-prompt", card=card_word(state, self.key),
                      hearts=decision.amount, energy=PRICE)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, Pass):
            if state.in_tokyo(decision.seat):
                return phrase("cardq-healing_ray-stop")
            return phrase("cardq-healing_ray-keep")
        if not isinstance(choice, PickMonster):
            return super().choice_label(state, decision, choice)
        target = state.monsters[choice.seat]
        gained = _gain(state, decision.seat, choice.seat, choice.amount)
        paid = payment(state.options.edition, target.energy, gained)
        return phrase("cardq-healing_ray-heal", name=target.name, hearts=gained, energy=paid)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        healer = decision.seat
        hearts = decision.amount
        if isinstance(choice, PickMonster):
            name = card_reason(ctx.s, self.key)
            target = choice.seat
            before = ctx.mon(target).hearts
            heal(ctx, target, choice.amount, name, bonus_of=healer)
            gained = ctx.mon(target).hearts - before
            paid = payment(ctx.s.options.edition, ctx.mon(target).energy, gained)
            pay_energy(ctx, target, paid, name)
            gain_energy(ctx, healer, paid, name)
            hearts -= choice.amount
            assert decision.card_uid is not None
            card = current_card(ctx, healer, decision.card_uid)
            if hearts and card is not None and self._ask(ctx, healer, card, hearts):
                return
        ctx.push(st.HeartDice(amount=hearts, cards_done=True))

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Heal others for their energy only when the hearts are no use here (in Tokyo, or at
        full hearts) and the monster healed is no danger."""
        seat = decision.seat
        if not state.in_tokyo(seat) and max_hearts(state, seat) > state.monsters[seat].hearts:
            return Pass()
        best: tuple[Choice, float] = (Pass(), 0.0)
        for choice in choices(decision):
            if not isinstance(choice, PickMonster):
                continue
            target = state.monsters[choice.seat]
            paid = min(target.energy, 2 * choice.amount)
            cost = judge.heart_worth(target.hearts, choice.amount, 12) * judge.enemy_weight(
                state, seat, choice.seat)
            gain = paid * judge.energy - cost
            if gain > best[1]:
                best = (choice, gain)
        return best[0]
