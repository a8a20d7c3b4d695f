"""Achievements: a few feats worth a line in the channel, earned in a server's games.

Pure: a player's achievements are computed from their records (``bot.table.records``) in
the order their games finished, with nothing stored but which were announced
(``bot.table.league.achievement_book``). Each has a stable key (the catalogs' message
``achievement-<key>`` names it, ``achievement-<key>-about`` says how it is earned), and
is earned once, by the first game that meets it; a game added later among older ones (a
record kept late) can move it earlier, never take it away.

- Only games played to the end count (status "over": not those stopped by ``/kot end``,
  abandoned or left by everyone).
- Games with AI monsters count, and an achievement earned in one says so (``against_ai``).
- A fact the record does not know (a game whose log could not be replayed, ``None``) earns
  nothing that needs it.
- A *game type* is what ``/kot start`` offers: King of Tokyo with the 2016 rules, with
  the 2011 rules, King of Tokyo: Origins, and Power Up! (Evolutions, in either edition).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bot.table.records import GameRecord, SeatRecord

# A game the player played to its end, and their seat in it.
Played = tuple[GameRecord, SeatRecord]
# Which of a player's games (their index) earned an achievement; None: not earned yet.
Rule = Callable[[Sequence[Played]], int | None]

GAME_TYPES = ("kot-2016", "kot-2011", "origins", "power-up")
# The points that win a game (each game type's).
WINNING_POINTS = 20
# Monsters to knock out in one game.
KNOCKOUTS = 3
# Games to play to their end.
GAMES_PLAYED = 10
FULL_TABLE = 6


class Achievement(NamedTuple):
    """An achievement: its key (its messages' ids), its emoji, and which game earns it."""

    key: str
    emoji: str
    rule: Rule


@dataclass(frozen=True)
class Earned:
    """An achievement a player earned: in which game, when, and whether AI monsters
    played in it."""

    key: str
    game_id: int
    finished_at: float
    against_ai: bool


def game_type(record: GameRecord) -> str:
    """The record's game type (one of ``GAME_TYPES``)."""
    if record.options.power_up:
        return "power-up"
    if record.game_type == "origins":
        return "origins"
    return f"kot-{record.edition}"


def _first(test: Callable[[GameRecord, SeatRecord], bool]) -> Rule:
    """Earned by the first game that passes ``test``."""
    return lambda played: next((index for index, (record, seat) in enumerate(played)
                                if test(record, seat)), None)


def _won(test: Callable[[GameRecord, SeatRecord], bool]) -> Rule:
    """Earned by the first game won that passes ``test``."""
    return _first(lambda record, seat: seat.winner and test(record, seat))


def _nth_game(played: Sequence[Played]) -> int | None:
    return GAMES_PLAYED - 1 if len(played) >= GAMES_PLAYED else None


def _every_game_type(played: Sequence[Played]) -> int | None:
    """Earned by the game that won the last game type still missing."""
    missing = set(GAME_TYPES)
    for index, (record, seat) in enumerate(played):
        if seat.winner:
            missing.discard(game_type(record))
            if not missing:
                return index
    return None


def _hard_ai_at(record: GameRecord) -> bool:
    return any(seat.user_id is None and seat.ai == "hard" for seat in record.seats)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first-win", "🏆", _won(lambda record, seat: True)),
    Achievement("twenty-points", "⭐", _won(
        lambda record, seat: seat.points >= WINNING_POINTS)),
    Achievement("outside-tokyo", "🏕️", _won(lambda record, seat: seat.entered_tokyo == 0)),
    Achievement("one-heart", "❤️", _won(lambda record, seat: seat.lowest_hearts == 1)),
    Achievement("three-knockouts", "💥", _first(
        lambda record, seat: (seat.knocked_out or 0) >= KNOCKOUTS)),
    Achievement("full-table", "👑", _won(
        lambda record, seat: len(record.seats) == FULL_TABLE)),
    Achievement("hard-ai", "🤖", _won(lambda record, seat: _hard_ai_at(record))),
    Achievement("ten-games", "🎲", _nth_game),
    Achievement("every-game-type", "🌍", _every_game_type),
)
BY_KEY = {achievement.key: achievement for achievement in ACHIEVEMENTS}


def played_to_the_end(records: Sequence[GameRecord], user_id: int) -> list[Played]:
    """The player's games that count, in the order of ``records`` (the order they
    finished)."""
    return [(record, seat) for record in records if record.status == "over"
            for seat in record.seats if seat.user_id == user_id]


def earned(records: Sequence[GameRecord], user_id: int) -> tuple[Earned, ...]:
    """The achievements the player earned in these records (in the order their games
    finished), in the order of ``ACHIEVEMENTS``."""
    played = played_to_the_end(records, user_id)
    found = []
    for achievement in ACHIEVEMENTS:
        index = achievement.rule(played)
        if index is not None:
            record, _seat = played[index]
            found.append(Earned(achievement.key, record.game_id, record.finished_at,
                                against_ai=any(s.user_id is None for s in record.seats)))
    return tuple(found)


def earned_in(records: Sequence[GameRecord], user_id: int, game_id: int) -> tuple[Earned, ...]:
    """The achievements the game ``game_id`` earned the player (what it announces)."""
    return tuple(each for each in earned(records, user_id) if each.game_id == game_id)
