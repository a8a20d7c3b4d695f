"""What an answer certainly does to the monster giving it, told without peeking.

A user interface may ask a player to confirm a click that knocks out their own monster
(buying Jet Fighters with 4 hearts). Telling it must not reveal what the player may not know:
the coming dice (the generator's seed and counter) or the order of the deck. So the answer is
tried on a *blind* copy of the state: its dice all come up hearts, the luckiest face for the
monster (each heart cancels a heart of loss with Camouflage), drawn from another seed once
those run out, and its deck holds the same cards in an order anyone can work out (sorted),
except for the top card when the player is looking at it (Made in a Lab's secret question).
A knock-out found there owes nothing to luck, and the cards a purchase turns face up come
only after the buyer's own loss of hearts, so it is certain: the real game knocks the
monster out too, unless somebody chooses otherwise first (a question asked before the loss,
such as Wings, keeps the monster in the game in the blind copy as in the real one).
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Action
from engine.core import POWERS, IllegalAction
from engine.rules import apply
from engine.state import Decision, Face, GameState

# More dice than any answer rolls before its next question (a Camouflage roll for a loss of
# up to 12 hearts, a whole reroll...): past them the blind copy's own seed takes over.
_LUCKY_DICE: tuple[Face, ...] = ("heart",) * 64
_BLIND_SEED = 0


def knocks_out_self(state: GameState, seat: int, action: Action) -> bool:
    """Does ``seat``'s answer ``action`` certainly knock its own monster out of the game, as
    a direct result (before anyone is asked anything else), whatever the dice and the deck?
    False for an answer that is refused, or that leaves the monster a way out (a reaction
    card, It Has a Child!, a lucky Camouflage roll)."""
    if state.over or not state.monsters[seat].alive:
        return False
    try:
        after, _ = apply(_blind(state, seat), seat, action)
    except IllegalAction:
        return False
    return not after.monsters[seat].alive


def needs_confirmation(state: GameState, seat: int, action: Action) -> bool:
    """Should a player be asked to confirm this answer? Only when it certainly knocks out
    their own monster and another answer to the same question does not: a question whose
    every answer does (End turn with the poison that finishes it) is no choice."""
    decision = state.decision(action.decision)
    if decision is None or decision.seat != seat:
        return False
    if not knocks_out_self(state, seat, action):
        return False
    return any(not knocks_out_self(state, seat, other)
               for other in decision.options if other != action)


def sees_top_card(state: GameState, decision: Decision) -> bool:
    """Is the monster asked ``decision`` looking at the top card of the deck (a card's
    secret question, such as Made in a Lab's)?"""
    return (decision.kind == "card" and decision.power in POWERS
            and POWERS[decision.power].secret(state, decision) is not None)


def _blind(state: GameState, seat: int) -> GameState:
    """The state with nothing ``seat`` may not know: lucky dice, another seed, and the deck
    sorted, but for the card on top if ``seat`` is looking at it."""
    looking = any(decision.seat == seat and sees_top_card(state, decision)
                  for decision in state.pending)
    seen = state.deck[:1] if looking else ()
    deck = (*seen, *sorted(state.deck[len(seen):]))
    return replace(state, seed=_BLIND_SEED, rng=0, forced_dice=_LUCKY_DICE, deck=deck)
