"""What players are told: what a decision asks, what each option does, what an event means,
as phrases (engine.phrases) the bot's catalogs say in each language.

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
    PlayEvolution,
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
from engine.core import (
    POWERS,
    buy_offer,
    card_cost,
    card_word,
    effective_key,
    find_card,
    use_label_of,
)
from engine.phrases import Arg, Join, Phrase, Ref, phrase
from engine.state import BAY_MIN_MONSTERS, FACE_SYMBOLS, Card, Decision, GameState

# Die faces as players see them on the board, by the plain text an event holds.
_SYMBOLS: dict[str, str] = {str(face): symbol for face, symbol in FACE_SYMBOLS.items()}


def _symbol(face: str) -> str:
    return _SYMBOLS.get(face, face)


def _chained(message: str, items: list[Arg]) -> Arg:
    """Items said one after another with ``message`` ("{ $first } { $second }"): dice faces
    by spaces, a card's statuses by semicolons."""
    said = items[0]
    for item in items[1:]:
        said = phrase(message, first=said, second=item)
    return said


def _faces(dice: tuple[str, ...]) -> str:
    """Die faces as the buttons and the board show them, one after another ("1 ⚡ 💥"): one
    spelling of the dice in every language."""
    return " ".join(_symbol(face) for face in dice)


def _names(state: GameState, seats: tuple[int, ...] | list[int]) -> Arg:
    """Monsters' names as "A and B" (and "A and B and C", as the English lines always said)."""
    return _chained("narrate-and", [state.monsters[seat].name for seat in seats])


def option_label(state: GameState, action: Action) -> Phrase:
    """A short button label for one option of a pending decision."""
    if isinstance(action, Roll):
        if action.card is not None:
            return _extra_roll_label(state, action.card)
        turn = state.turn
        if turn is not None and turn.rolls_left == 0:
            return phrase("option-roll-uses-card")
        return phrase("option-roll")
    if isinstance(action, StopRolling):
        return phrase("option-stop-rolling")
    if isinstance(action, Keep):
        return phrase("option-keep", dice=", ".join(str(i + 1) for i in action.dice))
    if isinstance(action, Stay):
        return phrase("option-stay")
    if isinstance(action, Yield):
        return phrase("option-yield")
    if isinstance(action, Buy):
        key = state.face_up[action.slot].key
        seat = state.turn.seat if state.turn is not None else 0
        return phrase("option-buy", card=card_word(state, key),
                      cost=card_cost(state, seat, key))
    if isinstance(action, Sweep):
        return phrase("option-sweep")
    if isinstance(action, EndBuying):
        return phrase("option-end-turn")
    if isinstance(action, Timeout):
        return phrase("option-timeout")
    return _choice_label(state, action)


def _extra_roll_label(state: GameState, uid: int) -> Phrase:
    """A Roll given by a card once the normal rolls are used up: "Roll (Energy Drink: pay
    1⚡)"; a copy says what it copies ("Roll (Smoke Cloud, Mimic)")."""
    found = find_card(state, uid)
    if found is None:
        return phrase("option-roll-uses-card")
    card = found[1]
    key = effective_key(state, card)
    name: Arg = card_word(state, key)
    if key != card.key:
        name = phrase("option-card-copy", card=name, copier=card_word(state, card.key))
    note = POWERS[key].extra_roll_label(state, card)
    if note is None:
        return phrase("option-roll-with", card=name)
    return phrase("option-roll-with-note", card=name, note=note)


def _choice_label(state: GameState, action: Choose) -> Phrase:
    choice = action.choice
    decision = state.decision(action.decision)
    if decision is not None and decision.kind == "card" and decision.power in POWERS:
        return POWERS[decision.power].choice_label(state, decision, choice)
    if decision is not None and decision.kind == "buy" and not isinstance(choice, UseCard):
        # A purchase a card adds to the buy step (Parasitic Tentacles): the card words it.
        offered = buy_offer(state, decision.seat, choice)
        if offered is not None:
            return offered[1].offer_label(state, decision.seat, offered[0], choice)
    if isinstance(choice, PlayEvolution):
        # (Public: which Evolution a monster holds is its secret until it is played.)
        return phrase("option-play-evolution-hidden")
    if isinstance(choice, Pass):
        return phrase("option-pass")
    if isinstance(choice, TakeLoss):
        return phrase("option-take-loss")
    if isinstance(choice, UseCard):
        return use_label_of(state, choice.uid)
    if isinstance(choice, SplitHearts):
        if choice.poison and choice.shrink:
            return phrase("option-remove-both", poison=choice.poison, shrink=choice.shrink)
        if choice.poison:
            return phrase("option-remove-poison", count=choice.poison)
        if choice.shrink:
            return phrase("option-remove-shrink", count=choice.shrink)
        return phrase("option-heal-only")
    return phrase("option-other", kind=type(choice).__name__)


# --- cards owned: what they hold now -------------------------------------------------------


def copies_cards(key: str) -> bool:
    """Does this card copy another (``Card.copies``)? A board then shows what it copies, or
    that it copies nothing yet."""
    power = POWERS.get(key)
    return power is not None and power.copies_cards


def tokens_label(state: GameState, card: Card) -> Phrase | None:
    """The tokens on an owned card in a word or two, as the card names them ("3 smoke"), for
    a board's short label; None: the card gives them no name (a board shows their number)."""
    power = POWERS.get(card.key)
    return None if power is None else power.tokens_label(state, card)


def card_status(state: GameState, card: Card) -> Phrase | None:
    """What an owned card holds now, for its owner's panel (None for nothing): the card a
    copy copies, what the card says its tokens are, and whether it was used this turn."""
    parts: list[Arg] = []
    key = effective_key(state, card)
    if card.copies is not None and key != card.key:
        parts.append(phrase("status-copies", card=card_word(state, key)))
    power = POWERS.get(key)
    if power is not None and (held := power.status(state, card)) is not None:
        parts.append(held)
    if state.turn is not None and card.used_turn == state.turn.number:
        parts.append(phrase("status-used"))
    if not parts:
        return None
    return phrase("status", parts=_chained("status-and", parts))


# --- secrets: what only the monster asked may see (Made in a Lab's card) -----------------


def secret(state: GameState, decision: Decision) -> Phrase | None:
    """What only the monster asked may see about this decision (the card Made in a Lab
    looked at), or None. A user interface shows it, with ``private_option_label`` for the
    answers, to that player alone: ``prompt`` and ``option_label`` never tell it."""
    if decision.kind == "card" and decision.power in POWERS:
        return POWERS[decision.power].secret(state, decision)
    return None


def private_option_label(state: GameState, action: Action) -> Phrase:
    """An option's label as the monster asked sees it (it may name a secret card)."""
    if isinstance(action, Choose):
        decision = state.decision(action.decision)
        if decision is not None and decision.kind == "card" and decision.power in POWERS:
            return POWERS[decision.power].private_choice_label(state, decision, action.choice)
        if isinstance(action.choice, PlayEvolution):
            return phrase("option-play-evolution", card=card_word(state, action.choice.key))
    return option_label(state, action)


def prompt(state: GameState, decision_index: int = 0) -> Phrase:
    """What the engine waits for ("The King: stay in Tokyo or yield?")."""
    decision = state.pending[decision_index]
    name = state.monsters[decision.seat].name
    kind = decision.kind
    if kind == "roll":
        turn = state.turn
        left = turn.rolls_left if turn is not None else 0
        if not any(isinstance(o, Roll) for o in decision.options):
            return phrase("prompt-roll-use-or-resolve", name=name)
        if left == 0:
            return phrase("prompt-roll-with-card", name=name)
        return phrase("prompt-roll", name=name, count=left)
    if kind == "yield":
        place = state.place_of(decision.seat) or "tokyo"
        return phrase("prompt-yield", name=name, place=Ref("narrate-place", place))
    if kind == "buy":
        return phrase("prompt-buy", name=name)
    if kind == "hearts":
        return phrase("prompt-hearts", name=name, count=decision.amount)
    if kind == "react":
        return phrase("prompt-react", name=name, count=decision.amount)
    assert decision.power is not None
    return phrase("prompt-card", name=name,
                  question=POWERS[decision.power].prompt(state, decision))


def waiting_text(state: GameState) -> Phrase | None:
    """One line for the board: the pending questions, or the result of a finished game (None
    for neither)."""
    if state.over:
        if not state.winners:
            return phrase("waiting-nobody-wins")
        return phrase("waiting-won", names=_names(state, state.winners),
                      count=len(state.winners))
    if not state.pending:
        return None
    if all(d.kind == "yield" for d in state.pending) and len(state.pending) > 1:
        return phrase("waiting-yield", names=_names(state, [d.seat for d in state.pending]))
    return prompt(state, 0)


def narrate(state: GameState, event: ev.Event) -> Phrase | None:
    """A short sentence for an event, or None for events not worth a line on their own.
    ``state`` gives the names (any state of the same game will do)."""

    def name(seat: int) -> str:
        return state.monsters[seat].name

    def card(key: str) -> Ref:
        return card_word(state, key)

    def place(where: str) -> Ref:
        return Ref("narrate-place", where)

    match event:
        case ev.TurnStarted(seat=seat, extra=extra):
            return phrase("narrate-extra-turn" if extra else "narrate-turn", name=name(seat))
        case ev.DiceRolled(seat=seat, dice=dice, rerolled=rerolled, card=key, by=by,
                           previous=previous) if by is not None:
            # Another monster's card rerolled the active monster's dice (Psychic Probe).
            changes = _chained("narrate-comma", [
                phrase("narrate-die-change", number=die + 1, before=_symbol(before),
                       after=_symbol(dice[die]))
                for die, before in zip(rerolled, previous, strict=True)])
            used = card(key) if key else phrase("narrate-a-card")
            return phrase("narrate-probed", name=name(by), card=used, roller=name(seat),
                          changes=changes)
        case ev.DiceRolled(seat=seat, dice=dice, card=key):
            if key:
                return phrase("narrate-rolled-with", name=name(seat), card=card(key),
                              dice=_faces(dice))
            return phrase("narrate-rolled", name=name(seat), dice=_faces(dice))
        case ev.VictoryPointsGained(seat=seat, amount=amount, reason=reason):
            return phrase("narrate-vp-gained", name=name(seat), amount=amount, reason=reason)
        case ev.VictoryPointsLost(seat=seat, amount=amount, reason=reason):
            return phrase("narrate-vp-lost", name=name(seat), amount=amount, reason=reason)
        case ev.EnergyGained(seat=seat, amount=amount, reason=reason):
            return phrase("narrate-energy-gained", name=name(seat), amount=amount,
                          reason=reason)
        case ev.Healed(seat=seat, amount=amount, reason=reason):
            return phrase("narrate-healed", name=name(seat), count=amount, reason=reason)
        case ev.Damaged(seat=seat, amount=amount, hearts=hearts):
            return phrase("narrate-damaged", name=name(seat), count=amount, hearts=hearts)
        case ev.LossPrevented(seat=seat, amount=amount, card=key):
            return phrase("narrate-loss-prevented", name=name(seat), card=card(key),
                          count=amount)
        case ev.PreventionRolled(seat=seat, dice=dice, card=key):
            return phrase("narrate-prevention-rolled", name=name(seat), card=card(key),
                          dice=_faces(dice))
        case ev.TokensGained(seat=seat, token=token, amount=amount):
            return phrase("narrate-tokens-gained", name=name(seat),
                          tokens=phrase("narrate-token-count", token=token, count=amount))
        case ev.TokensRemoved(seat=seat, token=token, amount=amount):
            return phrase("narrate-tokens-removed", name=name(seat),
                          tokens=phrase("narrate-token-count", token=token, count=amount))
        case ev.Yielded(seat=seat, place=where):
            return phrase("narrate-yielded", name=name(seat), place=place(where))
        case ev.Stayed(seat=seat, place=where):
            return phrase("narrate-stayed", name=name(seat), place=place(where))
        case ev.EnteredTokyo(seat=seat, place=where):
            return phrase("narrate-entered", name=name(seat), place=place(where))
        case ev.LeftTokyo(seat=seat, place=where, reason=reason):
            return phrase("narrate-left", name=name(seat), place=place(where), reason=reason)
        case ev.CardBought(seat=seat, card=key, cost=cost, owner=owner) if owner is not None:
            return phrase("narrate-bought-from", name=name(seat), card=card(key),
                          owner=name(owner), cost=cost)
        case ev.CardBought(seat=seat, card=key, cost=cost, from_discard=True):
            return phrase("narrate-bought-discarded", name=name(seat), card=card(key),
                          cost=cost)
        case ev.CardBought(seat=seat, card=key, cost=cost):
            return phrase("narrate-bought", name=name(seat), card=card(key), cost=cost)
        case ev.Swept(seat=seat, cards=keys):
            # (the cards swept away are gone from the board the next moment: named here.
            # "narrate-swept" keeps its one argument: chronicles stored it so.)
            if not keys:
                return phrase("narrate-swept", name=name(seat))
            return phrase("narrate-swept-away", name=name(seat),
                          cards=_chained("narrate-comma", [card(key) for key in keys]))
        case ev.CardTaken(seat=seat, card=key, reason=reason):
            return phrase("narrate-card-taken", name=name(seat), card=card(key), reason=reason)
        case ev.CardDiscarded(seat=seat, card=key, reason=reason):
            return phrase("narrate-discarded", name=name(seat), card=card(key), reason=reason)
        case ev.CardCopied(seat=seat, card=key, owner=owner, copier=copier):
            return phrase("narrate-copied", name=name(seat), copier=card(copier),
                          owner=name(owner), card=card(key))
        case ev.CopyEnded(seat=seat, card=key):
            return phrase("narrate-copy-ended", name=name(seat), card=card(key))
        # --- smash cards ---
        case ev.SmashesAdded(seat=seat, amount=amount, card=key):
            return phrase("narrate-smashes-added", name=name(seat), card=card(key),
                          count=amount)
        case ev.DamageAdded(seat=seat, amount=amount, card=key, seats=seats):
            return phrase("narrate-damage-added", name=name(seat), card=card(key),
                          names=_names(state, seats), monsters=len(seats), count=amount)
        case ev.CardStruck(seat=seat, amount=amount, card=key, seats=seats):
            return phrase("narrate-card-struck", name=name(seat), card=card(key),
                          names=_names(state, seats), monsters=len(seats), count=amount)
        case ev.Restarted(seat=seat):
            return phrase("narrate-restarted", name=name(seat))
        case ev.Eliminated(seat=seat, by=by):
            if by is not None and by != seat:
                return phrase("narrate-eliminated-by", name=name(seat), by=name(by))
            return phrase("narrate-eliminated", name=name(seat))
        case ev.BayClosed():
            return phrase("narrate-bay-closed", count=BAY_MIN_MONSTERS)
        case ev.ExtraTurnGranted(seat=seat, card=key):
            return phrase("narrate-extra-turn-granted", name=name(seat), card=card(key))
        case ev.DieChanged(seat=seat, die=die, face=face, card=key):
            return phrase("narrate-die-changed", name=name(seat), number=die + 1,
                          face=_symbol(face), card=card(key))
        case ev.DeckEmpty():
            return phrase("narrate-deck-empty")
        case ev.Won(seats=seats, reason=reason):
            return phrase("narrate-won", names=_names(state, seats), count=len(seats),
                          reason=reason)
        case ev.NoWinner():
            return phrase("waiting-nobody-wins")
        case ev.DeckTopSeen(seat=seat, card=key):
            return phrase("narrate-deck-top-seen", name=name(seat), card=card(key))
        case ev.EvolutionsLookedAt(seat=seat, count=count, start=start):
            return phrase("narrate-evolutions-looked-at", name=name(seat), count=count,
                          start="yes" if start else "no")
        case ev.EvolutionKept(seat=seat):
            return phrase("narrate-evolution-kept", name=name(seat))
        case ev.EvolutionPileShuffled(seat=seat, count=count):
            return phrase("narrate-evolution-pile-shuffled", name=name(seat), count=count)
        case ev.EvolutionPlayed(seat=seat, card=key, permanent=permanent):
            return phrase("narrate-evolution-played", name=name(seat), card=card(key),
                          permanent="yes" if permanent else "no")
        case ev.PurchaseCancelled(seat=seat, card=key, by=by, cause=cause):
            return phrase("narrate-purchase-cancelled", name=name(seat), card=card(key),
                          by=name(by), cause=card(cause))
        case (ev.EvolutionLent(seat=seat, card=key, holder=holder)
              | ev.EvolutionGivenBack(seat=seat, card=key, holder=holder)):
            said = ("narrate-evolution-lent" if isinstance(event, ev.EvolutionLent)
                    else "narrate-evolution-given-back")
            return phrase(said, name=name(seat), card=card(key), holder=name(holder))
        case ev.FaceFrozen(seat=seat, face=face, holder=holder, card=key):
            return phrase("narrate-face-frozen", name=name(seat), face=_symbol(face),
                          holder=name(holder), card=card(key))
        case ev.EvolutionTakenBack(seat=seat, card=key):
            return phrase("narrate-evolution-taken-back", name=name(seat), card=card(key))
        case ev.EvolutionsExpired(seat=seat, cards=keys):
            return phrase("narrate-evolutions-expired", name=name(seat),
                          cards=Join(tuple(card(key) for key in keys)))
    return None
