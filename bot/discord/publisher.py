"""Carries out each game's outbox (``bot.table.publish`` effects) on Discord, and keeps the
channel showing what the store holds.

One mechanism restores the invariant, called a *pass*: under the game's lock, the game's
queued effects are carried out in order, each removed from the outbox once done. A pass runs
after every change, on start-up for every game with work left, on ``/kot board``, and again
after a failure (``Retries``: from 1 s, doubling, at most a minute apart). Before a pass the
invariant is checked too: a lobby or a game in play that has no live message gets one.

What a failure means for a pass:
- *forbidden* or *retry later*: the pass stops there, keeping the order; the rest waits for
  the next pass. While a game's board cannot be shown its turn clock is paused, and when the
  board finally shows after a long wait the players get their full time again. A clicked
  board can still show the game (the click's token needs no channel permission), and the
  clicker is told which permission the bot lacks;
- *gone*: a deleted live board or lobby is posted again; an old message needs nothing more;
  a channel that is gone ends its game;
- *rejected* (a bug on our side): logged with its traceback and dropped, so one bad message
  cannot block a game forever.

A post that may have reached Discord without its id being saved (it was attempted before: a
crash, a timeout) is first looked for among the bot's recent messages carrying the game's
footer; one found is adopted (and any extra copy closed), so a game never has two live
boards.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, overload

import discord
import msgspec

from bot.discord.coach import CoachDesk
from bot.discord.direct_messages import Reason, dm_content, dm_language, dms_refused_note
from bot.discord.io import DiscordFailure, DiscordIO, FailureKind, log_failure
from bot.discord.locales import asker_language
from bot.discord.messages import (
    BROKEN_NOTICE,
    CONTINUED_HERE,
    ENDED_CONTENT,
    SHOW_RETRYING,
    board_content,
    board_embed,
    board_file,
    closed_board_content,
    closed_board_embed,
    ended_embed,
    final_embed,
    footer_marker,
    forbidden_text,
    lobby_closed_embed,
    lobby_embed,
    lobby_expired_embed,
    lobby_opened_content,
    missing_permissions,
    ping_content,
    reminder_content,
)
from bot.discord.views import board_view, final_view, lobby_view
from bot.i18n import ENGLISH, LANGUAGES, text
from bot.store.store import ACTIVE_STATUSES
from bot.table.game_rows import GameField, OutboxEntry
from bot.table.model import BrokenGame, Chronicle, Game, Ping, Refused, StaleGame
from bot.table.publish import (
    POSTS,
    AnnounceEnd,
    AnnounceResult,
    CloseBoard,
    CloseLobby,
    CoachNote,
    EditBoard,
    Effect,
    ExpireLobby,
    Notify,
    PostBoard,
    PostLobby,
    RetireButtons,
    ShowLobby,
    SyncPings,
    SyncReminders,
    pinged_decisions,
)
from bot.table.reminders import (
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
from bot.table.service import GameService
from bot.table.suggestions import suggestions
from bot.table.timers import GameClock, Retries, TurnClock
from engine import CorruptState, Decision, GameState, decode_state

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

# Set in a /kot start's ``interaction.extras`` when its answer was deferred (the lobby took
# long to store): the lobby then replaces the deferred answer instead of being sent anew.
LOBBY_ANSWER_DEFERRED = "kot_lobby_answer_deferred"


@dataclass(frozen=True)
class Shown:
    """How a pass went: ``failure`` is what stopped it (None: everything is shown)."""

    failure: DiscordFailure | None = None

    @property
    def complete(self) -> bool:
        return self.failure is None


@dataclass
class _Pass:
    """One pass over a game's outbox: the game as it changes, what is done, what to save."""

    game: Game
    interaction: Interaction | None
    done: list[int]
    fields: set[GameField]
    shown_late: bool = False


class _Requeue(Exception):
    """The live message is gone: queue ``effects`` (a new post, then closing the old one,
    which Discord may have called gone by mistake: a 404 does not prove a deletion)."""

    def __init__(self, *effects: Effect) -> None:
        super().__init__(", ".join(type(effect).__name__ for effect in effects))
        self.effects = effects


class _ChannelGone(Exception):
    pass


class Publisher:
    def __init__(self, service: GameService, io: DiscordIO, turns: TurnClock, *,
                 clocks: Sequence[GameClock] = (),
                 shown_clocks: Sequence[GameClock] = (),
                 coach: CoachDesk | None = None) -> None:
        """``clocks`` (a lobby's closing, an idle game's end) are scheduled after every
        pass; ``shown_clocks`` (reminders, the end of a time away), like the turn clock,
        only once the channel shows the game. ``coach`` sends the coach's notes."""
        self._coach = coach
        self._service = service
        self._io = io
        self._turns = turns
        self._clocks = tuple(clocks)
        self._shown_clocks = tuple(shown_clocks)
        self.retries = Retries(self.repair)

    # --- entry points ---------------------------------------------------------------

    async def show(self, game_id: int, interaction: Interaction | None = None) -> Shown:
        """A pass over the game's outbox; the caller holds the game's lock. ``interaction``:
        the click or command that caused it, which can show the game in its own message and
        is told privately what went wrong."""
        games = self._service.games
        current = _Pass(await games.game(game_id), interaction, [], set())
        if interaction is not None and self._coach is not None:
            self._coach.remember(game_id, interaction)
        failure: DiscordFailure | None = None
        try:
            await self._queue_missing_message(current)
            try:
                failure = await self._carry_out_outbox(current)
            except _ChannelGone:
                await self._end_with_channel(current)
            await self._save(current)
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
        self._after(current.game, failure)
        if failure is not None and interaction is not None:
            await self._tell(interaction, current.game, failure)
        return Shown(failure)

    async def repair(self, game_id: int) -> None:
        """A pass without a click (a retry, the start-up, a deleted message)."""
        games = self._service.games
        try:
            async with games.lock(game_id):
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
        games = self._service.games
        async with games.lock(game_id):
            game = await games.game(game_id)
            if game.board_message_id != message_id or game.status not in ACTIVE_STATUSES:
                return
            post: Effect = (PostLobby(message_id) if game.status == "lobby"
                            else PostBoard(message_id))
            await games.save(game, effects=(post,))
            await self.show(game_id)

    async def report_broken(self, error: BrokenGame) -> None:
        """Tell a game's channel that it could be neither read nor rebuilt."""
        log.error("game %s is broken: %s", error.game_id, error.reason)
        try:
            await self._io.notify(error.channel_id, None,
                                  text(ENGLISH, BROKEN_NOTICE, game=str(error.game_id)))
        except DiscordFailure as failure:
            log_failure(failure, "could not tell channel %s about broken game %s",
                        error.channel_id, error.game_id)

    def close(self) -> None:
        self.retries.close()

    # --- the pass -------------------------------------------------------------------

    async def _queue_missing_message(self, current: _Pass) -> None:
        """A lobby or a game in play always has a live message: queue one if it has none
        and none is queued (its first post failed for good, or was never queued)."""
        game = current.game
        if game.status not in ACTIVE_STATUSES or game.board_message_id is not None:
            return
        queued = await self._service.games.outbox(game.id)
        if any(isinstance(e.effect, PostBoard | PostLobby) for e in queued):
            return
        post: Effect = PostLobby(None) if game.status == "lobby" else PostBoard(None)
        current.game = await self._service.games.save(game, effects=(post,))

    async def _carry_out_outbox(self, current: _Pass) -> DiscordFailure | None:
        games = self._service.games
        entries = await games.outbox(current.game.id)
        while entries:
            entry = entries.pop(0)
            try:
                await self._carry_out(current, entry)
            except _Requeue as requeue:
                log.info("game %s: its live message is gone; it is posted again",
                         current.game.id)
                current.game = await games.save(current.game, effects=requeue.effects)
                # The post goes last, after what was queued before it.
                entries = [e for e in await games.outbox(current.game.id)
                           if e.seq not in current.done and e.seq != entry.seq]
            except DiscordFailure as failure:
                if failure.channel_gone:
                    raise _ChannelGone from failure
                log_failure(failure, "game %s: could not carry out %s", current.game.id,
                            type(entry.effect).__name__)
                if failure.kind is not FailureKind.REJECTED:
                    return failure
            log.debug("game %s: outbox %s done: %r (live %s)", current.game.id, entry.seq,
                      entry.effect, current.game.board_message_id)
            current.done.append(entry.seq)
            if isinstance(entry.effect, POSTS):
                await self._save(current)  # a post is recorded at once: never sent twice
        return None

    async def _carry_out(self, current: _Pass, entry: OutboxEntry) -> None:
        game = current.game
        live = game.board_message_id
        match entry.effect:
            case PostBoard(replaces=replaces) | AnnounceResult(replaces=replaces) | PostLobby(
                replaces=replaces
            ) if replaces == live and _still_wanted(entry.effect, game):
                await self._post(current, entry)
                await self._tell_turn_start(current, entry)
            case EditBoard(message_id=message_id, redraw=redraw) if message_id == live:
                if game.state is None:  # not a game yet (a damaged row): nothing to draw
                    return
                await self._edit_live(current, entry, redraw=redraw)
            case CloseBoard(message_id=message_id) if message_id != live:
                await self._close_board(current, entry.effect)
            case RetireButtons(message_id=message_id) if (
                message_id != live or game.status != "playing"
            ):
                await self._edit_old(current, message_id, view=None)
            case ShowLobby(message_id=message_id) if message_id == live:
                try:
                    await self._edit(current, message_id, embed=lobby_embed(game),
                                     view=lobby_view(game))
                except DiscordFailure as failure:
                    if failure.kind is FailureKind.GONE and not failure.channel_gone:
                        raise _Requeue(PostLobby(message_id),
                                       CloseLobby(message_id, "moved below")) from failure
                    raise
            case CloseLobby(message_id=message_id, reason=reason):
                await self._edit_old(current, message_id,
                                     embed=lobby_closed_embed(game, reason), view=None)
            case ExpireLobby(message_id=message_id, minutes=minutes):
                await self._edit_old(current, message_id,
                                     embed=lobby_expired_embed(game, minutes), view=None)
            case Notify(text=text):
                await self._notify(current, entry, text)
            case SyncPings():
                await self._sync_pings(current, entry)
            case SyncReminders():
                await self._sync_reminders(current, entry)
            case AnnounceEnd(notice=notice):
                await self._announce_end(current, entry, notice)
            case CoachNote() if self._coach is not None:
                self._coach.deliver(game, entry.effect)
            case _:
                pass  # the game has moved past it

    async def _close_board(self, current: _Pass, close: CloseBoard) -> None:
        """A finished turn's message: its summary and narration, no buttons, and the board
        as the turn left it. (A retry draws the same state again: the renderer's cache
        serves it.)"""
        game = current.game
        fields: dict[str, Any] = {
            "content": closed_board_content(game, close.turn, close.summary),
            "embed": closed_board_embed(game, close.turn, close.monster, close.log),
            "view": None,
        }
        end = _end_state(close)
        if end is not None:
            fields["attachments"] = [await board_file(game, end)]
        await self._edit_old(current, close.message_id, **fields)

    async def _post(self, current: _Pass, entry: OutboxEntry) -> None:
        """Post the live message (board, final board or lobby); it replaces the old one."""
        games = self._service.games
        if isinstance(entry.effect, AnnounceResult):
            self._stamp_end(current)
        game = current.game
        if entry.attempts and await self._adopt_sent(current, entry):
            return
        await games.start_attempt(game.id, entry.seq)
        try:
            message_id = await self._send_live(current)
        except DiscordFailure as failure:
            if not await self._continue_in_clicked(current, failure):
                raise
            return
        current.game = replace(current.game, board_message_id=message_id)
        current.fields.add("board_message_id")
        current.shown_late |= self._late(current.game, entry)
        told = told_on_board(current.game)
        if told is not None:  # (the board's ping offered standing orders)
            self._offer_orders(current, told)

    async def _send_live(self, current: _Pass) -> int:
        game, interaction = current.game, current.interaction
        if game.status == "lobby":
            fields: dict[str, Any] = {"content": lobby_opened_content(game),
                                      "embed": lobby_embed(game), "view": lobby_view(game)}
            if interaction is not None and interaction.command is not None and (
                    not interaction.response.is_done()
                    or interaction.extras.get(LOBBY_ANSWER_DEFERRED)):
                # /kot start: the lobby is its public answer.
                return await self._io.respond(interaction, **fields)
            return await self._io.post_lobby(game.channel_id, game.guild_id, **fields)
        fields, picture = await self._board(game)
        return await self._io.post(game.channel_id, game.guild_id, file=picture, **fields)

    async def _continue_in_clicked(self, current: _Pass, failure: DiscordFailure) -> bool:
        """The channel refused the new board: a board click's own message becomes the board
        (its token needs no channel permission). Not after a 5xx, which may have posted."""
        interaction, game = current.interaction, current.game
        if (failure.kind is not FailureKind.FORBIDDEN or interaction is None
                or interaction.message is None or interaction.command is not None
                or interaction.message.flags.ephemeral  # a private answer is no board
                or game.status not in ("playing", "over")):
            return False
        clicked = interaction.message.id
        fields, picture = await self._board(game)
        try:
            await self._io.edit(game.channel_id, game.guild_id, clicked, interaction,
                                attachments=[picture], **fields)
        except DiscordFailure as edit_failure:
            log_failure(edit_failure, "game %s: could not show the board in the clicked "
                        "message either", game.id)
            return False
        current.game = replace(game, board_message_id=clicked)
        current.fields.add("board_message_id")
        await self._io.reply_privately(interaction, _forbidden(interaction, failure)
                                       + " " + text(asker_language(interaction), CONTINUED_HERE))
        return True

    async def _adopt_sent(self, current: _Pass, entry: OutboxEntry) -> bool:
        """Look for the message an earlier attempt may have posted: adopt the newest copy as
        the live message and close the others. False when there is none."""
        game = current.game
        replaces = getattr(entry.effect, "replaces", None)
        markers = [footer_marker(game.id, language) for language in LANGUAGES]
        found = [m for m in await self._io.own_recent_messages(
                     game.channel_id, game.guild_id, after=replaces)
                 if m.id != replaces and _carries(m, markers)]
        if not found:
            return False
        newest, *extra = found
        log.warning("game %s: adopting message %s, posted before a crash or a failed call",
                    game.id, newest.id)
        current.game = replace(game, board_message_id=newest.id)
        current.fields.add("board_message_id")
        for message in extra:
            await self._edit_old(current, message.id, view=None)
        # Drawn when it was sent: show the game as it stands now.
        if game.status == "lobby":
            await self._edit(current, newest.id, embed=lobby_embed(game), view=lobby_view(game))
        else:
            fields, picture = await self._board(current.game)
            await self._edit(current, newest.id, attachments=[picture], **fields)
        return True

    async def _edit_live(self, current: _Pass, entry: OutboxEntry, *, redraw: bool) -> None:
        game = current.game
        assert game.board_message_id is not None
        try:
            if redraw:
                fields, picture = await self._board(game)
                await self._edit(current, game.board_message_id, attachments=[picture],
                                 **fields)
            else:  # only kept dice changed: the buttons show them, the picture stays
                await self._edit(current, game.board_message_id,
                                 view=board_view(game, suggestions(game)))
        except DiscordFailure as failure:
            if failure.kind is FailureKind.GONE and not failure.channel_gone:
                # Deleted by someone (or so Discord says): post it again, and take the
                # buttons off the old copy in case it is still there.
                live = game.board_message_id
                raise _Requeue(PostBoard(live), RetireButtons(live)) from failure
            raise
        current.shown_late |= self._late(game, entry)

    def _late(self, game: Game, entry: OutboxEntry) -> bool:
        """Whether this change waited to be shown (earlier passes failed, or a crash)."""
        return self.retries.failing(game.id) or entry.attempts > 0

    async def _edit_old(self, current: _Pass, message_id: int, **fields: Any) -> None:
        """Edit a message that is no longer live; one that is gone needs nothing more."""
        try:
            await self._edit(current, message_id, **fields)
        except DiscordFailure as failure:
            if failure.kind is not FailureKind.GONE or failure.channel_gone:
                raise

    async def _edit(self, current: _Pass, message_id: int, **fields: Any) -> None:
        game = current.game
        await self._io.edit(game.channel_id, game.guild_id, message_id, current.interaction,
                            **fields)

    async def _notify(self, current: _Pass, entry: OutboxEntry, text: str) -> None:
        game = current.game
        if await self._sent_before(current, entry, text) is not None:
            return
        try:
            await self._io.notify(game.channel_id, game.guild_id, text)
        except DiscordFailure as failure:
            if failure.kind is not FailureKind.GONE or failure.channel_gone:
                raise

    async def _sync_pings(self, current: _Pass, entry: OutboxEntry) -> None:
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
                await self._delete_sent(current, ping.message_id, ping.dm_channel_id)
            self._set_pings(current, tuple(p for p in current.game.chronicle.prompts.pings
                                           if p != ping))
        state = current.game.playing_state() if wanted else None
        for decision_id in sorted(wanted - {p.decision_id
                                            for p in current.game.chronicle.prompts.pings}):
            assert state is not None
            decision = state.decision(decision_id)
            assert decision is not None
            message_id, dm_channel_id = await self._ping_player(
                current, entry, decision, "asked",
                ping_content(current.game, decision, self._turns.now()))
            self._set_pings(current, (*current.game.chronicle.prompts.pings,
                                      Ping(decision_id, message_id, dm_channel_id)))
            self._offer_orders(current, decision.seat)
            await self._save(current)  # recorded at once: never sent twice

    async def _sync_reminders(self, current: _Pass, entry: OutboxEntry) -> None:
        """Delete the reminders of questions that are over, tell a player who opted in
        that their turn began, then send each reminder due (it replaces its question's
        earlier one). Like a ping, one attempted before is looked for by its text first,
        and each is recorded at once: never sent twice."""
        for reminder in answered(current.game):
            await self._delete_sent(current, reminder.message_id, reminder.dm_channel_id)
            self._set_chronicle(current, without_reminders(current.game.chronicle,
                                                           (reminder,)))
        start = turn_start(current.game, self._turns.now())
        if start is not None:
            await self._remind(current, entry, start)
        for moment in due(current.game, self._turns.now()):
            await self._remind(current, entry, moment)

    async def _tell_turn_start(self, current: _Pass, entry: OutboxEntry) -> None:
        """A new board's player who opted in (``/kot notify``) is told by direct message
        that their turn began, as part of posting it: an attempt made before (a crash) is
        looked for first. One Discord cannot take now is queued (``SyncReminders``) to be
        tried again, since the board is posted."""
        start = turn_start(current.game, self._turns.now())
        if start is None:
            return
        try:
            await self._remind(current, entry, start)
        except DiscordFailure as failure:
            if failure.kind is FailureKind.RETRY_LATER:
                current.game = await self._service.games.save(current.game,
                                                              effects=(SyncReminders(),))
            raise

    async def _remind(self, current: _Pass, entry: OutboxEntry, moment: Moment) -> None:
        """Send a reminder (moment 0: the turn's start, by direct message only) and record
        it in place of its question's earlier one, which is deleted."""
        game = current.game
        decision = question_of(game.playing_state(), moment)
        if moment.number:
            channel_text: str | None = reminder_content(game, moment, self._turns.now())
            reason: Reason = "reminder"
        else:
            channel_text, reason = None, "turn"
        sent = await self._ping_player(current, entry, decision, reason, channel_text)
        if sent is None:
            return
        message_id, dm_channel_id = sent
        earlier = [r for r in game.chronicle.prompts.reminders
                   if (r.seat, r.turn, r.decision_id) == moment.key]
        self._set_chronicle(current, with_reminder(game.chronicle, moment, message_id,
                                                   dm_channel_id=dm_channel_id))
        self._offer_orders(current, moment.seat)
        await self._save(current)
        for reminder in earlier:
            await self._delete_sent(current, reminder.message_id, reminder.dm_channel_id)

    @overload
    async def _ping_player(self, current: _Pass, entry: OutboxEntry, decision: Decision,
                           reason: Reason, channel_text: str) -> tuple[int, int]: ...

    @overload
    async def _ping_player(self, current: _Pass, entry: OutboxEntry, decision: Decision,
                           reason: Reason, channel_text: None) -> tuple[int, int] | None: ...

    async def _ping_player(self, current: _Pass, entry: OutboxEntry, decision: Decision,
                           reason: Reason, channel_text: str | None) -> tuple[int, int] | None:
        """Tell the player asked ``decision``: by direct message when they opted in
        (``/kot notify``), else in the channel with ``channel_text`` (None: nothing is said
        in the channel, the board's mention is enough). A direct message Discord refuses
        (closed DMs) is remembered, and the channel is told instead, with why; one that
        fails otherwise goes to the channel too. Returns the message's id and
        its direct message channel (0: the game's channel); None when nothing was sent."""
        game = current.game
        user_id = game.seats[decision.seat]
        person = await self._service.settings.person_settings(user_id)
        refused = False
        if person.wants_dms():
            server, channel = self._io.place_names(game.channel_id, game.guild_id)
            content = dm_content(game, decision, reason, self._turns.now(),
                                 language=dm_language(game, person), server=server,
                                 channel=channel)
            try:
                dm_channel_id = await self._io.dm_channel(user_id)
                message_id = (await self._sent_before(current, entry, content,
                                                      dm_channel_id=dm_channel_id)
                              or await self._io.direct_message(dm_channel_id, content))
                return message_id, dm_channel_id
            except DiscordFailure as failure:
                if failure.kind is FailureKind.RETRY_LATER:
                    raise
                log_failure(failure, "game %s: no direct message to user %s, who is pinged "
                            "in the channel", game.id, user_id)
                refused = failure.kind is FailureKind.FORBIDDEN  # (else: not their doing)
                if refused:
                    note = dms_refused_note(game, decision.seat)
                    channel_text = note if channel_text is None else f"{channel_text}\n{note}"
        if channel_text is None:
            return None
        message_id = (await self._sent_before(current, entry, channel_text)
                      or await self._io.ping(game.channel_id, game.guild_id, channel_text))
        if refused:
            # Remembered once the channel was told (a crash before: the direct message is
            # tried again, and the same ping, found by its text, is not sent twice).
            await self._service.settings.save_person_settings(
                user_id, msgspec.structs.replace(person, dms_refused=True))
        return message_id, 0

    def _offer_orders(self, current: _Pass, seat: int) -> None:
        """A long game's ping to this seat said standing orders exist: once is enough."""
        if offers_orders(current.game, seat):
            self._set_chronicle(current, with_orders_offered(current.game.chronicle, seat))

    def _set_chronicle(self, current: _Pass, chronicle: Chronicle) -> None:
        current.game = replace(current.game, chronicle=chronicle)
        current.fields.add("chronicle")

    def _set_pings(self, current: _Pass, pings: tuple[Ping, ...]) -> None:
        chronicle = current.game.chronicle
        self._set_chronicle(current, msgspec.structs.replace(
            chronicle, prompts=msgspec.structs.replace(chronicle.prompts, pings=pings)))

    async def _delete_old(self, current: _Pass, message_id: int) -> None:
        """Delete a message of ours; one that is gone already needs nothing more."""
        game = current.game
        try:
            await self._io.delete(game.channel_id, game.guild_id, message_id)
        except DiscordFailure as failure:
            if failure.kind is not FailureKind.GONE or failure.channel_gone:
                raise

    async def _delete_sent(self, current: _Pass, message_id: int, dm_channel_id: int) -> None:
        """Delete a ping or reminder of ours, in the channel or (``dm_channel_id``) in a
        player's direct messages, where one the bot may no longer touch (the player blocked
        it since) needs nothing more either."""
        if not dm_channel_id:
            await self._delete_old(current, message_id)
            return
        try:
            await self._io.delete(dm_channel_id, None, message_id)
        except DiscordFailure as failure:
            if failure.kind not in (FailureKind.GONE, FailureKind.FORBIDDEN):
                raise

    async def _announce_end(self, current: _Pass, entry: OutboxEntry, notice: str) -> None:
        """The standings of a game stopped by hand, with its board and 🔁 Rematch, pinging
        nobody. Sent at most once: an attempt made before is looked for by its text."""
        self._stamp_end(current)
        game = current.game
        content = text(game.language, ENDED_CONTENT, game=str(game.id))
        if await self._sent_before(current, entry, content) is not None:
            return
        picture = await board_file(game)
        await self._io.post(game.channel_id, game.guild_id, content=content,
                            embed=ended_embed(game, notice), file=picture,
                            view=final_view(game))

    async def _sent_before(self, current: _Pass, entry: OutboxEntry, content: str, *,
                           dm_channel_id: int = 0) -> int | None:
        """The id of the message an earlier attempt at this post sent (found by its text
        among the bot's recent messages in the game's channel, or in the direct message
        channel ``dm_channel_id``); None after noting this attempt, before sending."""
        game = current.game
        if entry.attempts:
            sent = await self._io.own_recent_messages(
                *((dm_channel_id, None) if dm_channel_id else (game.channel_id, game.guild_id)),
                after=None, limit=20)
            found = next((m.id for m in sent if m.content == content), None)
            if found is not None:
                return found
        await self._service.games.start_attempt(game.id, entry.seq)
        return None

    def _stamp_end(self, current: _Pass) -> None:
        """The game's end is first shown now: its length runs until then (kept, so the
        standings say the same when they are shown again)."""
        chronicle = current.game.chronicle
        if chronicle.life.ended_at:
            return
        chronicle = msgspec.structs.replace(
            chronicle, life=msgspec.structs.replace(chronicle.life, ended_at=self._turns.now()))
        current.game = replace(current.game, chronicle=chronicle)
        current.fields.add("chronicle")

    async def _end_with_channel(self, current: _Pass) -> None:
        """The channel is gone: so is its game, and everything it still had to show."""
        game = current.game
        log.info("game %s: its channel is gone", game.id)
        current.done.extend(e.seq for e in await self._service.games.outbox(game.id))
        if game.status in ACTIVE_STATUSES:
            current.game = replace(game, status="ended")
            current.fields.add("status")

    async def _save(self, current: _Pass) -> None:
        """Record what the pass did so far (the effects done, the live message)."""
        game = current.game
        if current.shown_late and game.status == "playing":
            # The board was not visible meanwhile: its questions get their full time.
            chronicle = msgspec.structs.replace(game.chronicle, clock=msgspec.structs.replace(
                game.chronicle.clock, asked_at=self._turns.now()))
            current.game = replace(game, chronicle=chronicle)
            current.fields.add("chronicle")
            current.shown_late = False
        if current.done or current.fields:
            current.game = await self._service.games.finish_effects(
                current.game, current.done, *sorted(current.fields))
            current.done, current.fields = [], set()

    def _after(self, game: Game, failure: DiscordFailure | None) -> None:
        """Keep the turn clock, the lobby's and the idle game's deadlines and the retries in
        step with what the channel shows."""
        if self._coach is not None and game.status not in ACTIVE_STATUSES:
            self._coach.forget(game.id)
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

    async def _tell(self, interaction: Interaction, game: Game, failure: DiscordFailure) -> None:
        if failure.kind is FailureKind.FORBIDDEN:
            await self._io.reply_privately(interaction, _forbidden(interaction, failure))
        else:
            await self._io.reply_privately(interaction,
                                           text(asker_language(interaction), SHOW_RETRYING,
                                                reason=failure.reason))

    async def _board(self, game: Game) -> tuple[dict[str, Any], discord.File]:
        """The board message (who must act, the turn or the final result, the buttons) and
        its picture."""
        state = game.playing_state()
        fields = {
            "content": board_content(game, self._turns.now()),
            "embed": final_embed(game) if state.over else board_embed(game),
            "view": final_view(game) if state.over else board_view(game, suggestions(game)),
        }
        return fields, await board_file(game)


def _end_state(close: CloseBoard) -> GameState | None:
    """The state a closed turn's board shows; None when the effect has none (stored before
    it was kept) or it cannot be read: the message then keeps the picture it had."""
    if not close.end_state:
        return None
    try:
        return decode_state(close.end_state)
    except (CorruptState, msgspec.DecodeError) as error:
        log.warning("turn %s's end state cannot be read (%s): its board keeps its picture",
                    close.turn, error)
        return None


def _still_wanted(post: Effect, game: Game) -> bool:
    """A post queued before the game moved on (it ended, or it was won, while the post was
    waiting) must not bring back controls the game no longer has."""
    wanted = {PostBoard: "playing", AnnounceResult: "over", PostLobby: "lobby"}
    return wanted.get(type(post)) == game.status


def _carries(message: discord.Message, markers: list[str]) -> bool:
    """Whether the message is one of the game's (its footer begins with the game's marker in
    any language: the host may have changed the lobby's language since)."""
    return any((embed.footer.text or "").startswith(tuple(markers)) for embed in message.embeds)


def _forbidden(interaction: Interaction, failure: DiscordFailure) -> str:
    return forbidden_text(missing_permissions(interaction), failure.reason,
                          asker_language(interaction))
