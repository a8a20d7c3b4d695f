"""The Discord side of the delivery (``bot.table.delivery``): each effect of a game's outbox
drawn and sent, and how it went said as a result (``Posted``, ``Edited``, ``Pinged``,
``Deleted``, ``Gone``, ``Forbidden``, ``RetryLater``, ``Rejected``), never raised.

What to carry out, in which order, and what it changes in the game and the store is the
delivery's; this module knows messages: what a board, a lobby, a ping or a notice says, where
it goes (the clicked message through the click's own response, the /kot start answer, the
channel, a player's direct messages), and how to find a message an earlier attempt may have
sent (the game's footer on a board, the same text on a notice), so that nothing is posted
twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, assert_never

import discord
import msgspec

from bot.discord.coach import CoachDesk
from bot.discord.direct_messages import dm_content, dm_language, dms_refused_note
from bot.discord.drawing import Drawers
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
from bot.table import carrier
from bot.table.carrier import Ask, Attempt, Failure
from bot.table.model import BrokenGame, Game, PersonSettings
from bot.table.publish import (
    AnnounceEnd,
    CloseBoard,
    CloseLobby,
    CoachNote,
    EditBoard,
    ExpireLobby,
    LivePost,
    MessageEdit,
    Notify,
    RetireButtons,
    ShowLobby,
)
from bot.table.suggestions import suggestions
from engine import CorruptState, GameState, decode_state

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

# Set in a /kot start's ``interaction.extras`` when its answer was deferred (the lobby took
# long to store): the lobby then replaces the deferred answer instead of being sent anew.
LOBBY_ANSWER_DEFERRED = "kot_lobby_answer_deferred"


class Publisher:
    """The delivery's ``Carrier`` on Discord."""

    def __init__(self, io: DiscordIO, clock: Callable[[], float], drawers: Drawers, *,
                 coach: CoachDesk | None = None) -> None:
        """``clock``: the time a message's deadlines are counted from; ``drawers`` draw the
        boards; ``coach`` sends the coach's notes."""
        self._io = io
        self._clock = clock
        self._drawers = drawers
        self._coach = coach

    # --- passes ---------------------------------------------------------------------

    def asked_by(self, game: Game, origin: Interaction) -> None:
        """A click or command in the game: for a player the coach follows, their freshest
        way to be told privately (the coach's notes). No one else's is kept: a kept
        interaction outlives its click, and once dropped it waits for a full collection of
        the cycle collector (discord.py's interaction and its response refer to each
        other), whose pauses stop the event loop."""
        if self._coach is None:
            return
        seat = game.seat_of(origin.user.id)
        if seat is not None and game.chronicle.coaching.of(seat).on:
            self._coach.remember(game.id, origin)
        else:
            self._coach.forget_player(game.id, origin.user.id)

    async def finished(self, game: Game, failure: Failure | None,
                       origin: Interaction | None) -> None:
        """A game that is over needs no more notes; the clicker is told privately what
        stopped the pass."""
        if self._coach is not None and game.status not in ACTIVE_STATUSES:
            self._coach.forget(game.id)
        if failure is None or origin is None:
            return
        if isinstance(failure, carrier.Forbidden):
            await self._io.reply_privately(origin, _forbidden(origin, failure))
        else:
            await self._io.reply_privately(origin, text(asker_language(origin), SHOW_RETRYING,
                                                        reason=failure.reason))

    async def report_broken(self, error: BrokenGame) -> None:
        try:
            await self._io.notify(error.channel_id, None,
                                  text(ENGLISH, BROKEN_NOTICE, game=str(error.game_id)))
        except DiscordFailure as failure:
            log_failure(failure, "could not tell channel %s about broken game %s",
                        error.channel_id, error.game_id)

    # --- effects --------------------------------------------------------------------

    async def post(self, game: Game, post: LivePost,
                   attempt: Attempt, origin: Interaction | None) -> carrier.Posted | Failure:
        """The live message (board, final board or lobby) posted. One an earlier attempt
        may have sent is looked for first; a channel that refuses it leaves a clicked board
        to show the game."""
        try:
            if attempt.maybe_sent:
                adopted = await self._adopt_sent(game, post, origin)
                if adopted is not None:
                    return carrier.Posted(adopted, "adopted")
            await attempt.note()
            try:
                return carrier.Posted(await self._send_live(game, origin))
            except DiscordFailure as failure:
                clicked = await self._continue_in_clicked(game, failure, origin)
                if clicked is None:
                    raise
                return carrier.Posted(clicked, "clicked")
        except DiscordFailure as failure:
            return failed_as(failure)

    async def edit(self, game: Game, effect: MessageEdit,
                   origin: Interaction | None) -> carrier.Edited | Failure:
        """A message shows what ``effect`` says: the clicked message through the click's
        own response, other messages through the channel."""
        try:
            fields = await self._edited(game, effect)
            await self._io.edit(game.channel_id, game.guild_id, effect.message_id, origin,
                                **fields)
        except DiscordFailure as failure:
            return failed_as(failure)
        return carrier.Edited()

    async def notify(self, game: Game, notice: Notify | AnnounceEnd,
                     attempt: Attempt) -> carrier.Sent | Failure:
        """A notice that pings nobody; a game stopped by hand gets its standings, with its
        board and 🔁 Rematch. One an earlier attempt sent is found by its text."""
        try:
            if isinstance(notice, Notify):
                if await self._sent_before(game, notice.text, attempt) is None:
                    send = self._io.ping if notice.pings else self._io.notify
                    await send(game.channel_id, game.guild_id, notice.text)
                return carrier.Sent()
            content = text(game.language, ENDED_CONTENT, game=str(game.id))
            if await self._sent_before(game, content, attempt) is None:
                picture = await board_file(game, self._drawers)
                await self._io.post(game.channel_id, game.guild_id, content=content,
                                    embed=ended_embed(game, notice.notice), file=picture,
                                    view=final_view(game))
        except DiscordFailure as failure:
            return failed_as(failure)
        return carrier.Sent()

    async def ask(self, game: Game, ask: Ask, person: PersonSettings,
                  attempt: Attempt) -> carrier.Pinged | carrier.NotSent | Failure:
        """Tell the player asked: by direct message when they opted in (``/kot notify``),
        else in the channel (a question out of turn, a reminder; a turn's start is said by
        direct message only: the board mentions them). A direct message Discord refuses
        (closed DMs) goes to the channel, with why; one that fails otherwise goes to the
        channel too. A message an earlier attempt sent is found by its text."""
        decision, now = ask.decision, self._clock()
        channel_text: str | None = None
        if ask.reason == "asked":
            channel_text = ping_content(game, decision, now)
        elif ask.reason == "reminder" and ask.moment is not None:
            channel_text = reminder_content(game, ask.moment, now)
        user_id = game.seats[decision.seat]
        refused = False
        try:
            if person.wants_dms():
                server, channel = self._io.place_names(game.channel_id, game.guild_id)
                content = dm_content(game, decision, ask.reason, now,
                                     language=dm_language(game, person), server=server,
                                     channel=channel)
                try:
                    dm_channel_id = await self._io.dm_channel(user_id)
                    message_id = (await self._sent_before(game, content, attempt,
                                                          dm_channel_id=dm_channel_id)
                                  or await self._io.direct_message(dm_channel_id, content))
                    return carrier.Pinged(message_id, dm_channel_id)
                except DiscordFailure as failure:
                    if failure.kind is FailureKind.RETRY_LATER:
                        raise
                    log_failure(failure, "game %s: no direct message to user %s, who is "
                                "pinged in the channel", game.id, user_id)
                    refused = failure.kind is FailureKind.FORBIDDEN  # (else: not their doing)
                    if refused:
                        note = dms_refused_note(game, decision.seat)
                        channel_text = (note if channel_text is None
                                        else f"{channel_text}\n{note}")
            if channel_text is None:
                return carrier.NotSent()
            message_id = (await self._sent_before(game, channel_text, attempt)
                          or await self._io.ping(game.channel_id, game.guild_id, channel_text))
        except DiscordFailure as failure:
            return failed_as(failure)
        return carrier.Pinged(message_id, 0, dms_refused=refused)

    async def delete(self, game: Game, message_id: int,
                     dm_channel_id: int) -> carrier.Deleted | Failure:
        """Delete a message of ours, in the game's channel or in a player's direct messages
        (``dm_channel_id``)."""
        where = (dm_channel_id, None) if dm_channel_id else (game.channel_id, game.guild_id)
        try:
            await self._io.delete(*where, message_id)
        except DiscordFailure as failure:
            return failed_as(failure)
        return carrier.Deleted()

    def coach(self, game: Game, note: CoachNote) -> None:
        if self._coach is not None:
            self._coach.deliver(game, note)

    # --- drawing and sending ----------------------------------------------------------

    async def _edited(self, game: Game, effect: MessageEdit) -> dict[str, Any]:
        """The fields of the message ``effect`` edits."""
        match effect:
            case EditBoard(redraw=True):
                fields, picture = await self._board(game)
                return {"attachments": [picture], **fields}
            case EditBoard():  # only kept dice changed: the buttons show them, the picture stays
                return {"view": board_view(game, suggestions(game))}
            case CloseBoard():
                return await self._closed_board(game, effect)
            case RetireButtons():
                return {"view": None}
            case ShowLobby():
                return {"embed": lobby_embed(game), "view": lobby_view(game)}
            case CloseLobby(reason=reason):
                return {"embed": lobby_closed_embed(game, reason), "view": None}
            case ExpireLobby(minutes=minutes):
                return {"embed": lobby_expired_embed(game, minutes), "view": None}
        assert_never(effect)

    async def _closed_board(self, game: Game, close: CloseBoard) -> dict[str, Any]:
        """A finished turn's message: its summary and narration, no buttons, and the board
        as the turn left it. (A retry draws the same state again: the renderer's cache
        serves it.)"""
        fields: dict[str, Any] = {
            "content": closed_board_content(game, close.turn, close.summary),
            "embed": closed_board_embed(game, close.turn, close.monster, close.log),
            "view": None,
        }
        end = _end_state(close)
        if end is not None:
            fields["attachments"] = [await board_file(game, self._drawers, end)]
        return fields

    async def _send_live(self, game: Game, interaction: Interaction | None) -> int:
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

    async def _continue_in_clicked(self, game: Game, failure: DiscordFailure,
                                   interaction: Interaction | None) -> int | None:
        """The channel refused the new board: a board click's own message becomes the board
        (its token needs no channel permission); its id. Not after a 5xx, which may have
        posted."""
        if (failure.kind is not FailureKind.FORBIDDEN or interaction is None
                or interaction.message is None or interaction.command is not None
                or interaction.message.flags.ephemeral  # a private answer is no board
                or game.status not in ("playing", "over")):
            return None
        clicked = interaction.message.id
        fields, picture = await self._board(game)
        try:
            await self._io.edit(game.channel_id, game.guild_id, clicked, interaction,
                                attachments=[picture], **fields)
        except DiscordFailure as edit_failure:
            log_failure(edit_failure, "game %s: could not show the board in the clicked "
                        "message either", game.id)
            return None
        await self._io.reply_privately(interaction, _forbidden(interaction, failed_as(failure))
                                       + " " + text(asker_language(interaction), CONTINUED_HERE))
        return clicked

    async def _adopt_sent(self, game: Game, post: LivePost,
                          interaction: Interaction | None) -> int | None:
        """Look for the message an earlier attempt may have posted: the newest copy is the
        live message (its id), the others are closed. None when there is none."""
        markers = [footer_marker(game.id, language) for language in LANGUAGES]
        found = [m for m in await self._io.own_recent_messages(
                     game.channel_id, game.guild_id, after=post.replaces)
                 if m.id != post.replaces and _carries(m, markers)]
        if not found:
            return None
        newest, *extra = found
        log.warning("game %s: adopting message %s, posted before a crash or a failed call",
                    game.id, newest.id)
        for message in extra:
            try:
                await self._io.edit(game.channel_id, game.guild_id, message.id, interaction,
                                    view=None)
            except DiscordFailure as failure:
                if failure.kind is not FailureKind.GONE or failure.channel_gone:
                    raise
        return newest.id

    async def _sent_before(self, game: Game, content: str, attempt: Attempt, *,
                           dm_channel_id: int = 0) -> int | None:
        """The id of the message an earlier attempt at this post sent (found by its text
        among the bot's recent messages in the game's channel, or in the direct message
        channel ``dm_channel_id``); None after noting this attempt, before sending."""
        if attempt.maybe_sent:
            sent = await self._io.own_recent_messages(
                *((dm_channel_id, None) if dm_channel_id else (game.channel_id, game.guild_id)),
                after=None, limit=20)
            found = next((m.id for m in sent if m.content == content), None)
            if found is not None:
                return found
        await attempt.note()
        return None

    async def _board(self, game: Game) -> tuple[dict[str, Any], discord.File]:
        """The board message (who must act, the turn or the final result, the buttons) and
        its picture."""
        state = game.playing_state()
        fields = {
            "content": board_content(game, self._clock()),
            "embed": final_embed(game) if state.over else board_embed(game),
            "view": final_view(game) if state.over else board_view(game, suggestions(game)),
        }
        return fields, await board_file(game, self._drawers)


def failed_as(failure: DiscordFailure) -> Failure:
    """A failed call, as the delivery reads it."""
    match failure.kind:
        case FailureKind.GONE:
            return carrier.Gone(failure.reason, channel=failure.channel_gone)
        case FailureKind.FORBIDDEN:
            return carrier.Forbidden(failure.reason)
        case FailureKind.RETRY_LATER:
            return carrier.RetryLater(failure.reason)
        case FailureKind.REJECTED:
            return carrier.Rejected(failure.reason, failure.__cause__)


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


def _carries(message: discord.Message, markers: list[str]) -> bool:
    """Whether the message is one of the game's (its footer begins with the game's marker in
    any language: the host may have changed the lobby's language since)."""
    return any((embed.footer.text or "").startswith(tuple(markers)) for embed in message.embeds)


def _forbidden(interaction: Interaction, failure: Failure) -> str:
    return forbidden_text(missing_permissions(interaction), failure.reason,
                          asker_language(interaction))
