"""Keep cards that only change a number: dice, rolls, costs."""

from __future__ import annotations

from engine.core import Power, register


@register
class ExtraHead(Power):
    key = "extra_head"
    extra_dice = 1


@register
class GiantBrain(Power):
    key = "giant_brain"
    extra_rolls = 1


@register
class AlienOrigin(Power):
    key = "alien_origin"
    discount = 1
