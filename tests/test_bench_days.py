"""The bench of sleeping games (``python -m tools.bench_days``), run tiny so that its
machinery cannot rot: 20 stored games, 3 of them clicked after the start."""

from __future__ import annotations

import pytest

from tools import bench_days


def test_a_tiny_run_arms_every_game_and_answers_every_click() -> None:
    result = bench_days.run(games=20, sample=1, down_seconds=3 * 3600, at_once=2)

    assert result["games"] == 20 and result["overdue"] == 2
    assert result["sampled"] == 3  # one at random, the first and the last
    assert result["armed_games"] == result["in_play"] > 0
    assert result["deadlines"]["turns.timers"] == result["in_play"]
    assert 0 < result["connected_s"] <= result["started_s"]
    assert result["first_answer_s"] <= result["median_answer_s"] <= result["last_answer_s"]
    assert result["pass_loop_cpu_s"] > 0 and 0 < result["pass_wall_s"] < result["started_s"]
    assert result["acknowledged"] == 3 and result["last_acknowledged_s"] > 0
    assert 0 < result["rss_before_mb"] < result["rss_armed_mb"] <= result["rss_peak_mb"]
    assert result["rss_after_mb"] <= result["rss_peak_mb"]


def test_the_table_names_every_figure() -> None:
    result = {"games": 10_000, "clock_hours": 24.0, "overdue": 7, "connected_s": 0.21,
              "started_s": 1.13, "armed_s": 0.81, "in_play": 9999, "armed_games": 9999,
              "sampled": 202, "first_answer_s": 1.21, "median_answer_s": 2.75,
              "last_answer_s": 4.36, "acknowledged": 202, "last_acknowledged_s": 3.2,
              "click_p50_ms": 158.0, "click_max_ms": 318.2,
              "pass_wall_s": 0.602, "pass_loop_cpu_s": 0.374,
              "deadlines": {"turns.timers": 9999, "reminders.timers": 40},
              "rss_before_mb": 107.4, "rss_armed_mb": 150.2, "rss_after_mb": 281.0,
              "rss_peak_mb": 281.0}

    lines = bench_days.table(result).splitlines()

    assert "every clock armed after 0.81 s (9999 of the 9999 games in play armed)" in lines[0]
    assert "first 1.21 s, median 2.75 s, last 4.36 s after the start" in lines[1]
    assert lines[2] == "the start's pass: 0.602 s, 0.374 s of the loop's CPU"
    assert lines[3] == "deadlines: turns.timers 9999, reminders.timers 40"
    assert "the last of 202 acknowledged after 3.20 s" in lines[1]
    assert lines[4] == ("memory: 107 MB before the bot, 150 MB once armed, 281 MB after the "
                        "answers, peak 281 MB")


@pytest.mark.parametrize("arguments", [["--games", "1"], ["--games", "10", "--sample", "9"],
                                       ["--clock-hours", "0"],
                                       ["--clock-hours", "1", "--down-seconds", "3600"]])
def test_the_command_refuses_what_it_cannot_run(arguments: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench_days.main(arguments)

    assert stopped.value.code == 2
    assert "bench_days: error:" in capsys.readouterr().err
