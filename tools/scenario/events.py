"""The expectations on the events of a step (``expect.happened``, ``expect.not_happened``...)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, get_args

import msgspec

from bot.i18n import ENGLISH, say
from engine.events import Event
from engine.phrases import Phrase
from tools.scenario.common import ScenarioError, any_card_key, did_you_mean, faces

# expect.happened = [{ event = "damaged", seat = "Cyber Kitty", amount = 3 }] checks the events
# of the step's action by kind (the event's tag in engine/events.py) and by the fields listed;
# fields not listed are not checked. Seats are written as monster names, cards as keys or
# names, dice as faces, die numbers and slots from 1 (as everywhere in a scenario).

EVENT_KINDS: dict[str, type[Any]] = {
    str(cls.__struct_config__.tag): cls for cls in get_args(Event)
}
_SEAT_FIELDS = ("seat", "by", "owner", "holder")
_CARD_FIELDS = ("card", "copier", "cause")
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
    if name == "reason" and isinstance(value, Phrase):
        return say(ENGLISH, value)  # (a scenario writes a reason in English words)
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
        value = None if value == "" else any_card_key(str(value), where)
    elif name == "cards":
        value = [any_card_key(str(v), where) for v in listed(value)]
    elif name in ("dice", "previous"):
        value = faces(listed(value), where)
    elif name in _NUMBERED_FIELDS:
        value = [number(v) for v in listed(value)]
    elif name in _SLOT_FIELDS:
        value = number(value)
    elif name == "reason":
        annotation = str  # (English words, compared with the reason said: _comparable)
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
    return _comparable(name, value)


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
                                f"(events are: {', '.join(EVENT_KINDS)})"
                                f"{did_you_mean(kind, EVENT_KINDS)}")
        types = {info.name: info.type for info in msgspec.structs.fields(cls)}
        wanted = {}
        for name, value in entry.items():
            if name == "event":
                continue
            if name not in types:
                raise ScenarioError(f"{where}: event {kind!r} has no field {name!r} "
                                    f"(its fields are: {', '.join(types) or 'none'})"
                                    f"{did_you_mean(name, types)}")
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


def check_events(events: Sequence[Event], expect: dict[str, Any], names: list[str],
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


