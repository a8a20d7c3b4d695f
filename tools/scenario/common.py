"""What every part of the scenario runner shares: its errors and how a scenario names die
faces and cards."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from engine.card_table import find_card as find_card_by_name
from engine.evolution_table import EVOLUTIONS
from engine.state import FACES, Face


class ScenarioError(Exception):
    """The scenario file itself is wrong (not a rules failure)."""


class StepFailure(Exception):
    """A step cannot be played as written (the question it answers offers no such choice)."""


def faces(raw: Iterable[Any], where: str) -> tuple[Face, ...]:
    faces: list[Face] = []
    for item in raw:
        text = str(item)
        if text not in FACES:
            raise ScenarioError(f"{where}: unknown die face {text!r} (use one of {FACES})")
        faces.append(text)
    return tuple(faces)


def card_key(name: str, where: str) -> str:
    info = find_card_by_name(name)
    if info is None:
        raise ScenarioError(f"{where}: unknown card {name!r}")
    return info.key


def evolution_key(name: str, where: str) -> str:
    """An Evolution by its key or its English name ("Yin & Yang", "I Am the King!")."""
    spelled = name.strip().lower().replace("ï", "i").replace("&", "and")
    key = "_".join("".join(c if c.isalnum() else " " for c in spelled.replace("'", "")).split())
    if key not in EVOLUTIONS:
        raise ScenarioError(f"{where}: unknown Evolution {name!r}"
                            f"{did_you_mean(key, EVOLUTIONS)}")
    return key


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """"; did you mean 'happened'?" when a known word is close to ``word``, else ""."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def any_card_key(name: str, where: str) -> str:
    """A power card's key, or an Evolution's (Power Up!): events name both as ``card``."""
    try:
        return evolution_key(name, where)
    except ScenarioError:
        return card_key(name, where)
