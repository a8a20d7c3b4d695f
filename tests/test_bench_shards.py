"""The bench over several processes (``python -m tools.bench_bot --store postgres``), run
tiny so that its machinery cannot rot: two bot processes over one PostgreSQL database, four
stored games, two played at once, a few clicks, one process killed and started again."""

from __future__ import annotations

import pytest

from tools import bench_bot, bench_shards


def test_two_processes_play_their_shards_and_one_comes_back_after_a_kill(
        postgres_url: str) -> None:
    result = bench_shards.run(url=postgres_url, processes=2, stored=4, games=2, clicks=6,
                              players=2, think=(0.0, 0.05), seed=1)

    assert result["clicks"] == 6
    assert 0 < result["click_p50_ms"] <= result["click_p99_ms"] <= result["click_max_ms"]
    assert len(result["cpu_s"]) == 2 and all(cpu > 0 for cpu in result["cpu_s"])
    assert result["players_stopped"] == 0
    # Process 0 owns two of the four stored games: each answered a click after the restart.
    assert result["restart_games"] == 2
    assert (0 < result["restart_python_s"] < result["restart_bot_ready_s"]
            < result["restart_first_answer_s"] <= result["restart_last_answer_s"])
    assert result["restart_from_bot_start_s"] < result["restart_last_answer_s"]
    assert result["restart_click_p50_ms"] <= result["restart_click_p99_ms"] \
        <= result["restart_click_max_ms"]


def test_the_table_names_every_figure_the_json_has() -> None:
    result = {"processes": 2, "stored_games": 4, "games": 2, "think_s": [0.5, 2.5],
              "clicks": 6, "click_p50_ms": 20.0, "click_p99_ms": 90.0, "click_max_ms": 95.0,
              "clicks_per_s": 3.0, "load_s": 2.0, "cpu_s": [0.4, 0.5],
              "cpu_share": [0.2, 0.25], "restart_games": 2, "restart_python_s": 1.0,
              "restart_bot_ready_s": 1.2, "restart_first_answer_s": 1.25,
              "restart_last_answer_s": 1.3,
              "restart_from_bot_start_s": 0.2, "restart_click_p50_ms": 30.0,
              "restart_click_p99_ms": 40.0, "restart_click_max_ms": 45.0}

    lines = bench_shards.table(result).splitlines()

    assert lines[1].split()[-4:] == ["6", "20.0", "90.0", "95.0"]
    assert lines[2].split()[-4:] == ["2", "30.0", "40.0", "45.0"]
    assert "think time 0.5-2.5 s: 3.0 clicks/s" in lines[3]
    assert lines[4] == "process 0: 0.4 s CPU (20% of a core)"
    assert ("first answer after 1.25 s, every game answered after 1.30 s (0.20 s from the "
            "bot's start)") in lines[-1]


def test_the_takeover_table_names_every_figure_of_the_takeover() -> None:
    result = {"processes": 3, "stored_games": 9, "games": 3, "think_s": [0.5, 2.5],
              "clicks": 6, "click_p50_ms": 20.0, "click_p99_ms": 90.0, "click_max_ms": 95.0,
              "clicks_per_s": 3.0, "load_s": 2.0, "cpu_s": [0.4, 0.5, 0.6],
              "cpu_share": [0.2, 0.25, 0.3], "takeover_games": 3, "takeover_answered": 3,
              "takeover_failed": 0, "takeover_claimed_s": 12.5, "takeover_bot_ready_s": 13.25,
              "takeover_first_answer_s": 13.5, "takeover_s": 14.75, "takeover_cpu_s": 1.25,
              "games_served_twice": 0, "lost_actions": 0, "shares_after": [1, 2]}

    lines = bench_shards.takeover_table(result).splitlines()

    assert lines[1].split()[-4:] == ["6", "20.0", "90.0", "95.0"]
    assert lines[-2] == ("takeover of the killed process's 3 games: claimed after 12.50 s, "
                         "its new bot connected after 13.25 s, first answer after 13.50 s, "
                         "every game answered after 14.75 s (3 answered, 0 failed; 1.2 s "
                         "CPU)")
    assert lines[-1] == "games served twice: 0, lost actions: 0; shards held after: [1, 2]"


@pytest.mark.parametrize("arguments", [
    ["--processes", "2"],
    ["--takeover"],
    ["--store", "postgres", "--takeover"],
    ["--database-url", "postgresql://localhost/kot"],
    ["--store", "postgres", "--think", "2-1"],
    ["--store", "postgres", "--stored", "10", "--games", "20"],
])
def test_the_command_refuses_what_it_cannot_run(arguments: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench_bot.main(arguments)

    assert stopped.value.code == 2
    assert "bench_bot: error:" in capsys.readouterr().err
