"""Players' skill ratings from a server's rated records, with openskill.

- **Model**: Plackett-Luce (Weng-Lin), which rates a finishing order of any number of
  players, as King of Tokyo's 2 to 6 monsters finish; each player is a team of one.
- **Ranks** are the records' places: monsters that share a place tie.
- **Order**: the records in the order their games finished; only rated ones (no AI monster,
  played to the end: ``bot.table.records``).
- **Shown**: the conservative estimate, ``mu - 3 sigma`` (openskill's ``ordinal``), which a
  new player starts at 0 and which grows as the rating gets surer; a leaderboard lists only
  players with ``MIN_GAMES`` rated games or more.
- **Cost**: computed on demand from the records, never stored: a rating is a function of the
  records, so nothing has to be kept in step. openskill rates about 35,000 games a second on
  this machine, so a server with 10,000 games is rated in well under a second (in a worker
  thread; the commands acknowledge first).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.table.records import GameRecord

# Rated games a player needs before the leaderboard lists them: below it, the estimate says
# more about the few games played than about the player.
MIN_GAMES = 3


@dataclass
class PlayerRating:
    user_id: int
    mu: float
    sigma: float
    # The display name of their last rated game (None: a game stored before names were kept).
    name: str | None = None
    games: int = 0
    # (when the game finished, the conservative estimate after it), one a rated game.
    history: list[tuple[float, float]] = field(default_factory=list)

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: the skill the player very likely has at least."""
        return conservative(self.mu, self.sigma)


def rating_model() -> PlackettLuce:
    """The model every rating is made with: the players' here, and the AI levels' from arena
    games (``tools/rate_levels.py``), so that the two read alike."""
    return PlackettLuce()


def conservative(mu: float, sigma: float) -> float:
    """mu - 3 sigma: the skill very likely reached at least (openskill's ordinal)."""
    return mu - 3 * sigma


def rate(records: Iterable[GameRecord]) -> dict[int, PlayerRating]:
    """Every player's rating after the rated records, taken in the order given (the order
    the games finished)."""
    model = rating_model()
    current: dict[int, PlackettLuceRating] = {}
    players: dict[int, PlayerRating] = {}
    for record in records:
        seated = [(seat.user_id, seat) for seat in record.seats if seat.user_id is not None]
        if not record.rated or len(seated) < 2:
            continue
        teams = [[current.get(user_id) or model.rating()] for user_id, _ in seated]
        rated = model.rate(teams, ranks=[float(seat.place) for _, seat in seated])
        for (user_id, seat), (rating,) in zip(seated, rated, strict=True):
            current[user_id] = rating
            player = players.setdefault(user_id, PlayerRating(user_id, rating.mu,
                                                              rating.sigma))
            player.mu, player.sigma = rating.mu, rating.sigma
            player.name = seat.name or player.name
            player.games += 1
            player.history.append((record.finished_at, player.conservative))
    return players


def leaderboard(ratings: dict[int, PlayerRating],
                min_games: int = MIN_GAMES) -> list[PlayerRating]:
    """Players with enough rated games, best conservative estimate first."""
    return sorted((p for p in ratings.values() if p.games >= min_games),
                  key=lambda p: (-p.conservative, -p.games, p.user_id))
