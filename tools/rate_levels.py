"""Rate the bot's AI levels (Easy, Medium, Hard) with the players' rating model, from seeded
arena games among them: ``python -m tools.arena --rate-levels`` (see tools/arena.py).

The games (``engine.ai.arena``, "the AI levels' games") are every pair of levels in a duel
and the three levels at a table of four. Each game's places are its standings as the bot
works them out for a record (``bot.table.standings``: winners, then the monsters standing
by points, then those knocked out, the later the better), and the games are rated in order
with ``bot.table.ratings``' model, each seat a player. A level twice at a table of four
sits as two players who both start from its rating; its rating after the game is the mean
of theirs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec
from openskill.models import PlackettLuceRating

from bot.table.level_ratings import LevelRating, LevelRatings
from bot.table.model import AI_LEVEL_NAMES, Elimination
from bot.table.ratings import rating_model
from bot.table.standings import standings
from engine.ai.arena import GameResult, LevelGame


@dataclass(frozen=True)
class PlacedGame:
    """One game among the levels as the rating reads it: its table and number, the level in
    each seat, and each seat's place (1 is best; equals share one)."""

    table: tuple[str, ...]
    game: int
    levels: tuple[str, ...]
    places: tuple[int, ...]

    @property
    def key(self) -> LevelGame:
        return LevelGame(self.table, self.game)

    def as_dict(self) -> dict[str, object]:
        return {"table": list(self.table), "game": self.game, "levels": list(self.levels),
                "places": list(self.places)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> PlacedGame:
        def strings(key: str) -> tuple[str, ...]:
            value = data[key]
            assert isinstance(value, list)
            return tuple(str(each) for each in value)

        return cls(strings("table"), int(str(data["game"])), strings("levels"),
                   tuple(int(each) for each in strings("places")))


def placed(task: LevelGame, result: GameResult) -> PlacedGame:
    """A played game's places, by the standings a record of it would show."""
    assert result.final is not None
    eliminations = tuple(Elimination(seat=seat, by=None, turn=turn)
                         for seat, turn in result.knocked_out)
    by_seat = {row.seat: row.place for row in standings(result.final, eliminations)}
    return PlacedGame(task.table, task.game, task.levels,
                      tuple(by_seat[seat] for seat in range(len(task.levels))))


def rate_levels(games: Sequence[PlacedGame]) -> dict[str, LevelRating]:
    """Each level's rating after ``games``, rated in the order given."""
    model = rating_model()
    current: dict[str, PlackettLuceRating] = {level: model.rating() for level in AI_LEVEL_NAMES}
    seats: Counter[str] = Counter()
    for game in games:
        teams = [[model.rating(mu=current[level].mu, sigma=current[level].sigma)]
                 for level in game.levels]
        rated = model.rate(teams, ranks=[float(place) for place in game.places])
        after: dict[str, list[tuple[float, float]]] = {}
        for level, (rating,) in zip(game.levels, rated, strict=True):
            after.setdefault(level, []).append((rating.mu, rating.sigma))
            seats[level] += 1
        for level, values in after.items():
            current[level] = model.rating(mu=sum(mu for mu, _ in values) / len(values),
                                          sigma=sum(sigma for _, sigma in values) / len(values))
    return {level: LevelRating(round(rating.mu, 3), round(rating.sigma, 3), seats[level])
            for level, rating in current.items()}


def ratings_file(games: Sequence[PlacedGame], command: str, date: str) -> LevelRatings:
    """What the bot reads: the levels' ratings, the games by table, the command and day."""
    tables = Counter(" v ".join(game.table) for game in games)
    return LevelRatings(command=command, date=date, games=dict(sorted(tables.items())),
                        levels=rate_levels(games))


def write_ratings(ratings: LevelRatings, path: Path) -> None:
    path.write_text(json.dumps(msgspec.to_builtins(ratings), indent=2) + "\n",
                    encoding="utf-8")


def ratings_table(ratings: LevelRatings, games: Sequence[PlacedGame]) -> str:
    """A row a level: its seats, first places, mean place, mu, sigma and rating."""
    firsts: Counter[str] = Counter()
    place_sum: Counter[str] = Counter()
    for game in games:
        for level, place in zip(game.levels, game.places, strict=True):
            firsts[level] += place == 1
            place_sum[level] += place
    lines = [f"{'level':<8}{'seats':>7}{'firsts':>8}{'mean place':>12}{'mu':>8}{'sigma':>8}"
             f"{'rating':>8}"]
    for level, rating in ratings.levels.items():
        mean_place = place_sum[level] / rating.seats if rating.seats else 0.0
        lines.append(f"{level:<8}{rating.seats:>7}{firsts[level]:>8}{mean_place:>12.2f}"
                     f"{rating.mu:>8.2f}{rating.sigma:>8.2f}{rating.conservative:>8.2f}")
    return "\n".join(lines)
