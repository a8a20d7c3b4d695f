"""The AI levels' ratings: each level of AI monster rated with the model the players are
rated with (``bot.table.ratings``), from arena games among the levels, so that a player can
set their own rating beside them.

The figures are measured once, by ``python -m tools.arena --rate-levels`` (which writes
``ai_ratings.json`` beside this module, checked in with the command, the date and the
games it played), and read here when first asked for. The levels never play in rated games,
so the two scales meet only through the model: both start at the same rating, and the
figures read alike (the conservative estimate, mu - 3 sigma).
"""

from __future__ import annotations

import functools
from pathlib import Path

import msgspec

from bot.table.model import AI_LEVEL_NAMES, AiLevel
from bot.table.ratings import conservative

RATINGS_FILE = Path(__file__).with_name("ai_ratings.json")


class LevelRating(msgspec.Struct, frozen=True):
    """One level's rating after the games: the model's mean and uncertainty, and the seats
    it played (a level twice at a table of four plays two)."""

    mu: float
    sigma: float
    seats: int

    @property
    def conservative(self) -> float:
        return conservative(self.mu, self.sigma)


class LevelRatings(msgspec.Struct, frozen=True):
    """The file: how it was measured (the command, the day, the games by table) and each
    level's rating."""

    command: str
    date: str
    games: dict[str, int]
    levels: dict[str, LevelRating]


def read_ratings(path: Path = RATINGS_FILE) -> LevelRatings:
    return msgspec.json.decode(path.read_bytes(), type=LevelRatings)


@functools.cache
def level_ratings() -> dict[AiLevel, float]:
    """Each level's rating as shown (mu - 3 sigma), weakest level first (the file rates
    every level: tests/test_levels.py)."""
    levels = read_ratings().levels
    return {level: levels[level].conservative for level in AI_LEVEL_NAMES}
