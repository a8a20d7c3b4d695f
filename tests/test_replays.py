"""python -m engine.replays: a replay file played again and checked step by step."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import msgspec
import pytest

from bot.i18n import ENGLISH, say, text
from engine import Options, encode_state, play_random_game
from engine.replays import Move, ReplayFile, encode_replay, transcript
from tools.replay import main

BASE_GAME = Options()

def replay_file(seed: int = 4, players: int = 3, options: Options = BASE_GAME) -> ReplayFile:
    played = play_random_game(options, seed, players)
    return ReplayFile(seed=seed, options=options,
                      monsters=tuple(m.name for m in played.state.monsters),
                      moves=tuple(Move(seat, action) for seat, action in played.actions),
                      final_state=json.loads(encode_state(played.state)))


def run(tmp_path: Path, replay: ReplayFile, capsys: pytest.CaptureFixture[str]
        ) -> tuple[int, dict[str, object]]:
    path = tmp_path / "game.json"
    path.write_bytes(encode_replay(replay))
    code = main([str(path)])
    return code, json.loads(capsys.readouterr().out.splitlines()[-1])


def test_a_whole_game_replays_legally_to_its_recorded_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = replay_file()
    code, summary = run(tmp_path, replay, capsys)
    assert code == 0
    assert summary["ok"] is True and summary["final_state"] == "match"
    assert summary["legal"] == summary["moves"] == len(replay.moves) and summary["over"]


def test_a_different_end_or_an_illegal_move_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = replay_file()
    shortened = msgspec.structs.replace(replay, moves=replay.moves[:-1])
    code, summary = run(tmp_path, shortened, capsys)
    assert code == 1 and summary["final_state"] == "differs"
    shuffled = msgspec.structs.replace(replay, moves=replay.moves[1:])
    code, summary = run(tmp_path, shuffled, capsys)
    assert code == 1 and summary["refused_at"] is not None and summary["legal"] == (
        int(summary["refused_at"]) - 1)  # type: ignore[call-overload]


def test_a_file_that_is_not_a_replay_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "not.json"
    path.write_text('{"hello": 1}')
    assert main([str(path)]) == 2
    assert "not a replay file" in capsys.readouterr().err


def test_the_transcript_tells_the_game_turn_by_turn() -> None:
    replay = replay_file(players=2)
    text = transcript(replay, "Game #1", partial(say, ENGLISH))
    assert text.startswith("Game #1\nMonsters: ")
    assert "— Turn 1: " in text and "— Turn 2: " in text and "wins" in text.lower()
    assert "Power Up!" not in text


def test_a_power_up_game_replays_and_its_story_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = replay_file(seed=6, players=4, options=Options(power_up=True))
    code, summary = run(tmp_path, replay, capsys)
    assert code == 0 and summary["final_state"] == "match" and summary["over"]
    for language, said in ((ENGLISH, "Played with Power Up!"), ("es", "Jugada con Power Up!")):
        story = transcript(replay, "Game #1", partial(say, language))
        assert story.splitlines()[2] == text(language, "narrate-transcript-power-up")
        assert said in story and "Evolu" in story  # (Evolution, Evolución)
