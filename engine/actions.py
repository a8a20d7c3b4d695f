"""Actions: what a seat can send to the engine. Every action names the decision it answers,
so an answer to a question that has passed (an old id) is refused and can never act."""

from __future__ import annotations

from typing import Literal

import msgspec


class _Action(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True):
    decision: int


class Keep(_Action, frozen=True, tag="keep"):
    """Set aside exactly these dice (indices); the next Roll rerolls all the others."""

    dice: tuple[int, ...]


class Roll(_Action, frozen=True, tag="roll"):
    """Roll again every die not kept. ``keep`` (when given) replaces the kept set first.
    ``card``: once the normal rolls are used up, the owned card (uid) that gives this roll
    (Smoke Cloud's tokens, paying energy...); None lets the first such card give it."""

    keep: tuple[int, ...] | None = None
    card: int | None = None


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


class _Choice(msgspec.Struct, frozen=True, tag_field="kind", omit_defaults=True):
    pass


class Pass(_Choice, frozen=True, tag="pass"):
    """Decline what a card offers."""


class TakeLoss(_Choice, frozen=True, tag="take"):
    """Lose the hearts without using a card."""


class UseCard(_Choice, frozen=True, tag="use"):
    """Use the owned card ``uid`` (a reaction to a loss, or during the buy step)."""

    uid: int


class PickDie(_Choice, frozen=True, tag="die"):
    """The die at this index (0-based) of the current roll."""

    die: int


class PickCard(_Choice, frozen=True, tag="card"):
    """The card ``uid``, owned or face up (a card to copy, a card to buy)."""

    uid: int


class SplitHearts(_Choice, frozen=True, tag="hearts"):
    """Heart dice: remove this many poison and shrink tokens; the other hearts heal."""

    poison: int
    shrink: int


# --- answers of the buying and heart-dice cards (Made in a Lab, Healing Ray, Monster
# Batteries) ----------------------------------------------------------------------------


class TopCard(_Choice, frozen=True, tag="top"):
    """The top card of the deck (Made in a Lab: buy it)."""


class PickMonster(_Choice, frozen=True, tag="monster"):
    """A monster (seat), with an amount when the question is how much (Healing Ray: make it
    gain this many hearts)."""

    seat: int
    amount: int = 0


class PickAmount(_Choice, frozen=True, tag="amount"):
    """A number (Monster Batteries: how much energy to put on the card)."""

    amount: int


# --- dice tools (cards that set the owner's dice) ---------------------------------------


class SetDie(_Choice, frozen=True, tag="set"):
    """Set the die at this index (0-based) of the current roll to ``face`` (a die face)."""

    die: int
    face: str


# --- buying from the discard pile (Scavenger) -------------------------------------------


class PickDiscarded(_Choice, frozen=True, tag="discarded"):
    """A card of the discard pile, by key (cards there are alike: one of them)."""

    key: str


# --- Power Up!'s Evolutions ---------------------------------------------------------------


class PickEvolution(_Choice, frozen=True, tag="evolution"):
    """An Evolution, by key, among those a monster looks at (the draw: keep this one)."""

    key: str


class PlayEvolution(_Choice, frozen=True, tag="play"):
    """Play this Evolution (by key) from the asked monster's hand."""

    key: str


class PickDeckCard(_Choice, frozen=True, tag="deck_card"):
    """A power card of the deck among those a monster looks at (Deep Dive: put this one into
    play): its ``place`` among them (0: the top card) and its ``key``. Which cards they are is
    the looking monster's secret: their public labels give only the place."""

    place: int
    key: str


# --- one monster handing another something (Power Up!: Mega Purr, Electric Carrot) ---------

# What a monster may be made to give another: one energy or one VP.
Gift = Literal["energy", "vp"]


class Give(_Choice, frozen=True, tag="give"):
    """Give the monster ``seat`` one energy or one VP (``what``), as a card makes the monster
    asked choose (Mega Purr: which of the two; Electric Carrot: an energy, or a heart more
    lost)."""

    seat: int
    what: Gift


# Every kind of answer a question can take. A card that needs a new kind of answer adds a
# struct here; the card itself says what the answer means (its ``answer`` and labels).
Choice = (
    Pass | TakeLoss | UseCard | PickDie | PickCard | SplitHearts
    | TopCard | PickMonster | PickAmount | SetDie | PickDiscarded | PickEvolution
    | PlayEvolution | PickDeckCard | Give
)


class Choose(_Action, frozen=True, tag="choose"):
    """Answer a question whose options are choices rather than moves (cards, heart dice)."""

    choice: Choice


class Timeout(_Action, frozen=True, tag="timeout"):
    """The asked seat did not answer in time: the decision's default applies."""


Action = Keep | Roll | StopRolling | Stay | Yield | Buy | Sweep | EndBuying | Choose | Timeout
