"""What every part of the scenario runner shares: its errors and how a scenario names die
faces and cards."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from engine.card_table import find_card as find_card_by_name
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



def did_you_mean(word: str, known: Iterable[str]) -> str:
    """"; did you mean 'happened'?" when a known word is close to ``word``, else ""."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""
