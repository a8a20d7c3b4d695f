"""The Origins Discard cards, made of plain amounts: Barricades (every other monster loses
3 VP), Ice Cream Truck (+1 VP and 2 hearts), Supertower (+5 VP)."""

from __future__ import annotations

from engine.cards.instants import Instant
from engine.core import register


@register
class Barricades(Instant):
    key = "barricades"
    others_vp_loss = 3


@register
class IceCreamTruck(Instant):
    key = "ice_cream_truck"
    vp = 1
    hearts = 2


@register
class Supertower(Instant):
    key = "supertower"
    vp = 5
