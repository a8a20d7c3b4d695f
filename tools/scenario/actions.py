"""Actions written as text ("roll keep 1 2", "choose use Wings"), turned into the engine's
actions for the question they answer."""

from __future__ import annotations

from engine.actions import (
    Action,
    Buy,
    Choice,
    Choose,
    EndBuying,
    Keep,
    Pass,
    PickAmount,
    PickCard,
    PickDie,
    PickDiscarded,
    PickMonster,
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
from tools.scenario.common import ScenarioError, StepFailure, card_key, faces


def parse_action(state: GameState, seat: int, text: str, where: str) -> Action:
    """"roll", "roll keep 1 2", "keep 1 3", "stop", "stay", "yield", "buy Jets", "sweep",
    "end", "timeout", "choose <choice>" (see docs/scenarios.md)."""
    mine = [d for d in state.pending if d.seat == seat]
    if not mine and not state.pending:
        if not state.over:
            raise StepFailure(f"{where}: nothing is asked of anybody")
        # After the end, answer the last question asked: the engine must refuse.
        last = Decision(id=state.next_decision - 1, seat=seat, kind="roll", options=(),
                        default=StopRolling(decision=state.next_decision - 1))
        return _parse_answer(state, last, text, where)
    # A monster that is not asked answers the first question anyway: the engine must refuse.
    return _parse_answer(state, mine[0] if mine else state.pending[0], text, where)


def _parse_answer(state: GameState, decision: Decision, text: str, where: str) -> Action:
    words = text.split()
    verb, rest = words[0].lower(), words[1:]
    did = decision.id
    if verb == "roll":
        card = None
        if "with" in rest:
            # "roll with Energy Drink": the card that gives the roll once no rolls are left.
            at = rest.index("with")
            card = _roll_card(state, decision, card_key(" ".join(rest[at + 1:]), where), where)
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
    if verb == "buy":
        key = card_key(" ".join(rest), where)
        for slot, shown in enumerate(state.face_up):
            if shown.key == key:
                return Buy(decision=did, slot=slot)
        raise StepFailure(f"{where}: {key} is not face up")
    if verb == "choose":
        return Choose(decision=did, choice=_choice(state, decision, rest, where))
    raise ScenarioError(f"{where}: unknown action {text!r}")


def _roll_card(state: GameState, decision: Decision, key: str, where: str) -> int:
    """The uid of the card (by its power) that a Roll option of the question names."""
    for option in decision.options:
        if (isinstance(option, Roll) and option.card is not None
                and _key_of_uid(state, option.card) == key):
            return option.card
    raise StepFailure(f"{where}: no roll with {key} in {options_text(state, decision)}")


def _choice(state: GameState, decision: Decision, words: list[str], where: str) -> Choice:
    """Readable choices: "take", "pass", "use Wings", "die 3", "copy Jets", "buy Heal",
    "tokens 1 0", "sell Jets"; for the buying and heart-dice cards: "buy Jets from Gigazaur",
    "buy top", "leave", "heal Gigazaur 2", "amount 3"."""
    kind, rest = words[0].lower(), words[1:]
    if kind == "take":
        return TakeLoss()
    if kind in ("pass", "leave"):
        return Pass()
    if kind == "buy" and [w.lower() for w in rest] == ["top"]:
        return TopCard()
    if kind == "amount":
        return PickAmount(amount=int(rest[0]))
    if kind == "heal":
        return PickMonster(seat=_seat_named(state, " ".join(rest[:-1]), where),
                           amount=int(rest[-1]))
    if kind == "buy" and rest[-2:] == ["from", "discard"]:
        # (Scavenger.) A card of the discard pile.
        discarded = PickDiscarded(key=card_key(" ".join(rest[:-2]), where))
        if not any(isinstance(o, Choose) and o.choice == discarded for o in decision.options):
            raise StepFailure(f"{where}: no choice 'buy {discarded.key} from discard' in"
                               f" {options_text(state, decision)}")
        return discarded
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
        raise StepFailure(f"{where}: no choice 'buy {key} from {state.monsters[owner].name}'"
                           f" in {options_text(state, decision)}")
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
        raise StepFailure(f"{where}: no choice 'sell {key}' in {options_text(state, decision)}")
    if kind == "set":
        return SetDie(die=int(rest[0]) - 1, face=faces(rest[1:2], where)[0])
    if kind == "face":
        face = faces(rest[:1], where)[0]
        for option in decision.options:
            if (isinstance(option, Choose) and isinstance(option.choice, SetDie)
                    and option.choice.face == face):
                return option.choice
        raise StepFailure(f"{where}: no choice 'face {face}' in {options_text(state, decision)}")
    if kind in ("use", "copy", "buy"):
        key = card_key(" ".join(rest), where)
        wanted = UseCard if kind == "use" else PickCard
        for option in decision.options:
            if not isinstance(option, Choose) or not isinstance(option.choice, wanted):
                continue
            if _key_of_uid(state, option.choice.uid) == key:
                return option.choice
        raise StepFailure(f"{where}: no choice '{kind} {key}' in {options_text(state, decision)}")
    raise ScenarioError(f"{where}: unknown choice {' '.join(words)!r}")


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
    "amount:<n>"."""
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

