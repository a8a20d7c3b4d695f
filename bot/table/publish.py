"""What to show after a change, as data: a plan of small effect records.

The service computes a plan with the pure functions below and writes its effects into the
store's outbox in the same transaction as the change itself; ``bot.table.delivery`` then
carries the outbox out on Discord (at once, and again after a failure or a crash). Tests read
plans without Discord.

Effects are msgspec Structs (tagged, so they encode to JSON and back) and safe to carry out
again, because each one names the message it is about and is skipped when the game has
moved past it: a board is posted only if the live board is still the one it replaces, only
the live board is edited, and the live board of a game in play never loses its buttons.
Posts (boards, the lobby, notices) are the only effects that would show twice: the delivery
notes each attempt before sending, and looks for the message in the channel before sending
it again. What the messages say is drawn from the game when the effect is carried out,
except what the game no longer holds (a finished turn's narration, summary and last state).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence

import msgspec

from bot.i18n import say
from bot.table.model import Coaching, Game, Outcome
from bot.table.turn_summary import closing_summary
from engine import Action, GameState, Phrase, encode_state, events, phrase, turn_end_state


class _Effect(msgspec.Struct, frozen=True, tag=True):
    """One thing to show on Discord (tagged by its class name in JSON)."""


class PostBoard(_Effect, frozen=True):
    """Post the board as a new message that mentions who must act; it becomes the live
    board. Skipped once the live board is no longer ``replaces`` (it was posted already)."""

    replaces: int | None


class AnnounceResult(_Effect, frozen=True):
    """Post the final board (winners mentioned, standings, no buttons) as the last board.
    Skipped once the live board is no longer ``replaces``."""

    replaces: int | None


class EditBoard(_Effect, frozen=True):
    """Show the game as it stands on the live board ``message_id`` (skipped when another
    board has replaced it). ``redraw`` False: only the buttons changed (kept dice)."""

    message_id: int
    redraw: bool = True


class CloseBoard(_Effect, frozen=True):
    """A finished turn's board: no buttons, the turn's own narration under its one-line
    ``summary``, and the board as the turn left it. Both are empty in effects stored before
    they were kept: the message then keeps the picture it had."""

    message_id: int
    turn: int
    monster: str
    log: tuple[Phrase | str, ...]
    summary: str = ""
    # The state the turn ended in, as ``engine.encode_state`` stores states: an effect may
    # wait in the outbox across a deploy that changes the state's shape, and the engine
    # upgrades what it encoded.
    end_state: str = ""


class RetireButtons(_Effect, frozen=True):
    """Take the buttons off a message (an old copy of the board, or a game that ended)."""

    message_id: int


class PostLobby(_Effect, frozen=True):
    """Post the lobby as a new message (through the /kot start answer when there is one);
    it becomes the live message. Skipped once the live message is no longer ``replaces``."""

    replaces: int | None


class ShowLobby(_Effect, frozen=True):
    """Show the lobby as it stands, with its buttons, on its message."""

    message_id: int


class CloseLobby(_Effect, frozen=True):
    """The lobby message without buttons, titled with why it closed."""

    message_id: int
    reason: str


class Notify(_Effect, frozen=True):
    """A notice in the game's channel that pings nobody, unless ``pings``: then it notifies
    the players it mentions (a table the queue seated, calling its players to it)."""

    text: str
    pings: bool = False


class SyncPings(_Effect, frozen=True):
    """Each player asked a question out of their turn has a message that mentions them
    (editing the board notifies nobody); a ping whose question was answered, or whose game
    ended, is deleted."""


class SyncReminders(_Effect, frozen=True):
    """In a long game, each reminder that is due is sent (a message that mentions its
    player) and each reminder whose question is over is deleted (``bot.table.reminders``).
    Also queued by the delivery for a direct message telling a player that their turn
    began (``/kot notify``) that Discord could not take when the board was posted."""


class ExpireLobby(_Effect, frozen=True):
    """The lobby message without buttons, saying nobody started it within ``minutes``."""

    message_id: int
    minutes: float


class AnnounceEnd(_Effect, frozen=True):
    """A game stopped by /kot end: a message (pinging nobody) with the board picture and
    the standings at that moment; ``notice`` says who stopped it and when."""

    notice: str


class AnnounceAchievements(_Effect, frozen=True):
    """A game played to its end: a notice (pinging nobody) of the achievements it earned
    its players (``bot.table.league.achievement_book``), each announced once; nothing when
    it earned none."""


class CoachNote(_Effect, frozen=True):
    """Send a coached player their coach's note (``bot.table.coach``) for question
    ``decision_id``, privately; skipped once that question is answered."""

    seat: int
    decision_id: int


Effect = (PostBoard | AnnounceResult | EditBoard | CloseBoard | RetireButtons | PostLobby
          | ShowLobby | CloseLobby | Notify | SyncPings | SyncReminders | ExpireLobby
          | AnnounceEnd | AnnounceAchievements | CoachNote)
# Effects that send a new message: the ones a crash can leave sent but unrecorded.
POSTS = (PostBoard, AnnounceResult, PostLobby, Notify, AnnounceEnd, AnnounceAchievements)
# The posts of a live message (a board, the final board, the lobby), which replace another.
LivePost = PostBoard | AnnounceResult | PostLobby
POSTS_LIVE = (PostBoard, AnnounceResult, PostLobby)
# The edits of a message of the game's.
MessageEdit = EditBoard | CloseBoard | RetireButtons | ShowLobby | CloseLobby | ExpireLobby


class Plan(msgspec.Struct, frozen=True):
    game_id: int
    effects: tuple[Effect, ...] = ()


# Carries out a game's queued effects (its outbox, ``bot.table.delivery``). The service
# calls it with the game's id once a change is stored and the game's lock released; one pass
# at a time carries a game's outbox, in order, so messages change in the order the changes
# happened, even when clicks race.
Show = Callable[[int], Awaitable[object]]

# Effects that take a message's buttons away (or close it): queued with a post that replaces
# it (a turn that ended, a fresh copy asked for), or alone (a game ended).
_CLOSERS = (CloseBoard, RetireButtons, CloseLobby, ExpireLobby)


def moved_to(effects: Sequence[Effect], old: int | None, new: int) -> tuple[Effect, ...]:
    """``effects``, queued by changes made while a pass replaced the live message ``old``
    with ``new`` (drawn from the game as it was before those changes), as they would have
    been queued after it: they name ``old``, the live message when they were planned, and
    are about ``new`` now. A post among them is kept (the last one) only where they close
    ``old`` too, as a turn that ended or a fresh copy asked for does; a post asked because
    ``old`` was deleted is ``new`` itself, and is left to be skipped."""
    closes_old = any(isinstance(e, _CLOSERS) and e.message_id == old for e in effects)
    last_post = max((index for index, e in enumerate(effects)
                     if isinstance(e, POSTS_LIVE) and e.replaces == old), default=None)
    return tuple(
        msgspec.structs.replace(effect, replaces=new)
        if index == last_post and closes_old
        else msgspec.structs.replace(effect, message_id=new)
        if isinstance(effect, (EditBoard, ShowLobby, *_CLOSERS)) and effect.message_id == old
        else effect
        for index, effect in enumerate(effects))

def after_action(before: Game, outcome: Outcome) -> Plan:
    """After accepted actions: edit this turn's board, or post the next board (or the final
    one) and then close the finished one."""
    game = outcome.game
    state = game.playing_state()
    live = before.board_message_id
    pings = _pings(game)
    if game.status == "ended":  # abandoned: nobody played for a long while
        abandoned = phrase("table-notice-abandoned", game=str(game.id))
        return _plan(game, *_retire(live), Notify(say(game.language, abandoned)), *pings)
    if state.over:
        return _plan(game, AnnounceResult(live), *_close(before, outcome, live),
                     AnnounceAchievements(), *pings)
    if outcome.turn_changed:
        return _plan(game, PostBoard(live), *_close(before, outcome, live), *pings)
    if live is None:
        return _plan(game, *pings)
    return _plan(game, EditBoard(live, redraw=outcome.redraw), *pings)


def coach_notes(notes: Iterable[Coaching]) -> tuple[CoachNote, ...]:
    """The deliveries of notes a change wrote (after what shows the board)."""
    return tuple(CoachNote(note.seat, note.decision_id) for note in notes)


def after_start(lobby: Game, outcome: Outcome) -> Plan:
    """The lobby closes and the first board is posted (below it)."""
    live = lobby.board_message_id
    close = () if live is None else (CloseLobby(live, "game started"),)
    return _plan(outcome.game, *close, PostBoard(live))


def after_open(game: Game) -> Plan:
    """A new lobby: its message."""
    return _plan(game, PostLobby(None))


def after_lobby_change(game: Game) -> Plan:
    live = game.board_message_id
    if game.status == "cancelled":
        return _plan(game, *(() if live is None else (CloseLobby(live, "cancelled"),)))
    # A lobby whose message never made it to Discord gets one now.
    return _plan(game, PostLobby(None) if live is None else ShowLobby(live))


def after_end(game: Game, notice: str | None) -> Plan:
    """A lobby or game ended by hand: a game shows its standings with the ``notice``.
    ``notice`` None: its channel is gone, nothing to show."""
    if notice is None:
        return Plan(game.id)
    live = game.board_message_id
    if game.state is None:  # a lobby
        return _plan(game, *(() if live is None else (CloseLobby(live, "ended"),)),
                     Notify(notice))
    return _plan(game, *_retire(live), AnnounceEnd(notice), *_pings(game))


def after_expiry(game: Game, minutes: float) -> Plan:
    """A lobby nobody started in time: its message says so (in place: no new ping)."""
    live = game.board_message_id
    return _plan(game, *(() if live is None else (ExpireLobby(live, minutes),)))


def after_time_away(game: Game, notice: str) -> Plan:
    """A player's time away began or ended: the board shows it, and the channel is told."""
    return _plan(game, *refresh(game).effects, Notify(notice))


def repost(game: Game) -> Plan:
    """``/kot board``: a fresh copy of the board (or of the lobby); the old copy keeps its
    picture only."""
    live = game.board_message_id
    if game.status == "lobby":
        closed = () if live is None else (CloseLobby(live, "moved below"),)
        return _plan(game, PostLobby(live), *closed)
    return _plan(game, PostBoard(live), *_retire(live), *_pings(game))


def refresh(game: Game) -> Plan:
    """Bring the live board (or lobby) up to date (its last edit failed, the bot stopped
    between saving a change and showing it, or someone deleted it: then it is posted
    again)."""
    live = game.board_message_id
    if live is None:
        return Plan(game.id)  # the delivery's pass posts a missing message anyway
    if game.status == "lobby":
        return _plan(game, ShowLobby(live))
    return _plan(game, EditBoard(live), *_pings(game))


def pinged_decisions(game: Game) -> tuple[int, ...]:
    """The questions that need a ping: asked out of turn to a player who plays (not an AI
    monster, not a player the autopilot plays), in a game in play."""
    state = game.state
    if game.status != "playing" or state is None or state.turn is None:
        return ()
    return tuple(d.id for d in state.pending
                 if d.seat != state.turn.seat and game.ai_level(d.seat) is None
                 and not game.autopiloted(d.seat))


def _pings(game: Game) -> tuple[SyncPings | SyncReminders, ...]:
    """Bring the pings in line, when there are pings or questions that need one, and the
    reminders standing (their question may be over)."""
    pings = (SyncPings(),) if game.chronicle.prompts.pings or pinged_decisions(game) else ()
    return (*pings, *((SyncReminders(),) if game.chronicle.prompts.reminders else ()))


def _plan(game: Game, *effects: Effect) -> Plan:
    return Plan(game.id, effects)


def _retire(message_id: int | None) -> tuple[RetireButtons, ...]:
    return () if message_id is None else (RetireButtons(message_id),)


def _close(before: Game, outcome: Outcome, live: int | None) -> tuple[CloseBoard, ...]:
    finished = before.playing_state()
    if live is None or finished.turn is None:
        return ()
    # A game can end mid-turn: then the turn's narration is the game's last.
    narration = (outcome.closing_log if outcome.closing_log is not None
                 else outcome.game.chronicle.narration.log)
    seat = finished.turn.seat
    close = CloseBoard(live, turn=finished.turn.number, monster=finished.monsters[seat].name,
                       log=narration)
    end = outcome.turn_end
    if end is None:  # (the change finished no turn: nothing more is known of it)
        return (close,)
    summary = closing_summary(end, seat, before.chronicle.narration.turn_events, outcome.events,
                              before.language)
    return (msgspec.structs.replace(close, summary=summary,
                                    end_state=encode_state(end).decode()),)


def turn_end(before: GameState, seat: int, action: Action, after: GameState,
             happened: Iterable[events.Event]) -> GameState | None:
    """The state the turn in play in ``before`` ended in, when ``seat``'s ``action`` (which
    led to ``after`` and ``happened``) finished it; None when the turn goes on. ``apply``
    runs on into the next turn: the engine runs the action again up to the turn's end."""
    if not after.over and not any(isinstance(event, events.TurnStarted) for event in happened):
        return None
    end = turn_end_state(before, seat, action)
    # (None: the game ended during the turn, so ``after`` is where the turn ended.)
    return after if end is None else end
