"""The one-process bench (``python -m tools.bench_bot``), run tiny so that its machinery
cannot rot: three games, a few single and burst clicks, a restart on five stored games."""

from __future__ import annotations

import json

import pytest

from tools import bench_bot


def test_the_bench_prints_its_table_then_its_figures_as_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_bot.main(["--clicks", "12", "--games", "3", "--burst", "2",
                           "--players", "2", "--stored", "5"]) == 0
    *table, last = capsys.readouterr().out.strip().splitlines()
    result = json.loads(last)

    assert result["clicks"] == 12 and result["burst_clicks"] >= 12
    assert 0 < result["click_p50_ms"] <= result["click_p99_ms"] <= result["click_max_ms"]
    # Each single click's loop CPU is part of its wall time (the drawing threads' is not in
    # it), so their medians come in the same order.
    assert 0 < result["click_loop_cpu_ms_p50"] <= result["click_p50_ms"]
    assert result["burst_loop_cpu_ms_per_click"] > 0
    assert result["stored_games"] == 5 and result["restart_s"] > 0
    shown = "\n".join(table)
    assert f"the event loop's CPU {result['click_loop_cpu_ms_p50']:.1f} ms a click" in shown
    assert f"restart with {result['stored_games']} games" in shown
