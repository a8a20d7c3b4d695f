"""Presence: players who stop answering, come back, or leave a game in play.

A turn whose time runs out counts as missed for its monster's player. After
``MISSED_TURNS_AWAY`` missed turns in a row the player is *away*: the autopilot plays their
monster at an AI monster's pace until they click any button of the game again. A player who
leaves (``/kot leave``, or leaving the server) is played by the autopilot to the end of the
game. The table is told once each time, in the board's narration.

Pure functions of a game: the service stores what they return with the change. The
chronicle's part they keep is ``bot.table.model.Presence``.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from bot.table.model import Chronicle, Game, Presence
from engine import Decision, Phrase, phrase

MISSED_TURNS_AWAY = 2


@dataclass(frozen=True)
class Timeout:
    """What a question answered by the autopilot means for the table."""

    chronicle: Chronicle
    # A line for the narration (None for none).
    note: Phrase | None
    # Whether it counts as the table gone quiet (once per turn, and each reaction).
    idle: bool


def after_timeout(game: Game, decision: Decision) -> Timeout:
    """A player's question answered by the autopilot (their time ran out, or they are away
    or gone)."""
    chronicle, state = game.chronicle, game.playing_state()
    presence = chronicle.presence
    seat = decision.seat
    monster = state.monsters[seat].name
    autopiloted = game.autopiloted(seat)
    turn = state.turn
    if turn is None or seat != turn.seat:
        return Timeout(chronicle, None if autopiloted else _timeout_note(monster), idle=True)
    if presence.timed_out_turn == turn.number:
        return Timeout(chronicle, None, idle=False)  # this turn was counted already
    missed = _per_seat(presence.missed_turns, len(game.seats))
    missed[seat] += 1
    presence = msgspec.structs.replace(presence, missed_turns=tuple(missed),
                                       timed_out_turn=turn.number)
    if autopiloted:
        return Timeout(_with(chronicle, presence), None, idle=True)
    if missed[seat] >= MISSED_TURNS_AWAY:
        presence = msgspec.structs.replace(presence, away=(*presence.away, seat))
        return Timeout(_with(chronicle, presence),
                       phrase("table-note-away", monster=monster, turns=missed[seat]), idle=True)
    return Timeout(_with(chronicle, presence), _timeout_note(monster), idle=True)


def _timeout_note(monster: str) -> Phrase:
    return phrase("table-note-timeout", monster=monster)


def after_click(game: Game, seat: int) -> tuple[Chronicle, Phrase | None]:
    """A player clicked: their missed turns are forgotten, and an away player is back.
    Returns the chronicle and the note for the narration (None for none)."""
    presence = game.chronicle.presence
    missed = _per_seat(presence.missed_turns, len(game.seats))
    if not missed[seat] and seat not in presence.away:
        return game.chronicle, None
    missed[seat] = 0
    back = seat in presence.away
    chronicle = _with(game.chronicle, msgspec.structs.replace(
        presence, missed_turns=tuple(missed), away=tuple(s for s in presence.away if s != seat)))
    if not back:
        return chronicle, None
    return chronicle, phrase("table-note-back", monster=game.playing_state().monsters[seat].name)


def after_leaving(game: Game, seat: int) -> tuple[Chronicle, Phrase]:
    """A player left the game: the autopilot plays their monster from now on."""
    presence = game.chronicle.presence
    chronicle = _with(game.chronicle, msgspec.structs.replace(
        presence, left=(*presence.left, seat), away=tuple(s for s in presence.away if s != seat)))
    monster = game.playing_state().monsters[seat].name
    return chronicle, phrase("table-note-left", monster=monster)


def players_left(game: Game) -> bool:
    """Whether no player is left in the game (only AI monsters and players who left)."""
    return all(game.ai_level(seat) is not None or seat in game.chronicle.presence.left
               for seat in range(len(game.seats)))


def _with(chronicle: Chronicle, presence: Presence) -> Chronicle:
    return msgspec.structs.replace(chronicle, presence=presence)


def _per_seat(values: tuple[int, ...], seats: int) -> list[int]:
    return [*values, *([0] * (seats - len(values)))][:seats]
