"""Friend of Children and Regeneration: one more energy / heart with each real gain.

The bonus is added by ``core.gain_energy`` and ``core.heal`` as a gain of its own: not to a
recovery such as a Metamorph refund, and only when hearts were actually gained (a heal at the
maximum gains nothing, so it brings no bonus)."""

from __future__ import annotations

from engine.core import Power, register


@register
class FriendOfChildren(Power):
    key = "friend_of_children"
    ai_worth = 4.0
    energy_bonus = 1


@register
class Regeneration(Power):
    key = "regeneration"
    ai_worth = 3.0
    healing_bonus = 1
