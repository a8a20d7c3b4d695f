"""Cards that let one face of the owner's dice count as another (Origins): Biofuel (a heart
as an energy, outside Tokyo only) and Shrinky (a 2 as a 1).

Each is a dice tool: an option of the roll question, as often as the owner likes while it
rolls and once no rolls are left, that asks which die and turns it into the other face. The
die then is that face for everything (docs/rulings.md)."""

from __future__ import annotations

from typing import ClassVar

from engine.card_ai import DieChange
from engine.cards.dice_tools import DieSetter
from engine.core import Ctx, register
from engine.phrases import Phrase, phrase
from engine.state import Card, Face, GameState


class FaceSwap(DieSetter):
    """Turns a die showing ``source`` into ``target``, with no limit."""

    source: ClassVar[Face]
    target: ClassVar[str | None]

    def dice(self, dice: tuple[Face, ...]) -> tuple[int, ...]:
        return tuple(i for i, face in enumerate(dice) if face == self.source)

    def ai_die_change(self) -> DieChange | None:
        return DieChange(self.target, self.source)

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase(f"cardq-{self.key}-use")


@register
class Biofuel(FaceSwap):
    key = "biofuel"
    ai_worth = 2.0
    source = "heart"
    target = "energy"

    def can_use(self, ctx: Ctx, seat: int, card: Card) -> bool:
        # A monster in Tokyo cannot use its heart results (Origins rulebook; BGA too).
        return not ctx.s.in_tokyo(seat)


@register
class Shrinky(FaceSwap):
    key = "shrinky"
    ai_worth = 2.0
    source = "2"
    target = "1"
