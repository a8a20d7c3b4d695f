"""Ratings from records (openskill's Plackett-Luce): finishing orders of 2 to 6 players,
ties, unrated games left out, the leaderboard's minimum."""

from __future__ import annotations

import pytest

from bot.table.ratings import MIN_GAMES, leaderboard, rate
from bot.table.records import GameRecord, SeatRecord
from engine import Options


def record(places: dict[int, int], *, game_id: int = 1, rated: bool = True,
           ai_places: tuple[int, ...] = ()) -> GameRecord:
    """A finished game: each user's place (and AI monsters' places)."""
    seats = [(user_id, place) for user_id, place in places.items()]
    seats += [(None, place) for place in ai_places]
    return GameRecord(
        game_id=game_id, guild_id=1, channel_id=10, status="over", game_type="kot",
        edition="2016", options=Options(), started_at=0.0, finished_at=float(game_id),
        turns=10, rated=rated,
        seats=tuple(SeatRecord(seat=seat, user_id=user_id, ai=None if user_id else "easy",
                               name=None, monster="The King", place=place,
                               winner=place == 1, points=0, hearts=0, out_turn=None,
                               cards_bought=0, left_game=False, autopiloted=False)
                    for seat, (user_id, place) in enumerate(seats)))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_finishing_order_rates_players_in_that_order(players: int) -> None:
    ratings = rate([record({100 + n: n + 1 for n in range(players)})])
    estimates = [ratings[100 + n].conservative for n in range(players)]
    assert estimates == sorted(estimates, reverse=True)
    assert len(set(estimates)) == players
    assert all(ratings[100 + n].games == 1 for n in range(players))


def test_players_sharing_a_place_are_rated_alike() -> None:
    ratings = rate([record({1: 1, 2: 2, 3: 2, 4: 4})])
    assert ratings[2].mu == pytest.approx(ratings[3].mu)
    assert ratings[1].mu > ratings[2].mu > ratings[4].mu


def test_unrated_games_and_ai_monsters_change_nobody() -> None:
    ratings = rate([record({1: 1, 2: 2}, rated=False),
                    record({1: 2}, ai_places=(1,), game_id=2)])
    assert ratings == {}


def test_games_count_in_the_order_they_finished() -> None:
    games = [record({1: 1, 2: 2}, game_id=1), record({1: 2, 2: 1}, game_id=2),
             record({1: 2, 2: 1}, game_id=3)]
    ratings = rate(games)
    # The later results weigh on the end: 2 won the last two.
    assert ratings[2].conservative > ratings[1].conservative
    assert [when for when, _ in ratings[1].history] == [1.0, 2.0, 3.0]
    assert ratings[1].history[-1][1] == pytest.approx(ratings[1].conservative)


def test_the_leaderboard_lists_players_with_enough_games_best_first() -> None:
    games = [record({1: 1, 2: 2, 3: 3}, game_id=n) for n in range(MIN_GAMES)]
    games.append(record({4: 1, 1: 2}, game_id=MIN_GAMES))
    board = leaderboard(rate(games))
    assert [p.user_id for p in board] == [1, 2, 3]  # 4 has one game only
    assert board[0].games == MIN_GAMES + 1

