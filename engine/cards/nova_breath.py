"""Nova Breath: the owner's smashes hit every other monster, in Tokyo or not (monsters in
Tokyo it hits may yield as usual)."""

from __future__ import annotations

from engine.core import Power, register


@register
class NovaBreath(Power):
    key = "nova_breath"
    hits_everyone = True
