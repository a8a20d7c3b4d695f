"""The AI levels: the Medium AI as an engine player (engine.ai.levels) answers legally in
whole games at every table size, with its counted playouts (the same answer on any load),
and the arena knows it by name; the levels are rated from games among them
(``python -m tools.arena --rate-levels``), and the bot reads the ratings checked in."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

import tools.arena as arena_tool
from bot.table.level_ratings import level_ratings, read_ratings
from engine import Edition, Options, apply, create_game, legal_actions
from engine.ai import MEDIUM_PLAYOUTS, medium_player
from engine.ai.arena import LEVEL_PLAYERS, is_player_type, play_match, player_factory
from engine.ai.mc import MonteCarloPlayer
from tools.rate_levels import PlacedGame, rate_levels


@pytest.mark.parametrize(("edition", "monsters", "seed"),
                         [("2016", 2, 11), ("2011", 3, 12), ("2016", 5, 13)])
def test_the_medium_ai_answers_legally_in_whole_games(edition: Edition, monsters: int,
                                                      seed: int) -> None:
    state, _ = create_game(Options(edition=edition), seed, monsters)
    players = [medium_player(seed * 8 + seat) for seat in range(monsters)]
    answers = 0
    while not state.over:
        decision = state.pending[0]
        action = players[decision.seat].answer(state, decision)
        assert action in legal_actions(state, decision.seat), (action, decision)
        state, _ = apply(state, decision.seat, action)
        answers += 1
        assert answers < 3000
    assert state.winners


def test_the_medium_ai_counts_playouts_not_seconds() -> None:
    player = medium_player(3)
    assert player.seconds is None and player.playouts == MEDIUM_PLAYOUTS
    state, _ = create_game(Options(), 21, 2)
    decision = state.pending[0]
    hint = player.hint(state, decision)
    # Deterministic: the same seed and position give the same move and statistics.
    assert medium_player(3).hint(state, decision) == hint
    assert 0 < hint.playouts <= MEDIUM_PLAYOUTS + len(hint.stats)


def test_the_arena_names_the_levels_and_counted_playouts() -> None:
    assert is_player_type("medium") and is_player_type("mcp:24")
    assert not is_player_type("mcp:0") and not is_player_type("mcp:many")
    player = player_factory("mcp:24")(5)
    assert isinstance(player, MonteCarloPlayer) and player.playouts == 24
    result = play_match(Options(), 5, ("medium", "heuristic"))
    assert result.winners and result.decisions[0] > 0


def test_the_levels_are_rated_from_games_among_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Quicker stand-ins for Medium and Hard: the same kind of player, fewer playouts.
    monkeypatch.setitem(LEVEL_PLAYERS, "medium", "mcp:2")
    monkeypatch.setitem(LEVEL_PLAYERS, "hard", "mcp:6")
    results, ratings = tmp_path / "levels.jsonl", tmp_path / "ai_ratings.json"
    argv = ["--rate-levels", "--duels", "2", "--fours", "1", "--out", str(results),
            "--ratings-file", str(ratings)]
    assert arena_tool.main(argv) == 0
    out = capsys.readouterr().out.strip().splitlines()
    played = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(played) == 3 * 2 + 3 * 1
    assert all(sorted(game["places"])[0] == 1 and len(game["places"]) == len(game["levels"])
               for game in played)
    written = read_ratings(ratings)
    assert json.loads(out[-1]) == msgspec.to_builtins(written)
    assert written.games == {"easy v hard": 2, "easy v medium": 2, "medium v hard": 2,
                             "easy v medium v hard v easy": 1,
                             "easy v medium v hard v hard": 1,
                             "easy v medium v hard v medium": 1}
    assert {level: rating.seats for level, rating in written.levels.items()} == {
        "easy": 4 + 4, "medium": 4 + 4, "hard": 4 + 4}
    assert "--rate-levels --duels 2 --fours 1" in written.command
    # Run again on its results: nothing played, the same ratings.
    monkeypatch.setitem(LEVEL_PLAYERS, "hard", "nobody")
    assert arena_tool.main(argv) == 0
    assert read_ratings(ratings).levels == written.levels


def test_a_level_that_keeps_winning_is_rated_above_the_one_it_beats() -> None:
    beats = [PlacedGame(("easy", "medium"), n, ("medium", "easy") if n % 2 else
                        ("easy", "medium"), (2, 1) if n % 2 == 0 else (1, 2))
             for n in range(10)]
    rated = rate_levels(beats)
    assert rated["medium"].conservative > rated["easy"].conservative
    assert rated["hard"].seats == 0 and rated["hard"].mu == pytest.approx(25.0)
    # A level twice at a table sits as two players.
    four = PlacedGame(("easy", "medium", "hard", "easy"), 0, ("easy", "medium", "hard", "easy"),
                      (1, 3, 4, 2))
    rated = rate_levels([four])
    assert rated["easy"].seats == 2 and rated["easy"].mu > rated["medium"].mu > rated["hard"].mu


def test_the_bot_reads_the_checked_in_ratings_weakest_first() -> None:
    stored = read_ratings()
    assert set(stored.levels) == {"easy", "medium", "hard"}
    assert sum(stored.games.values()) > 0 and stored.command.startswith("python -m tools.arena")
    shown = level_ratings()
    assert list(shown) == ["easy", "medium", "hard"]
    assert shown["medium"] == stored.levels["medium"].conservative
