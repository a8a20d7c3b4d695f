"""``/kot games``: a player's lobbies and games in progress on a server, each with what it
waits for, on whom, and until when; those waiting for the player first.

Plain records from the games as saved (``SavedGames.active_of_player``); the words are the
Discord layer's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bot.table.model import Game
from bot.table.timers import question_deadlines

# What a game waits for, seen by one player: a lobby to fill and start; their turn (the
# active monster asks them); a question to them out of their turn (stay or yield, a card's
# reaction); other players' answers.
WaitKind = Literal["lobby", "your_turn", "your_answer", "others"]


@dataclass(frozen=True)
class Waiting:
    game: Game
    kind: WaitKind
    # The seats whose answers it waits for ("others"), in the order asked.
    seats: tuple[int, ...]
    # When the wait ends (seconds since the epoch): the player's own question's deadline,
    # else the first of the others', a lobby's closing; None with no clock.
    deadline: float | None


def waiting(game: Game, user_id: int, now: float, lobby_minutes: float) -> Waiting:
    """What ``game`` waits for, as ``user_id`` (one of its players) sees it; a lobby closes
    ``lobby_minutes`` after its last change (0: never)."""
    state = game.state
    if game.status == "lobby" or state is None:
        changed = game.lobby.changed_at
        closes = changed + lobby_minutes * 60 if changed and lobby_minutes > 0 else None
        return Waiting(game, "lobby", (), closes)
    deadlines = question_deadlines(game, now)
    seat = game.seat_of(user_id)
    mine = [d for d in state.pending if d.seat == seat]
    if mine:
        active = state.turn is not None and state.turn.seat == seat
        return Waiting(game, "your_turn" if active else "your_answer", (),
                       _first(deadlines.get(d.id) for d in mine))
    asked = tuple(dict.fromkeys(d.seat for d in state.pending))
    return Waiting(game, "others", asked, _first(deadlines.values()))


def my_games(games: list[Game], user_id: int, now: float,
             lobby_minutes: float) -> list[Waiting]:
    """The player's games, those waiting for them first, then games in progress, then
    lobbies; the nearest deadline first within each, then the oldest game."""
    rank = {"your_turn": 0, "your_answer": 0, "others": 1, "lobby": 2}
    found = [waiting(game, user_id, now, lobby_minutes) for game in games]
    return sorted(found, key=lambda w: (rank[w.kind], w.deadline or math.inf, w.game.id))


def _first(deadlines: Iterable[float | None]) -> float | None:
    return min((d for d in deadlines if d is not None), default=None)
