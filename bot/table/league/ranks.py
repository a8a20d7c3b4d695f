"""Named ranks from a season's rating: pure.

A player's rank is read from their conservative estimate (``bot.table.ratings``: mu - 3
sigma, 0 for a newcomer, growing as the rating gets surer) over the season's rated games,
once they have ``MIN_GAMES`` of them; before that they are unranked. The thresholds are
the estimate's lower bounds, in steps of 5:

| rank | from | reads |
|---|---|---|
| ``hatchling`` 🥚 | below 5 | every player's start (a newcomer's estimate is 0) |
| ``stomper`` 🦶 | 5 | wins a fair share of a few games |
| ``smasher`` 👊 | 10 | wins more than a fair share, over several games |
| ``titan`` 🦍 | 15 | a strong player, sure of it after a dozen games or more |
| ``kaiju`` 🐉 | 20 | among the server's best, over many games |
| ``king`` 👑 | 25 | the top rank: the mean skill of a top player, very surely |

(openskill's default rating is mu 25, sigma 25/3: a player who wins three games of four in
a row is near 10; the estimate nears mu as sigma shrinks with the games played, so 25 is a
skill well above the newcomer's mean, held for many games.) The names are the catalogs'
``league-rank-<id>`` messages, in every language.
"""

from __future__ import annotations

from typing import Literal

from bot.table.ratings import MIN_GAMES, PlayerRating

RankId = Literal["hatchling", "stomper", "smasher", "titan", "kaiju", "king"]

# Each rank and the conservative estimate it starts at, lowest first.
RANKS: tuple[tuple[RankId, float], ...] = (
    ("hatchling", float("-inf")),
    ("stomper", 5.0),
    ("smasher", 10.0),
    ("titan", 15.0),
    ("kaiju", 20.0),
    ("king", 25.0),
)
RANK_IDS: tuple[RankId, ...] = tuple(rank for rank, _floor in RANKS)
TOP_RANK: RankId = RANKS[-1][0]
UNRANKED = "unranked"

EMOJI: dict[str, str] = {"hatchling": "🥚", "stomper": "🦶", "smasher": "👊", "titan": "🦍",
                         "kaiju": "🐉", "king": "👑", UNRANKED: "·"}


def rank_of_score(score: float) -> RankId:
    """The rank of a conservative estimate (for a player with enough games)."""
    reached = RANKS[0][0]
    for rank, floor in RANKS:
        if score >= floor:
            reached = rank
    return reached


def rank_of(rating: PlayerRating | None, min_games: int = MIN_GAMES) -> str:
    """A player's rank from their season rating: ``UNRANKED`` without ``min_games`` rated
    games this season."""
    if rating is None or rating.games < min_games:
        return UNRANKED
    return rank_of_score(rating.conservative)


def ranks(ratings: dict[int, PlayerRating]) -> dict[int, RankId]:
    """The rank of every ranked player (those with enough games), by user id."""
    return {user_id: rank_of_score(rating.conservative)
            for user_id, rating in ratings.items() if rating.games >= MIN_GAMES}
