"""A Swiss night's posts in its channel, as bulletins (``bot.table.league.bulletins``): the
round's tables once they are open, and the standings after each round (the last: the final
post). Each is queued in the transaction that notes it made (``TournamentDesk``), so a post
is neither lost nor, once posted, made twice.

A bulletin holds the facts only (who sat where, the standings' figures); the Discord side
(``bot.discord.tournament_posts``) draws them in the tournament's language.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bot.table.league.bulletins import Bulletin
from bot.table.league.swiss import Contender
from bot.table.league.tournaments import Seating, Tournament

# The standings lines a post shows (an embed holds 4,096 characters); the rest are counted,
# and /kot tournament standings shows everyone.
POSTED_LINES = 40


class EntrantShown(msgspec.Struct, frozen=True, omit_defaults=True):
    """An entrant as a post names them: a person by mention, an AI monster by its name."""

    user_id: int
    ai_name: str | None = None


class TableShown(msgspec.Struct, frozen=True):
    channel_id: int
    players: tuple[EntrantShown, ...]


class StandingShown(msgspec.Struct, frozen=True):
    rank: int
    entrant: EntrantShown
    points: float
    opponents: float
    wins: int
    stars: int
    dropped: bool = False


class TournamentRound(Bulletin, frozen=True, kw_only=True):
    """A round's tables are open: where each plays, and who sits there."""

    tournament: int
    round: int
    rounds: int
    tables: tuple[TableShown, ...]


class TournamentStandings(Bulletin, frozen=True, kw_only=True):
    """The standings after a round (``final``: the night is over, with its podium);
    ``more``: lines left out of the post."""

    tournament: int
    round: int
    rounds: int
    final: bool
    lines: tuple[StandingShown, ...]
    more: int = 0


def shown(tournament: Tournament, user_id: int) -> EntrantShown:
    entrant = tournament.entrant(user_id)
    if entrant is not None and entrant.ai is not None:
        return EntrantShown(user_id, entrant.name or entrant.ai)
    return EntrantShown(user_id)


def round_post(tournament_id: int, tournament: Tournament, round_: int,
               tables: Sequence[tuple[Seating, int]]) -> TournamentRound:
    """The post of a round whose tables are open (each table's players and channel)."""
    return TournamentRound(
        language=tournament.language, tournament=tournament_id, round=round_,
        rounds=tournament.rounds,
        tables=tuple(TableShown(channel, tuple(shown(tournament, p) for p in players))
                     for players, channel in tables))


def standing_shown(tournament: Tournament, line: Contender) -> StandingShown:
    """A line of the standings as a post shows it."""
    entrant = tournament.entrant(line.player)
    return StandingShown(line.rank, shown(tournament, line.player), float(line.points),
                         float(line.opponents_points), line.wins, line.stars,
                         entrant is not None and entrant.dropped)


def standings_post(tournament_id: int, tournament: Tournament, round_: int,
                   lines: Sequence[Contender], final: bool) -> TournamentStandings:
    """The post of the standings after a round."""
    return TournamentStandings(
        language=tournament.language, tournament=tournament_id, round=round_,
        rounds=tournament.rounds, final=final,
        lines=tuple(standing_shown(tournament, line) for line in lines[:POSTED_LINES]),
        more=max(0, len(lines) - POSTED_LINES))
