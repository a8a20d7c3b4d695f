"""The chronicle's narration (``bot.table.model.Narration``): the lines shown on each board,
the events of the turn in play (for its summary), and who knocked out whom.

Pure functions of engine states and events, used by the service after each accepted change.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from bot.table.model import Chronicle, Elimination, Narration
from bot.table.turn_summary import SUMMARIZED
from engine import GameState, Phrase, events, narrate

# The lines of a turn's narration kept: all of them, which its board message shows (a turn
# tells a few dozen lines at most; an embed holds 4096 characters). The bound only keeps a
# runaway turn from growing the stored game without end.
MAX_LOG_LINES = 200


def opening_lines(state: GameState, happened: Iterable[events.Event]) -> tuple[Phrase, ...]:
    """The narration of a game's first events (it has no previous turn to close), as
    phrases: the board says them in the game's language, a replay in the asker's."""
    lines = tuple(line for event in happened if (line := narrate(state, event)) is not None)
    return lines[-MAX_LOG_LINES:]


def with_note(chronicle: Chronicle, note: str | Phrase) -> Chronicle:
    """The chronicle with one more line of the bot's own (a timeout, a rebuild...)."""
    narration = chronicle.narration
    return msgspec.structs.replace(chronicle, narration=msgspec.structs.replace(
        narration, log=(*narration.log, note)[-MAX_LOG_LINES:]))


def chronicle_after(
    chronicle: Chronicle, before: GameState, after: GameState, happened: Iterable[events.Event]
) -> tuple[Chronicle, tuple[Phrase | str, ...] | None]:
    """The chronicle after these events, and the closing narration of the previous turn when
    a new turn started (its board message is then finished and a new one posted)."""
    narration = chronicle.narration
    log: list[Phrase | str] = list(narration.log)
    turn_events = list(narration.turn_events)
    closing: tuple[Phrase | str, ...] | None = None
    eliminations = list(narration.eliminations)
    turn_number = before.turn.number if before.turn is not None else 0
    for event in happened:
        if isinstance(event, events.TurnStarted):
            if closing is None:
                closing = tuple(log[-MAX_LOG_LINES:])
            log, turn_events = [], []
            turn_number = event.number
        elif isinstance(event, events.Eliminated):
            by = None if event.by == event.seat else event.by
            eliminations.append(Elimination(seat=event.seat, by=by, turn=turn_number))
        if isinstance(event, SUMMARIZED):
            turn_events.append(event)
        line = narrate(after, event)
        if line is not None:
            log.append(line)
    narration = Narration(log=tuple(log[-MAX_LOG_LINES:]), turn_events=tuple(turn_events),
                          eliminations=tuple(eliminations))
    return msgspec.structs.replace(chronicle, narration=narration), closing
