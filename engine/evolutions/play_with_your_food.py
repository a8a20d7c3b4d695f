"""Play with your Food (Cyber Kitty, permanent): when its owner's Smashes are about to make a
monster in Tokyo lose 2 hearts or more, the owner may make it lose 2 fewer and steal 1 VP and
1 energy from it (what it has of them). Asked of the owner before the loss is dealt, once for
each such monster, City first (docs/rulings.md 74)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Pass, PickMonster
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_reason, card_word, current_card
from engine.evolution import Evolution, register_evolution
from engine.evolutions.gifts import GIFTS, hand_over, has
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss

# A loss of this many hearts or more may be played with; it becomes this many fewer.
AT_LEAST = 2
FEWER = 2


@register_evolution
class PlayWithYourFood(Evolution):
    key = "play_with_your_food"
    ai_worth = 2.0

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        self._ask_next(ctx, seat, card, losses, after=-1)
        return losses

    def _ask_next(self, ctx: Ctx, seat: int, card: Card, losses: tuple[Loss, ...], *,
                  after: int) -> None:
        """Ask about the next loss, after the one at ``after``, that may be played with."""
        at = next((i for i, loss in enumerate(losses)
                   if i > after and _to_play_with(ctx.s, loss)), None)
        if at is not None:
            self.ask(ctx, seat, card, self.key, (PickMonster(seat=losses[at].target), Pass()),
                     Pass())

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-play_with_your_food-prompt",
                      name=state.monsters[_victim(decision)].name,
                      card=card_word(state, self.key), fewer=FEWER)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, PickMonster):
            return phrase("cardq-play_with_your_food-play", fewer=FEWER)
        return phrase("cardq-play_with_your_food-pass")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        victim = _victim(decision)
        losses = ctx.turn.losses
        at = next((i for i, loss in enumerate(losses)
                   if loss.target == victim and _to_play_with(ctx.s, loss)), None)
        if at is None:
            return
        if isinstance(choice, PickMonster):
            owner = decision.seat
            loss = losses[at]
            spared = min(FEWER, loss.amount)
            losses = (*losses[:at], replace(loss, amount=loss.amount - spared), *losses[at + 1:])
            ctx.set_turn(losses=losses)
            ctx.emit(ev.LossPrevented(seat=victim, amount=spared, card=self.key))
            for what in GIFTS:
                hand_over(ctx, victim, owner, what, card_reason(ctx.s, self.key))
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        if card is not None:
            self._ask_next(ctx, decision.seat, card, ctx.turn.losses, after=at)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Steal when a VP and an energy, and what the victim loses with them, are worth
        more than the 2 hearts spared (never when the whole loss knocks it out)."""
        play = next(c for c in choices(decision) if isinstance(c, PickMonster))
        assert state.turn is not None
        owner, victim = decision.seat, play.seat
        amount = next((loss.amount for loss in state.turn.losses
                       if loss.target == victim and _to_play_with(state, loss)), 0)
        spared = (judge.damage_value(state, owner, victim, amount)
                  - judge.damage_value(state, owner, victim, amount - FEWER))
        weight = judge.enemy_weight(state, owner, victim)
        stolen = 0.0
        if has(state, victim, "vp"):
            stolen += judge.vp_value(state, owner, 1) + weight
        if has(state, victim, "energy"):
            stolen += judge.energy * (1 + weight)
        return play if stolen > spared else Pass()


def _to_play_with(state: GameState, loss: Loss) -> bool:
    """Is this a loss the Smashes are about to deal to a monster in Tokyo, of 2 or more?"""
    return (loss.source == "smash" and not loss.prevented and loss.amount >= AT_LEAST
            and state.in_tokyo(loss.target))


def _victim(decision: Decision) -> int:
    """The monster in Tokyo the question is about."""
    return next(c.seat for c in choices(decision) if isinstance(c, PickMonster))
