"""Discard cards made of simple amounts: VP and energy for the buyer, hearts gained or lost
by the buyer, hearts or VP lost by every other monster."""

from __future__ import annotations

from engine.card_ai import Amounts
from engine.core import Ctx, Power, card_reason, give_amounts, queue_losses, register


class Instant(Power):
    vp: int = 0
    energy: int = 0
    hearts: int = 0
    self_loss: int = 0
    others_loss: int = 0
    others_vp_loss: int = 0

    def on_buy_discard(self, ctx: Ctx, seat: int) -> None:
        losses = give_amounts(ctx, seat, card_reason(ctx.s, self.key), self.ai_amounts())
        self.extra_effect(ctx, seat, [s for s in ctx.s.alive_seats() if s != seat])
        queue_losses(ctx, losses)

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        """What a card does beyond the plain amounts."""

    def ai_amounts(self) -> Amounts:
        return Amounts(self.vp, self.energy, self.hearts, self.self_loss, self.others_loss,
                       self.others_vp_loss)


def _instant(key: str, **amounts: int) -> None:
    cls = type(f"Instant_{key}", (Instant,), {"key": key, **amounts})
    register(cls)


_instant("apartment_building", vp=3)
_instant("commuter_train", vp=2)
_instant("corner_store", vp=1)
_instant("energize", energy=9)
_instant("evacuation_orders", others_vp_loss=5)
_instant("flame_thrower", others_loss=2)
_instant("gas_refinery", vp=2, others_loss=3)
_instant("heal", hearts=2)
_instant("high_altitude_bombing", self_loss=3, others_loss=3)
_instant("jet_fighters", vp=5, self_loss=4)
_instant("national_guard", vp=2, self_loss=2)
_instant("nuclear_power_plant", vp=2, hearts=3)
_instant("skyscraper", vp=4)
_instant("tank", vp=4, self_loss=3)
