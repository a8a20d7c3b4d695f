"""The arena (engine.ai.arena, tools/arena.py): seats rotate, every seat is counted, the
Wilson interval is right, and the command ends with its JSON summary."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine import Options
from engine.ai.arena import PLAYERS, play_match, register_player, run_arena, seating, wilson
from engine.ai.mc import MonteCarloPlayer
from engine.players import RandomPlayer
from tools import arena as arena_tool


def test_wilson_interval() -> None:
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-4) and high == pytest.approx(0.9785, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_seats_rotate() -> None:
    names = ("heuristic", "heuristic", "random")
    tables = [seating(names, game) for game in range(3)]
    for seat in range(3):
        assert sorted(table[seat] for table in tables) == sorted(names)


def test_arena_counts_every_seat() -> None:
    report = run_arena(["heuristic", "random", "random"], 6, 2, "2011")
    summary = report.summary()
    types = summary["types"]
    assert isinstance(types, dict)
    assert types["heuristic"]["seats"] == 6 and types["random"]["seats"] == 12
    wins = types["heuristic"]["wins"] + types["random"]["wins"]
    assert wins + summary["no_winner"] >= 6
    assert "heuristic" in report.table()


def test_a_match_ends_with_its_figures() -> None:
    result = play_match(Options(), 77, ("heuristic", "heuristic"))
    assert result.turns > 1 and sum(result.decisions) > 0
    assert all(s >= 0 for s in result.seconds)


def test_new_player_types_register() -> None:
    register_player("another", RandomPlayer)
    try:
        assert run_arena(["another", "random"], 2, 1).summary()["games"] == 2
    finally:
        del PLAYERS["another"]
    with pytest.raises(ValueError, match="unknown player types"):
        run_arena(["nobody", "random"], 1, 1)


def test_the_command_prints_json_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_tool.main(["--players", "heuristic,random", "--games", "2",
                            "--edition", "2011"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["games"] == 2 and last["edition"] == "2011"
    assert set(last["types"]) == {"heuristic", "random"}


def test_the_monte_carlo_player_is_named_with_its_thinking_time() -> None:
    from engine.ai.arena import is_player_type, player_factory
    from engine.ai.mc import MonteCarloPlayer

    assert is_player_type("mc") and is_player_type("mc:0.25")
    assert not is_player_type("mc:fast") and not is_player_type("heuristic:1")
    assert not is_player_type("nobody")
    player = player_factory("mc:0.25")(7)
    assert isinstance(player, MonteCarloPlayer) and player.seconds == 0.25


def test_games_played_in_parallel_give_the_same_results() -> None:
    one = run_arena(["heuristic", "random"], 4, 3).summary()
    two = run_arena(["heuristic", "random"], 4, 3, jobs=2).summary()
    for summary in (one, two):
        types = summary["types"]
        assert isinstance(types, dict)
        for stats in types.values():
            stats.pop("ms_per_decision")
    assert one == two


def test_a_curve_step_has_games_enough_for_ten_points_either_side() -> None:
    from engine.ai.arena import CURVE_GAMES, games_for

    assert games_for(0.10) == CURVE_GAMES

    def half_width(games: int) -> float:  # at a 50% win rate, the widest
        return 1.96 * math.sqrt(0.25 / games)

    assert half_width(CURVE_GAMES) <= 0.10 < half_width(CURVE_GAMES - 1)
    low, high = wilson(CURVE_GAMES // 2, CURVE_GAMES)
    assert high - low <= 0.20


def test_curve_games_go_game_by_game_over_every_step() -> None:
    from engine.ai.arena import curve_games

    tasks = curve_games((0.05, 0.1), ("duel", "four"), 3)
    assert len(tasks) == 12 and len(set(tasks)) == 12
    assert [t.game for t in tasks[:4]] == [0, 0, 0, 0]
    duel, four = tasks[0].seats, tasks[2].seats
    assert sorted(duel) == ["heuristic", "mc:0.05"]
    assert sorted(four) == ["heuristic"] * 3 + ["mc:0.05"]
    assert tasks[4].seats != duel  # the next game rotates the seats


def test_the_curve_report_counts_each_step_apart() -> None:
    from engine.ai.arena import CurveResult, curve_report

    results = [CurveResult("duel", 0.05, 0, True, 12, 20, 1.0),
               CurveResult("duel", 0.05, 1, False, 14, 30, 2.0),
               CurveResult("four", 0.05, 0, True, 30, 10, 0.5),
               CurveResult("duel", 0.4, 0, True, 12, 20, 8.0)]  # (not a step asked for)
    steps = curve_report(results, (0.05, 0.1), ("duel", "four"))
    figures = {(s.mode, s.seconds): s.as_dict() for s in steps}
    assert figures["duel", 0.05]["games"] == 2 and figures["duel", 0.05]["wins"] == 1
    assert figures["duel", 0.05]["ms_per_decision"] == 60.0  # 3 s over 50 decisions
    assert figures["duel", 0.1]["games"] == 0
    assert figures["four", 0.05]["wins"] == 1 and figures["four", 0.05]["chance"] == 0.25
    assert CurveResult.from_dict(results[0].as_dict()) == results[0]


def test_the_curve_command_keeps_its_results_and_plays_only_the_missing_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    out = tmp_path / "curve.jsonl"
    command = ["--curve", "--times", "0.01", "--modes", "duel", "--games", "1",
               "--out", str(out)]
    assert arena_tool.main(command) == 0
    first = capsys.readouterr()
    last = json.loads(first.out.strip().splitlines()[-1])
    assert [step["games"] for step in last["curve"]] == [1]
    assert len(out.read_text().splitlines()) == 1
    assert arena_tool.main([*command[:-3], "2", "--out", str(out)]) == 0
    second = capsys.readouterr()
    assert "1 to play (1 already in" in second.err
    assert len(out.read_text().splitlines()) == 2
    assert json.loads(second.out.strip().splitlines()[-1])["curve"][0]["games"] == 2


def test_a_curve_on_the_cpu_clock_counts_only_its_own_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    out = tmp_path / "curve.jsonl"
    # A line from before clocks were written down: counted on the wall's clock.
    out.write_text(json.dumps({"mode": "duel", "seconds": 0.01, "game": 0, "won": True,
                               "turns": 9, "decisions": 12, "thinking": 0.12, "seed": 1,
                               "edition": "2016"}) + "\n")
    command = ["--curve", "--times", "0.01", "--modes", "duel", "--games", "1",
               "--out", str(out)]
    assert arena_tool.main([*command, "--clock", "cpu"]) == 0
    played = capsys.readouterr()
    assert "1 to play (0 already in" in played.err
    last = json.loads(played.out.strip().splitlines()[-1])
    assert last["clock"] == "cpu" and last["curve"][0]["games"] == 1
    assert [json.loads(line).get("clock") for line in out.read_text().splitlines()] == [
        None, "cpu"]
    assert arena_tool.main(command) == 0
    assert "0 to play (1 already in" in capsys.readouterr().err


def test_a_match_gives_and_measures_think_times_on_its_clock() -> None:
    from engine.ai.arena import player_factory

    ticks = iter(range(1_000_000))

    def clock() -> float:  # a clock that moves a second at each look
        return float(next(ticks))

    player = player_factory("mc:2.5", clock)(3)
    assert isinstance(player, MonteCarloPlayer) and player.clock is clock
    result = play_match(Options(), 4, ("mc:2.5", "random"), clock=clock)
    # Each look at the clock is a second: whole seconds only, and at least the two looks
    # of every decision the Monte-Carlo seat answered.
    assert result.seconds[0] == int(result.seconds[0]) >= 2 * result.decisions[0]


def test_the_arena_plays_power_up_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    played: list[bool] = []
    report = run_arena(["mcp:4", "heuristic"], 2, 3, power_up=True,
                       on_game=lambda result: played.append(
                           result.final is not None and result.final.options.power_up))
    assert played == [True, True] and report.summary()["power_up"] is True
    assert arena_tool.main(["--players", "mcp:4,heuristic", "--games", "1", "--power-up"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["power_up"] is True
