"""tools.bench_store runs the store calls of clicks in bursts and removes every effect."""

from __future__ import annotations

import json

import pytest

from tools import bench_store


def test_a_small_run_prints_its_table_and_removes_every_effect(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_store.main(["--games", "4", "--burst", "3", "--bursts", "5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1].startswith("store calls of a click")
    result = json.loads(lines[-1])
    assert result["clicks"] == 15
    assert result["outbox_left"] == 0
    assert 0 < result["click_p50_ms"] <= result["click_p99_ms"]


def test_a_burst_larger_than_the_games_is_refused() -> None:
    with pytest.raises(SystemExit):
        bench_store.main(["--games", "2", "--burst", "3"])
