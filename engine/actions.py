"""Actions: what a seat can send to the engine. Every action names the decision it answers,
so an answer to a question that has passed (an old id) is refused and can never act."""

from __future__ import annotations

import msgspec


class _Action(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True):
    decision: int


class Keep(_Action, frozen=True, tag="keep"):
    """Set aside exactly these dice (indices); the next Roll rerolls all the others."""

    dice: tuple[int, ...]


class Roll(_Action, frozen=True, tag="roll"):
    """Roll again every die not kept. ``keep`` (when given) replaces the kept set first."""

    keep: tuple[int, ...] | None = None


class StopRolling(_Action, frozen=True, tag="stop"):
    """Stop rolling and resolve the dice as they lie."""


class Stay(_Action, frozen=True, tag="stay"):
    """Stay in Tokyo after being hit."""


class Yield(_Action, frozen=True, tag="yield"):
    """Leave Tokyo after being hit (the hearts are still lost, unless a card says otherwise)."""


class Buy(_Action, frozen=True, tag="buy"):
    """Buy the face-up card in this slot (0-2)."""

    slot: int


class Sweep(_Action, frozen=True, tag="sweep"):
    """Pay 2 energy to discard the three face-up cards and reveal three new ones."""


class EndBuying(_Action, frozen=True, tag="end"):
    """Finish buying; the turn ends."""


class Choose(_Action, frozen=True, tag="choose"):
    """Answer a card's question with one of its choices (see ``engine.describe``)."""

    choice: str


class Timeout(_Action, frozen=True, tag="timeout"):
    """The asked seat did not answer in time: the decision's default applies."""


Action = Keep | Roll | StopRolling | Stay | Yield | Buy | Sweep | EndBuying | Choose | Timeout
