"""Automatic steps still to run. The engine keeps a queue of these in the state, so a turn can
stop at any point for a decision and go on later from exactly where it was."""

from __future__ import annotations

from typing import Literal

import msgspec


class _Step(msgspec.Struct, frozen=True, tag_field="step", omit_defaults=True):
    pass


class StartTurn(_Step, frozen=True, tag="start_turn"):
    pass


class StartingEvolutions(_Step, frozen=True, tag="starting_evolutions"):
    """Power Up!: before the first turn, every monster keeps one of its top Evolutions."""


class DrawEvolution(_Step, frozen=True, tag="draw_evolution"):
    """Power Up!: the active monster's hearts earned it an Evolution (once its dice have
    resolved): it looks at the top of its pile and keeps one."""


class FirstRoll(_Step, frozen=True, tag="first_roll"):
    pass


class AskRoll(_Step, frozen=True, tag="ask_roll"):
    pass


class AfterRolling(_Step, frozen=True, tag="after_rolling"):
    pass


# Moments when cards of monsters other than the one acting may step in, one card at a time:
# "dice_final": the active monster's dice are final, before they resolve.
# "card_revealed": cards were just turned face up (``cards`` holds their uids).
# "turn_end": the active monster's turn ends (after its end-of-turn cards, before poison).
Window = Literal["dice_final", "card_revealed", "turn_end"]


class CardWindow(_Step, frozen=True, tag="window"):
    """Give the card ``uid`` of ``seat`` its chance at this moment (it may ask a question)."""

    window: Window
    seat: int
    uid: int
    cards: tuple[int, ...] = ()


# Power Up!: moments at which Evolutions may be played from the hand outside their owner's
# roll and buy questions (engine.evolution decides who is asked and what fits):
# "turn_start": the active monster's turn has started, before its first roll;
# "dice_resolving": the active monster's dice are final, before they resolve;
# "losing_hearts": a monster is about to lose hearts (before its cards prevent any);
# "tokyo_free": the active monster is about to enter Tokyo, a place of it being empty (the
# others are asked);
# "after_entering": the active monster's move into Tokyo is over (entered or not), before
# it buys;
# "turn_end": the active monster has bought what it will, before its end-of-turn cards.
# "dice_rolled": the active monster has finished rolling, before its dice resolve (the
# others are asked, after their power cards' chance at that moment);
# "card_bought": the active monster is buying a face-up card (``Turn.buying``), before it
# pays (the others are asked);
# "yielding": a monster answers the yield question (no window of its own: its Evolutions
# made for it are options of that question, docs/rulings.md 88).
EvolutionMoment = Literal["turn_start", "dice_rolled", "dice_resolving", "losing_hearts",
                          "tokyo_free", "after_entering", "card_bought", "turn_end",
                          "yielding"]


class EvolutionWindow(_Step, frozen=True, tag="evolution_window"):
    """Power Up!: ask the monsters this ``moment`` concerns whether to play an Evolution
    (``seat``: the one monster it concerns, for "losing_hearts"; ``amount``: the hearts it
    is about to lose)."""

    moment: EvolutionMoment
    seat: int = -1
    amount: int = 0


class DiceToolsAgain(_Step, frozen=True, tag="dice_tools_again"):
    """After the "dice final" window: if another monster's card changed the dice (they are no
    longer ``dice``), the active monster may use its dice tools once more."""

    dice: tuple[str, ...] = ()


class Resolve(_Step, frozen=True, tag="resolve"):
    pass


class HeartDice(_Step, frozen=True, tag="heart_dice"):
    """The active monster's heart dice still to use: first its cards may spend them on
    others (Healing Ray; ``cards_done`` once they have), then the monster itself."""

    amount: int
    cards_done: bool = False


class ResolveSmashes(_Step, frozen=True, tag="smashes"):
    pass


class React(_Step, frozen=True, tag="react"):
    """Run the loss at this index of ``turn.losses`` through prevention and reactions
    (Power Up!: once its target was asked whether to play an Evolution, ``evolutions_asked``)."""

    index: int
    evolutions_asked: bool = False


class ApplyLosses(_Step, frozen=True, tag="apply_losses"):
    pass


class AskYields(_Step, frozen=True, tag="ask_yields"):
    pass


class ApplyYields(_Step, frozen=True, tag="apply_yields"):
    pass


class AfterSmashes(_Step, frozen=True, tag="after_smashes"):
    """The active monster's smashes have done all they will (their losses, the yields and
    the hearts the yields held): its cards that act on the damage actually dealt act now.
    ``targets``: the monsters the smashes were aimed at."""

    targets: tuple[int, ...]


class EnterTokyo(_Step, frozen=True, tag="enter_tokyo"):
    pass


class AskBuy(_Step, frozen=True, tag="ask_buy"):
    pass


class Purchase(_Step, frozen=True, tag="purchase"):
    """Power Up!: the face-up card the active monster buys (``Turn.buying``), bought once the
    others had their chance to Bamboozle the purchase."""


class EndTurn(_Step, frozen=True, tag="end_turn"):
    """The end of the active monster's turn. ``done``: uids of its end-of-turn cards already
    run (a card's question stops the step, which then resumes with the others);
    ``evolutions_asked``: Power Up!'s "turn end" moment has passed."""

    done: tuple[int, ...] = ()
    evolutions_asked: bool = False


class NextTurn(_Step, frozen=True, tag="next_turn"):
    pass


Step = (
    StartingEvolutions
    | DrawEvolution
    | StartTurn
    | FirstRoll
    | AskRoll
    | AfterRolling
    | CardWindow
    | EvolutionWindow
    | DiceToolsAgain
    | Resolve
    | HeartDice
    | ResolveSmashes
    | React
    | ApplyLosses
    | AskYields
    | ApplyYields
    | AfterSmashes
    | EnterTokyo
    | AskBuy
    | Purchase
    | EndTurn
    | NextTurn
)
