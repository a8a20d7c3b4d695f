"""The delivery: carries each game's outbox (``bot.table.publish`` effects) out, and keeps
the game's books (its live message, pings, reminders, clock, end) in step with what the
channel shows.

One mechanism restores the invariant, called a *pass*: the game's queued effects are carried
out in order, each removed from the outbox once done. A pass runs after every change, on
start-up for every game with work left, on ``/kot board``, and again after a failure
(``Retries``: from 1 s, doubling, at most a minute apart). Before a pass the invariant is
checked too: a lobby or a game in play that has no live message gets one.

The Discord side (a ``Carrier``: ``bot.discord.publisher``) turns one effect into Discord
calls and says how it went (``Posted``, ``Edited``, ``Pinged``, ``Deleted``, ``Gone``,
``Forbidden``, ``RetryLater``...); every decision about the game and the store is taken
here. Discord calls are made outside the game's lock, so a click on the game is played while
its pass waits on Discord: one pass at a time carries a game's outbox (a lock of its own),
and the game's lock is taken only to read the game and its outbox and to record what was
shown, on the game as it is then (a change made meanwhile is kept, and its effects are
carried by its own pass, after this one).

What a failure means for a pass:
- *forbidden* or *retry later*: the pass stops there, keeping the order; the rest waits for
  the next pass. While a game's board cannot be shown its turn clock is paused, and when the
  board finally shows after a long wait the players get their full time again;
- *gone*: a deleted live board or lobby is posted again; an old message needs nothing more;
  a channel that is gone ends its game;
- *rejected* (a bug on our side): logged with its traceback and dropped, so one bad message
  cannot block a game forever.

A post that may have been sent already (``OutboxEntry.maybe_sent``: this process tried it,
or did not queue it) is first looked for by the carrier, and adopted, so a game never has
two live boards; a post about to be sent is noted in memory (``SavedGames.start_attempt``).
Some effects, done again, show nothing new (``_REPEATABLE``): a pass that did only those
leaves their removal from the outbox to ``SavedGames.repeatable_done`` and does not wait for
it.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

import msgspec

from bot.store.store import ACTIVE_STATUSES
from bot.table.carrier import (
    Ask,
    Attempt,
    Carrier,
    Deleted,
    Edited,
    Failure,
    Forbidden,
    Gone,
    NotSent,
    Pinged,
    Posted,
    Rejected,
    RetryLater,
    Sent,
)
from bot.table.game_rows import GameField, OutboxEntry
from bot.table.league.achievement_book import AchievementBook
from bot.table.model import BrokenGame, Game, Ping, Refused, Reminder, StaleGame
from bot.table.publish import (
    POSTS,
    AnnounceAchievements,
    AnnounceEnd,
    AnnounceResult,
    CloseBoard,
    CloseLobby,
    CoachNote,
    EditBoard,
    Effect,
    ExpireLobby,
    LivePost,
    MessageEdit,
    Notify,
    PostBoard,
    PostLobby,
    RetireButtons,
    ShowLobby,
    SyncPings,
    SyncReminders,
    moved_to,
    pinged_decisions,
)
from bot.table.reminders import (
    Key,
    Moment,
    answered,
    due,
    offers_orders,
    question_of,
    told_on_board,
    turn_start,
    with_orders_offered,
    with_reminder,
    without_reminders,
)
from bot.table.saved_games import SavedGames
from bot.table.saved_settings import SavedSettings
from bot.table.timers import GameClock, Retries, TurnClock
from bot.table.unit_of_work import Change, change_game

log = logging.getLogger(__name__)

Origin = TypeVar("Origin")


@dataclass(frozen=True)
class Shown:
    """How a pass went: ``failure`` is what stopped it (None: everything is shown)."""

    failure: Failure | None = None

    @property
    def complete(self) -> bool:
        return self.failure is None


# What the pass did to its game, done again to the game as it is when recorded.
Amendment = Callable[[Game], Game]


@dataclass
class _Pass(Generic[Origin]):
    """One pass over a game's outbox."""

    # The game as the pass read it, with what it did since: what it decides on.
    game: Game
    origin: Origin | None
    # The game as the pass last read or wrote it: another object in the cache means a change
    # came meanwhile.
    stored: Game
    # The last outbox entry read: later ones were queued by changes the pass has not read.
    seen: int
    done: list[int] = field(default_factory=list)
    amendments: list[tuple[GameField, Amendment]] = field(default_factory=list)
    # Effects to queue with the next record.
    queued: list[Effect] = field(default_factory=list)
    # The live message replaced since the last record (the one before, the new one).
    moved: tuple[int | None, int] | None = None
    # The questions pinged, and the reminders sent (by key), since the last record.
    pinged: list[int] = field(default_factory=list)
    reminded: list[Key] = field(default_factory=list)
    shown_late: bool = False
    # Whether an effect done since the last record is not ``_REPEATABLE`` (a post, a private
    # note): its removal from the outbox is then written before the pass goes on. Repeatable
    # effects alone are left to ``SavedGames.repeatable_done``.
    done_once: bool = False

    @property
    def game_id(self) -> int:
        return self.game.id


# Effects that, carried out again, show nothing new: an edit shows the message as it should
# be, and a sync of pings or of reminders finds recorded what it sent (each is recorded as
# soon as it is sent) and does what is still to do.
_REPEATABLE = MessageEdit | SyncPings | SyncReminders


@dataclass(frozen=True)
class _Requeue:
    """The live message is gone: queue ``effects`` (a new post, then closing the old one,
    which Discord may have called gone by mistake: a 404 does not prove a deletion)."""

    effects: tuple[Effect, ...]


class _ChannelGone(Exception):
    pass


class Delivery(Generic[Origin]):
    def __init__(self, games: SavedGames, settings: SavedSettings, carrier: Carrier[Origin],
                 turns: TurnClock, *, achievements: AchievementBook,
                 clocks: Sequence[GameClock] = (),
                 shown_clocks: Sequence[GameClock] = ()) -> None:
        """``settings``: the players' own (``/kot notify``), for their pings;
        ``achievements``: what a finished game announces. ``clocks`` (a lobby's closing, an
        idle game's end) are scheduled after every pass; ``shown_clocks`` (reminders, the
        end of a time away), like the turn clock, only once the channel shows the game."""
        self._games = games
        self._settings = settings
        self._achievements = achievements
        self._carrier = carrier
        self._turns = turns
        self._clocks = tuple(clocks)
        self._shown_clocks = tuple(shown_clocks)
        self.retries = Retries(self.repair)
        # One pass at a time over a game's outbox. A lock lives while someone holds or
        # awaits it.
        self._passing: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())

    # --- entry points ---------------------------------------------------------------

    async def show(self, game_id: int, origin: Origin | None = None) -> Shown:
        """A pass over the game's outbox, once any pass under way is over. Call it without
        the game's lock. ``origin``: the click or command that caused it, which can show the
        game in its own message and is told privately what went wrong."""
        lock = self._passing.get(game_id)
        if lock is None:
            lock = self._passing[game_id] = asyncio.Lock()
        async with lock:
            return await self._pass(game_id, origin)

    async def repair(self, game_id: int) -> None:
        """A pass without a click (a retry, the start-up, a deleted message)."""
        try:
            await self.show(game_id)
        except BrokenGame as error:  # found unreadable now (the start-up reads games here)
            self.retries.succeeded(game_id)
            await self.report_broken(error)
        except Refused as error:
            log.info("game %s: nothing to repair: %s", game_id, error)
            self.retries.succeeded(game_id)
        except Exception:
            log.exception("game %s: a repair pass failed; it will try again", game_id)
            self.retries.failed(game_id)

    def arm(self, game: Game) -> None:
        """Set a game's clocks as a pass that found everything shown would (the start-up,
        for a game with no effects left to show)."""
        self._after(game, None)

    async def message_deleted(self, game_id: int, message_id: int) -> None:
        """A live board or lobby was deleted: post it again (a pass's GONE path would find
        out at the next edit; this is at once)."""

        async def decide(game: Game) -> Change:
            if game.board_message_id != message_id or game.status not in ACTIVE_STATUSES:
                return Change.none(game)
            return Change(game, effects=(PostLobby(message_id) if game.status == "lobby"
                                         else PostBoard(message_id),))

        await change_game(self._games, game_id, decide, self.show)

    async def report_broken(self, error: BrokenGame) -> None:
        log.error("game %s is broken: %s", error.game_id, error.reason)
        await self._carrier.report_broken(error)

    # --- the pass -------------------------------------------------------------------

    async def _pass(self, game_id: int, origin: Origin | None) -> Shown:
        failure: Failure | None = None
        try:
            current, entries = await self._read(game_id, origin)
            if origin is not None:
                self._carrier.asked_by(current.game, origin)
            try:
                failure = await self._carry_out_outbox(current, entries)
            except _ChannelGone:
                await self._end_with_channel(current)
            game = await self._save(current)
        except StaleGame as conflict:
            # Another process changed the game meanwhile: what this pass did is shown, and
            # a later pass (on the stored game) records it; the request that called is not
            # undone.
            log.warning("game %s: a pass could not be recorded: %s", game_id, conflict.detail)
            self._turns.pause(game_id)
            self.retries.failed(game_id)
            return Shown(None)
        except Exception:
            # A bug, or the store failing: the table waits for the next pass.
            self._turns.pause(game_id)
            self.retries.failed(game_id)
            raise
        self._after(game, failure)
        await self._carrier.finished(game, failure, origin)
        return Shown(failure)

    async def _read(self, game_id: int,
                    origin: Origin | None) -> tuple[_Pass[Origin], list[OutboxEntry]]:
        """The game and its outbox, read under the game's lock. A lobby or a game in play
        always has a live message: one is queued if it has none and none is queued (its
        first post failed for good, or was never queued)."""
        async with self._games.lock(game_id):
            game = await self._games.game(game_id)
            entries = await self._games.outbox(game_id)
            if (game.status in ACTIVE_STATUSES and game.board_message_id is None
                    and not any(isinstance(e.effect, PostBoard | PostLobby) for e in entries)):
                post: Effect = PostLobby(None) if game.status == "lobby" else PostBoard(None)
                game = await self._games.save(game, effects=(post,))
                entries = await self._games.outbox(game_id)
        seen = max((e.seq for e in entries), default=0)
        return _Pass(game, origin, game, seen), entries

    async def _carry_out_outbox(self, current: _Pass[Origin],
                                entries: list[OutboxEntry]) -> Failure | None:
        while entries:
            entry = entries.pop(0)
            outcome = await self._carry_out(current, entry)
            if isinstance(outcome, _Requeue):
                log.info("game %s: its live message is gone; it is posted again",
                         current.game_id)
                current.queued.extend(outcome.effects)
                await self._save(current)
                # The post goes last, after what was queued before it.
                entries = await self._reread(current, entry.seq)
            elif isinstance(outcome, Gone) and outcome.channel:
                raise _ChannelGone
            elif outcome is not None:
                _log_failure(outcome, "game %s: could not carry out %s", current.game_id,
                             type(entry.effect).__name__)
                if not isinstance(outcome, Rejected):
                    return outcome
            log.debug("game %s: outbox %s done: %r (live %s)", current.game_id, entry.seq,
                      entry.effect, current.game.board_message_id)
            current.done.append(entry.seq)
            current.done_once |= not isinstance(entry.effect, _REPEATABLE)
            if isinstance(entry.effect, POSTS):
                await self._save(current)  # a post is recorded at once: never sent twice
        return None

    async def _reread(self, current: _Pass[Origin], carrying: int) -> list[OutboxEntry]:
        """The outbox left after the entry being carried out (``carrying``), read again."""
        async with self._games.lock(current.game_id):
            entries = [e for e in await self._games.outbox(current.game_id)
                       if e.seq != carrying]
        current.seen = max([current.seen, *(e.seq for e in entries)])
        return entries

    async def _carry_out(self, current: _Pass[Origin],
                         entry: OutboxEntry) -> Failure | _Requeue | None:
        """One effect carried out, or skipped when the game has moved past it."""
        game = current.game
        live = game.board_message_id
        carrier = self._carrier
        match entry.effect:
            case PostBoard(replaces=replaces) | AnnounceResult(replaces=replaces) | PostLobby(
                replaces=replaces
            ) as post if replaces == live and _still_wanted(post, game):
                return await self._post(current, entry, post)
            case EditBoard(message_id=message_id) as edit if message_id == live:
                if game.state is None:  # not a game yet (a damaged row): nothing to draw
                    return None
                edited = await carrier.edit(game, edit, current.origin)
                if isinstance(edited, Gone) and not edited.channel:
                    # Deleted by someone (or so Discord says): post it again, and take the
                    # buttons off the old copy in case it is still there.
                    return _Requeue((PostBoard(message_id), RetireButtons(message_id)))
                if isinstance(edited, Edited):
                    current.shown_late |= self._late(game, entry)
                    return None
                return edited
            case ShowLobby(message_id=message_id) as show if message_id == live:
                edited = await carrier.edit(game, show, current.origin)
                if isinstance(edited, Gone) and not edited.channel:
                    return _Requeue((PostLobby(message_id),
                                     CloseLobby(message_id, "moved below")))
                return None if isinstance(edited, Edited) else edited
            case CloseBoard(message_id=message_id) as close if message_id != live:
                return _unless_gone(await carrier.edit(game, close, current.origin))
            case RetireButtons(message_id=message_id) as retire if (
                message_id != live or game.status != "playing"
            ):
                return _unless_gone(await carrier.edit(game, retire, current.origin))
            case CloseLobby() | ExpireLobby() as close:
                return _unless_gone(await carrier.edit(game, close, current.origin))
            case Notify() as notice:
                return _unless_gone(await carrier.notify(game, notice,
                                                         self._attempt(current, entry)))
            case SyncPings():
                return await self._sync_pings(current, entry)
            case SyncReminders():
                return await self._sync_reminders(current, entry)
            case AnnounceEnd() as announce:
                self._stamp_end(current)
                sent = await carrier.notify(current.game, announce,
                                            self._attempt(current, entry))
                return None if isinstance(sent, Sent) else sent
            case AnnounceAchievements():
                return await self._announce_achievements(current, entry)
            case CoachNote() as note:
                carrier.coach(game, note)
                return None
            case _:
                return None  # the game has moved past it

    async def _announce_achievements(self, current: _Pass[Origin],
                                     entry: OutboxEntry) -> Failure | None:
        """The achievements the game earned, in one notice, then noted announced (a notice
        sent before a crash is found by its text, not sent again)."""
        announcement = await self._achievements.to_announce(current.game)
        if announcement is None:
            return None
        sent = await self._carrier.notify(current.game, Notify(announcement.text),
                                          self._attempt(current, entry))
        if not isinstance(sent, Sent):
            return _unless_gone(sent)
        await self._achievements.announced(announcement)
        return None

    async def _post(self, current: _Pass[Origin], entry: OutboxEntry,
                    post: LivePost) -> Failure | None:
        """Post the live message (board, final board or lobby); it replaces the old one.
        A player who opted in (``/kot notify``) is told by direct message that their turn
        began, as part of posting it."""
        if isinstance(post, AnnounceResult):
            self._stamp_end(current)
        posted = await self._carrier.post(current.game, post, self._attempt(current, entry),
                                          current.origin)
        if not isinstance(posted, Posted):
            return posted
        self._set_live(current, posted.message_id)
        if posted.how == "adopted":
            # Drawn when it was sent: show the game as it stands now.
            game = current.game
            update: ShowLobby | EditBoard = (ShowLobby(posted.message_id)
                                             if game.status == "lobby"
                                             else EditBoard(posted.message_id))
            edited = await self._carrier.edit(game, update, current.origin)
            if not isinstance(edited, Edited):
                return edited
        elif posted.how == "sent":
            current.shown_late |= self._late(current.game, entry)
            told = told_on_board(current.game)
            if told is not None:  # (the board's ping offered standing orders)
                self._offer_orders(current, told)
        return await self._tell_turn_start(current, entry)

    async def _tell_turn_start(self, current: _Pass[Origin],
                               entry: OutboxEntry) -> Failure | None:
        """A new board's player who opted in (``/kot notify``) is told by direct message
        that their turn began: an attempt made before (a crash) is looked for first. One
        Discord cannot take now is queued (``SyncReminders``) to be tried again, since the
        board is posted."""
        start = turn_start(current.game, self._turns.now())
        if start is None:
            return None
        failure = await self._remind(current, entry, start)
        if isinstance(failure, RetryLater):
            current.queued.append(SyncReminders())
        return failure

    async def _sync_pings(self, current: _Pass[Origin], entry: OutboxEntry) -> Failure | None:
        """Delete the pings of answered questions, then ping each player asked out of turn
        who has no ping yet (by direct message for a player who opted in). A ping attempted
        before (a crash, a timeout) is looked for among the bot's recent messages first, so
        nobody is pinged twice."""
        game = current.game
        wanted = set(pinged_decisions(game))
        for ping in game.chronicle.prompts.pings:
            if ping.decision_id in wanted:
                continue
            if ping.dm_channel_id or ping.message_id != game.board_message_id:
                # (not a clicked ping kept as the board)
                failure = await self._delete_sent(current, ping.message_id, ping.dm_channel_id)
                if failure is not None:
                    return failure
            self._amend(current, "chronicle", _without_ping(ping))
        state = current.game.playing_state() if wanted else None
        pinged = {p.decision_id for p in current.game.chronicle.prompts.pings}
        for decision_id in sorted(wanted - pinged):
            assert state is not None
            decision = state.decision(decision_id)
            assert decision is not None
            told = await self._ask(current, entry, Ask(decision, "asked"))
            if not isinstance(told, Pinged):
                return None if isinstance(told, NotSent) else told
            self._amend(current, "chronicle", _with_ping(
                Ping(decision_id, told.message_id, told.dm_channel_id)))
            current.pinged.append(decision_id)
            self._offer_orders(current, decision.seat)
            await self._save(current)  # recorded at once: never sent twice
        return None

    async def _sync_reminders(self, current: _Pass[Origin],
                              entry: OutboxEntry) -> Failure | None:
        """Delete the reminders of questions that are over, tell a player who opted in
        that their turn began, then send each reminder due (it replaces its question's
        earlier one). Like a ping, one attempted before is looked for by its text first,
        and each is recorded at once: never sent twice."""
        for reminder in answered(current.game):
            failure = await self._delete_sent(current, reminder.message_id,
                                              reminder.dm_channel_id)
            if failure is not None:
                return failure
            self._amend(current, "chronicle", _without_reminder(reminder))
        start = turn_start(current.game, self._turns.now())
        if start is not None:
            failure = await self._remind(current, entry, start)
            if failure is not None:
                return failure
        for moment in due(current.game, self._turns.now()):
            failure = await self._remind(current, entry, moment)
            if failure is not None:
                return failure
        return None

    async def _remind(self, current: _Pass[Origin], entry: OutboxEntry,
                      moment: Moment) -> Failure | None:
        """Send a reminder (moment 0: the turn's start, by direct message only) and record
        it in place of its question's earlier one, which is deleted."""
        game = current.game
        decision = question_of(game.playing_state(), moment)
        told = await self._ask(current, entry,
                               Ask(decision, "reminder" if moment.number else "turn", moment))
        if not isinstance(told, Pinged):
            return None if isinstance(told, NotSent) else told
        earlier = [r for r in game.chronicle.prompts.reminders
                   if (r.seat, r.turn, r.decision_id) == moment.key]
        self._amend(current, "chronicle", _with_reminder(moment, told))
        current.reminded.append(moment.key)
        self._offer_orders(current, moment.seat)
        await self._save(current)
        for reminder in earlier:
            failure = await self._delete_sent(current, reminder.message_id,
                                              reminder.dm_channel_id)
            if failure is not None:
                return failure
        return None

    async def _ask(self, current: _Pass[Origin], entry: OutboxEntry,
                   ask: Ask) -> Pinged | NotSent | Failure:
        """Tell the player ``ask`` is for, as their settings say (``/kot notify``). A
        player whose direct messages refused is remembered, once the channel was told (a
        crash before: the direct message is tried again, and the same ping, found by its
        text, is not sent twice)."""
        user_id = current.game.seats[ask.decision.seat]
        person = await self._settings.person_settings(user_id)
        told = await self._carrier.ask(current.game, ask, person, self._attempt(current, entry))
        if isinstance(told, Pinged) and told.dms_refused:
            await self._settings.save_person_settings(
                user_id, msgspec.structs.replace(person, dms_refused=True))
        return told

    async def _delete_sent(self, current: _Pass[Origin], message_id: int,
                           dm_channel_id: int) -> Failure | None:
        """Delete a ping or reminder of ours, in the channel or (``dm_channel_id``) in a
        player's direct messages. One that is gone already needs nothing more, nor one in
        direct messages the bot may no longer touch (the player blocked it since)."""
        deleted = await self._carrier.delete(current.game, message_id, dm_channel_id)
        if isinstance(deleted, Deleted):
            return None
        if dm_channel_id and isinstance(deleted, Gone | Forbidden):
            return None
        return _unless_gone(deleted)

    def _attempt(self, current: _Pass[Origin], entry: OutboxEntry) -> Attempt:
        async def note() -> None:
            self._games.start_attempt(current.game_id, entry.seq)

        return Attempt(entry.maybe_sent, note)

    def _late(self, game: Game, entry: OutboxEntry) -> bool:
        """Whether this change waited to be shown (earlier passes failed, or a crash)."""
        return self.retries.failing(game.id) or entry.maybe_sent

    # --- what the pass did to the game ------------------------------------------------

    def _amend(self, current: _Pass[Origin], column: GameField, amend: Amendment) -> None:
        """The pass changed its game: decide on the change from now on, and record it."""
        current.game = amend(current.game)
        current.amendments.append((column, amend))

    def _set_live(self, current: _Pass[Origin], message_id: int) -> None:
        before = current.moved[0] if current.moved else current.game.board_message_id
        current.moved = (before, message_id)
        self._amend(current, "board_message_id",
                     lambda game: replace(game, board_message_id=message_id))

    def _offer_orders(self, current: _Pass[Origin], seat: int) -> None:
        """A long game's ping to this seat said standing orders exist: once is enough."""
        if offers_orders(current.game, seat):
            self._amend(current, "chronicle", lambda game: replace(
                game, chronicle=with_orders_offered(game.chronicle, seat)))

    def _stamp_end(self, current: _Pass[Origin]) -> None:
        """The game's end is first shown now: its length runs until then (kept, so the
        standings say the same when they are shown again)."""
        if not current.game.chronicle.life.ended_at:
            self._amend(current, "chronicle", _ended(self._turns.now()))

    async def _end_with_channel(self, current: _Pass[Origin]) -> None:
        """The channel is gone: so is its game, and everything it still had to show."""
        log.info("game %s: its channel is gone", current.game_id)
        async with self._games.lock(current.game_id):
            current.done.extend(e.seq for e in await self._games.outbox(current.game_id))
            current.done_once = True
        current.moved, current.queued = None, []
        self._amend(current, "status", lambda game: replace(game, status="ended")
                     if game.status in ACTIVE_STATUSES else game)

    async def _save(self, current: _Pass[Origin]) -> Game:
        """Record what the pass did so far (the effects done, the live message, the
        chronicle) on the game as it is now: a change may have come meanwhile, and is kept.
        Returns the game as recorded."""
        if current.shown_late:
            # The board was not visible meanwhile: its questions get their full time.
            self._amend(current, "chronicle", _asked_again(self._turns.now()))
            current.shown_late = False
        async with self._games.lock(current.game_id):
            game = await self._games.game(current.game_id)
            if not (current.done or current.amendments or current.queued):
                return game
            if current.done_once or current.amendments or current.queued:
                game = await self._record(current, game)
            else:  # done again after a crash, they would show nothing new
                self._games.repeatable_done(current.game_id, current.done)
        current.stored = game
        current.done, current.amendments, current.queued = [], [], []
        current.done_once = False
        current.pinged, current.reminded, current.moved = [], [], None
        return game

    async def _record(self, current: _Pass[Origin], game: Game) -> Game:
        """``_save``'s write, holding the game's lock; ``game`` as it is now."""
        # Another object: changed meanwhile (or only read again, the cache having let it go:
        # then nothing is found to do below).
        meanwhile = game is not current.stored
        for _column, amend in current.amendments:
            game = amend(game)
        done, effects = list(current.done), list(current.queued)
        if meanwhile:
            moved, behind = await self._moved_behind(current)
            done += moved
            effects = [*behind, *effects, *_out_of_step(game, current)]
        fields = sorted({column for column, _amend in current.amendments})
        return await self._games.finish_effects(game, done, *fields, effects=tuple(effects))

    async def _moved_behind(self, current: _Pass[Origin]) -> tuple[list[int], list[Effect]]:
        """Effects queued by changes this pass has not read, when they name the live
        message the pass replaced: moved behind, naming the new one (``publish.moved_to``),
        all of them, so their order is kept. Call it holding the game's lock."""
        if current.moved is None:
            return [], []
        old, new = current.moved
        later = [e for e in await self._games.outbox(current.game_id) if e.seq > current.seen]
        effects = [e.effect for e in later]
        moved = moved_to(effects, old, new)
        if list(moved) == effects:
            return [], []
        return [e.seq for e in later], list(moved)

    def _after(self, game: Game, failure: Failure | None) -> None:
        """Keep the turn clock, the lobby's and the idle game's deadlines and the retries in
        step with what the channel shows."""
        for clock in self._clocks:
            clock.schedule(game)
        if failure is None:
            self.retries.succeeded(game.id)
            self._turns.schedule(game)
            for clock in self._shown_clocks:
                clock.schedule(game)
            return
        self._turns.pause(game.id)
        delay = self.retries.failed(game.id)
        log.info("game %s: will try again in %.0f s", game.id, delay)


def _with_ping(ping: Ping) -> Amendment:
    return _pings_changed(lambda pings: (*pings, ping))


def _without_ping(ping: Ping) -> Amendment:
    return _pings_changed(lambda pings: tuple(p for p in pings if p != ping))


def _pings_changed(change: Callable[[tuple[Ping, ...]], tuple[Ping, ...]]) -> Amendment:
    def amend(game: Game) -> Game:
        prompts = game.chronicle.prompts
        prompts = msgspec.structs.replace(prompts, pings=change(prompts.pings))
        return replace(game, chronicle=msgspec.structs.replace(game.chronicle, prompts=prompts))

    return amend


def _ended(now: float) -> Amendment:
    """The game's end first shown at ``now`` (unless it was already)."""

    def amend(game: Game) -> Game:
        life = game.chronicle.life
        if life.ended_at:
            return game
        return replace(game, chronicle=msgspec.structs.replace(
            game.chronicle, life=msgspec.structs.replace(life, ended_at=now)))

    return amend


def _asked_again(now: float) -> Amendment:
    """A game in play's pending questions asked again at ``now`` (their board was not
    visible meanwhile)."""

    def amend(game: Game) -> Game:
        if game.status != "playing":
            return game
        clock = msgspec.structs.replace(game.chronicle.clock, asked_at=now)
        return replace(game, chronicle=msgspec.structs.replace(game.chronicle, clock=clock))

    return amend


def _with_reminder(moment: Moment, told: Pinged) -> Amendment:
    message_id, dm_channel_id = told.message_id, told.dm_channel_id
    return lambda game: replace(game, chronicle=with_reminder(
        game.chronicle, moment, message_id, dm_channel_id=dm_channel_id))


def _without_reminder(reminder: Reminder) -> Amendment:
    return lambda game: replace(game, chronicle=without_reminders(game.chronicle, (reminder,)))


def _out_of_step(game: Game, current: _Pass[Origin]) -> list[Effect]:
    """What a change made while the pass was pinging or reminding leaves to do: a question
    it answered that the pass pinged or reminded (the change could not see that message,
    so it queued nothing to delete it), is another ``SyncPings`` or ``SyncReminders``."""
    wanted = set(pinged_decisions(game))
    over = {(r.seat, r.turn, r.decision_id) for r in answered(game)}
    return [*((SyncPings(),) if any(d not in wanted for d in current.pinged) else ()),
            *((SyncReminders(),) if over & set(current.reminded) else ())]


def _still_wanted(post: Effect, game: Game) -> bool:
    """A post queued before the game moved on (it ended, or it was won, while the post was
    waiting) must not bring back controls the game no longer has."""
    wanted = {PostBoard: "playing", AnnounceResult: "over", PostLobby: "lobby"}
    return wanted.get(type(post)) == game.status


def _unless_gone(result: Edited | Sent | Deleted | Failure) -> Failure | None:
    """A message no longer live that is gone needs nothing more (its channel gone is a
    failure still: the game ends)."""
    if not isinstance(result, Failure) or (isinstance(result, Gone) and not result.channel):
        return None
    return result


def _log_failure(failure: Failure, what: str, *args: object) -> None:
    """Log a failure as loud as it deserves: a bug on our side with its traceback."""
    if isinstance(failure, Rejected):
        log.error(what + ": %s", *args, failure.reason, exc_info=failure.cause)
    elif isinstance(failure, Gone):
        log.info(what + ": gone: %s", *args, failure.reason)
    else:
        log.warning(what + ": %s: %s", *args, type(failure).__name__, failure.reason)
