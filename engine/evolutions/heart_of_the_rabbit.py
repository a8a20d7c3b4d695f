"""Heart of the Rabbit (Cyber Bunny, temporary): played when another monster has finished
rolling (the moment "dice_rolled"), its owner rerolls one of that monster's dice. It then
stays face up, used, and comes back to its owner's hand when its owner takes control of
Tokyo ("take this card back from your discard", which Board Game Arena does for a card
used: docs/rulings.md 89)."""

from __future__ import annotations

from engine import events as ev
from engine.actions import Choice, PickDie
from engine.card_ai import Judge, choices, costliest_reroll
from engine.core import Ctx, card_word, reroll_die
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import FACE_SYMBOLS, Card, Decision, GameState, Loss

# What the AI keeps the card for: it rerolls a die whose reroll costs more than this.
_HELD_WORTH = 0.8


@register_evolution
class HeartOfTheRabbit(Evolution):
    key = "heart_of_the_rabbit"
    prompted_at = frozenset({"dice_rolled"})
    lasts = "until_tokyo"
    ends_the_moment = True

    def on_play(self, ctx: Ctx, seat: int) -> None:
        dice = tuple(PickDie(die=i) for i in range(len(ctx.turn.dice)))
        ctx.ask_choice(seat, "card", dice, dice[0], power=self.key, question=self.key)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-heart_of_the_rabbit-prompt", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if not isinstance(choice, PickDie) or state.turn is None:
            return super().choice_label(state, decision, choice)
        face = FACE_SYMBOLS[state.turn.dice[choice.die]]
        return phrase("cardq-psychic_probe-reroll", number=choice.die + 1, face=face)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if isinstance(choice, PickDie):
            reroll_die(ctx, choice.die, decision.seat, self.key)

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        monster = ctx.mon(seat)
        ctx.set_mon(seat, evolutions=tuple(c for c in monster.evolutions if c.uid != card.uid),
                    evolution_hand=(*monster.evolution_hand, self.key))
        ctx.emit(ev.EvolutionTakenBack(seat=seat, card=self.key))
        return ()

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        if state.turn is None or not state.turn.dice:
            return -1.0
        _die, drop = costliest_reroll(judge, state, list(range(len(state.turn.dice))))
        return drop - _HELD_WORTH

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        picked = [c.die for c in choices(decision) if isinstance(c, PickDie)]
        die, _drop = costliest_reroll(judge, state, picked)
        return PickDie(die=max(die, 0))
