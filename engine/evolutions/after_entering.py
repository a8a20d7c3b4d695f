"""Evolutions played as the active monster's move into Tokyo ends (the moment
"after_entering", before it buys; docs/rulings.md 86):

- Destructive Wave (Kraken, temporary): it entered Tokyo this turn: every other monster
  loses 2 hearts.
- Eats, Shoots and Leaves (Pandakaï, temporary): it entered Tokyo this turn and is still
  there: every monster outside Tokyo loses 2 hearts, it gains 1 energy, then leaves Tokyo,
  and nobody takes its place (the move into Tokyo is over).
- Jungle Frenzy (The King, temporary): its Smashes wounded a monster in Tokyo and it did not
  take Tokyo: it takes another turn after this one.

Their losses are a card's (nobody yields)."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, card_reason, gain_energy, leave_tokyo, queue_losses
from engine.evolution import Evolution, register_evolution
from engine.state import GameState, Loss

LOSS = 2


def _entered(state: GameState, seat: int) -> bool:
    turn = state.turn
    return turn is not None and turn.seat == seat and turn.entered_tokyo


def _losses(state: GameState, seat: int, targets: list[int]) -> list[Loss]:
    return [Loss(target=target, amount=LOSS, source="card", by=seat) for target in targets
            if state.monsters[target].alive]


class AfterEntering(Evolution):
    prompted_at = frozenset({"after_entering"})


@register_evolution
class DestructiveWave(AfterEntering):
    key = "destructive_wave"

    def playable(self, state: GameState, seat: int) -> bool:
        return _entered(state, seat)

    def on_play(self, ctx: Ctx, seat: int) -> None:
        queue_losses(ctx, _losses(ctx.s, seat, [o for o in ctx.s.alive_seats() if o != seat]))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return sum(judge.damage_value(state, seat, other, LOSS)
                   for other in judge.others(state, seat))


@register_evolution
class EatsShootsAndLeaves(AfterEntering):
    key = "eats_shoots_and_leaves"

    def playable(self, state: GameState, seat: int) -> bool:
        return _entered(state, seat) and state.in_tokyo(seat)

    def on_play(self, ctx: Ctx, seat: int) -> None:
        reason = card_reason(ctx.s, self.key)
        outside = [o for o in ctx.s.alive_seats() if o != seat and not ctx.s.in_tokyo(o)]
        gain_energy(ctx, seat, 1, reason)
        leave_tokyo(ctx, seat, reason)
        queue_losses(ctx, _losses(ctx.s, seat, outside))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """The hearts dealt, and Tokyo left: worth it with few hearts to hold it."""
        outside = [o for o in judge.others(state, seat) if not state.in_tokyo(o)]
        dealt = sum(judge.damage_value(state, seat, other, LOSS) for other in outside)
        hearts = state.monsters[seat].hearts
        return dealt + judge.energy - judge.tokyo_value(state, seat, hearts)


@register_evolution
class JungleFrenzy(AfterEntering):
    key = "jungle_frenzy"

    def playable(self, state: GameState, seat: int) -> bool:
        turn = state.turn
        return (turn is not None and turn.seat == seat and bool(turn.smashed)
                and not state.in_tokyo(seat))

    def on_play(self, ctx: Ctx, seat: int) -> None:
        # The current turn finishes normally; the extra turn follows it.
        ctx.set(extra_turns=(*ctx.s.extra_turns, seat))
        ctx.emit(ev.ExtraTurnGranted(seat=seat, card=self.key))

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        return 3.0  # another turn
