"""The monsters' crowns (off unless a server turns them on, ``/kot league crowns``): the
latest winner at the top rank with a monster holds "King of Tokyo: ⟨monster⟩", until another
top-rank player wins with it and takes it, with a line in that game's channel.

Derived from the records (pure, ``holders``); the store keeps the holders only to see a
change. "At the top rank" is the winner's rank in that game's season just after the win
(their season rating then, with ``MIN_GAMES`` season games: the win that brings a player to
the top rank counts). Only games of a season count: a server without seasons crowns nobody.
Crowns outlive seasons: a holder keeps theirs until someone takes it.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from bot.table.league.bulletins import Bulletin
from bot.table.league.ranks import TOP_RANK, rank_of_score
from bot.table.league.seasons import Season, season_records
from bot.table.ratings import MIN_GAMES, rate
from bot.table.records import GameRecord


class Crown(msgspec.Struct, frozen=True):
    """Who holds a monster's crown, since which game."""

    monster: str
    user_id: int
    name: str | None
    game_id: int
    channel_id: int


class CrownTaken(Bulletin, frozen=True, kw_only=True):
    """A crown changed hands (``before``: its holder until now; None: its first holder)."""

    crown: Crown
    before: Crown | None = None


def holders(records: Iterable[GameRecord], seasons: Iterable[Season]) -> dict[str, Crown]:
    """Each monster's crown holder after these records (in the order they finished), by
    monster."""
    crowns: dict[str, Crown] = {}
    kept = list(records)
    for season in seasons:
        games = [r for r in season_records(kept, season)
                 if sum(seat.user_id is not None for seat in r.seats) >= 2]
        ratings = rate(games)
        played: dict[int, int] = {}
        for record in games:
            for seat in record.seats:
                if seat.user_id is None:
                    continue
                count = played[seat.user_id] = played.get(seat.user_id, 0) + 1
                _when, score = ratings[seat.user_id].history[count - 1]
                if (seat.winner and count >= MIN_GAMES
                        and rank_of_score(score) == TOP_RANK):
                    crowns[seat.monster] = Crown(seat.monster, seat.user_id, seat.name,
                                                 record.game_id, record.channel_id)
    return crowns


def changes(before: dict[str, Crown], after: dict[str, Crown],
            language: str) -> list[CrownTaken]:
    """The crowns that changed hands (a holder winning again is no change), said in
    ``language``."""
    return [CrownTaken(crown=crown, before=before.get(monster), language=language)
            for monster, crown in sorted(after.items())
            if monster not in before or before[monster].user_id != crown.user_id]


def encode_crowns(crowns: dict[str, Crown]) -> bytes:
    return msgspec.json.encode(crowns)


def decode_crowns(data: bytes | None) -> dict[str, Crown]:
    return {} if data is None else msgspec.json.decode(data, type=dict[str, Crown])
