"""What to show after a change, as data: a plan of small effect records.

The service computes a plan with the pure functions below right after a change is stored,
and hands it to ``bot.publisher``, which carries it out on Discord. Tests read plans without
Discord.

Effects are msgspec Structs (tagged, so a plan encodes to JSON and back) and safe to carry
out again, because each one names the message it is about and is skipped when the game has
moved past it: a board is posted only if the live board is still the one it replaces, only
the live board is edited, and the live board of a game in play never loses its buttons. A
``Notify`` carried out twice posts its notice twice: a store of pending plans must mark it
done once posted. What the messages say is drawn from the game when the effect is carried
out, except what the game no longer holds (a finished turn's narration).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec

from bot.model import Game, Outcome


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
    """A finished turn's board: no buttons, the turn's own narration."""

    message_id: int
    turn: int
    monster: str
    log: tuple[str, ...]


class RetireButtons(_Effect, frozen=True):
    """Take the buttons off a message (an old copy of the board, or a game that ended)."""

    message_id: int


class ShowLobby(_Effect, frozen=True):
    """Show the lobby as it stands, with its buttons, on its message."""

    message_id: int


class CloseLobby(_Effect, frozen=True):
    """The lobby message without buttons, titled with why it closed."""

    message_id: int
    reason: str


class Notify(_Effect, frozen=True):
    """A notice in the game's channel that pings nobody."""

    text: str


Effect = (PostBoard | AnnounceResult | EditBoard | CloseBoard | RetireButtons | ShowLobby
          | CloseLobby | Notify)


class Plan(msgspec.Struct, frozen=True):
    game_id: int
    effects: tuple[Effect, ...] = ()


# Carries a plan out. The service calls it while holding the game's lock, so messages change
# in the order the changes happened, even when clicks race.
Show = Callable[[Plan], Awaitable[object]]

ABANDONED_NOTICE = "🛑 King of Tokyo game #{game_id} ended: nobody has played for a long while."


def after_action(before: Game, outcome: Outcome) -> Plan:
    """After accepted actions: edit this turn's board, or post the next board (or the final
    one) and then close the finished one."""
    game = outcome.game
    state = game.playing_state()
    live = before.board_message_id
    if game.status == "ended":  # abandoned: nobody played for a long while
        return _plan(game, *_retire(live), Notify(ABANDONED_NOTICE.format(game_id=game.id)))
    if outcome.turn_changed or state.over:
        post = AnnounceResult(live) if state.over else PostBoard(live)
        return _plan(game, post, *_close(before, outcome, live))
    if live is None:
        return Plan(game.id)
    return _plan(game, EditBoard(live, redraw=outcome.redraw))


def after_start(lobby: Game, outcome: Outcome) -> Plan:
    """The lobby closes and the first board is posted (below it)."""
    live = lobby.board_message_id
    close = () if live is None else (CloseLobby(live, "game started"),)
    return _plan(outcome.game, *close, PostBoard(live))


def after_lobby_change(game: Game) -> Plan:
    live = game.board_message_id
    if live is None:
        return Plan(game.id)
    if game.status == "cancelled":
        return _plan(game, CloseLobby(live, "cancelled"))
    return _plan(game, ShowLobby(live))


def after_end(game: Game, notice: str | None) -> Plan:
    """A lobby or game ended by hand. ``notice`` None: its channel is gone, nothing to show."""
    if notice is None:
        return Plan(game.id)
    return _plan(game, *_retire(game.board_message_id), Notify(notice))


def repost(game: Game) -> Plan:
    """``/kot board``: a fresh copy of the board; the old copy keeps its picture only."""
    live = game.board_message_id
    return _plan(game, PostBoard(live), *_retire(live))


def refresh(game: Game) -> Plan:
    """Bring the live board up to date (its last edit failed, or the bot stopped between
    saving a change and showing it)."""
    live = game.board_message_id
    return Plan(game.id) if live is None else _plan(game, EditBoard(live))


def _plan(game: Game, *effects: Effect) -> Plan:
    return Plan(game.id, effects)


def _retire(message_id: int | None) -> tuple[RetireButtons, ...]:
    return () if message_id is None else (RetireButtons(message_id),)


def _close(before: Game, outcome: Outcome, live: int | None) -> tuple[CloseBoard, ...]:
    finished = before.playing_state()
    if live is None or finished.turn is None:
        return ()
    # A game can end mid-turn: then the turn's narration is the game's last.
    log = outcome.closing_log if outcome.closing_log is not None else outcome.game.chronicle.log
    monster = finished.monsters[finished.turn.seat].name
    return (CloseBoard(live, turn=finished.turn.number, monster=monster, log=log),)
