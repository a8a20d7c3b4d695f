"""The engine's phrases said in English, for tests that check its words: a narration line,
a label, a refusal (``refused``, the ``pytest.raises(..., match=...)`` of a phrase)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.i18n import ENGLISH, say
from engine import IllegalAction, Phrase


def english(said: Phrase | str | None) -> str | None:
    """A phrase (or an old plain line) in English; None stays None."""
    return None if said is None else say(ENGLISH, said)


@contextmanager
def refused(kind: type[IllegalAction] = IllegalAction, match: str = "") -> Iterator[None]:
    """The block raises ``kind``, whose phrase says ``match`` (a regular expression) in
    English."""
    with pytest.raises(kind) as caught:
        yield
    said = say(ENGLISH, caught.value.phrase)
    assert re.search(match, said), f"refused with {said!r}, not {match!r}"
