"""Lightning Armor (Meka Dragon, permanent): when another monster makes its owner lose hearts
in another monster's turn, the owner may roll a die per heart lost; each Smash rolled makes
the monster whose turn it is lose 1 heart (a card's loss). Asked at once, as Board Game Arena
asks; never in the owner's own turn, where the Smashes would hit the owner itself
(docs/rulings.md 77)."""

from __future__ import annotations

from engine import events as ev
from engine.actions import Choice, Pass, UseCard
from engine.card_ai import Judge, choices
from engine.core import Ctx, card_word, queue_losses
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState, Loss


@register_evolution
class LightningArmor(Evolution):
    key = "lightning_armor"
    ai_worth = 2.0

    def on_hurt_by(self, ctx: Ctx, seat: int, card: Card, by: int, amount: int) -> None:
        active = ctx.turn.seat
        if active == seat or not ctx.mon(active).alive or ctx.mon(seat).hearts <= 0:
            return
        roll = UseCard(uid=card.uid)
        ctx.ask_choice(seat, "card", (roll, Pass()), roll, power=self.key, question=self.key,
                       card=card, amount=amount)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        assert state.turn is not None
        return phrase("cardq-lightning_armor-prompt", card=card_word(state, self.key),
                      dice=decision.amount, name=state.monsters[state.turn.seat].name)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, UseCard):
            return phrase("cardq-lightning_armor-roll", dice=decision.amount)
        return phrase("option-pass")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        active = ctx.turn.seat
        if not isinstance(choice, UseCard) or not ctx.mon(active).alive:
            return
        dice = ctx.roll_dice(decision.amount)
        ctx.emit(ev.PreventionRolled(seat=decision.seat, dice=dice, card=self.key))
        smashes = dice.count("smash")
        if smashes:
            ctx.emit(ev.CardStruck(seat=decision.seat, amount=smashes, card=self.key,
                                   seats=(active,)))
            queue_losses(ctx, [Loss(target=active, amount=smashes, source="card",
                                    by=decision.seat)])

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Roll: it can only hurt the monster whose turn it is."""
        return next(c for c in choices(decision) if isinstance(c, UseCard))
