"""Simian Scamper (The King, temporary): played with a yield (an answer of the yield question,
"Yield, playing it"), its owner loses no hearts from the attack it yields to, nor any more for
the rest of the turn (docs/rulings.md 93). A monster whose deck may hold it has its loss held
until it answers, as Jets' owner has; face up until the turn ends."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx
from engine.evolution import Evolution, register_evolution
from engine.state import Card, GameState, Loss


@register_evolution
class SimianScamper(Evolution):
    key = "simian_scamper"
    prompted_at = frozenset({"yielding"})
    lasts = "turn"
    prevent_order = 0

    def cancels_loss_on_yield(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return True

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        ctx.emit(ev.LossPrevented(seat=seat, amount=amount, card=self.key))
        return 0

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """Worth the held loss it cancels, when there is one."""
        held = next((d.amount for d in state.pending
                     if d.seat == seat and d.kind == "yield"), 0)
        hearts = state.monsters[seat].hearts
        if held >= hearts:
            return judge.kill_value_of_self(state, seat)
        return judge.heart_worth(hearts - held, held, hearts) - 1.0 if held else -1.0
