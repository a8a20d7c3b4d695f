"""The matchmaking queue's rule (pure): which waiting players sit down at one table.

An entry is one player of a server waiting for a game (``/kot queue join``): the table sizes
they accept (``least`` to ``most`` monsters), the clock they accept (``live``: the server's
turn clock, played now; ``long``: a turn a day, played over days), their rating when they
joined (the conservative estimate, ``bot.table.ratings``), and when it expires.

**A table opens as soon as one can**, so nobody waits for a bigger table that may never
fill: the matching runs whenever someone joins. The player who has waited longest is served
first: with them sit the players waiting for the same clock whose ratings are close to
theirs, in the order they joined, at the largest size all of them accept (at the moment a
player joins, that is the smallest size anyone waiting accepts, as the table fills one by
one). A player who wants a bigger table says so with ``least``.

**Close ratings**: within ``rating_window`` of the longest-waiting player's rating. The
window widens the longer they wait (``WINDOW_GROWTH`` a ``WINDOW_STEP_SECONDS``), so a player
far from everyone else is still seated after a while rather than never: after half an hour
anyone waiting may sit with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

QueueClock = Literal["live", "long"]
QUEUE_CLOCKS: tuple[QueueClock, ...] = ("live", "long")

# The table sizes a queue table may have (King of Tokyo's 2 to 6 monsters).
SMALLEST_TABLE = 2
LARGEST_TABLE = 6

# How far apart two ratings may be for a table, at first (conservative estimates: a new
# player is at 0, a seasoned one around 15 to 30), and how the window widens with waiting.
WINDOW_START = 6.0
WINDOW_GROWTH = 6.0
WINDOW_STEP_SECONDS = 300.0
# After this long, anyone waiting for the same clock may sit with the player.
WINDOW_OPEN_SECONDS = 1800.0


class QueueEntry(msgspec.Struct, frozen=True):
    guild_id: int
    user_id: int
    # Their display name on the server when they joined (the lobby's and the board's).
    name: str
    # The channel they joined from: a table opens there (or in a thread of it).
    channel_id: int
    least: int
    most: int
    clock: QueueClock
    rating: float
    joined_at: float
    expires_at: float
    # The language the player reads (their Discord client's).
    language: str = "en"

    def accepts(self, size: int) -> bool:
        return self.least <= size <= self.most


class Match(msgspec.Struct, frozen=True):
    """A table the queue seats: its players, the longest-waiting first (the game's host)."""

    players: tuple[QueueEntry, ...]
    clock: QueueClock

    @property
    def size(self) -> int:
        return len(self.players)


def rating_window(waited_seconds: float) -> float:
    """How close a rating must be to that of a player who has waited this long."""
    if waited_seconds >= WINDOW_OPEN_SECONDS:
        return float("inf")
    return WINDOW_START + WINDOW_GROWTH * int(max(0.0, waited_seconds) // WINDOW_STEP_SECONDS)


def waiting(entries: Sequence[QueueEntry], now: float) -> list[QueueEntry]:
    """The entries not expired, longest waiting first (ties: by user id)."""
    return sorted((entry for entry in entries if entry.expires_at > now),
                  key=lambda entry: (entry.joined_at, entry.user_id))


def find_match(entries: Sequence[QueueEntry], now: float) -> Match | None:
    """The table to open now, if any (see the module's notes)."""
    queue = waiting(entries, now)
    for first in queue:
        window = rating_window(now - first.joined_at)
        near = [entry for entry in queue if entry is not first and entry.clock == first.clock
                and abs(entry.rating - first.rating) <= window]
        for size in range(min(first.most, LARGEST_TABLE),
                          max(first.least, SMALLEST_TABLE) - 1, -1):
            takers = [entry for entry in near if entry.accepts(size)]
            if len(takers) >= size - 1:
                return Match((first, *takers[:size - 1]), first.clock)
    return None
