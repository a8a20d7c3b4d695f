"""Temporary Evolutions made of plain amounts, as the base game's Discard cards of plain
amounts (``engine.cards.instants``): VP, energy and hearts for their owner, VP or hearts
every other monster loses (a card's loss, not an attack: nobody is asked to yield)."""

from __future__ import annotations

from typing import ClassVar

from engine.card_ai import Amounts
from engine.core import Ctx, card_reason, give_amounts, queue_losses
from engine.evolution import Evolution, register_evolution


class PlainAmounts(Evolution):
    amounts: ClassVar[Amounts] = Amounts()

    def on_play(self, ctx: Ctx, seat: int) -> None:
        queue_losses(ctx, give_amounts(ctx, seat, card_reason(ctx.s, self.key), self.amounts))

    def ai_amounts(self) -> Amounts:
        return self.amounts


def _plain(key: str, amounts: Amounts) -> None:
    register_evolution(type(f"Plain_{key}", (PlainAmounts,), {"key": key, "amounts": amounts}))


_plain("alien_scourge", Amounts(vp=2))                            # Alienoid
_plain("electro_scratch", Amounts(others_lose=1))                 # Cyber Kitty
_plain("giant_banana", Amounts(healed=2))                         # The King
_plain("radioactive_waste", Amounts(energy=2, healed=1))          # Gigazaur
_plain("primal_bellow", Amounts(others_vp=2))                     # Gigazaur
_plain("bear_necessities", Amounts(vp=-1, energy=2, healed=2))    # Pandakaï
_plain("emergency_battery", Amounts(energy=3))                    # Cyber Bunny
_plain("healing_rain", Amounts(healed=2))                         # Kraken
