"""Time away: a player stops their clock in a game for up to a few days (``/kot away``).

While a player is away, their questions have no deadline running: the time away does not
count against a question's clock, so a question pending when they left, or asked meanwhile,
waits for them, and when the time away ends and they are not back, their clock runs again
from where it was (then the autopilot plays for them, as when anyone's time runs out). Any
click of theirs in the game ends it early. Not to be confused with being *away* in
``bot.table.presence`` (the autopilot playing a player who missed two turns).

Pure functions of a game and of the chronicle's part they keep (``bot.table.model.TimesAway``):
the service stores what they return with the change. ``bot.table.away_ends`` shows a game
again when a time away ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import msgspec

from bot.table.model import Chronicle, Game, Refused, TimeAway, TimesAway
from engine import Phrase, phrase

DAY = 86400.0
# The time away a player may take in one game, in all: a week's holiday fits, and the
# others' game is never held up for longer by one player.
MAX_DAYS_AWAY = 7


@dataclass(frozen=True)
class Taken:
    """What ``/kot away`` did in a game, for the player's answer."""

    game_id: int
    # When the time away ends; None: the player is back.
    until: float | None
    # Whole days of time away the player may still take in the game.
    days_left: int
    # "on" when the game has a clock (its autopilot plays after a time away), else "off".
    clock: str


def clock_of(game: Game) -> str:
    """Whether the game has a clock to stop ("on") or none ("off"), as the messages say."""
    lobby = game.lobby
    return "on" if lobby.turn_seconds > 0 or lobby.reaction_seconds > 0 else "off"


def away_until(times: TimesAway, seat: int, now: float) -> float | None:
    """When the seat's time away ends, if it is away now."""
    away = times.of(seat)
    if away is None or not away.since <= now < away.until:
        return None
    return away.until


def paused_between(times: TimesAway, seat: int, start: float, end: float = math.inf) -> float:
    """The seconds of the seat's time away between ``start`` and ``end``: clock time that
    does not count against its questions."""
    away = times.of(seat)
    if away is None:
        return 0.0
    return max(0.0, min(away.until, end) - max(away.since, start))


def days_left(times: TimesAway, seat: int) -> float:
    """The days of time away the seat may still take in this game (the one running now
    counts to its end)."""
    away = times.of(seat)
    if away is None:
        return float(MAX_DAYS_AWAY)
    return max(0.0, MAX_DAYS_AWAY - (away.taken + away.until - away.since) / DAY)


def whole_days(days: float) -> int:
    """Days said to a player: whole ones (a second's rounding is not a day less)."""
    return math.floor(days + 1e-6)


def start(game: Game, seat: int, days: int, now: float) -> tuple[Chronicle, Phrase]:
    """The seat takes ``days`` of time away from now (a time away running now is moved to
    end then, so its days ahead are not taken yet). Refused beyond the bound; returns the
    chronicle and the narration's line."""
    times = game.chronicle.time_away
    current = times.of(seat)
    running = current is not None and current.until > now
    ahead = (current.until - now) / DAY if current is not None and running else 0.0
    left = days_left(times, seat) + ahead
    if days > whole_days(left):
        raise Refused(phrase("away-refusal-too-long", left=whole_days(left),
                             most=MAX_DAYS_AWAY))
    until = now + days * DAY
    if current is not None and running:  # one time away, ending at the new end
        away = msgspec.structs.replace(current, until=until)
    else:
        taken = current.taken + current.until - current.since if current is not None else 0.0
        away = TimeAway(seat=seat, since=now, until=until, taken=taken)
    monster = game.playing_state().monsters[seat].name
    return (_with(game.chronicle, away),
            phrase("away-note-away", monster=monster, until=str(int(until))))


def back(game: Game, seat: int, now: float) -> tuple[Chronicle, Phrase | None]:
    """The seat is back (a click, or ``/kot away days:0``): its time away ends now. The
    note is None when it was not away."""
    current = game.chronicle.time_away.of(seat)
    if current is None or away_until(game.chronicle.time_away, seat, now) is None:
        return game.chronicle, None
    chronicle = _with(game.chronicle, msgspec.structs.replace(current, until=now))
    monster = game.playing_state().monsters[seat].name
    return chronicle, phrase("away-note-back", monster=monster)


def next_end(game: Game, now: float) -> float | None:
    """When the first time away running now in a game in play ends."""
    if game.status != "playing":
        return None
    return min((away.until for away in game.chronicle.time_away.entries
                if away.since <= now < away.until), default=None)


def _with(chronicle: Chronicle, away: TimeAway) -> Chronicle:
    others = tuple(t for t in chronicle.time_away.entries if t.seat != away.seat)
    return msgspec.structs.replace(chronicle, time_away=TimesAway((*others, away)))
