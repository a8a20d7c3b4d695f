"""The buying and heart-dice cards beyond their scenarios: what Made in a Lab keeps secret, and
Healing Ray with a healing bonus (Regeneration) on either side."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.i18n import ENGLISH, say
from engine import narrate, option_label, private_option_label, prompt, secret
from engine.core import POWERS, Power
from engine.rules import advance, apply
from tools.scenario import _Builder, _parse_action, run_file


class _Bonus(Power):
    """Regeneration's number, for these tests: +1 to each real gain of hearts."""

    key = "regeneration"
    healing_bonus = 1


def test_healing_ray_counts_the_healers_bonus_not_the_healed_monsters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(POWERS, "regeneration", POWERS.get("regeneration", _Bonus()))
    scenario = tmp_path / "ray.toml"
    scenario.write_text('''
title = "Healing Ray with Regeneration on both sides"
[[monster]]
name = "Alienoid"
cards = ["Healing Ray", "Regeneration"]
[[monster]]
name = "Gigazaur"
hearts = 5
energy = 10
cards = ["Regeneration"]
[setup]
city = "Alienoid"
face_up = ["Energize", "Skyscraper", "Jet Fighters"]
dice = ["heart", "1", "2", "3", "1", "2"]

[[step]]
by = "Alienoid"
do = "stop"
expect.asks = ["Alienoid healing_ray"]

[[step]]
# One heart die: +1, and +1 from the healer's Regeneration (paid for too); Gigazaur's own
# Regeneration adds nothing.
by = "Alienoid"
do = "choose heal Gigazaur 1"
expect.monster.Gigazaur = { hearts = 7, energy = 6 }
expect.monster.Alienoid = { energy = 5 }
expect.happened = [
    { event = "healed", seat = "Gigazaur", amount = 1, reason = "Healing Ray" },
    { event = "healed", seat = "Gigazaur", amount = 1, reason = "Regeneration" },
    { event = "energy_gained", seat = "Alienoid", amount = 4, reason = "Healing Ray" },
]
''', encoding="utf-8")
    result = run_file(scenario)
    assert result.passed, result.failures


def test_made_in_a_lab_names_the_card_only_in_private(tmp_path: Path) -> None:
    scenario = tmp_path / "lab.toml"
    scenario.write_text('''
title = "Made in a Lab keeps the card private"
[[monster]]
name = "Alienoid"
energy = 9
cards = ["Made in a Lab"]
[[monster]]
name = "Gigazaur"
[setup]
city = "Gigazaur"
face_up = ["Skyscraper", "Heal", "Tank"]
deck = ["Energize"]
dice = ["1", "2", "3", "1", "2", "3"]
[[step]]
by = "Alienoid"
do = "stop"
[[step]]
by = "Alienoid"
do = "choose use Made in a Lab"
expect.asks = ["Alienoid lab"]
''', encoding="utf-8")
    data = tomllib.loads(scenario.read_text(encoding="utf-8"))
    builder = _Builder(data)
    state, _ = advance(builder.build())
    said: list[str] = []
    for step in data["step"]:
        seat = builder.seat(step["by"], "test")
        state, events = apply(state, seat, _parse_action(state, seat, step["do"], "test"))
        said.extend(say(ENGLISH, line) for line in (narrate(state, e) for e in events) if line)
    decision = state.pending[0]
    public = [say(ENGLISH, prompt(state)),
              *(say(ENGLISH, option_label(state, o)) for o in decision.options), *said]
    assert not [text for text in public if "Energize" in text]
    assert "looks at the top card" in " ".join(said)
    hidden = secret(state, decision)
    assert hidden is not None and "Energize" in say(ENGLISH, hidden)
    assert "Buy Energize (8⚡)" in [say(ENGLISH, private_option_label(state, o))
                                   for o in decision.options]
