"""Seasons and ranks, pure (bot.table.league.seasons, bot.table.league.ranks): which games a
season holds, what closing it keeps and posts, the ranks' thresholds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.table.league.ranks import RANK_IDS, RANKS, UNRANKED, rank_of, rank_of_score, ranks
from bot.table.league.seasons import (
    DAY,
    Season,
    Standing,
    decode_standings,
    encode_standings,
    first_season,
    podium,
    season_end,
    season_records,
    standings_of,
    turn,
)
from bot.table.ratings import MIN_GAMES, PlayerRating, rate
from bot.table.records import GameRecord, SeatRecord
from engine import Options

GUILD = 7
START = 1_800_000_000.0


def record(game_id: int, finished_at: float, winner: int, loser: int, *,
           rated: bool = True) -> GameRecord:
    def seat(number: int, user_id: int, place: int) -> SeatRecord:
        return SeatRecord(number, user_id, None, f"p{user_id}", "Alienoid", place, place == 1,
                          10, 0, None, 0, False, False)

    return GameRecord(game_id, GUILD, 1, "over", "2016", "2016", Options(), finished_at - 600,
                      finished_at, 10, rated, (seat(0, winner, 1), seat(1, loser, 2)))


def test_a_season_holds_the_games_finished_while_it_ran() -> None:
    closed = Season(GUILD, 1, START, START + 7 * DAY, closed_at=START + 7 * DAY)
    running = Season(GUILD, 2, START + 7 * DAY, START + 14 * DAY)
    for finished_at, first, second in ((START - 1, False, False), (START, True, False),
                                       (START + 7 * DAY - 1, True, False),
                                       (START + 7 * DAY, False, True),
                                       (START + 30 * DAY, False, True)):
        assert closed.holds(finished_at) is first
        assert running.holds(finished_at) is second
    games = [record(1, START + 10, 1, 2), record(2, START + 20, 2, 1, rated=False),
             record(3, START + 8 * DAY, 1, 2)]
    assert [r.game_id for r in season_records(games, closed)] == [1]
    assert [r.game_id for r in season_records(games, running)] == [3]


def test_a_season_starts_numbered_after_the_last_and_ends_after_its_days() -> None:
    assert season_end(START, 0) is None
    assert season_end(START, 30) == START + 30 * DAY
    assert first_season(GUILD, [], 7, START) == Season(GUILD, 1, START, START + 7 * DAY)
    before = [Season(GUILD, 1, 0.0, 1.0, 1.0), Season(GUILD, 2, 1.0, 2.0, 2.0)]
    assert first_season(GUILD, before, 0, START).number == 3
    assert first_season(GUILD, before, 0, START).ends_at is None
    assert Season(GUILD, 1, START, START + DAY).overdue(START + DAY)
    assert not Season(GUILD, 1, START, START + DAY).overdue(START + DAY - 1)
    assert not Season(GUILD, 1, START, None).overdue(START + 1000 * DAY)


def test_closing_keeps_the_table_posts_the_podium_and_starts_the_next() -> None:
    # Four players: 1 beats everyone, 2 beats 3 and 4, 3 beats 4; 5 plays once.
    games = []
    order = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)] * 2 + [(5, 4)]
    for n, (winner, loser) in enumerate(order):
        games.append(record(n, START + n, winner, loser))
    season = Season(GUILD, 4, START, START + 7 * DAY)
    ratings = rate(season_records(games, season))
    now = START + 7 * DAY + 5
    turned = turn(season, ratings, 14, now)
    assert turned.closed.closed_at == now and not turned.closed.running
    assert [s.user_id for s in turned.closed.standings] == [1, 2, 3, 4, 5]
    assert turned.following == Season(GUILD, 5, now, now + 14 * DAY)
    post = turned.bulletin("es")
    assert [p.user_id for p in post.podium] == [1, 2, 3]
    assert [p.place for p in post.podium] == [1, 2, 3]
    assert post.podium[0].rank == rank_of_score(ratings[1].conservative)
    assert (post.season, post.players, post.next_season, post.language) == (4, 4, 5, "es")
    assert post.next_ends_at == now + 14 * DAY
    assert turn(season, ratings, 0, now).following is None
    assert decode_standings(encode_standings(turned.closed.standings)) == turned.closed.standings


def test_the_podium_has_only_ranked_players() -> None:
    table = (Standing(1, "a", 9.0, MIN_GAMES), Standing(2, "b", 30.0, MIN_GAMES - 1),
             Standing(3, "c", 4.0, MIN_GAMES + 5))
    assert [p.user_id for p in podium(table)] == [1, 3]
    assert podium(()) == ()


def test_the_standings_put_players_short_of_games_after_the_others() -> None:
    ratings = {1: PlayerRating(1, 25.0, 8.0, games=1), 2: PlayerRating(2, 20.0, 4.0, games=3)}
    assert [s.user_id for s in standings_of(ratings)] == [2, 1]


@pytest.mark.parametrize(("score", "rank"), [
    (-3.0, "hatchling"), (0.0, "hatchling"), (4.99, "hatchling"), (5.0, "stomper"),
    (10.0, "smasher"), (14.9, "smasher"), (15.0, "titan"), (20.0, "kaiju"), (25.0, "king"),
    (40.0, "king")])
def test_rank_thresholds(score: float, rank: str) -> None:
    assert rank_of_score(score) == rank


@given(st.floats(min_value=-50, max_value=60), st.floats(min_value=-50, max_value=60))
def test_a_better_estimate_never_ranks_lower(low: float, high: float) -> None:
    low, high = sorted((low, high))
    assert RANK_IDS.index(rank_of_score(low)) <= RANK_IDS.index(rank_of_score(high))


def test_a_player_is_unranked_until_min_games() -> None:
    assert [floor for _rank, floor in RANKS][1:] == [5.0, 10.0, 15.0, 20.0, 25.0]
    assert rank_of(None) == UNRANKED
    strong = PlayerRating(1, 40.0, 1.0, games=MIN_GAMES - 1)
    assert rank_of(strong) == UNRANKED
    strong.games = MIN_GAMES
    assert rank_of(strong) == "king"
    assert ranks({1: strong, 2: PlayerRating(2, 25.0, 8.0, games=1)}) == {1: "king"}
