"""Words for players: what a decision asks, what each option does, what an event means.

The bot builds its buttons from ``option_label`` for any decision, so a new card that asks a
question needs no new interface code. Pure functions of the state; no Discord formatting.
"""

from __future__ import annotations

from engine import events as ev
from engine.actions import (
    Action,
    Buy,
    Choose,
    EndBuying,
    Keep,
    Pass,
    Roll,
    SplitHearts,
    Stay,
    StopRolling,
    Sweep,
    TakeLoss,
    Timeout,
    UseCard,
    Yield,
)
from engine.core import POWERS, buy_offer, card_cost, card_name, effective_key, find_card
from engine.phrases import Phrase
from engine.state import BAY_MIN_MONSTERS, FACE_SYMBOLS, Card, Decision, GameState

FACE_WORDS = {
    "1": "1",
    "2": "2",
    "3": "3",
    "energy": "energy",
    "heart": "heart",
    "smash": "smash",
}
PLACE_WORDS = {"city": "Tokyo City", "bay": "Tokyo Bay"}


# Die faces as players see them on the board, by the plain text an event holds.
_SYMBOLS: dict[str, str] = {str(face): symbol for face, symbol in FACE_SYMBOLS.items()}


def _symbol(face: str) -> str:
    return _SYMBOLS.get(face, face)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def option_label(state: GameState, action: Action) -> str:
    """A short button label for one option of a pending decision."""
    if isinstance(action, Roll):
        if action.card is not None:
            return _extra_roll_label(state, action.card)
        turn = state.turn
        if turn is not None and turn.rolls_left == 0:
            return "Roll (uses a card)"
        return "Roll"
    if isinstance(action, StopRolling):
        return "Done rolling"
    if isinstance(action, Keep):
        return "Keep " + ", ".join(str(i + 1) for i in action.dice)
    if isinstance(action, Stay):
        return "Stay in Tokyo"
    if isinstance(action, Yield):
        return "Yield Tokyo"
    if isinstance(action, Buy):
        key = state.face_up[action.slot].key
        seat = state.turn.seat if state.turn is not None else 0
        return f"Buy {card_name(state, key)} ({card_cost(state, seat, key)}⚡)"
    if isinstance(action, Sweep):
        return "Sweep cards (2⚡)"
    if isinstance(action, EndBuying):
        return "End turn"
    if isinstance(action, Timeout):
        return "Time's up"
    return _choice_label(state, action)


def _extra_roll_label(state: GameState, uid: int) -> str:
    """A Roll given by a card once the normal rolls are used up: "Roll (Energy Drink: pay
    1⚡)"; a copy says what it copies ("Roll (Smoke Cloud, Mimic)")."""
    found = find_card(state, uid)
    if found is None:
        return "Roll (uses a card)"
    card = found[1]
    key = effective_key(state, card)
    name = card_name(state, key)
    if key != card.key:
        name += f", {card_name(state, card.key)}"
    note = POWERS[key].extra_roll_label(state, card)
    return f"Roll ({name}: {note})" if note else f"Roll ({name})"


def _choice_label(state: GameState, action: Choose) -> str:
    choice = action.choice
    decision = state.decision(action.decision)
    if decision is not None and decision.kind == "card" and decision.power in POWERS:
        return POWERS[decision.power].choice_label(state, decision, choice)
    if decision is not None and decision.kind == "buy" and not isinstance(choice, UseCard):
        # A purchase a card adds to the buy step (Parasitic Tentacles): the card words it.
        offered = buy_offer(state, decision.seat, choice)
        if offered is not None:
            return offered[1].offer_label(state, decision.seat, offered[0], choice)
    if isinstance(choice, Pass):
        return "Pass"
    if isinstance(choice, TakeLoss):
        return "Take the loss"
    if isinstance(choice, UseCard):
        found = find_card(state, choice.uid)
        if found is None:
            return "Use a card"
        key = effective_key(state, found[1])
        return f"{card_name(state, key)}: {POWERS[key].use_label(state, found[1])}"
    if isinstance(choice, SplitHearts):
        parts = []
        if choice.poison:
            parts.append(f"remove {_plural(choice.poison, 'poison token')}")
        if choice.shrink:
            parts.append(f"remove {_plural(choice.shrink, 'shrink token')}")
        return (", ".join(parts) or "heal only").capitalize()
    return type(choice).__name__


# --- cards owned: what they hold now -------------------------------------------------------


def card_status(state: GameState, card: Card) -> str:
    """What an owned card holds now, for its owner's panel ("" for nothing): the card a copy
    copies, what the card says its tokens are, and whether it was used this turn."""
    parts = []
    key = effective_key(state, card)
    if card.copies is not None and key != card.key:
        parts.append(f"copies {card_name(state, key)}")
    power = POWERS.get(key)
    if power is not None and (held := power.status(state, card)):
        parts.append(held)
    if state.turn is not None and card.used_turn == state.turn.number:
        parts.append("used this turn")
    return "; ".join(parts)


# --- secrets: what only the monster asked may see (Made in a Lab's card) -----------------


def secret(state: GameState, decision: Decision) -> Phrase | None:
    """What only the monster asked may see about this decision (the card Made in a Lab
    looked at), or None. A user interface shows it, with ``private_option_label`` for the
    answers, to that player alone: ``prompt`` and ``option_label`` never tell it."""
    if decision.kind == "card" and decision.power in POWERS:
        return POWERS[decision.power].secret(state, decision)
    return None


def private_option_label(state: GameState, action: Action) -> str:
    """An option's label as the monster asked sees it (it may name a secret card)."""
    if isinstance(action, Choose):
        decision = state.decision(action.decision)
        if decision is not None and decision.kind == "card" and decision.power in POWERS:
            return POWERS[decision.power].private_choice_label(state, decision, action.choice)
    return option_label(state, action)


def prompt(state: GameState, decision_index: int = 0) -> str:
    """What the engine waits for, in words ("The King: stay in Tokyo or yield?")."""
    decision = state.pending[decision_index]
    name = state.monsters[decision.seat].name
    kind = decision.kind
    if kind == "roll":
        turn = state.turn
        left = turn.rolls_left if turn is not None else 0
        if not any(isinstance(o, Roll) for o in decision.options):
            return f"{name}: use a card on the dice, or resolve them?"
        if left == 0:
            return f"{name}: keep dice and roll again with a card, or stop?"
        return f"{name}: keep dice and roll again ({_plural(left, 'roll')} left), or stop?"
    if kind == "yield":
        place = PLACE_WORDS.get(state.place_of(decision.seat) or "", "Tokyo")
        return f"{name}: stay in {place} or yield?"
    if kind == "buy":
        return f"{name}: buy cards, sweep, or end the turn?"
    if kind == "hearts":
        return f"{name}: use {_plural(decision.amount, 'heart')} to heal or to remove tokens?"
    if kind == "react":
        return f"{name} is about to lose {_plural(decision.amount, 'heart')}: use a card?"
    assert decision.power is not None
    return f"{name}: {POWERS[decision.power].prompt(state, decision)}"


def waiting_text(state: GameState) -> str:
    """One line for the board: the pending questions, or the result of a finished game."""
    if state.over:
        if not state.winners:
            return "Every monster is down: nobody wins."
        names = " and ".join(state.monsters[s].name for s in state.winners)
        return f"{names} {'wins' if len(state.winners) == 1 else 'win'}: King of Tokyo!"
    if not state.pending:
        return ""
    if all(d.kind == "yield" for d in state.pending) and len(state.pending) > 1:
        names = " and ".join(state.monsters[d.seat].name for d in state.pending)
        return f"{names}: stay in Tokyo or yield?"
    return prompt(state, 0)


def narrate(state: GameState, event: ev.Event) -> str | None:
    """A short sentence for an event, or None for events not worth a line on their own.
    ``state`` gives the names (any state of the same game will do)."""

    def name(seat: int) -> str:
        return state.monsters[seat].name

    def card(key: str) -> str:
        return card_name(state, key)

    match event:
        case ev.TurnStarted(seat=seat, extra=extra):
            return f"{name(seat)}'s {'extra ' if extra else ''}turn."
        case ev.DiceRolled(seat=seat, dice=dice, rerolled=rerolled, card=key, by=by,
                           previous=previous) if by is not None:
            # Another monster's card rerolled the active monster's dice (Psychic Probe).
            changes = ", ".join(
                f"die {die + 1}, a {_symbol(before)} → {_symbol(dice[die])}"
                for die, before in zip(rerolled, previous, strict=True))
            used = card(key) if key else "card"
            return f"🔮 {name(by)}'s {used}: {name(seat)} rerolls {changes}."
        case ev.DiceRolled(seat=seat, dice=dice, card=key):
            faces = " ".join(FACE_WORDS[f] for f in dice)
            via = f" ({card(key)})" if key else ""
            return f"{name(seat)} rolled{via}: {faces}"
        case ev.VictoryPointsGained(seat=seat, amount=amount, reason=reason):
            return f"{name(seat)} gains {amount}★ ({reason})."
        case ev.VictoryPointsLost(seat=seat, amount=amount, reason=reason):
            return f"{name(seat)} loses {amount}★ ({reason})."
        case ev.EnergyGained(seat=seat, amount=amount, reason=reason):
            return f"{name(seat)} gains {amount}⚡ ({reason})."
        case ev.Healed(seat=seat, amount=amount, reason=reason):
            return f"{name(seat)} gains {_plural(amount, 'heart')} ({reason})."
        case ev.Damaged(seat=seat, amount=amount, hearts=hearts):
            return f"{name(seat)} loses {_plural(amount, 'heart')} ({hearts} left)."
        case ev.LossPrevented(seat=seat, amount=amount, card=key):
            return f"{card(key)} saves {name(seat)} {_plural(amount, 'heart')}."
        case ev.PreventionRolled(seat=seat, dice=dice, card=key):
            faces = " ".join(FACE_WORDS[f] for f in dice)
            return f"{name(seat)} rolls for {card(key)}: {faces}"
        case ev.TokensGained(seat=seat, token=token, amount=amount):
            return f"{name(seat)} gets {_plural(amount, token + ' token')}."
        case ev.TokensRemoved(seat=seat, token=token, amount=amount):
            return f"{name(seat)} removes {_plural(amount, token + ' token')}."
        case ev.Yielded(seat=seat, place=place):
            return f"{name(seat)} yields {PLACE_WORDS[place]}."
        case ev.Stayed(seat=seat, place=place):
            return f"{name(seat)} stays in {PLACE_WORDS[place]}."
        case ev.EnteredTokyo(seat=seat, place=place):
            return f"{name(seat)} enters {PLACE_WORDS[place]}."
        case ev.LeftTokyo(seat=seat, place=place, reason=reason):
            return f"{name(seat)} leaves {PLACE_WORDS[place]} ({reason})."
        case ev.CardBought(seat=seat, card=key, cost=cost, owner=owner) if owner is not None:
            return f"{name(seat)} buys {card(key)} from {name(owner)} for {cost}⚡."
        case ev.CardBought(seat=seat, card=key, cost=cost, from_discard=True):
            return f"{name(seat)} buys {card(key)} from the discard pile for {cost}⚡."
        case ev.CardBought(seat=seat, card=key, cost=cost):
            return f"{name(seat)} buys {card(key)} for {cost}⚡."
        case ev.Swept(seat=seat):
            return f"{name(seat)} sweeps the cards."
        case ev.CardDiscarded(seat=seat, card=key, reason=reason):
            return f"{name(seat)} discards {card(key)} ({reason})."
        case ev.CardCopied(seat=seat, card=key, owner=owner, copier=copier):
            return f"{name(seat)}'s {card(copier)} copies {name(owner)}'s {card(key)}."
        case ev.CopyEnded(seat=seat, card=key):
            return f"{name(seat)}'s {card(key)} token comes back."
        # --- smash cards ---
        case ev.SmashesAdded(seat=seat, amount=amount, card=key):
            added = "1 smash" if amount == 1 else f"{amount} smashes"
            return f"{name(seat)}'s {card(key)} adds {added}."
        case ev.DamageAdded(seat=seat, amount=amount, card=key, seats=seats):
            who = " and ".join(name(s) for s in seats)
            verb = "loses" if len(seats) == 1 else "lose"
            more = "1 more heart" if amount == 1 else f"{amount} more hearts"
            return f"{name(seat)}'s {card(key)}: {who} {verb} {more}."
        case ev.CardStruck(seat=seat, amount=amount, card=key, seats=seats):
            who = " and ".join(name(s) for s in seats)
            each = " each" if len(seats) > 1 else ""
            verb = "loses" if len(seats) == 1 else "lose"
            return f"{name(seat)}'s {card(key)}: {who} {verb} {_plural(amount, 'heart')}{each}."
        case ev.Restarted(seat=seat):
            return f"{name(seat)} has a child: back at full hearts with nothing else!"
        case ev.Eliminated(seat=seat, by=by):
            cause = f" by {name(by)}" if by is not None and by != seat else ""
            return f"💀 {name(seat)} is eliminated{cause}."
        case ev.BayClosed():
            return f"Tokyo Bay closes: fewer than {BAY_MIN_MONSTERS} monsters remain."
        case ev.ExtraTurnGranted(seat=seat, card=key):
            return f"{name(seat)} will take an extra turn ({card(key)})."
        case ev.DieChanged(seat=seat, die=die, face=face, card=key):
            return f"{name(seat)} sets die {die + 1} to {FACE_WORDS.get(face, face)} ({card(key)})."
        case ev.DeckEmpty():
            return "The deck is empty."
        case ev.Won(seats=seats, reason=reason):
            names = " and ".join(name(s) for s in seats)
            return f"👑 {names} {'wins' if len(seats) == 1 else 'win'} ({reason})!"
        case ev.NoWinner():
            return "Every monster is down: nobody wins."
        case ev.DeckTopSeen(seat=seat, card=key):
            return f"{name(seat)} looks at the top card of the deck ({card(key)})."
    return None
