"""The Discord side of Swiss nights (``bot.table.league.tournament_desk.TournamentHall``):
a thread for each table's game, the round's tables and the standings posted in the
tournament's channel, in its language. Each call answers how it went (``bot.table.carrier``
results), never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import discord

from bot.discord.io import DiscordFailure, DiscordIO, log_failure
from bot.discord.publisher import failed_as
from bot.i18n import text
from bot.table.carrier import Failure, Sent
from bot.table.league.swiss import Contender
from bot.table.league.tournaments import Seating, StoredTournament, Tournament

# The standings lines a post shows (an embed's description holds 4,096 characters): the
# rest is counted, and /kot tournament standings shows everyone.
POSTED_LINES = 40
TOURNAMENT_COLOUR = discord.Colour.gold()


class TournamentPosts:
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

    async def announce_round(self, stored: StoredTournament, round_: int,
                             tables: Sequence[tuple[Seating, int]]) -> Sent | Failure:
        tournament = stored.tournament
        language = tournament.language
        lines = [text(language, "tournament-round-table", table=str(number),
                      channel=f"<#{channel_id}>", players=names(tournament, players))
                 for number, (players, channel_id) in enumerate(tables, 1)]
        embed = discord.Embed(
            title=text(language, "tournament-round-title", tournament=str(stored.id),
                       round=str(round_), rounds=str(tournament.rounds)),
            description="\n".join(lines)[:4096], colour=TOURNAMENT_COLOUR)
        return await self._send(stored, embed)

    async def post_standings(self, stored: StoredTournament, round_: int,
                             lines: Sequence[Contender], final: bool) -> Sent | Failure:
        tournament = stored.tournament
        language = tournament.language
        shown = [standing_line(tournament, line) for line in lines[:POSTED_LINES]]
        if len(lines) > POSTED_LINES:
            shown.append(text(language, "tournament-standings-more",
                              more=len(lines) - POSTED_LINES))
        title = ("tournament-final-title" if final else "tournament-standings-title")
        embed = discord.Embed(
            title=text(language, title, tournament=str(stored.id), round=str(round_),
                       rounds=str(tournament.rounds)),
            description="\n".join(shown), colour=TOURNAMENT_COLOUR)
        if final and lines:
            embed.add_field(name=text(language, "tournament-podium"),
                            value=podium(tournament, lines), inline=False)
        return await self._send(stored, embed)

    async def _send(self, stored: StoredTournament, embed: discord.Embed) -> Sent | Failure:
        tournament = stored.tournament
        try:
            await self._io.notify_embed(tournament.channel_id, tournament.guild_id, embed)
        except DiscordFailure as failure:
            log_failure(failure, "tournament %s: a post failed", stored.id)
            return failed_as(failure)
        return Sent()


def name_of(tournament: Tournament, user_id: int) -> str:
    """An entrant as the posts name them (a person by mention, which pings nobody in an
    embed; an AI by its name)."""
    entrant = tournament.entrant(user_id)
    if entrant is not None and entrant.ai is not None:
        return f"🤖 {entrant.name or entrant.ai}"
    return f"<@{user_id}>"


def names(tournament: Tournament, players: Seating) -> str:
    return ", ".join(name_of(tournament, user_id) for user_id in players)


def standing_line(tournament: Tournament, line: Contender) -> str:
    """One line of the standings: rank, entrant, points and what breaks ties."""
    dropped = tournament.entrant(line.player)
    return text(tournament.language, "tournament-standing-line", rank=line.rank,
                player=name_of(tournament, line.player), points=exact(line.points),
                opponents=exact(line.opponents_points), wins=line.wins, stars=line.stars,
                dropped="yes" if dropped is not None and dropped.dropped else "no")


def exact(number: Fraction) -> int | float:
    """A whole number as an integer (which the catalogs' plurals read as such), else a
    decimal."""
    return number.numerator if number.denominator == 1 else float(number)


def podium(tournament: Tournament, lines: Sequence[Contender]) -> str:
    medals = ("🥇", "🥈", "🥉")
    return "\n".join(f"{medal} {name_of(tournament, line.player)}"
                     for medal, line in zip(medals, lines, strict=False))
