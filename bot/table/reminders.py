"""Games played over days (``Lobby.long_clock``): reminders before a player's time runs
out, and what happened since their last move.

A player whose question is still pending is reminded by a new message that mentions them
(editing the board notifies nobody): the active monster at half its turn time and an hour
before the time runs out (once only when those moments are less than ``CLOSE_MOMENTS``
apart), a monster asked out of its turn with a long reaction time
(``LONG_REACTION_SECONDS``) at half of it. The moments are read from the questions'
deadlines (``bot.table.timers.question_deadlines``), so they follow the turn clock: paused
while another monster is asked, given again to a board shown late.

What was sent is kept in the chronicle (``Prompts.reminders``): a moment is reminded once,
across restarts too; a moment that came while the bot was down is reminded when it is back
(only the latest, when two came). A reminder is deleted once its question is answered (the
publisher's ``SyncReminders``, derived from the stored game as ``SyncPings`` is). Every game
waits for its next moment on one sleeping task (``bot.table.timers.Deadlines``), armed after
each pass over the game, so a restart arms them again from the store.

Each ping of a long game (the turn's board, a question out of turn, a reminder) also tells
the player the turns closed since their last move, a line each (``recent``), and, the first
time they are asked, that standing orders exist (``offers_orders``).

The chronicle's parts kept here: ``bot.table.model.Prompts`` (the pings and reminders
standing) and ``bot.table.model.News`` (the turns closed, and what each player was told).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

import msgspec

from bot.table.model import (
    LONG_REACTION_SECONDS,
    Chronicle,
    Game,
    Prompts,
    Reminder,
    TurnNote,
)
from bot.table.time_away import away_until
from bot.table.timers import GameDeadlines, question_deadlines
from bot.table.turn_summary import closing_changes, closing_summary
from engine import Decision, GameState, events

log = logging.getLogger(__name__)

HOUR = 3600.0
# Two reminder moments of a turn closer than this are one (the later).
CLOSE_MOMENTS = 30 * 60.0
# Closed turns kept (a round of six monsters), and told in one ping (a summary takes one or two
# lines of at most 100 characters: five are well within a message's 2,000).
KEPT_TURNS = 6
TOLD_TURNS = 5

# A question's identity for its reminders: (seat, turn, decision id; 0 for the active
# monster's turn, whose questions share one clock).
Key = tuple[int, int, int]


@dataclass(frozen=True)
class Moment:
    """When a pending question is reminded (its ``number``-th moment)."""

    seat: int
    turn: int
    decision_id: int
    number: int
    at: float

    @property
    def key(self) -> Key:
        return (self.seat, self.turn, self.decision_id)


def question_of(state: GameState, moment: Moment) -> Decision:
    """The pending question a moment reminds: its own, or the active monster's first of the
    turn (its questions share the turn's clock)."""
    return next(d for d in state.pending if d.id == moment.decision_id
                or (moment.decision_id == 0 and d.seat == moment.seat))


def moments(game: Game, now: float) -> list[Moment]:
    """Every reminder moment of the questions pending in a long game, sent or not."""
    state = game.state
    if not game.lobby.long_clock() or state is None or state.turn is None:
        return []
    turn = state.turn
    deadlines = question_deadlines(game, now)
    found: list[Moment] = []
    for decision in state.pending:
        deadline = deadlines.get(decision.id)
        if deadline is None:
            continue
        if decision.seat == turn.seat:
            if any(m.decision_id == 0 for m in found):
                continue  # (its questions share the turn's clock)
            found.extend(Moment(decision.seat, turn.number, 0, number, at) for number, at
                         in enumerate(_turn_moments(deadline, game.lobby.turn_seconds), 1))
        elif game.lobby.reaction_seconds >= LONG_REACTION_SECONDS:
            found.append(Moment(decision.seat, turn.number, decision.id, 1,
                                deadline - game.lobby.reaction_seconds / 2))
    return found


def _turn_moments(deadline: float, turn_seconds: float) -> tuple[float, ...]:
    """At half the turn time, and an hour before it runs out; the later of them only when
    they are close (a turn of 2 h or less)."""
    half, hour_before = deadline - turn_seconds / 2, deadline - HOUR
    if hour_before - half < CLOSE_MOMENTS:
        return (max(half, hour_before),)
    return (half, hour_before)


def due(game: Game, now: float) -> list[Moment]:
    """The reminders to send now: of each pending question, its latest moment that has
    come, unless a reminder of that moment (or a later one) was sent."""
    sent = _sent(game.chronicle.prompts)
    latest: dict[Key, Moment] = {}
    for moment in moments(game, now):
        if moment.at > now or moment.number <= sent.get(moment.key, 0):
            continue
        later = latest.get(moment.key)
        if later is None or moment.number > later.number:
            latest[moment.key] = moment
    return list(latest.values())


def next_moment(game: Game, now: float) -> float | None:
    """When the game's next reminder is due (in the past for one due already); None: none
    is."""
    sent = _sent(game.chronicle.prompts)
    waiting = [moment.at for moment in moments(game, now)
               if moment.number > sent.get(moment.key, 0)]
    return min(waiting, default=None)


def _sent(prompts: Prompts) -> dict[Key, int]:
    return {(r.seat, r.turn, r.decision_id): r.moment for r in prompts.reminders}


def answered(game: Game) -> tuple[Reminder, ...]:
    """The reminders standing for questions that are over (answered, the turn ended, the
    autopilot plays the player, the game ended): to delete."""
    state = game.state

    def pending(reminder: Reminder) -> bool:
        if (game.status != "playing" or state is None or state.turn is None
                or game.autopiloted(reminder.seat)):
            return False
        if reminder.decision_id:
            return state.decision(reminder.decision_id) is not None
        return (state.turn.number, state.turn.seat) == (reminder.turn, reminder.seat)

    return tuple(r for r in game.chronicle.prompts.reminders if not pending(r))


def with_reminder(chronicle: Chronicle, moment: Moment, message_id: int, *,
                  dm_channel_id: int = 0) -> Chronicle:
    """The chronicle once ``moment`` was reminded by ``message_id`` (in the direct message
    channel ``dm_channel_id``, if not 0; it replaces the question's earlier reminder)."""
    prompts = chronicle.prompts
    kept = tuple(r for r in prompts.reminders if (r.seat, r.turn, r.decision_id) != moment.key)
    sent = Reminder(moment.seat, moment.turn, moment.decision_id, moment.number, message_id,
                    dm_channel_id)
    return _with_reminders(chronicle, (*kept, sent))


def turn_start(game: Game, now: float) -> Moment | None:
    """The turn's start to tell by direct message (moment 0, in a game of any clock): the
    active monster's player is asked (not an AI monster, not a player the autopilot plays,
    not a player on time away) and no message of this turn's was sent yet. Whether they
    opted in is theirs to say (``bot.table.model.PersonSettings``)."""
    state = game.state
    if game.status != "playing" or state is None or state.turn is None:
        return None
    seat, turn = state.turn.seat, state.turn.number
    asked = any(d.seat == seat for d in state.pending)
    if not asked or game.ai_level(seat) is not None or game.autopiloted(seat):
        return None
    if away_until(game.chronicle.time_away, seat, now) is not None:
        return None  # (they asked not to be disturbed: their reminders come after)
    if (seat, turn, 0) in _sent(game.chronicle.prompts):
        return None
    return Moment(seat, turn, 0, 0, now)


def without_reminders(chronicle: Chronicle, gone: Iterable[Reminder]) -> Chronicle:
    dropped = set(gone)
    return _with_reminders(chronicle, tuple(r for r in chronicle.prompts.reminders
                                            if r not in dropped))


def _with_reminders(chronicle: Chronicle, standing: tuple[Reminder, ...]) -> Chronicle:
    return msgspec.structs.replace(chronicle, prompts=msgspec.structs.replace(
        chronicle.prompts, reminders=standing))


# --- what happened since a player's last move ------------------------------------------


def news_after(before: Game, chronicle: Chronicle, seat: int, *, moved: bool,
               end: GameState | None, happened: Iterable[events.Event]) -> Chronicle:
    """The chronicle after one step of ``seat`` (``moved``: by its player's own click),
    which finished the turn when ``end`` is its state: the closed turn's note, in every game
    (the last ``KEPT_TURNS`` are kept, for 📜 Story), and, in a long game, the turn of the
    player's last move."""
    state = before.state
    if state is None or state.turn is None:
        return chronicle
    turn = state.turn
    news = chronicle.news
    if moved and before.lobby.long_clock():
        moves = list(news.moved_in_turn) + [0] * (seat + 1 - len(news.moved_in_turn))
        moves[seat] = turn.number
        news = msgspec.structs.replace(news, moved_in_turn=tuple(moves))
    if end is not None:
        turn_events = before.chronicle.narration.turn_events
        summary = closing_summary(end, turn.seat, turn_events, happened, before.language)
        note = TurnNote(turn.number, turn.seat, summary,
                        closing_changes(end, turn_events, happened))
        news = msgspec.structs.replace(news, recent_turns=(*news.recent_turns, note)[-KEPT_TURNS:])
    return msgspec.structs.replace(chronicle, news=news)


def recent(game: Game, seat: int) -> tuple[TurnNote, ...]:
    """The turns closed since the last move of the player in ``seat`` (the last
    ``TOLD_TURNS``) in a long game (none in a short one): their own turn once they moved in
    it is not news to them."""
    if not game.lobby.long_clock():
        return ()
    news = game.chronicle.news
    last = news.moved_in_turn[seat] if seat < len(news.moved_in_turn) else 0
    notes = [note for note in news.recent_turns
             if note.turn > last or (note.turn == last and note.seat != seat)]
    return tuple(notes[-TOLD_TURNS:])


def offers_orders(game: Game, seat: int) -> bool:
    """Whether a ping to this seat offers standing orders: the first time its player is
    asked in a long game."""
    return game.lobby.long_clock() and seat not in game.chronicle.news.offered_orders


def with_orders_offered(chronicle: Chronicle, seat: int) -> Chronicle:
    news = chronicle.news
    if seat in news.offered_orders:
        return chronicle
    return msgspec.structs.replace(chronicle, news=msgspec.structs.replace(
        news, offered_orders=(*news.offered_orders, seat)))


def told_on_board(game: Game) -> int | None:
    """The seat the live board pings with a long game's news: the active monster's player,
    when asked (not an AI monster, not a player the autopilot plays)."""
    state = game.state
    if (not game.lobby.long_clock() or game.status != "playing" or state is None
            or state.turn is None):
        return None
    seat = state.turn.seat
    asked = any(d.seat == seat for d in state.pending)
    if not asked or game.ai_level(seat) is not None or game.autopiloted(seat):
        return None
    return seat


# --- the timer ----------------------------------------------------------------------------

# Queues the reminders due in the game ``game_id`` and shows them; returns the game when
# nothing was due (its moment moved meanwhile), to wait for the next one.
Remind = Callable[[int], Awaitable[Game | None]]


class ReminderClock(GameDeadlines):
    """Every long game's next reminder moment, on one sleeping task."""

    skipped = "no reminder"

    def __init__(self, clock: Callable[[], float], remind: Remind) -> None:
        super().__init__(clock)
        self._remind = remind

    def due(self, game: Game, now: float) -> tuple[tuple[int, ...], float] | None:
        """The game's next reminder (a game with none waits for nothing). The tag is the
        moment: a moment that moves (the clock paused) is a new deadline."""
        at = next_moment(game, now) if game.status == "playing" else None
        return None if at is None else ((round(at),), at)

    async def _fire(self, game_id: int, _tag: tuple[int, ...]) -> None:
        game = await self._remind(game_id)
        if game is not None:
            self.schedule(game)
