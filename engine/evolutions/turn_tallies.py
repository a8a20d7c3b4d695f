"""Temporary Evolutions that pay out what their owner lost or gained in the turn
(``Turn.tallies``): Anger Batteries (Alienoid: an energy for each heart lost), Cult
Worshippers (Kraken: a VP for each heart gained) and Stroke of Genius (Cyber Bunny: as much
energy again as gained). Playable at any moment; their owners are asked at the end of every
turn (Board Game Arena's "before the end of the turn" prompt), when the count is whole."""

from __future__ import annotations

from typing import ClassVar, Literal

from engine.card_ai import Judge
from engine.core import Ctx, card_reason, gain_energy, gain_vp
from engine.evolution import Evolution, register_evolution
from engine.state import GameState, Tally

Counted = Literal["hearts_lost", "hearts_gained", "energy_gained"]
# What the AI keeps such a card for, in VP-equivalents: it waits for a better turn below.
_HELD_WORTH = 1.0


class TurnTally(Evolution):
    prompted_at = frozenset({"turn_end"})
    counted: ClassVar[Counted]
    pays_vp: ClassVar[bool] = False

    def amount(self, state: GameState, seat: int) -> int:
        if state.turn is None:
            return 0
        tally: Tally = state.turn.tally(seat)
        return int(getattr(tally, self.counted))

    def on_play(self, ctx: Ctx, seat: int) -> None:
        amount = self.amount(ctx.s, seat)
        reason = card_reason(ctx.s, self.key)
        if self.pays_vp:
            gain_vp(ctx, seat, amount, reason)
        else:
            gain_energy(ctx, seat, amount, reason)

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        amount = self.amount(state, seat)
        worth = judge.vp_value(state, seat, amount) if self.pays_vp else amount * judge.energy
        return worth - _HELD_WORTH


def _tally(key: str, counted: Counted, pays_vp: bool = False) -> None:
    register_evolution(type(f"TurnTally_{key}", (TurnTally,),
                            {"key": key, "counted": counted, "pays_vp": pays_vp}))


_tally("anger_batteries", "hearts_lost")                 # Alienoid
_tally("cult_worshippers", "hearts_gained", pays_vp=True)  # Kraken
_tally("stroke_of_genius", "energy_gained")              # Cyber Bunny
