"""The Discord side of a server's bulletins (``bot.table.league.bulletins``): each kind drawn
as a message in the bulletin's language, and posted.

``draws(kind)`` registers how a kind of bulletin is drawn: a function from the bulletin to
the message's text and embed (``Drawn``). A new kind (a tournament's standings) is a
``Bulletin`` subclass on the table side and one function here. Posting says how it went as
a result (``Sent`` or a ``Failure``), never raised; a bulletin posted before (the bot died
between posting it and dropping it) is found among the bot's recent messages in its channel
by its drawing, which is the same every time, and not posted again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.discord.io import DiscordFailure, DiscordIO
from bot.discord.messages import COLOUR, named
from bot.discord.publisher import failed_as
from bot.i18n import text
from bot.table import carrier
from bot.table.carrier import Attempt, Failure
from bot.table.league.bulletins import Bulletin, PodiumPlace, SeasonClosed
from bot.table.league.crowns import CrownTaken
from bot.table.league.rank_roles import RolesRefused
from bot.table.league.ranks import EMOJI
from bot.table.ratings import MIN_GAMES

B = TypeVar("B", bound=Bulletin)

MEDALS = ("🥇", "🥈", "🥉")


@dataclass(frozen=True)
class Drawn:
    """A bulletin's message: its text and its embed (either may be None, not both)."""

    content: str | None = None
    embed: discord.Embed | None = None

    def same_as(self, message: discord.Message) -> bool:
        """Whether ``message`` shows this (a post an earlier attempt sent)."""
        if message.content != (self.content or ""):
            return False
        if self.embed is None:
            return not message.embeds
        return bool(message.embeds) and (
            (message.embeds[0].title, message.embeds[0].description)
            == (self.embed.title, self.embed.description))


_DRAWINGS: dict[type[Bulletin], Callable[[Any], Drawn]] = {}


def draws(kind: type[B]) -> Callable[[Callable[[B], Drawn]], Callable[[B], Drawn]]:
    """Register how bulletins of ``kind`` are drawn."""

    def register(drawing: Callable[[B], Drawn]) -> Callable[[B], Drawn]:
        _DRAWINGS[kind] = drawing
        return drawing

    return register


def drawn(bulletin: Bulletin) -> Drawn:
    """A bulletin's message (``KeyError``: a kind nobody registered a drawing for)."""
    return _DRAWINGS[type(bulletin)](bulletin)


class BulletinPoster:
    """The bulletins' carrier on Discord."""

    def __init__(self, io: DiscordIO) -> None:
        self._io = io

    async def post_bulletin(self, channel_id: int, guild_id: int, bulletin: Bulletin,
                            attempt: Attempt) -> carrier.Sent | Failure:
        try:
            message = drawn(bulletin)
        except KeyError:
            return carrier.Rejected(f"no drawing for bulletins of kind {type(bulletin).__name__}")
        try:
            if attempt.maybe_sent and any(message.same_as(sent) for sent in
                                      await self._io.own_recent_messages(
                                          channel_id, guild_id, after=None, limit=20)):
                return carrier.Sent()
            await attempt.note()
            await self._io.post_bulletin(channel_id, guild_id, content=message.content,
                                         embed=message.embed)
        except DiscordFailure as failure:
            return failed_as(failure)
        return carrier.Sent()


def rank_name(rank: str, language: str) -> str:
    """A rank with its emoji: "👑 King of Tokyo"."""
    return text(language, "league-rank", emoji=EMOJI.get(rank, ""),
                rank=text(language, f"league-rank-{rank}"))


def podium_line(place: PodiumPlace, language: str) -> str:
    medal = MEDALS[place.place - 1] if place.place <= len(MEDALS) else f"{place.place}."
    return text(language, "league-podium-line", medal=medal,
                player=named(place.name, place.user_id), rank=rank_name(place.rank, language),
                score=round(place.score, 1), games=place.games)


@draws(SeasonClosed)
def _season_closed(bulletin: SeasonClosed) -> Drawn:
    language = bulletin.language
    embed = discord.Embed(title=text(language, "league-season-closed-title",
                                     season=str(bulletin.season)), colour=COLOUR)
    lines = ([podium_line(place, language) for place in bulletin.podium] if bulletin.podium
             else [text(language, "league-podium-empty", min=MIN_GAMES)])
    if bulletin.players:
        lines += ["", text(language, "league-season-players", players=bulletin.players)]
    if bulletin.next_season is None:
        lines += ["", text(language, "league-no-next-season")]
    elif bulletin.next_ends_at is None:
        lines += ["", text(language, "league-next-season-open",
                           season=str(bulletin.next_season))]
    else:
        lines += ["", text(language, "league-next-season", season=str(bulletin.next_season),
                           ends=f"<t:{int(bulletin.next_ends_at)}:D>")]
    embed.description = "\n".join(lines)
    return Drawn(embed=embed)


@draws(RolesRefused)
def _roles_refused(bulletin: RolesRefused) -> Drawn:
    return Drawn(content=text(bulletin.language, "league-roles-refused",
                              reason=bulletin.reason))


@draws(CrownTaken)
def _crown_taken(bulletin: CrownTaken) -> Drawn:
    crown, before = bulletin.crown, bulletin.before
    player = named(crown.name, crown.user_id)
    if before is None:
        return Drawn(content=text(bulletin.language, "league-crown-first", player=player,
                                  monster=crown.monster))
    return Drawn(content=text(bulletin.language, "league-crown-taken", player=player,
                              monster=crown.monster,
                              before=named(before.name, before.user_id)))
