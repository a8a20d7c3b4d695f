"""Rule scenarios: small TOML files that anyone can check against the rulebook.

Run ``python -m tools.scenario PATH...`` (files or folders). The exit code is 0 only if every
scenario passes; each failure names the file, the line of the step and the expectation.
The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

import msgspec
from msgspec.structs import replace

from engine import steps as st
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
from engine.card_table import find_card as find_card_by_name
from engine.codec import encode_state
from engine.core import POWERS, IllegalAction, effective_key, face_up_slot, find_card
from engine.describe import narrate
from engine.events import Event
from engine.rules import advance, apply, begin, check_setup, max_hearts
from engine.state import (
    BAY_MIN_MONSTERS,
    FACES,
    GAME_TYPES,
    MAX_MONSTERS,
    MIN_MONSTERS,
    SCHEMA_VERSION,
    Card,
    Decision,
    Face,
    GameState,
    Monster,
    Options,
    Turn,
)

# ``setup.turn`` for a game that starts with the roll for the first player.
ROLL_OFF = "roll off"


class ScenarioError(Exception):
    """The scenario file itself is wrong (not a rules failure)."""


@dataclass
class Result:
    path: Path
    title: str
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


# --- building the starting state --------------------------------------------------------


def _faces(raw: Iterable[Any], where: str) -> tuple[Face, ...]:
    faces: list[Face] = []
    for item in raw:
        text = str(item)
        if text not in FACES:
            raise ScenarioError(f"{where}: unknown die face {text!r} (use one of {FACES})")
        faces.append(text)
    return tuple(faces)


def _card_key(name: str, where: str) -> str:
    info = find_card_by_name(name)
    if info is None:
        raise ScenarioError(f"{where}: unknown card {name!r}")
    return info.key


class _Builder:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.uid = 1
        self.names: list[str] = [m["name"] for m in data.get("monster", [])]
        if not MIN_MONSTERS <= len(self.names) <= MAX_MONSTERS:
            raise ScenarioError(f"a scenario needs {MIN_MONSTERS} to {MAX_MONSTERS} "
                                "[[monster]] tables")

    def seat(self, name: str, where: str) -> int:
        if name not in self.names:
            raise ScenarioError(f"{where}: no monster named {name!r}")
        return self.names.index(name)

    def card(self, spec: str) -> tuple[Card, str | None]:
        """"Smoke Cloud", "smoke_cloud:2" (with 2 tokens), "mimic>jets" (copying Jets)."""
        copies = None
        if ">" in spec:
            spec, copies = spec.split(">", 1)
        name, _, tokens = spec.partition(":")
        card = Card(uid=self.uid, key=_card_key(name.strip(), "cards"),
                    tokens=int(tokens) if tokens else 0)
        self.uid += 1
        return card, copies

    def build(self) -> GameState:
        data = self.data
        setup = data.get("setup", {})
        monsters: list[Monster] = []
        mimic_wants: list[tuple[int, Card, str]] = []
        for seat, raw in enumerate(data["monster"]):
            cards = []
            for spec in raw.get("cards", []):
                card, copies = self.card(spec)
                if ":" not in spec:
                    card = replace(card, tokens=_starting_tokens(card.key))
                cards.append(card)
                if copies is not None:
                    mimic_wants.append((seat, card, copies))
            monsters.append(Monster(
                name=raw["name"],
                hearts=raw.get("hearts", 10),
                vp=raw.get("vp", 0),
                energy=raw.get("energy", 0),
                poison=raw.get("poison", 0),
                shrink=raw.get("shrink", 0),
                alive=raw.get("alive", True),
                cards=tuple(cards),
            ))
        all_cards = [c for m in monsters for c in m.cards]
        for seat, mimic, wanted in mimic_wants:
            key = _card_key(wanted, "mimic target")
            target = next((c for c in all_cards if c.key == key), None)
            if target is None:
                raise ScenarioError(f"mimic target {wanted!r} is not in play")
            copied = tuple(replace(c, copies=target.uid) if c.uid == mimic.uid else c
                           for c in monsters[seat].cards)
            monsters[seat] = replace(monsters[seat], cards=copied)
        face_up = []
        for name in setup.get("face_up", []):
            face_up.append(Card(uid=self.uid, key=_card_key(name, "face_up")))
            self.uid += 1
        deck = tuple(_card_key(name, "deck") for name in setup.get("deck", []))
        discard = tuple(_card_key(name, "discard") for name in setup.get("discard", []))
        game = data.get("game", "kot")
        if game not in GAME_TYPES:
            raise ScenarioError(f"unknown game {game!r} (use one of {GAME_TYPES})")
        options = Options(game=game, edition=data.get("edition", "2016"),
                          two_player_variant=data.get("two_player_variant"),
                          last_standing_at_once=data.get("last_standing_at_once"),
                          ).resolved(len(monsters))
        bay = self.seat(setup["bay"], "setup.bay") if setup.get("bay") else None
        has_bay = options.rules().has_bay and len(monsters) >= BAY_MIN_MONSTERS
        bay_open = bool(setup.get("bay_open", has_bay))
        check_setup(options, tuple(self.names), bay_open=bay_open or bay is not None)
        # "roll off": the rulebook's roll for the first player decides whose turn starts.
        turn_name = setup.get("turn", self.names[0])
        turn_seat = None if turn_name == ROLL_OFF else self.seat(turn_name, "setup.turn")
        state = GameState(
            schema=SCHEMA_VERSION,
            options=options,
            seed=int(data.get("seed", 1)),
            monsters=tuple(monsters),
            city=self.seat(setup["city"], "setup.city") if setup.get("city") else None,
            bay=bay,
            bay_open=bay_open,
            deck=deck,
            discard=discard,
            face_up=tuple(face_up),
            turn=None if turn_seat is None else Turn(
                seat=turn_seat, number=int(setup.get("turn_number", 1)), order_seat=turn_seat),
            steps=() if turn_seat is None else (st.StartTurn(),),
            forced_dice=_faces(setup.get("dice", []), "setup.dice"),
            next_uid=self.uid,
        )
        return state

    def start(self) -> tuple[GameState, list[Event]]:
        """The starting state played up to its first question, the roll for the first
        player first when the scenario asks for it."""
        try:
            state = self.build()
        except IllegalAction as refusal:
            raise ScenarioError(f"the engine refuses this setup: {refusal}") from None
        return begin(state) if state.turn is None else advance(state)


# --- actions written as text ------------------------------------------------------------


def _parse_action(state: GameState, seat: int, text: str, where: str) -> Action:
    """"roll", "roll keep 1 2", "keep 1 3", "stop", "stay", "yield", "buy Jets", "sweep",
    "end", "timeout", "choose <choice>" (see docs/scenarios.md)."""
    mine = [d for d in state.pending if d.seat == seat]
    if not mine and not state.pending:
        if not state.over:
            raise _StepFailure(f"{where}: nothing is asked of anybody")
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
            card = _roll_card(state, decision, _card_key(" ".join(rest[at + 1:]), where), where)
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
        key = _card_key(" ".join(rest), where)
        for slot, shown in enumerate(state.face_up):
            if shown.key == key:
                return Buy(decision=did, slot=slot)
        raise _StepFailure(f"{where}: {key} is not face up")
    if verb == "choose":
        return Choose(decision=did, choice=_choice(state, decision, rest, where))
    raise ScenarioError(f"{where}: unknown action {text!r}")


def _roll_card(state: GameState, decision: Decision, key: str, where: str) -> int:
    """The uid of the card (by its power) that a Roll option of the question names."""
    for option in decision.options:
        if (isinstance(option, Roll) and option.card is not None
                and _key_of_uid(state, option.card) == key):
            return option.card
    raise _StepFailure(f"{where}: no roll with {key} in {_options(state, decision)}")


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
        discarded = PickDiscarded(key=_card_key(" ".join(rest[:-2]), where))
        if not any(isinstance(o, Choose) and o.choice == discarded for o in decision.options):
            raise _StepFailure(f"{where}: no choice 'buy {discarded.key} from discard' in"
                               f" {_options(state, decision)}")
        return discarded
    if kind == "buy" and "from" in rest:
        split = rest.index("from")
        key = _card_key(" ".join(rest[:split]), where)
        owner = _seat_named(state, " ".join(rest[split + 1:]), where)
        for option in decision.options:
            if not isinstance(option, Choose) or not isinstance(option.choice, PickCard):
                continue
            found = find_card(state, option.choice.uid)
            if found is not None and found[0] == owner and found[1].key == key:
                return option.choice
        raise _StepFailure(f"{where}: no choice 'buy {key} from {state.monsters[owner].name}'"
                           f" in {_options(state, decision)}")
    if kind == "die":
        return PickDie(die=int(rest[0]) - 1)
    if kind == "tokens":
        return SplitHearts(poison=int(rest[0]), shrink=int(rest[1]))
    if kind == "sell":
        # (Gains cards.) A card the monster owns, by its own key: a Mimic is sold as "Mimic".
        key = _card_key(" ".join(rest), where)
        for option in decision.options:
            if isinstance(option, Choose) and isinstance(option.choice, PickCard):
                found = find_card(state, option.choice.uid)
                if found is not None and found[1].key == key:
                    return option.choice
        raise _StepFailure(f"{where}: no choice 'sell {key}' in {_options(state, decision)}")
    if kind == "set":
        return SetDie(die=int(rest[0]) - 1, face=_faces(rest[1:2], where)[0])
    if kind == "face":
        face = _faces(rest[:1], where)[0]
        for option in decision.options:
            if (isinstance(option, Choose) and isinstance(option.choice, SetDie)
                    and option.choice.face == face):
                return option.choice
        raise _StepFailure(f"{where}: no choice 'face {face}' in {_options(state, decision)}")
    if kind in ("use", "copy", "buy"):
        key = _card_key(" ".join(rest), where)
        wanted = UseCard if kind == "use" else PickCard
        for option in decision.options:
            if not isinstance(option, Choose) or not isinstance(option.choice, wanted):
                continue
            if _key_of_uid(state, option.choice.uid) == key:
                return option.choice
        raise _StepFailure(f"{where}: no choice '{kind} {key}' in {_options(state, decision)}")
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


def _options(state: GameState, decision: Decision) -> list[str]:
    return [_option_text(state, decision, o.choice) if isinstance(o, Choose)
            else f"Roll:{o.card}" if isinstance(o, Roll) and o.card is not None
            else type(o).__name__
            for o in decision.options]


def _option_text(state: GameState, decision: Decision, choice: Choice) -> str:
    if decision.question in _SELL_QUESTIONS and isinstance(choice, PickCard):
        return f"sell:{choice.uid}"
    return _choice_text(state, choice, decision)


def _starting_tokens(key: str) -> int:
    power = POWERS.get(key)
    return power.starting_tokens if power is not None else 0


class _StepFailure(Exception):
    pass


# --- expectations -----------------------------------------------------------------------


def _check(state: GameState, log: list[str], expect: dict[str, Any], names: list[str]) -> list[str]:
    problems: list[str] = []

    def compare(what: str, wanted: Any, actual: Any) -> None:
        if wanted != actual:
            problems.append(f"{what}: expected {wanted!r}, got {actual!r}")

    for name, fields in expect.get("monster", {}).items():
        if name not in names:
            raise ScenarioError(f"expect.monster: no monster named {name!r}")
        seat = names.index(name)
        monster = state.monsters[seat]
        for key, wanted in fields.items():
            if key == "cards":
                actual: Any = sorted(c.key for c in monster.cards)
                wanted = sorted(_card_key(w, "expect cards") for w in wanted)
            elif key == "place":
                actual = state.place_of(seat) or "outside"
            elif key == "max_hearts":
                actual = max_hearts(state, seat)
            elif key == "mimic":
                mimics = [c for c in monster.cards if c.key == "mimic"]
                actual = effective_key(state, mimics[0]) if mimics else None
                wanted = None if wanted == "" else _card_key(wanted, "expect mimic")
                actual = None if actual == "mimic" else actual
            elif key == "tokens":
                actual = {c.key: c.tokens for c in monster.cards if c.tokens}
                wanted = {_card_key(k, "expect tokens"): v for k, v in wanted.items()}
            elif hasattr(monster, key):
                actual = getattr(monster, key)
            else:
                raise ScenarioError(f"expect.monster.{name}: unknown field {key!r}")
            compare(f"{name}.{key}", wanted, actual)
    for place in ("city", "bay"):
        if place in expect:
            seat = getattr(state, place)
            compare(place, expect[place], "" if seat is None else names[seat])
    if "bay_open" in expect:
        compare("bay_open", expect["bay_open"], state.bay_open)
    if "over" in expect:
        compare("over", expect["over"], state.over)
    if "winners" in expect:
        compare("winners", expect["winners"], [names[s] for s in state.winners])
    turn = state.turn
    if "dice" in expect and turn is not None:
        compare("dice", list(expect["dice"]), list(turn.dice))
    if "rolls_left" in expect and turn is not None:
        compare("rolls_left", expect["rolls_left"], turn.rolls_left)
    if "turn" in expect and turn is not None:
        compare("turn", expect["turn"], names[turn.seat])
    if "face_up" in expect:
        compare("face_up", [_card_key(k, "face_up") for k in expect["face_up"]],
                [c.key for c in state.face_up])
    if "deck_size" in expect:
        compare("deck_size", expect["deck_size"], len(state.deck))
    if "deck_top" in expect:
        top = [_card_key(k, "expect.deck_top") for k in expect["deck_top"]]
        compare("deck_top", top, list(state.deck[:len(top)]))
    if "discard" in expect:
        compare("discard", [_card_key(k, "expect.discard") for k in expect["discard"]],
                list(state.discard))
    if "asks" in expect:
        # A card's question is named by the card ("probe", "mimic"...).
        actual_asks = [f"{names[d.seat]} {d.question or d.kind}" for d in state.pending]
        compare("asks", list(expect["asks"]), actual_asks)
    if "choices" in expect:
        actual_choices = _options(state, state.pending[0]) if state.pending else []
        compare("choices", list(expect["choices"]), actual_choices)
    for line in expect.get("events", []):
        if not any(line in said for said in log):
            problems.append(f"events: no event says {line!r}; events were: {log}")
    for line in expect.get("no_events", []):
        hits = [said for said in log if line in said]
        if hits:
            problems.append(f"no_events: {line!r} happened: {hits}")
    return problems


# --- structured events ------------------------------------------------------------------
#
# expect.happened = [{ event = "damaged", seat = "Cyber Kitty", amount = 3 }] checks the events
# of the step's action by kind (the event's tag in engine/events.py) and by the fields listed;
# fields not listed are not checked. Seats are written as monster names, cards as keys or
# names, dice as faces, die numbers and slots from 1 (as everywhere in a scenario).

EVENT_KINDS: dict[str, type[Any]] = {
    str(cls.__struct_config__.tag): cls for cls in get_args(Event)
}
_SEAT_FIELDS = ("seat", "by", "owner")
_CARD_FIELDS = ("card", "copier")
_NUMBERED_FIELDS = ("rerolled",)   # die numbers, written from 1
_SLOT_FIELDS = ("slot", "die")      # face-up slots and a die's number, written from 1


def _kind(event: Event) -> str:
    return str(type(event).__struct_config__.tag)


def _toml(value: Any) -> str:
    """A value as a scenario would write it (inline TOML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        inner = ", ".join(f"{k if re.fullmatch(r'[A-Za-z0-9_-]+', k) else _toml(k)} = "
                          f"{_toml(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True)
class _EventSpec:
    """One expected event: its kind and the wanted fields, as the event holds them."""

    kind: str
    fields: dict[str, Any]
    text: str

    def matches(self, event: Event) -> bool:
        return _kind(event) == self.kind and all(
            _comparable(name, getattr(event, name)) == wanted
            for name, wanted in self.fields.items())


def _comparable(name: str, value: Any) -> Any:
    return dict(value) if name == "smashes" else value


def _event_value(name: str, value: Any, kind_type: Any, names: list[str], where: str) -> Any:
    """A field written in a scenario, as the event holds it."""

    def seat(raw: Any) -> int | None:
        if raw == "":
            return None
        if raw not in names:
            raise ScenarioError(f"{where}: no monster named {raw!r}")
        return names.index(raw)

    def listed(raw: Any) -> list[Any]:
        if not isinstance(raw, list):
            raise ScenarioError(f"{where}: expected a list, got {raw!r}")
        return raw

    def number(raw: Any) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool) or raw < 1:
            raise ScenarioError(f"{where}: expected a number from 1, got {raw!r}")
        return raw - 1

    annotation = kind_type
    if name in _SEAT_FIELDS:
        value = seat(value)
    elif name == "seats":
        value = [seat(v) for v in listed(value)]
    elif name in _CARD_FIELDS:
        value = None if value == "" else _card_key(str(value), where)
    elif name == "cards":
        value = [_card_key(str(v), where) for v in listed(value)]
    elif name in ("dice", "previous"):
        value = _faces(listed(value), where)
    elif name in _NUMBERED_FIELDS:
        value = [number(v) for v in listed(value)]
    elif name in _SLOT_FIELDS:
        value = number(value)
    elif name == "smashes":
        if not isinstance(value, dict):
            raise ScenarioError(f"{where}: expected a table of names and smashes, got {value!r}")
        value = {seat(k): v for k, v in value.items()}
        annotation = dict[int, int]
    try:
        return msgspec.convert(value, annotation, strict=True)
    except msgspec.ValidationError as error:
        raise ScenarioError(f"{where}: {value!r} does not fit this field ({error})") from None


def _readable(name: str, value: Any, names: list[str]) -> Any:
    """An event's field as a scenario writes it (the inverse of _event_value)."""
    if name in _SEAT_FIELDS:
        return "" if value is None else names[value]
    if name == "seats":
        return [names[s] for s in value]
    if name in _CARD_FIELDS:
        return "" if value is None else value
    if name in _NUMBERED_FIELDS:
        return [n + 1 for n in value]
    if name in _SLOT_FIELDS:
        return value + 1
    if name == "smashes":
        return {names[s]: n for s, n in value}
    return value


def show_event(event: Event, names: list[str]) -> str:
    """An event in the syntax of expect.happened (fields left at their default are omitted)."""
    shown: dict[str, Any] = {"event": _kind(event)}
    for info in msgspec.structs.fields(type(event)):
        value = getattr(event, info.name)
        if info.required or value != info.default:
            shown[info.name] = _readable(info.name, value, names)
    return _toml(shown)


def _event_specs(raw: Any, names: list[str], where: str) -> list[_EventSpec]:
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}: expected a list of events, got {raw!r}")
    specs = []
    for entry in raw:
        if not isinstance(entry, dict) or "event" not in entry:
            raise ScenarioError(f"{where}: {entry!r} names no event "
                                '(write { event = "damaged", seat = "NAME", amount = 1 })')
        kind = entry["event"]
        cls = EVENT_KINDS.get(kind)
        if cls is None:
            raise ScenarioError(f"{where}: unknown event {kind!r} "
                                f"(events are: {', '.join(EVENT_KINDS)})")
        types = {info.name: info.type for info in msgspec.structs.fields(cls)}
        wanted = {}
        for name, value in entry.items():
            if name == "event":
                continue
            if name not in types:
                raise ScenarioError(f"{where}: event {kind!r} has no field {name!r} "
                                    f"(its fields are: {', '.join(types) or 'none'})")
            wanted[name] = _event_value(name, value, types[name], names,
                                        f"{where}: {kind}.{name}")
        specs.append(_EventSpec(kind, wanted, _toml(entry)))
    return specs


def _unmatched(specs: Sequence[_EventSpec], events: Sequence[Event]) -> list[_EventSpec]:
    """The specs left over when each is given an event of its own (a maximum matching)."""
    holder: dict[int, int] = {}   # event index -> spec index

    def place(i: int, seen: set[int]) -> bool:
        for j, event in enumerate(events):
            if j in seen or not specs[i].matches(event):
                continue
            seen.add(j)
            if j not in holder or place(holder[j], seen):
                holder[j] = i
                return True
        return False

    return [spec for i, spec in enumerate(specs) if not place(i, set())]


def _seen(kind: str, events: Sequence[Event], names: list[str]) -> str:
    same = [show_event(e, names) for e in events if _kind(e) == kind]
    if same:
        return f"the {kind} events were: " + ", ".join(same)
    kinds = list(dict.fromkeys(_kind(e) for e in events))
    return f"no {kind} event happened (events: {', '.join(kinds) or 'none'})"


def _check_events(events: Sequence[Event], expect: dict[str, Any], names: list[str],
                  where: str) -> list[str]:
    problems: list[str] = []
    for spec in _unmatched(_event_specs(expect.get("happened", []), names,
                                        f"{where}: expect.happened"), events):
        taken = any(spec.matches(e) for e in events)
        missing = (f"no event left for {spec.text} (each entry needs an event of its own)"
                   if taken else f"no event {spec.text}")
        problems.append(f"happened: {missing}; {_seen(spec.kind, events, names)}")
    ordered = _event_specs(expect.get("happened_in_order", []), names,
                           f"{where}: expect.happened_in_order")
    position = 0
    for number, spec in enumerate(ordered):
        found = next((j for j in range(position, len(events)) if spec.matches(events[j])), None)
        if found is None:
            after = f" after {ordered[number - 1].text}" if number else ""
            problems.append(f"happened_in_order: no event {spec.text}{after}; "
                            f"{_seen(spec.kind, events, names)}")
            break
        position = found + 1
    for spec in _event_specs(expect.get("not_happened", []), names,
                             f"{where}: expect.not_happened"):
        hits = [show_event(e, names) for e in events if spec.matches(e)]
        if hits:
            problems.append(f"not_happened: {spec.text} happened: {', '.join(hits)}")
    return problems


# --- running ----------------------------------------------------------------------------


def _step_lines(text: str) -> list[int]:
    return [i + 1 for i, line in enumerate(text.splitlines())
            if re.match(r"\s*\[\[step\]\]", line)]


def run_file(path: Path) -> Result:
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Result(path, path.stem, [f"{path}: not valid TOML: {error}"])
    result = Result(path, data.get("title", path.stem))
    lines = _step_lines(text)
    try:
        builder = _Builder(data)
        refused = _setup_refusal(builder, data.get("setup_error"))
        if refused is not None:
            if refused:
                result.failures.append(f"{path}: {refused}")
            return result
        state, events = builder.start()
        log = _narrate_all(state, events)
        answered: list[int] = []  # the decision ids answered so far, in order
        for number, step in enumerate(data.get("step", [])):
            where = f"{path}:{lines[number] if number < len(lines) else '?'} (step {number + 1})"
            _known_keys(step, _STEP_KEYS, f"{where}: [[step]]")
            if "expect" in step:
                _known_keys(step["expect"], _EXPECT_KEYS, f"{where}: expect")
            if "dice" in step:
                state = replace(state, forced_dice=(*state.forced_dice,
                                                    *_faces(step["dice"], where)))
            if "do" in step:
                seat = builder.seat(step["by"], where)
                action = _parse_action(state, seat, step["do"], where)
                if "decision" in step:
                    action = replace(action, decision=_decision_id(step["decision"], answered,
                                                                   where))
                outcome = _attempt(state, seat, action)
                refusal = outcome if isinstance(outcome, IllegalAction) else None
                problem = _refusal_problem(step, refusal, where)
                if problem:
                    result.failures.append(problem)
                    return result
                if not isinstance(outcome, IllegalAction):
                    state, events = outcome
                    answered.append(action.decision)
                    log = _narrate_all(state, events)
            if "expect" in step:
                expect = step["expect"]
                problems = [*_check(state, log, expect, builder.names),
                            *_check_events(events, expect, builder.names, where)]
                for problem in problems:
                    result.failures.append(f"{where}: {problem}")
            if result.failures:
                return result
    except (ScenarioError, _StepFailure) as error:
        said = str(error)
        result.failures.append(said if said.startswith(str(path)) else f"{path}: {said}")
    except (KeyError, ValueError, IndexError) as error:
        result.failures.append(f"{path}: malformed scenario ({type(error).__name__}: {error})")
    return result


def _decision_id(raw: Any, answered: list[int], where: str) -> int:
    """A step's ``decision``: "stale" (the question answered last) or a number."""
    if raw == "stale":
        if not answered:
            raise ScenarioError(f"{where}: decision = \"stale\" needs an earlier answer")
        return answered[-1]
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise ScenarioError(f"{where}: decision must be \"stale\" or a number, not {raw!r}")


def _attempt(state: GameState, seat: int, action: Action
             ) -> tuple[GameState, list[Event]] | IllegalAction:
    """What the action leads to, or the engine's refusal; a refused action must leave the
    state exactly as it was (checked: the step's expectations then read the same state)."""
    before = encode_state(state)
    try:
        return apply(state, seat, action)
    except IllegalAction as refusal:
        if encode_state(state) != before:
            raise ScenarioError("a refused action changed the state") from refusal
        return refusal


def _refusal_problem(step: dict[str, Any], refusal: IllegalAction | None,
                     where: str) -> str | None:
    """What is wrong with how the action was taken, against the step's ``error`` (words of
    the refusal) and ``refused`` (its code)."""
    wanted_code, wanted_text = step.get("refused"), step.get("error")
    if wanted_code is not None and wanted_code not in _REFUSAL_CODES:
        raise ScenarioError(f"{where}: refused must be one of {', '.join(_REFUSAL_CODES)}")
    if refusal is None:
        if wanted_code is None and wanted_text is None:
            return None
        return f"{where}: expected a refusal, but the action was accepted"
    if wanted_code is None and wanted_text is None:
        return f"{where}: the action was refused: {refusal}"
    if wanted_code is not None and refusal.code != wanted_code:
        return f"{where}: refused as {refusal.code} ({refusal}), not {wanted_code}"
    if wanted_text is not None and str(wanted_text) not in str(refusal):
        return f"{where}: refused with {str(refusal)!r}, not {wanted_text!r}"
    return None


_REFUSAL_CODES = ("illegal_move", "stale_decision", "not_your_decision", "game_over")
_STEP_KEYS = ("dice", "by", "do", "decision", "error", "refused", "expect")
_EXPECT_KEYS = (
    "monster", "city", "bay", "bay_open", "over", "winners", "turn", "dice", "rolls_left",
    "face_up", "deck_size", "deck_top", "discard", "asks", "choices",
    "happened", "happened_in_order", "not_happened", "events", "no_events",
)


def _setup_refusal(builder: _Builder, wanted: Any) -> str | None:
    """With ``setup_error`` (words the refusal must contain): "" when the setup is refused
    so, else what went wrong; None when the scenario expects no refusal."""
    if wanted is None:
        return None
    try:
        builder.build()
    except IllegalAction as refusal:
        return "" if str(wanted) in str(refusal) else (
            f"setup refused with {str(refusal)!r}, not {wanted!r}")
    return f"the setup was accepted, not refused with {wanted!r}"


def _known_keys(table: Any, known: tuple[str, ...], where: str) -> None:
    """A misspelt key would otherwise check nothing and pass."""
    if not isinstance(table, dict):
        raise ScenarioError(f"{where}: expected a table, got {table!r}")
    for key in table:
        if key not in known:
            raise ScenarioError(f"{where}: unknown key {key!r} (known: {', '.join(known)})")


def _narrate_all(state: GameState, events: list[Event]) -> list[str]:
    return [line for line in (narrate(state, e) for e in events) if line is not None]


def collect(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        elif path.exists():
            files.append(path)
        else:
            raise ScenarioError(f"{raw}: no such file or folder")
    return files


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m tools.scenario PATH [PATH ...]", file=sys.stderr)
        return 2
    try:
        files = collect(args)
    except ScenarioError as error:
        print(error, file=sys.stderr)
        return 2
    results = [run_file(f) for f in files]
    failed = [r for r in results if not r.passed]
    for result in failed:
        print(f"FAIL {result.path} — {result.title}")
        for failure in result.failures:
            print(f"  {failure}")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 0 if results and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
