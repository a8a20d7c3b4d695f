"""Seasons: a server's ratings over a stretch of days, each season with its own leaderboard,
a closing post with its podium, and its final table kept. Pure: what a season holds, when it
ends, what closing it makes (``bot.table.league.league`` stores and schedules it).

- **Length**: a server sets it in days (``/kot league season``), or 0 for no seasons. Setting
  a length when no season runs starts one at once; changing it applies from the next season
  (the running one keeps its end); 0 closes the running season now and starts none.
- **A season's games**: the rated records (``bot.table.records``) that finished from its
  start until it closed: ``[started_at, closed_at)``, the running one's until now. The next
  season starts when the previous one closes, so every game falls in exactly one season
  while seasons run. A season overdue while the bot was down closes at the next start; the
  next season then starts at that moment (not at the missed end: no season is spent while
  the bot is away).
- **A season's rating**: openskill over its games only (``bot.table.ratings.rate``), everyone
  starting afresh; the ranks (``bot.table.league.ranks``) read it.
- **Closing**: its final standings are kept (``Standing``: every player who played a rated
  game in it, in the leaderboard's order), its podium (the three best with ``MIN_GAMES``
  rated games) posted in the league's channel (a ``SeasonClosed`` bulletin), and the next
  season started at once with the current length.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import msgspec

from bot.table.league.bulletins import PodiumPlace, SeasonClosed
from bot.table.league.ranks import rank_of_score
from bot.table.ratings import MIN_GAMES, PlayerRating, leaderboard
from bot.table.records import GameRecord

DAY = 24 * 3600.0
# The longest season a server may set: a year.
MAX_SEASON_DAYS = 366
PODIUM_PLACES = 3


class LeagueSettings(msgspec.Struct, frozen=True, omit_defaults=True):
    """A server's league (``/kot league``), stored as JSON (a new setting needs no
    migration)."""

    # Days a season lasts; 0: the server plays no seasons.
    season_days: float = 0
    # Where the league's posts go (a season's end, a crown taken, a lost permission).
    channel_id: int | None = None
    # The language of those posts: the server's games' when the league was set up.
    language: str = "en"
    # A Discord role for each rank id (bot.table.league.ranks) the server maps.
    rank_roles: dict[str, int] = msgspec.field(default_factory=dict)
    # Whether the monsters' crowns are on (bot.table.league.crowns).
    crowns: bool = False
    # The bot was refused its rank roles (a lost permission): said once in the channel,
    # until roles work again.
    roles_refused: bool = False


class Standing(msgspec.Struct, frozen=True):
    """A player's line in a season's table: their rating's conservative estimate and rated
    games then."""

    user_id: int
    name: str | None
    score: float
    games: int


@dataclass(frozen=True)
class Season:
    """A server's season ``number``: running (``closed_at`` None) or closed, with its final
    table (``standings``) once closed. ``ends_at`` None: it runs until the server stops its
    seasons."""

    guild_id: int
    number: int
    started_at: float
    ends_at: float | None
    closed_at: float | None = None
    standings: tuple[Standing, ...] = ()

    @property
    def running(self) -> bool:
        return self.closed_at is None

    def holds(self, finished_at: float) -> bool:
        """Whether a game that finished then counts in this season."""
        return (self.started_at <= finished_at
                and (self.closed_at is None or finished_at < self.closed_at))

    def overdue(self, now: float) -> bool:
        return self.running and self.ends_at is not None and self.ends_at <= now


def season_end(started_at: float, days: float) -> float | None:
    """When a season started then ends with this length (None: no end, for 0 days)."""
    return started_at + days * DAY if days > 0 else None


def first_season(guild_id: int, seasons: Iterable[Season], days: float,
                 now: float) -> Season:
    """The season a server starts now (numbered after any it had before)."""
    number = max((season.number for season in seasons), default=0) + 1
    return Season(guild_id, number, now, season_end(now, days))


def season_records(records: Iterable[GameRecord], season: Season) -> list[GameRecord]:
    """The season's games: the rated records that finished while it ran, in order."""
    return [record for record in records if record.rated and season.holds(record.finished_at)]


def standings_of(ratings: dict[int, PlayerRating]) -> tuple[Standing, ...]:
    """Every player rated in a season, in the leaderboard's order (best estimate first),
    those short of ``MIN_GAMES`` games after the others."""
    listed = leaderboard(ratings)
    rest = leaderboard({user_id: rating for user_id, rating in ratings.items()
                        if rating.games < MIN_GAMES}, min_games=0)
    return tuple(Standing(r.user_id, r.name, r.conservative, r.games) for r in listed + rest)


def ranked(standings: Iterable[Standing]) -> list[Standing]:
    """The standings of players with a rank (``MIN_GAMES`` season games or more)."""
    return [standing for standing in standings if standing.games >= MIN_GAMES]


def podium(standings: Iterable[Standing]) -> tuple[PodiumPlace, ...]:
    """The season's three best ranked players, with their rank."""
    return tuple(PodiumPlace(place, s.user_id, s.name, s.score, s.games, rank_of_score(s.score))
                 for place, s in enumerate(ranked(standings)[:PODIUM_PLACES], start=1))


@dataclass(frozen=True)
class Turn:
    """A season closed (with its table) and the one started after it, if any."""

    closed: Season
    following: Season | None

    def bulletin(self, language: str) -> SeasonClosed:
        """The closing post."""
        following = self.following
        return SeasonClosed(season=self.closed.number, podium=podium(self.closed.standings),
                            players=len(ranked(self.closed.standings)),
                            next_season=None if following is None else following.number,
                            next_ends_at=None if following is None else following.ends_at,
                            language=language)


def turn(season: Season, ratings: dict[int, PlayerRating], days: float, now: float) -> Turn:
    """Close a running season now, with the season's ratings; the next starts now for
    ``days`` (none for 0)."""
    closed = Season(season.guild_id, season.number, season.started_at, season.ends_at,
                    closed_at=now, standings=standings_of(ratings))
    following = (Season(season.guild_id, season.number + 1, now, season_end(now, days))
                 if days > 0 else None)
    return Turn(closed, following)


def encode_standings(standings: tuple[Standing, ...]) -> bytes:
    return msgspec.json.encode(standings)


def decode_standings(data: bytes | None) -> tuple[Standing, ...]:
    return () if data is None else msgspec.json.decode(data, type=tuple[Standing, ...])
