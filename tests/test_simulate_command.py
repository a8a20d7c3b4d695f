"""``python -m tools.simulate``: the command plays its games and prints its summary, the JSON
last line included (its summary once failed after every game had been played)."""

from __future__ import annotations

import json

import pytest

from tools import simulate


@pytest.mark.parametrize("argv", [
    ["--players", "2-4", "--games", "6", "--check"],
    ["--game", "origins", "--players", "3", "--games", "3", "--check"],
    ["--mix", "pick", "--cards", "supertower,jets", "--games", "3", "--check"],
    ["--power-up", "--edition", "2011", "--players", "2-6", "--games", "5", "--check"],
])
def test_the_command_plays_and_prints_its_summary(argv: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(argv) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == int(argv[argv.index("--games") + 1])
    assert summary["checked"] is True
    assert 0 < summary["cards_dealt"] <= summary["cards_in_box"]
    # Each game has a winner, winners sharing it, or nobody.
    assert sum(summary["win_shares"].values()) >= 0.99


def test_power_up_games_draw_their_monsters_among_every_deck() -> None:
    options = simulate.Options(power_up=True)
    drawn = {name for seed in range(40) for name in simulate._monsters(options, seed, 6)}
    assert drawn == set(simulate.POWER_UP_MONSTER_NAMES)
    assert simulate._monsters(simulate.Options(), 3, 4) == 4
