"""The board's narration of Psychic Probe (bot.table.chronicle): who made whom reroll which die,
what it showed and what came up, and the card discarded when a heart comes up (both
editions: the 2011 and 2016 cards differ in when the probe is offered, not in that)."""

from __future__ import annotations

import tomllib

import msgspec
import pytest

from bot.i18n import ENGLISH, say
from bot.table.chronicle import chronicle_after
from bot.table.model import Chronicle
from engine import Edition, GameState, apply
from engine.rules import advance
from tools.scenario import _Builder, _parse_action

ALIENOID, GIGAZAUR, THE_KING = 0, 1, 2


def _probe_asked(edition: Edition) -> GameState:
    """Alienoid has stopped rolling 💥 💥 1 2 3 ⚡; The King is asked to probe."""
    data = tomllib.loads(f'''
edition = "{edition}"
[[monster]]
name = "Alienoid"
[[monster]]
name = "Gigazaur"
[[monster]]
name = "The King"
cards = ["Psychic Probe"]
[setup]
city = "Gigazaur"
dice = ["smash", "smash", "1", "2", "3", "energy"]
''')
    state, _ = advance(_Builder(data).build())
    state, _ = apply(state, ALIENOID, _parse_action(state, ALIENOID, "stop", "test"))
    assert [(d.seat, d.question) for d in state.pending] == [(THE_KING, "probe")]
    return state


def _board_lines_after_probe(edition: Edition, face: str) -> tuple[str, ...]:
    """The board's narration once The King has rerolled die 1 (a 💥) into ``face``."""
    state = msgspec.structs.replace(_probe_asked(edition), forced_dice=(face,))
    after, happened = apply(state, THE_KING, _parse_action(state, THE_KING, "choose die 1",
                                                           "test"))
    chronicle, _closing = chronicle_after(Chronicle(), state, after, happened)
    return tuple(say(ENGLISH, line) for line in chronicle.narration.log)


@pytest.mark.parametrize("edition", ["2016", "2011"])
def test_the_board_says_who_rerolled_which_die_of_whom_and_what_came_up(
    edition: Edition,
) -> None:
    lines = _board_lines_after_probe(edition, "3")
    assert lines[0] == "🔮 The King's Psychic Probe: Alienoid rerolls die 1, a 💥 → 3."
    assert not [line for line in lines if "discards" in line]
    # The die that came up counts: one smash left for Gigazaur.
    assert "Gigazaur loses 1 heart (9 left)." in lines


@pytest.mark.parametrize("edition", ["2016", "2011"])
def test_a_heart_rerolled_discards_the_probe_and_the_board_says_so(edition: Edition) -> None:
    lines = _board_lines_after_probe(edition, "heart")
    assert lines[:2] == (
        "🔮 The King's Psychic Probe: Alienoid rerolls die 1, a 💥 → ❤️.",
        "The King discards Psychic Probe (Psychic Probe rerolled a heart).",
    )
