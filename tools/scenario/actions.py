"""Actions written as text ("roll keep 1 2", "choose use Wings"), turned into the engine's
actions for the question they answer."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import (
    Action,
    Buy,
    Choice,
    Choose,
    EndBuying,
    Give,
    Keep,
    Pass,
    PickAmount,
    PickCard,
    PickDeckCard,
    PickDie,
    PickDiscarded,
    PickEvolution,
    PickMonster,
    PlayEvolution,
    Roll,
    SetDie,
    SplitHearts,
    Stay,
    StopRolling,
    Sweep,
    TakeLoss,
    Timeout,
    TopCard,
    UseCard,
    Yield,
)
from engine.core import effective_key, face_up_slot, find_card
from engine.state import Decision, GameState
from tools.scenario.common import (
    ScenarioError,
    StepFailure,
    any_card_key,
    card_key,
    evolution_key,
    faces,
)


@dataclass(frozen=True)
class _Asked:
    """The question a step answers, and whether the step expects the engine to refuse the
    answer: an answer the question does not offer is then built all the same and handed to
    the engine, so that the refusal checked is the engine's."""

    state: GameState
    by: int   # the seat acting (not always the one asked)
    decision: Decision
    where: str
    refusal_expected: bool

    def unoffered(self, wanted: str) -> StepFailure:
        return StepFailure(f"{self.where}: no {wanted} in "
                           f"{options_text(self.state, self.decision)}")

    def card_in_play(self, key: str, seat: int | None = None) -> int:
        """For an answer the question does not offer, the uid of a card that is ``key`` or
        has its power (a Mimic copying it): ``seat``'s only, when given; else the acting
        monster's own first, then any monster's in seat order, then a face-up one."""
        state = self.state
        seats = [seat] if seat is not None else [self.by, *range(len(state.monsters))]
        for holder in seats:
            for card in state.monsters[holder].cards:
                if key in (card.key, effective_key(state, card)):
                    return card.uid
        if seat is None:
            for card in state.face_up:
                if card.key == key:
                    return card.uid
        held = "" if seat is None else f" of {state.monsters[seat].name}"
        raise ScenarioError(f"{self.where}: no {key}{held} in play to use (a refused use names "
                            "a card a monster owns or a face-up card)")


def parse_action(state: GameState, seat: int, text: str, where: str, *,
                 refusal_expected: bool = False) -> Action:
    """"roll", "roll keep 1 2", "keep 1 3", "stop", "stay", "yield", "buy Jets",
    "buy slot 4", "sweep", "end", "timeout", "choose <choice>" (see docs/scenarios.md). With
    ``refusal_expected``, a card the question does not offer is named all the same."""
    mine = [d for d in state.pending if d.seat == seat]
    if not mine and not state.pending:
        if not state.over:
            raise StepFailure(f"{where}: nothing is asked of anybody")
        # After the end, answer the last question asked: the engine must refuse.
        last = Decision(id=state.next_decision - 1, seat=seat, kind="roll", options=(),
                        default=StopRolling(decision=state.next_decision - 1))
        return _parse_answer(_Asked(state, seat, last, where, refusal_expected), text)
    # A monster that is not asked answers the first question anyway: the engine must refuse.
    asked = mine[0] if mine else state.pending[0]
    return _parse_answer(_Asked(state, seat, asked, where, refusal_expected), text)


def _parse_answer(asked: _Asked, text: str) -> Action:
    state, where = asked.state, asked.where
    words = text.split()
    verb, rest = words[0].lower(), words[1:]
    did = asked.decision.id
    if verb == "roll":
        card = None
        if "with" in rest:
            # "roll with Energy Drink": the card that gives the roll once no rolls are left.
            at = rest.index("with")
            card = _roll_card(asked, card_key(" ".join(rest[at + 1:]), where))
            rest = rest[:at]
        if rest[:1] == ["keep"]:
            return Roll(decision=did, keep=tuple(int(n) - 1 for n in rest[1:]), card=card)
        return Roll(decision=did, card=card)
    if verb == "keep":
        return Keep(decision=did, dice=tuple(int(n) - 1 for n in rest))
    simple: dict[str, Action] = {
        "stop": StopRolling(decision=did),
        "stay": Stay(decision=did),
        "yield": Yield(decision=did),
        "sweep": Sweep(decision=did),
        "end": EndBuying(decision=did),
        "timeout": Timeout(decision=did),
    }
    if verb in simple:
        return simple[verb]
    if verb == "buy" and len(rest) == 2 and rest[0] == "slot":
        # Any slot, from 1, handed to the engine as it is (to check that it refuses one).
        return Buy(decision=did, slot=int(rest[1]) - 1)
    if verb == "buy":
        key = card_key(" ".join(rest), where)
        for slot, shown in enumerate(state.face_up):
            if shown.key == key:
                return Buy(decision=did, slot=slot)
        raise StepFailure(f"{where}: {key} is not face up (to check a refused buy, name its "
                          f"slot: buy slot {len(state.face_up) + 1})")
    if verb == "choose":
        return Choose(decision=did, choice=_choice(asked, rest))
    raise ScenarioError(f"{where}: unknown action {text!r}")


def _roll_card(asked: _Asked, key: str) -> int:
    """The uid of the card (by its power) that a Roll option of the question names."""
    for option in asked.decision.options:
        if (isinstance(option, Roll) and option.card is not None
                and _key_of_uid(asked.state, option.card) == key):
            return option.card
    if asked.refusal_expected:
        return asked.card_in_play(key)
    raise asked.unoffered(f"roll with {key}")


def _choice(asked: _Asked, words: list[str]) -> Choice:
    """Readable choices: "take", "pass", "use Wings", "die 3", "copy Jets", "buy Heal",
    "tokens 1 0", "sell Jets"; for the buying and heart-dice cards: "buy Jets from Gigazaur",
    "buy top", "leave", "heal Gigazaur 2", "amount 3"; for Power Up!'s: "keep Giant Banana",
    "play Giant Banana", "give energy", "give vp", "monster The King", "put Jets"."""
    state, decision, where = asked.state, asked.decision, asked.where
    kind, rest = words[0].lower(), words[1:]
    if kind == "take":
        return TakeLoss()
    if kind in ("keep", "play"):
        # (Power Up!) "keep Giant Banana": the Evolution kept of those looked at; "play
        # Giant Banana": an Evolution played from the hand.
        key = evolution_key(" ".join(rest), where)
        return PickEvolution(key) if kind == "keep" else PlayEvolution(key)
    if kind in ("pass", "leave"):
        return Pass()
    if kind == "buy" and [w.lower() for w in rest] == ["top"]:
        return TopCard()
    if kind == "amount":
        return PickAmount(amount=int(rest[0]))
    if kind == "monster":
        # A monster picked (Play with your Food, Target Acquired): "monster The King".
        return PickMonster(seat=_seat_named(state, " ".join(rest), where))
    if kind == "heal":
        return PickMonster(seat=_seat_named(state, " ".join(rest[:-1]), where),
                           amount=int(rest[-1]))
    if kind == "buy" and rest[-2:] == ["from", "discard"]:
        # (Scavenger.) A card of the discard pile.
        discarded = PickDiscarded(key=card_key(" ".join(rest[:-2]), where))
        if asked.refusal_expected or any(isinstance(o, Choose) and o.choice == discarded
                                         for o in decision.options):
            return discarded
        raise asked.unoffered(f"choice 'buy {discarded.key} from discard'")
    if kind == "buy" and "from" in rest:
        split = rest.index("from")
        key = card_key(" ".join(rest[:split]), where)
        owner = _seat_named(state, " ".join(rest[split + 1:]), where)
        for option in decision.options:
            if not isinstance(option, Choose) or not isinstance(option.choice, PickCard):
                continue
            found = find_card(state, option.choice.uid)
            if found is not None and found[0] == owner and found[1].key == key:
                return option.choice
        if asked.refusal_expected:
            return PickCard(uid=asked.card_in_play(key, owner))
        raise asked.unoffered(f"choice 'buy {key} from {state.monsters[owner].name}'")
    if kind == "put":
        # (Power Up!) "put Jets": the card looked at on top of the deck put into play (Deep
        # Dive).
        return _deck_card(asked, card_key(" ".join(rest), where))
    if kind == "give":
        # (Power Up!) "give energy", "give vp": what the monster asked hands the one the
        # question names (Mega Purr, Electric Carrot).
        return _gift(asked, rest[0].lower() if rest else "")
    if kind == "die":
        return PickDie(die=int(rest[0]) - 1)
    if kind == "tokens":
        return SplitHearts(poison=int(rest[0]), shrink=int(rest[1]))
    if kind == "sell":
        # (Gains cards.) A card the monster owns, by its own key: a Mimic is sold as "Mimic".
        key = card_key(" ".join(rest), where)
        for option in decision.options:
            if isinstance(option, Choose) and isinstance(option.choice, PickCard):
                found = find_card(state, option.choice.uid)
                if found is not None and found[1].key == key:
                    return option.choice
        if asked.refusal_expected:
            return PickCard(uid=asked.card_in_play(key))
        raise asked.unoffered(f"choice 'sell {key}'")
    if kind == "set":
        return SetDie(die=int(rest[0]) - 1, face=faces(rest[1:2], where)[0])
    if kind == "face":
        face = faces(rest[:1], where)[0]
        for option in decision.options:
            if (isinstance(option, Choose) and isinstance(option.choice, SetDie)
                    and option.choice.face == face):
                return option.choice
        # Without the die the card chose, "set DIE FACE" names a face refused.
        raise asked.unoffered(f"choice 'face {face}' (to name a die too: set 1 {face})")
    if kind in ("use", "copy", "buy"):
        # (A card in play may be an Evolution face up, to use or to copy: Power Up!.)
        key = any_card_key(" ".join(rest), where) if kind in ("use", "copy") else card_key(
            " ".join(rest), where)
        wanted = UseCard if kind == "use" else PickCard
        for option in decision.options:
            if not isinstance(option, Choose) or not isinstance(option.choice, wanted):
                continue
            if _key_of_uid(state, option.choice.uid) == key:
                return option.choice
        if asked.refusal_expected:
            return wanted(uid=asked.card_in_play(key))
        raise asked.unoffered(f"choice '{kind} {key}'")
    raise ScenarioError(f"{where}: unknown choice {' '.join(words)!r}")


def _deck_card(asked: _Asked, key: str) -> PickDeckCard:
    """The option of the question that puts the card ``key`` into play."""
    for option in asked.decision.options:
        if isinstance(option, Choose) and isinstance(option.choice, PickDeckCard) \
                and option.choice.key == key:
            return option.choice
    if asked.refusal_expected:
        return PickDeckCard(place=0, key=key)
    raise asked.unoffered(f"choice 'put {key}'")


def _gift(asked: _Asked, what: str) -> Give:
    """The option of the question that gives ``what`` ("energy" or "vp")."""
    for option in asked.decision.options:
        if isinstance(option, Choose) and isinstance(option.choice, Give) \
                and option.choice.what == what:
            return option.choice
    if what not in ("energy", "vp"):
        raise ScenarioError(f"{asked.where}: give what? 'give energy' or 'give vp', not {what!r}")
    if asked.refusal_expected:
        return Give(seat=asked.decision.seat, what="energy" if what == "energy" else "vp")
    raise asked.unoffered(f"choice 'give {what}'")


def _seat_named(state: GameState, name: str, where: str) -> int:
    for seat, monster in enumerate(state.monsters):
        if monster.name == name:
            return seat
    raise ScenarioError(f"{where}: no monster named {name!r}")


def _key_of_uid(state: GameState, uid: int) -> str | None:
    """The power of a card in play (a copier's is the copied card's), or a face-up card's key."""
    found = find_card(state, uid)
    if found is not None:
        return effective_key(state, found[1])
    slot = face_up_slot(state, uid)
    return None if slot is None else state.face_up[slot].key


def _choice_text(state: GameState, choice: Choice, decision: Decision | None = None) -> str:
    """A choice as ``expect.choices`` names it: "take", "pass", "use:<uid>", "die:<index>",
    "copy:<uid>" (a card in play), "buy:<uid>" (a face-up card, or any card offered in the buy
    step), "tokens:<poison>:<shrink>", "top" (the deck's top card), "monster:<name>:<amount>",
    "amount:<n>"; for Power Up!'s: "keep:<key>", "play:<key>", "give:energy", "give:vp",
    "deck:<key>" (a card looked at on top of the deck)."""
    match choice:
        case PickCard(uid=uid) if decision is not None and decision.kind == "buy":
            return f"buy:{uid}"
        case TopCard():
            return "top"
        case PickMonster(seat=seat, amount=amount):
            return f"monster:{state.monsters[seat].name}:{amount}"
        case PickAmount(amount=amount):
            return f"amount:{amount}"
        case TakeLoss():
            return "take"
        case Pass():
            return "pass"
        case UseCard(uid=uid):
            return f"use:{uid}"
        case PickDie(die=die):
            return f"die:{die}"
        case PickCard(uid=uid):
            return f"buy:{uid}" if face_up_slot(state, uid) is not None else f"copy:{uid}"
        case SplitHearts(poison=poison, shrink=shrink):
            return f"tokens:{poison}:{shrink}"
        case SetDie(die=die, face=face):
            return f"set:{die}:{face}"
        case PickDiscarded(key=key):
            return f"discard:{key}"
        case PickEvolution(key=key):
            return f"keep:{key}"
        case PlayEvolution(key=key):
            return f"play:{key}"
        case Give(what=what):
            return f"give:{what}"
        case PickDeckCard(key=key):
            return f"deck:{key}"
    raise ScenarioError(f"no text for the choice {choice!r}")


# (Gains cards.) Questions whose card answers are cards to sell: "sell:<uid>".
_SELL_QUESTIONS = ("metamorph",)


def options_text(state: GameState, decision: Decision) -> list[str]:
    return [_option_text(state, decision, o.choice) if isinstance(o, Choose)
            else f"Roll:{o.card}" if isinstance(o, Roll) and o.card is not None
            else type(o).__name__
            for o in decision.options]


def _option_text(state: GameState, decision: Decision, choice: Choice) -> str:
    if decision.question in _SELL_QUESTIONS and isinstance(choice, PickCard):
        return f"sell:{choice.uid}"
    return _choice_text(state, choice, decision)

