"""Achievements from records (pure): each rule on examples, and, over random careers, that an
achievement is earned once, by a game that counts, and never taken away by later games."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.table.league.achievements import (
    ACHIEVEMENTS,
    BY_KEY,
    GAME_TYPES,
    earned,
    earned_in,
    game_type,
)
from bot.table.records import GameRecord, SeatRecord
from engine import Options

ME = 100
OTHER = 200


@dataclass(frozen=True)
class Seat:
    """What a test says of the player's seat (the rest of the table is one other player,
    or AI monsters)."""

    winner: bool = False
    points: int = 10
    entered_tokyo: int | None = 2
    knocked_out: int | None = 0
    lowest_hearts: int | None = 5


def game(game_id: int, me: Seat, *, status: str = "over", monsters: int = 2,
         options: Options | None = None, ai: str | None = None) -> GameRecord:
    """A game of ``monsters`` where the player sat first; the others are AI monsters of
    level ``ai``, or people (``OTHER`` and after)."""
    options = options or Options()
    mine = SeatRecord(seat=0, user_id=ME, ai=None, name="me", monster="The King",
                      place=1 if me.winner else 2, winner=me.winner, points=me.points,
                      hearts=3, out_turn=None, cards_bought=1, left_game=False,
                      autopiloted=False, entered_tokyo=me.entered_tokyo,
                      knocked_out=me.knocked_out, lowest_hearts=me.lowest_hearts)
    others = tuple(SeatRecord(seat=seat, user_id=None if ai else OTHER + seat, ai=ai,  # type: ignore[arg-type]
                              name=None, monster="Alienoid", place=1 if not me.winner else 2,
                              winner=not me.winner, points=5, hearts=0, out_turn=3,
                              cards_bought=0, left_game=False, autopiloted=False,
                              entered_tokyo=1, knocked_out=0, lowest_hearts=1)
                   for seat in range(1, monsters))
    return GameRecord(game_id=game_id, guild_id=1, channel_id=2, status=status,
                      game_type=options.game, edition=options.edition, options=options,
                      started_at=0.0, finished_at=1_000.0 + game_id, turns=10,
                      rated=ai is None and status == "over", seats=(mine, *others))


def keys(records: list[GameRecord]) -> dict[str, int]:
    """Each achievement earned: the game that earned it."""
    return {each.key: each.game_id for each in earned(records, ME)}


WIN = Seat(winner=True)


def test_a_first_win_is_the_first_game_won_played_to_its_end() -> None:
    records = [game(1, Seat()), game(2, WIN, status="ended"), game(3, WIN), game(4, WIN)]
    assert keys(records)["first-win"] == 3


@pytest.mark.parametrize(("seat", "key", "earns"), [
    (Seat(winner=True, points=20), "twenty-points", True),
    (Seat(winner=True, points=19), "twenty-points", False),
    (Seat(winner=False, points=20), "twenty-points", False),
    (Seat(winner=True, entered_tokyo=0), "outside-tokyo", True),
    (Seat(winner=True, entered_tokyo=1), "outside-tokyo", False),
    (Seat(winner=False, entered_tokyo=0), "outside-tokyo", False),
    (Seat(winner=True, entered_tokyo=None), "outside-tokyo", False),  # unknown: no
    (Seat(winner=True, lowest_hearts=1), "one-heart", True),
    (Seat(winner=True, lowest_hearts=2), "one-heart", False),
    (Seat(winner=False, lowest_hearts=1), "one-heart", False),
    (Seat(winner=True, lowest_hearts=None), "one-heart", False),
    (Seat(knocked_out=3), "three-knockouts", True),  # won or not
    (Seat(knocked_out=2), "three-knockouts", False),
    (Seat(knocked_out=None), "three-knockouts", False),
])
def test_each_feat_of_one_game(seat: Seat, key: str, earns: bool) -> None:
    assert (key in keys([game(1, Seat()), game(2, seat, monsters=4)])) is earns
    # Only a game played to its end.
    assert key not in keys([game(1, seat, monsters=4, status="ended")])


def test_a_full_table_is_a_win_among_six_monsters() -> None:
    assert "full-table" not in keys([game(1, WIN, monsters=5)])
    assert keys([game(1, WIN, monsters=5), game(2, WIN, monsters=6)])["full-table"] == 2
    assert "full-table" not in keys([game(1, Seat(), monsters=6)])


def test_beating_the_machine_needs_a_hard_ai_at_the_table() -> None:
    assert "hard-ai" not in keys([game(1, WIN, ai="medium"), game(2, Seat(), ai="hard")])
    assert keys([game(1, WIN, ai="medium"), game(2, WIN, ai="hard")])["hard-ai"] == 2


def test_ten_games_played_to_their_end() -> None:
    nine = [game(n, Seat()) for n in range(1, 10)]
    assert "ten-games" not in keys([*nine, game(10, Seat(), status="ended")])
    assert keys([*nine, game(10, Seat(), status="ended"), game(11, Seat())])["ten-games"] == 11


TYPES = {"kot-2016": Options(), "kot-2011": Options(edition="2011"),
         "origins": Options(game="origins"), "power-up": Options(power_up=True)}


def test_the_game_types_are_the_editions_origins_and_power_up() -> None:
    assert {name: game_type(game(1, WIN, options=options))
            for name, options in TYPES.items()} == {name: name for name in GAME_TYPES}
    # Power Up! is one type, whichever edition its rules are.
    assert game_type(game(1, WIN, options=Options(edition="2011", power_up=True))) == "power-up"


def test_every_game_type_is_earned_by_the_game_that_won_the_last_one() -> None:
    types = list(TYPES.values())
    records = [game(1, WIN, options=types[0]), game(2, Seat(), options=types[1]),
               game(3, WIN, options=types[0]), game(4, WIN, options=types[1]),
               game(5, WIN, options=types[2])]
    assert "every-game-type" not in keys(records)
    records.append(game(6, WIN, options=types[3]))
    assert keys(records)["every-game-type"] == 6


def test_an_achievement_says_whether_ai_monsters_played() -> None:
    against = {each.key: each.against_ai
               for each in earned([game(1, WIN, ai="easy"), game(2, WIN, monsters=6)], ME)}
    assert against["first-win"] is True and against["full-table"] is False


def test_every_achievement_has_a_unique_key_and_an_emoji() -> None:
    assert len(BY_KEY) == len(ACHIEVEMENTS) >= 8
    assert all(achievement.emoji for achievement in ACHIEVEMENTS)


# --- over random careers ---------------------------------------------------------------

seats = st.builds(Seat, winner=st.booleans(), points=st.integers(0, 25),
                  entered_tokyo=st.one_of(st.none(), st.integers(0, 3)),
                  knocked_out=st.one_of(st.none(), st.integers(0, 5)),
                  lowest_hearts=st.one_of(st.none(), st.integers(1, 10)))
games = st.tuples(seats, st.sampled_from(["over", "over", "ended"]), st.integers(2, 6),
                  st.sampled_from(list(TYPES.values())),
                  st.sampled_from([None, None, "easy", "hard"]))
careers = st.lists(games, max_size=25).map(lambda drawn: [
    game(number, seat, status=status, monsters=monsters, options=options, ai=ai)
    for number, (seat, status, monsters, options, ai) in enumerate(drawn, start=1)])


@settings(max_examples=200, deadline=None)
@given(careers)
def test_an_achievement_is_kept_by_the_game_that_earned_it_as_games_are_added(
        records: list[GameRecord]) -> None:
    final = earned(records, ME)
    assert len({each.key for each in final}) == len(final)  # each once
    by_id = {record.game_id: record for record in records}
    for each in final:
        assert by_id[each.game_id].status == "over"
        assert each.finished_at == by_id[each.game_id].finished_at
    for cut in range(len(records) + 1):
        before = set(earned(records[:cut], ME))
        # Games played since earn more, never take an achievement away or move it.
        assert before <= set(final)
        assert {e for e in final if e.game_id <= cut} == before
    # What a game announces: what it added to what the games before it had earned.
    for cut, record in enumerate(records, start=1):
        added = set(earned(records[:cut], ME)) - set(earned(records[:cut - 1], ME))
        assert set(earned_in(records, ME, record.game_id)) == added


@given(careers)
def test_someone_else_earns_nothing_of_the_players_games(records: list[GameRecord]) -> None:
    assert earned(records, 999) == ()
