"""Secret Laboratory (Cyber Bunny, permanent): power cards cost the owner 1 energy less."""

from __future__ import annotations

from engine.evolution import Evolution, register_evolution


@register_evolution
class SecretLaboratory(Evolution):
    key = "secret_laboratory"
    discount = 1
    ai_worth = 2.5
