"""tools.bench_league pairs a small night and rates a small season, and prints its figures."""

from __future__ import annotations

import json

import pytest

from tools import bench_league

KEYS = {"players", "round_1_ms", "round_1_cpu_ms", "last_round", "last_round_ms",
        "last_round_cpu_ms", "meeting_again", "records", "leaderboard_ms",
        "leaderboard_cpu_ms", "rated_players", "listed"}


def test_a_small_run_prints_its_table_and_its_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_league.main(["--players", "24", "--rounds", "3", "--records", "60",
                              "--record-players", "12", "--repeats", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1].startswith("pair 24 players, round 1")
    assert lines[2].startswith("pair them, round 3")
    result = json.loads(lines[-1])
    assert set(result) == KEYS
    assert (result["players"], result["last_round"], result["records"]) == (24, 3, 60)
    # 24 players at tables of 4 can play three rounds without anyone meeting again.
    assert result["meeting_again"] == 0
    assert 0 < result["rated_players"] <= 12
    assert result["listed"] <= result["rated_players"]
    assert all(result[key] >= 0 for key in KEYS if key.endswith("_ms"))


def test_a_table_size_outside_three_to_six_is_refused() -> None:
    with pytest.raises(SystemExit):
        bench_league.main(["--table", "7"])
