"""Target Acquired (Meka Dragon, permanent): when a monster's Smashes make its owner lose
hearts, the owner may give that monster the target token (it leaves the monster that held
it); the monster holding it loses 1 heart more each time the owner makes it lose hearts, by
Smashes or by a card. The token is the card's: ``Card.tokens`` is the seat holding it, plus
one (0: nobody) (docs/rulings.md 76)."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, Pass, PickMonster
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_word, current_card, find_card, replace_card
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss

EXTRA = 1
TOKEN = "target"


@register_evolution
class TargetAcquired(Evolution):
    key = "target_acquired"
    ai_worth = 2.0

    def on_smashed(self, ctx: Ctx, seat: int, card: Card, by: int) -> None:
        if _holder(card) != by and ctx.mon(seat).hearts > 0:
            self.ask(ctx, seat, card, self.key, (PickMonster(seat=by), Pass()), Pass())

    def adds_to_loss(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> int:
        if _holder(card) != loss.target:
            return 0
        ctx.emit(ev.DamageAdded(seat=seat, amount=EXTRA, card=self.key, seats=(loss.target,)))
        return EXTRA

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-target_acquired-prompt", name=_name(state, decision),
                      card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, PickMonster):
            return phrase("cardq-target_acquired-give", name=state.monsters[choice.seat].name)
        return phrase("cardq-target_acquired-keep")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert decision.card_uid is not None
        card = current_card(ctx, decision.seat, decision.card_uid)
        if not isinstance(choice, PickMonster) or card is None:
            return
        replace_card(ctx, decision.seat, replace(card, tokens=choice.seat + 1))
        ctx.emit(ev.TokensGained(seat=choice.seat, token=TOKEN, amount=1))

    def status(self, state: GameState, card: Card) -> Phrase | None:
        holder = _holder(card)
        if holder is None:
            return None
        return phrase("cardq-target_acquired-on", name=state.monsters[holder].name)

    def tokens_label(self, state: GameState, card: Card) -> Phrase | None:
        return self.status(state, card)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Move the token to the monster it hurts most to hurt (the one it is on stays
        marked when that one weighs as much)."""
        give = next(c for c in choices(decision) if isinstance(c, PickMonster))
        assert decision.card_uid is not None
        found = find_card(state, decision.card_uid)
        holder = None if found is None else _holder(found[1])
        owner = decision.seat
        if holder is None or not state.monsters[holder].alive:
            return give
        weight = judge.enemy_weight(state, owner, give.seat)
        return give if weight > judge.enemy_weight(state, owner, holder) else Pass()


def _holder(card: Card) -> int | None:
    """The seat holding the card's target token, if any."""
    return card.tokens - 1 if card.tokens else None


def _name(state: GameState, decision: Decision) -> str:
    return state.monsters[next(c.seat for c in choices(decision)
                               if isinstance(c, PickMonster))].name
