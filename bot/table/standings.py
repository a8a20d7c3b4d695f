"""The standings of a finished (or stopped) game: who came where.

Winners come first. Then the monsters still standing, by points. Then the monsters knocked
out, the later the better (a monster that lasted longer did better), then by points. Monsters
equal on all of that share a place, and the next place is skipped (1, 2, 2, 4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.table.model import Elimination
from engine import GameState


@dataclass(frozen=True)
class Standing:
    place: int
    seat: int
    monster: str
    points: int
    hearts: int
    winner: bool
    # The turn it was knocked out in; None while it stands.
    out_turn: int | None
    # The seat whose smashes or card knocked it out; None for its own card or poison.
    out_by: int | None


def standings(state: GameState, eliminations: tuple[Elimination, ...]) -> list[Standing]:
    """Every monster in order, best first, with its place."""
    knocked_out = {out.seat: out for out in eliminations}
    rows = []
    for seat, monster in enumerate(state.monsters):
        out = knocked_out.get(seat)
        out_turn = None if monster.alive else (out.turn if out is not None else 0)
        rows.append(Standing(
            place=0, seat=seat, monster=monster.name, points=monster.vp, hearts=monster.hearts,
            winner=seat in state.winners, out_turn=out_turn,
            out_by=out.by if out is not None and not monster.alive else None,
        ))
    keys = {row.seat: _rank_key(row) for row in rows}
    ranked = sorted(rows, key=lambda row: (keys[row.seat], row.seat))
    return [replace(row, place=1 + sum(keys[other.seat] < keys[row.seat] for other in rows))
            for row in ranked]


def _rank_key(row: Standing) -> tuple[int, int, int]:
    """Smaller is better: winners, then monsters standing, then the latest knocked out."""
    if row.winner:
        return (0, 0, 0)
    if row.out_turn is None:
        return (1, 0, -row.points)
    return (2, -row.out_turn, -row.points)
