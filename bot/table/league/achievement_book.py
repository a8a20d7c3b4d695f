"""The achievements a finished game announces in its channel, each once.

A game played to its end queues ``publish.AnnounceAchievements`` with its final board, in
the change that stores its record; the delivery carries it out: it asks here what the game
earned its players (``bot.table.league.achievements``, from their records) and not yet
announced, posts it as one notice, then notes it announced (table
``achievements_announced``). A crash between the two is the outbox's: the notice is found
in the channel by its text and not posted twice.

Only the game that earned an achievement announces it, so achievements of games finished
before they existed (or whose record was kept late, at start-up) are never announced: they
show in ``/kot stats`` and ``/kot me`` alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import say, text
from bot.store.store import Store
from bot.table.league.achievements import BY_KEY, earned_in
from bot.table.model import Game
from bot.table.record_book import RecordBook
from engine import phrase


@dataclass(frozen=True)
class Announcement:
    """A notice of the achievements one game earned, and what it announces: (player, key,
    the game)."""

    guild_id: int
    text: str
    announced: tuple[tuple[int, str, int], ...]


class AchievementBook:
    def __init__(self, store: Store, record_book: RecordBook,
                 clock: Callable[[], float]) -> None:
        self._store = store
        self._record_book = record_book
        self._clock = clock

    async def to_announce(self, game: Game) -> Announcement | None:
        """What ``game`` earned its players that was not announced yet (None: nothing, or
        it has no record: a game not played to its end, or in no server)."""
        record = await self._record_book.record(game.id)
        if record is None or record.guild_id is None or record.status != "over":
            return None
        guild_id = record.guild_id
        players = [seat for seat in record.seats if seat.user_id is not None]
        told = await self._store.announced_achievements(
            guild_id, [seat.user_id for seat in players if seat.user_id is not None])
        lines: list[str] = []
        announced: list[tuple[int, str, int]] = []
        for seat in players:
            assert seat.user_id is not None
            records = await self._record_book.records(guild_id, user_id=seat.user_id)
            for each in earned_in(records, seat.user_id, game.id):
                if (seat.user_id, each.key) in told:
                    continue
                lines.append(say(game.language, phrase(
                    "achievement-announced", emoji=BY_KEY[each.key].emoji,
                    player=seat.name or seat.monster, monster=seat.monster,
                    name=phrase(f"achievement-{each.key}"),
                    about=phrase(f"achievement-{each.key}-about"))))
                announced.append((seat.user_id, each.key, game.id))
        if not lines:
            return None
        title = text(game.language, "achievement-announced-title", game=str(game.id))
        return Announcement(guild_id, "\n".join([title, *lines]), tuple(announced))

    async def announced(self, announcement: Announcement) -> None:
        """The notice is in the channel: its achievements are never announced again."""
        await self._store.add_announced_achievements(
            announcement.guild_id, announcement.announced, self._clock())
