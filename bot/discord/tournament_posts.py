"""The Discord side of Swiss nights: a thread for each table's game
(``bot.table.league.tournament_desk.TournamentHall``), and the drawings of the night's posts,
which are bulletins (``bot.discord.bulletins``): a round's tables, the standings after each
round, the final standings with a podium, in the tournament's language.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.bulletins import Drawn, draws
from bot.discord.io import DiscordFailure, DiscordIO, log_failure
from bot.discord.publisher import failed_as
from bot.i18n import text
from bot.table.carrier import Failure
from bot.table.league.tournament_bulletins import (
    EntrantShown,
    StandingShown,
    TournamentRound,
    TournamentStandings,
)
from bot.table.league.tournaments import StoredTournament

TOURNAMENT_COLOUR = discord.Colour.gold()
MEDALS = ("🥇", "🥈", "🥉")


class TableThreads:
    def __init__(self, io: DiscordIO) -> None:
        self._io = io

    async def open_thread(self, stored: StoredTournament, round_: int,
                          index: int) -> int | Failure:
        tournament = stored.tournament
        name = text(tournament.language, "tournament-thread-name", tournament=str(stored.id),
                    round=str(round_), table=str(index + 1))
        try:
            return await self._io.create_thread(tournament.channel_id, name)
        except DiscordFailure as failure:
            log_failure(failure, "tournament %s: no thread for round %s, table %s",
                        stored.id, round_, index + 1)
            return failed_as(failure)


@draws(TournamentRound)
def _round(post: TournamentRound) -> Drawn:
    language = post.language
    lines = [text(language, "tournament-round-table", table=str(number),
                  channel=f"<#{table.channel_id}>", players=names(table.players))
             for number, table in enumerate(post.tables, 1)]
    return Drawn(embed=discord.Embed(
        title=text(language, "tournament-round-title", tournament=str(post.tournament),
                   round=str(post.round), rounds=str(post.rounds)),
        description="\n".join(lines)[:4096], colour=TOURNAMENT_COLOUR))


@draws(TournamentStandings)
def _standings(post: TournamentStandings) -> Drawn:
    language = post.language
    lines = [standing_line(line, language) for line in post.lines]
    if post.more:
        lines.append(text(language, "tournament-standings-more", more=post.more))
    title = "tournament-final-title" if post.final else "tournament-standings-title"
    embed = discord.Embed(
        title=text(language, title, tournament=str(post.tournament), round=str(post.round),
                   rounds=str(post.rounds)),
        description="\n".join(lines), colour=TOURNAMENT_COLOUR)
    if post.final and post.lines:
        embed.add_field(name=text(language, "tournament-podium"), inline=False,
                        value="\n".join(f"{medal} {name_of(line.entrant)}"
                                        for medal, line in zip(MEDALS, post.lines,
                                                               strict=False)))
    return Drawn(embed=embed)


def name_of(entrant: EntrantShown) -> str:
    """An entrant as the posts name them (a person by mention, which pings nobody in an
    embed; an AI by its name)."""
    return f"🤖 {entrant.ai_name}" if entrant.ai_name is not None else f"<@{entrant.user_id}>"


def names(players: Sequence[EntrantShown]) -> str:
    return ", ".join(name_of(player) for player in players)


def standing_line(line: StandingShown, language: str) -> str:
    """One line of the standings: rank, entrant, points and what breaks ties."""
    return text(language, "tournament-standing-line", rank=line.rank,
                player=name_of(line.entrant), points=exact(line.points),
                opponents=exact(line.opponents), wins=line.wins, stars=line.stars,
                dropped="yes" if line.dropped else "no")


def exact(number: float) -> int | float:
    """A whole number as an integer (which the catalogs' plurals read as such), else a
    decimal."""
    return int(number) if number.is_integer() else number

