"""The shape of a scenario file: every key it may hold, at every level, and the kind of value
each takes. A key the runner does not know is an error, never ignored: a misspelt check would
otherwise check nothing and pass. The error names the file, the line, the key, a close match
and the keys allowed there (docs/scenarios.md lists the same keys)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from engine.card_table import CARD_RULES
from tools.scenario.common import ScenarioError, did_you_mean

# A value's kind: a scalar type (str, int, bool), several (a tuple), a list, a table of known
# keys, or a table of any keys (monster or card names) whose values share one kind.
Kind: TypeAlias = "type | tuple[type, ...] | ListOf | Table | MapOf"


@dataclass(frozen=True)
class ListOf:
    item: Kind


@dataclass(frozen=True)
class MapOf:
    value: Kind


@dataclass(frozen=True)
class Table:
    keys: dict[str, Kind]
    required: tuple[str, ...] = ()
    # A key that makes sense only beside another: key -> the key it needs.
    needs: dict[str, str] = field(default_factory=dict)
    # A key that would check nothing beside another: key -> (that key, why).
    excludes: dict[str, tuple[str, str]] = field(default_factory=dict)


_FACES = ListOf(str)
_CARDS = ListOf(str)
# An event entry, { event = "damaged", seat = "A" }: its fields depend on its kind, which
# tools.scenario.events checks against engine/events.py.
_EVENTS = ListOf(dict)

MONSTER = Table({
    "name": str, "hearts": int, "vp": int, "energy": int, "poison": int, "shrink": int,
    "alive": bool, "cards": _CARDS,
    # Power Up!: the monster's Evolutions in hand, face up, on its pile (top first) and in
    # its discard pile (oldest first).
    "hand": _CARDS, "evolutions": _CARDS, "evolution_pile": _CARDS,
    "evolution_discard": _CARDS,
}, required=("name",))
SETUP = Table({
    "city": str, "bay": str, "bay_open": bool, "turn": str, "turn_number": int,
    "face_up": _CARDS, "deck": _CARDS, "discard": _CARDS, "dice": _FACES,
    "starting_evolutions": bool,
})
DEAL = Table({"mix": str, "picked": _CARDS})
MONSTER_EXPECT = Table({
    "hearts": int, "vp": int, "energy": int, "poison": int, "shrink": int, "alive": bool,
    "place": str, "cards": _CARDS, "max_hearts": int, "mimic": str, "tokens": MapOf(int),
    "hand": _CARDS, "hand_size": int, "evolutions": _CARDS, "evolution_pile": _CARDS,
    "evolution_discard": _CARDS,
})
EXPECT = Table({
    "monster": MapOf(MONSTER_EXPECT), "city": str, "bay": str, "bay_open": bool, "over": bool,
    "winners": ListOf(str), "turn": str, "dice": _FACES, "rolls_left": int,
    "face_up": _CARDS, "deck_size": int, "deck_top": _CARDS, "discard": _CARDS,
    "deck_counts": MapOf(int), "deck_counts_exact": bool,
    "asks": ListOf(str), "choices": ListOf(str),
    "happened": _EVENTS, "happened_in_order": _EVENTS, "not_happened": _EVENTS,
    "events": ListOf(str), "no_events": ListOf(str),
}, needs={"deck_counts_exact": "deck_counts"})
STEP = Table({
    "dice": _FACES, "by": str, "do": str, "decision": (str, int), "error": str,
    "refused": (str, bool), "expect": EXPECT,
}, needs={"do": "by", "by": "do", "decision": "do", "error": "do", "refused": "do"})
SCENARIO = Table({
    "title": str, "source": str, "game": str, "edition": str, "two_player_variant": bool,
    "last_standing_at_once": bool, "attack_needs_damage": bool, "power_up": bool,
    # The cards' rule options (even_bigger_loss_knocks_out...).
    **dict.fromkeys(CARD_RULES, bool), "seed": int, "setup_error": str, "deal": DEAL,
    "monster": ListOf(MONSTER), "setup": SETUP, "step": ListOf(STEP),
}, excludes={"step": ("setup_error", "a refused setup plays no steps")})

# Where a value sits in the file: keys and list positions from the top, e.g.
# ("step", 2, "expect", "monster", "Gigazaur", "vp").
Path_: TypeAlias = tuple[str | int, ...]


def check_shape(data: dict[str, Any], text: str, path: Path) -> None:
    """ScenarioError at the first key the format does not have or value of the wrong kind."""
    _check(data, SCENARIO, (), _Locator(text), path)


def _check(value: Any, kind: Kind, at: Path_, where: _Locator, path: Path) -> None:
    def fail(problem: str, key_at: Path_ = at) -> ScenarioError:
        """The problem, on the line of the key at ``key_at``, labelled with this table."""
        line = where.line_of(key_at)
        return ScenarioError(f"{path}:{line if line else '?'}: {_label(at)}: {problem}")

    if isinstance(kind, Table):
        if not isinstance(value, dict):
            raise fail(f"expected a table, got {value!r}")
        for key, item in value.items():
            if key not in kind.keys:
                raise fail(_unknown(key, tuple(kind.keys)), (*at, key))
            _check(item, kind.keys[key], (*at, key), where, path)
        for key in kind.required:
            if key not in value:
                raise fail(f"{key!r} is missing")
        for key, needed in kind.needs.items():
            if key in value and needed not in value:
                raise fail(f"{key!r} needs {needed!r} beside it", (*at, key))
        for key, (other, why) in kind.excludes.items():
            if key in value and other in value:
                raise fail(f"{key!r} cannot go with {other!r} ({why})", (*at, key))
    elif isinstance(kind, MapOf):
        if not isinstance(value, dict):
            raise fail(f"expected a table, got {value!r}")
        for key, item in value.items():
            _check(item, kind.value, (*at, key), where, path)
    elif isinstance(kind, ListOf):
        if not isinstance(value, list):
            raise fail(f"expected a list of {_kind_name(kind.item)}, got {value!r}")
        for number, item in enumerate(value):
            _check(item, kind.item, (*at, number), where, path)
    elif not _is_a(value, kind):
        raise fail(f"expected {_kind_name(kind)}, got {value!r}")


def _is_a(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # TOML's true is no number.
    return isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)


def _kind_name(kind: Kind) -> str:
    names = {str: "text", int: "a whole number", bool: "true or false", dict: "a table"}
    if isinstance(kind, tuple):
        return " or ".join(names[k] for k in kind)
    if isinstance(kind, type):
        return names[kind]
    if isinstance(kind, ListOf):
        return f"a list of {_kind_name(kind.item)}"
    return "a table"


def _unknown(key: str, allowed: tuple[str, ...]) -> str:
    return f"unknown key {key!r}{did_you_mean(key, allowed)} (allowed here: {', '.join(allowed)})"


def _label(at: Path_) -> str:
    """("step", 2, "expect", "monster", "A") -> "step 3: expect.monster.A"."""
    if not at:
        return "top level"
    head, number, rest = at[0], at[1] if len(at) > 1 else None, list(at[2:])
    if isinstance(number, int):   # an element of [[monster]] or [[step]]
        return f"{head} {number + 1}" + (f": {_dotted(rest)}" if rest else "")
    return _dotted(list(at))


def _dotted(parts: list[str | int]) -> str:
    return "".join(f"[{p + 1}]" if isinstance(p, int) else f".{p}" for p in parts).lstrip(".")


_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]")
_PART = re.compile(r'"[^"]*"|[^.\s]+')


class _Locator:
    """The line of a key, found in the text (tomllib keeps no positions): the table each line
    belongs to is known from the headers ([setup], [[step]]...); the key is then looked for in
    the lines of the deepest table that holds it. Best effort: the line of its table when the
    key cannot be told apart."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.tables: list[tuple[Path_, bool]] = []  # for each line: its table, is it a header
        counts: dict[str, int] = {}
        table: Path_ = ()
        for line in self.lines:
            header = _HEADER.match(line)
            if header is None:
                self.tables.append((table, False))
                continue
            parts = [p.strip('"') for p in _PART.findall(header.group(2))]
            if header.group(1) == "[[" and len(parts) == 1:
                counts[parts[0]] = counts.get(parts[0], 0) + 1
                table = (parts[0], counts[parts[0]] - 1)
            elif parts[0] in counts:   # [step.expect]: a table of the latest [[step]]
                table = (parts[0], counts[parts[0]] - 1, *parts[1:])
            else:
                table = tuple(parts)
            self.tables.append((table, True))

    def line_of(self, at: Path_) -> int | None:
        """The line (from 1) of the key at ``at``, or of the table holding it."""
        for number, (table, header) in enumerate(self.tables):
            if header and table[:len(at)] == at:
                return number + 1
        key = next((str(p) for p in reversed(at) if isinstance(p, str)), None)
        token = re.compile(rf'(^|[\s{{,.])"?{re.escape(key)}"?\s*=') if key else None
        best: tuple[int, int] | None = None   # (depth of its table, line index)
        for number, (table, header) in enumerate(self.tables):
            if header or table != at[:len(table)] or len(table) >= len(at):
                continue
            if token is not None and token.search(self.lines[number]) and (
                    best is None or len(table) > best[0]):
                best = (len(table), number)
        if best is not None:
            return best[1] + 1
        holders = [n for n, (table, header) in enumerate(self.tables)
                   if header and table == at[:len(table)]]
        return max(holders, key=lambda n: len(self.tables[n][0])) + 1 if holders else None
