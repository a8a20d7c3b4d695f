"""Every call the bot makes to Discord, and what a failed call means.

A failed call raises ``DiscordFailure``, whose ``kind`` tells the caller what to do:

- ``gone``: the channel, message or interaction no longer exists (10003 Unknown Channel,
  10008 Unknown Message, 10015 Unknown Webhook and 50027 Invalid Webhook Token (an
  interaction's token that ran out), 10062 Unknown Interaction, or a plain 404): drop the
  effect;
- ``forbidden``: the bot lacks a permission there (50013 Missing Permissions, 50001 Missing
  Access, or a plain 403): someone must change the channel's settings; or a direct message
  was refused (50007 Cannot send messages to this user: the user closed their DMs);
- ``retry_later``: Discord is rate limiting (429) or failing (5xx), or the network is: the
  same call can succeed later;
- ``rejected``: Discord refused the request itself (a 400): a bug on our side.

Private answers to a click are the exception: nothing can be done when one cannot be
delivered, so those failures are logged here and not raised. The answer to a command that
shows "thinking…" is owed, though (``OwedAnswers``): one that Discord cannot take now is
kept in the store and tried again while the command's token lasts (after a restart too),
then said in the channel.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final, TypeVar

import aiohttp
import discord

from bot.discord.stored_answers import (
    UnkeptAnswer,
    answer_fields,
    encode_answer,
    said_in_channel,
)
from bot.i18n import language_of, text
from bot.store.store import OwedAnswerRow, Store
from bot.table.timers import Retries

log = logging.getLogger(__name__)

# Discord's limit on a message's text.
MAX_CONTENT = 2000
MENTION_USERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True)
MENTION_NOBODY = discord.AllowedMentions.none()

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
INVALID_WEBHOOK_TOKEN = 50027
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
# A direct message Discord refuses: the user closed their DMs to the members of the servers
# they share with the bot, or blocked it.
CANNOT_MESSAGE_USER = 50007
# A message sent to, or edited or deleted in, a thread Discord archived (idle longer than its
# auto-archive duration).
THREAD_ARCHIVED = 50083
# A game's thread is archived after a week without a message, the longest Discord offers (in
# minutes): a turn clock (at most days) posts more often than that.
THREAD_ARCHIVE_MINUTES: Final = 10080

# An interaction's token answers for 15 minutes (follow-ups, edits of its answer:
# ``Interaction.expires_at``). The last call through it is made this long before, so that it
# cannot run out mid-call.
TOKEN_MARGIN = timedelta(seconds=10)
# In ``interaction.extras`` while a command's deferred answer still shows "thinking…":
# PRIVATE or PUBLIC, as the command was acknowledged.
THINKING = "kot_thinking"
PRIVATE, PUBLIC = "private", "public"
# In ``interaction.extras`` beside THINKING: the id of the message that shows "thinking…"
# (Discord names it in its answer to the acknowledgement). An owed edit of the answer edits
# it by this id after a restart, when the interaction itself is gone.
ANSWER_MESSAGE = "kot_answer_message"
# The calls an owed answer is given with: a private follow-up (``reply_privately``), or an
# edit of the command's answer (``edit_response``).
FOLLOW_UP, EDIT = "follow_up", "edit"
# Said in the channel instead of a private answer whose token ran out: the answer itself (a
# hint, a player's cards) is not for everyone's eyes.
PRIVATE_ANSWER_LOST = "private-answer-lost"

Interaction = discord.Interaction[Any]
T = TypeVar("T")


class FailureKind(enum.Enum):
    GONE = "gone"
    FORBIDDEN = "forbidden"
    RETRY_LATER = "retry_later"
    REJECTED = "rejected"


_KIND_BY_CODE = {
    UNKNOWN_CHANNEL: FailureKind.GONE,
    UNKNOWN_MESSAGE: FailureKind.GONE,
    UNKNOWN_WEBHOOK: FailureKind.GONE,
    UNKNOWN_INTERACTION: FailureKind.GONE,
    INVALID_WEBHOOK_TOKEN: FailureKind.GONE,
    MISSING_ACCESS: FailureKind.FORBIDDEN,
    MISSING_PERMISSIONS: FailureKind.FORBIDDEN,
    CANNOT_MESSAGE_USER: FailureKind.FORBIDDEN,
}


def classify(error: discord.HTTPException) -> FailureKind:
    kind = _KIND_BY_CODE.get(error.code)
    if kind is not None:
        return kind
    if error.status == 429 or error.status >= 500:
        return FailureKind.RETRY_LATER
    if error.status == 403:
        return FailureKind.FORBIDDEN
    if error.status == 404:
        return FailureKind.GONE
    return FailureKind.REJECTED


class DiscordFailure(Exception):
    """A call to Discord failed; ``reason`` is short and fit to show a player."""

    def __init__(self, kind: FailureKind, reason: str, *, status: int | None = None,
                 code: int | None = None) -> None:
        super().__init__(f"{kind.value}: {reason}")
        self.kind = kind
        self.reason = reason
        self.status = status
        self.code = code

    @property
    def channel_gone(self) -> bool:
        """The channel itself no longer exists (not just one message)."""
        return self.code == UNKNOWN_CHANNEL


@contextlib.contextmanager
def discord_call() -> Iterator[None]:
    """Turn the errors of one Discord call into a DiscordFailure."""
    try:
        yield
    except discord.HTTPException as error:
        raise DiscordFailure(classify(error), error.text or str(error), status=error.status,
                             code=error.code) from error
    except (aiohttp.ClientError, TimeoutError) as error:
        raise DiscordFailure(FailureKind.RETRY_LATER, "Discord cannot be reached") from error


def log_failure(failure: DiscordFailure, what: str, *args: object) -> None:
    """Log a failure as loud as it deserves: a bug on our side with its traceback."""
    if failure.kind is FailureKind.REJECTED:
        log.error(what + ": %s", *args, failure, exc_info=failure.__cause__)
    elif failure.kind is FailureKind.GONE:
        log.info(what + ": %s", *args, failure)
    else:
        log.warning(what + ": %s", *args, failure)


class DiscordIO:
    def __init__(self, client: discord.Client, store: Store, *,
                 owns: Callable[[int | None], bool] = lambda _guild_id: True) -> None:
        """``store`` keeps the answers owed to commands; ``owns`` says which servers' owed
        answers this process gives after a restart (its shards')."""
        self._client = client
        self.owed = OwedAnswers(self, client, store, owns=owns)

    def close(self) -> None:
        self.owed.close()

    def _channel(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(channel_id, guild_id=guild_id)

    # --- channel messages (no interaction token: they work for games of any length) -

    async def post(self, channel_id: int, guild_id: int | None, *, content: str,
                   embed: discord.Embed, file: discord.File,
                   view: discord.ui.View | None) -> int:
        """A new message that may ping the users it mentions; returns its id."""
        extra: dict[str, Any] = {} if view is None else {"view": view}
        message = await self._unarchived(channel_id, lambda: self._channel(
            channel_id, guild_id).send(content=content, embed=embed, file=file,
                                       allowed_mentions=MENTION_USERS_ONLY, **extra),
            files=(file,))
        return message.id

    async def notify(self, channel_id: int, guild_id: int | None, text: str) -> int:
        """A notice that pings nobody; returns its id."""
        message = await self._unarchived(channel_id, lambda: self._channel(
            channel_id, guild_id).send(text[:MAX_CONTENT], allowed_mentions=MENTION_NOBODY))
        return message.id

    async def ping(self, channel_id: int, guild_id: int | None, text: str) -> int:
        """A short message that notifies the users it mentions; returns its id."""
        message = await self._unarchived(channel_id, lambda: self._channel(
            channel_id, guild_id).send(text[:MAX_CONTENT], allowed_mentions=MENTION_USERS_ONLY))
        return message.id

    # --- leagues (bot.discord.bulletins, rank roles) ----------------------------------

    async def post_bulletin(self, channel_id: int, guild_id: int, *, content: str | None,
                            embed: discord.Embed | None) -> int:
        """A server's post (``bot.table.league.bulletins``) that pings nobody; its id."""
        fields: dict[str, Any] = {"content": None if content is None else content[:MAX_CONTENT]}
        if embed is not None:
            fields["embed"] = embed
        message = await self._unarchived(channel_id, lambda: self._channel(
            channel_id, guild_id).send(allowed_mentions=MENTION_NOBODY, **fields))
        return message.id

    async def give_role(self, guild_id: int, user_id: int, role_id: int, reason: str) -> None:
        """A member gets a role (by ids: no member intent, no cache needed)."""
        with discord_call():
            await self._client.http.add_role(guild_id, user_id, role_id, reason=reason)

    async def take_role(self, guild_id: int, user_id: int, role_id: int, reason: str) -> None:
        with discord_call():
            await self._client.http.remove_role(guild_id, user_id, role_id, reason=reason)

    # --- end of leagues ---------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> int:
        """The id of the direct message channel with a user (Discord opens it, or gives the
        one open: the same id every time)."""
        with discord_call():
            channel = await self._client.http.start_private_message(user_id)
        return int(channel["id"])

    async def direct_message(self, channel_id: int, text: str) -> int:
        """A message in a direct message channel (``dm_channel``); returns its id. Refused
        (a ``forbidden`` failure) when the user's DMs are closed to the bot."""
        with discord_call():
            message = await self._channel(channel_id, None).send(
                text[:MAX_CONTENT], allowed_mentions=MENTION_NOBODY)
        return message.id

    def place_names(self, channel_id: int, guild_id: int | None) -> tuple[str | None, str | None]:
        """A server's name and its channel's (or thread's), from the gateway's cache (None
        where unknown)."""
        guild = self._client.get_guild(guild_id) if guild_id is not None else None
        if guild is None:
            return None, None
        channel = guild.get_channel_or_thread(channel_id)
        return guild.name, None if channel is None else channel.name

    async def delete(self, channel_id: int, guild_id: int | None, message_id: int) -> None:
        """Delete one of the bot's own messages (no permission needed for its own)."""
        await self._unarchived(channel_id, lambda: self._channel(
            channel_id, guild_id).get_partial_message(message_id).delete())

    async def post_lobby(self, channel_id: int, guild_id: int | None, *, content: str,
                         embed: discord.Embed, view: discord.ui.View) -> int:
        """The lobby as a channel message (when there is no /kot start to answer, or it opens
        in a new thread)."""
        message = await self._unarchived(channel_id, lambda: self._channel(
            channel_id, guild_id).send(content=content, embed=embed, view=view,
                                       allowed_mentions=MENTION_NOBODY))
        return message.id

    async def create_thread(self, channel_id: int, name: str) -> int:
        """A new public thread of a text channel, for one game; returns its id. (Through the
        HTTP client: the channel object may not be cached, as everywhere in this module.)"""
        with discord_call():
            thread = await self._client.http.start_thread_without_message(
                channel_id, name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value)
        return int(thread["id"])

    async def _unarchived(self, channel_id: int, call: Callable[[], Awaitable[T]], *,
                          files: Sequence[object] = ()) -> T:
        """``call`` on a channel; in a thread Discord archived meanwhile (a game left idle a
        week), the thread is unarchived (as the bot, which may send messages there: no
        other permission needed) and the call made again, its ``files`` read from their
        start again."""
        try:
            with discord_call():
                return await call()
        except DiscordFailure as failure:
            if failure.code != THREAD_ARCHIVED:
                raise
            log.info("channel %s: the thread was archived; it is unarchived", channel_id)
        with discord_call():
            await self._client.http.edit_channel(channel_id, archived=False)
        for file in files:
            if isinstance(file, discord.File):
                file.reset()
        with discord_call():
            return await call()

    async def own_recent_messages(self, channel_id: int, guild_id: int | None, *,
                                  after: int | None, limit: int = 50) -> list[discord.Message]:
        """The bot's own messages in a channel, newest first (among the last ``limit``
        after message ``after``): to find a post that was sent but whose id was not saved."""
        bot_user = self._client.user
        since = None if after is None else discord.Object(id=after)
        with discord_call():
            messages = [m async for m in self._channel(channel_id, guild_id).history(
                limit=limit, after=since, oldest_first=False)]
        return [m for m in messages if bot_user is not None and m.author.id == bot_user.id]

    async def still_member(self, guild_id: int, user_id: int) -> bool:
        """Whether a user is still a member of a server (needs no privileged intent: one
        request). True when it cannot be told."""
        guild = self._client.get_guild(guild_id)
        if guild is None:
            return True
        try:
            with discord_call():
                await guild.fetch_member(user_id)
        except DiscordFailure as failure:
            return failure.kind is not FailureKind.GONE
        return True

    def bot_permissions(self, channel_id: int, guild_id: int | None) -> discord.Permissions | None:
        """The bot's permissions in a channel, from the gateway's cache (None if unknown)."""
        guild = self._client.get_guild(guild_id) if guild_id is not None else None
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if guild is None or channel is None:
            return None
        return channel.permissions_for(guild.me)

    async def edit(self, channel_id: int, guild_id: int | None, message_id: int,
                   interaction: discord.Interaction[Any] | None, **fields: Any) -> None:
        """Edit a message: through the click when it is the clicked message (its token is
        fresh and not rate limited with the channel), else through the channel."""
        try:
            if interaction is not None and _clicked_message_id(interaction) == message_id:
                with discord_call():
                    await interaction.edit_original_response(**fields)
            else:
                await self._unarchived(channel_id, lambda: self._channel(
                    channel_id, guild_id).get_partial_message(message_id).edit(**fields),
                    files=fields.get("attachments", ()))
        except DiscordFailure as failure:
            if failure.kind is FailureKind.GONE and not failure.channel_gone:
                raise await self._unless_still_there(channel_id, guild_id, message_id,
                                                     failure) from failure
            raise

    async def _unless_still_there(self, channel_id: int, guild_id: int | None,
                                  message_id: int, failure: DiscordFailure) -> DiscordFailure:
        """A 404 on an edit is only believed once the message is seen to be gone: Discord
        can answer 404 for a message that is there (a lapsed interaction token, a hiccup),
        and a board taken for gone would keep its buttons forever."""
        try:
            with discord_call():
                await self._channel(channel_id, guild_id).fetch_message(message_id)
        except DiscordFailure:
            return failure  # gone indeed, or it cannot be told: take Discord's word
        return DiscordFailure(FailureKind.RETRY_LATER,
                              f"{failure.reason}, though the message is there",
                              status=failure.status, code=failure.code)

    # --- interactions ---------------------------------------------------------------

    async def acknowledge(self, interaction: discord.Interaction[Any], *,
                          thinking_privately: bool = False) -> bool:
        """Answer within Discord's 3 seconds, before slow work (a lock, a picture). False
        when Discord refused the acknowledgement (too late, or answered already): then the
        player was told "This interaction failed" and nothing more should happen."""
        try:
            with discord_call():
                if thinking_privately:
                    answered = await interaction.response.defer(ephemeral=True, thinking=True)
                else:
                    answered = await interaction.response.defer()
        except (DiscordFailure, discord.InteractionResponded) as failure:
            log.info("%s by user %s: the acknowledgement was refused: %s",
                     _describe(interaction), interaction.user.id, failure)
            return False
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # A command's deferral shows "thinking…" until answered (a click's shows nothing);
            # whether it was private decides what the channel may be told in its place.
            interaction.extras[THINKING] = PRIVATE if thinking_privately else PUBLIC
            if answered is not None and answered.message_id is not None:
                interaction.extras[ANSWER_MESSAGE] = answered.message_id
        return True

    async def respond(self, interaction: discord.Interaction[Any], *, content: str,
                      embed: discord.Embed, view: discord.ui.View) -> int:
        """A public answer to a command (replacing its "thinking…" when it was deferred);
        returns its message id."""
        with discord_call():
            if interaction.response.is_done():
                message = await interaction.edit_original_response(content=content,
                                                                   embed=embed, view=view)
                interaction.extras.pop(THINKING, None)
                return message.id
            await interaction.response.send_message(content=content, embed=embed, view=view)
            message = await interaction.original_response()
        return message.id

    async def edit_response(self, interaction: discord.Interaction[Any], **fields: Any) -> None:
        """Edit the private message this interaction answers or came from (an answer: a
        failure is logged, not raised; one a command owes is tried again)."""
        await self._through_token(interaction, EDIT, fields,
                                  lambda: interaction.edit_original_response(**fields))

    async def original_response(
        self, interaction: discord.Interaction[Any]
    ) -> discord.InteractionMessage | None:
        """The message that answered this interaction, as it is now (None if gone)."""
        try:
            with discord_call():
                return await interaction.original_response()
        except DiscordFailure as failure:
            log_failure(failure, "could not read the answer to user %s", interaction.user.id)
            return None

    async def reply_privately(self, interaction: discord.Interaction[Any], content: str | None,
                              **extra: Any) -> None:
        """A message only the clicker sees: the answer, or a follow-up once acknowledged (a
        failure is logged, not raised; one a command owes is tried again)."""
        if content is not None:
            extra["content"] = content[:MAX_CONTENT]
        if interaction.response.is_done():
            await self._through_token(interaction, FOLLOW_UP, extra,
                                      lambda: interaction.followup.send(ephemeral=True, **extra))
            return
        try:
            with discord_call():
                await interaction.response.send_message(ephemeral=True, **extra)
        except DiscordFailure as failure:
            log_failure(failure, "could not answer user %s privately", interaction.user.id)

    async def note_privately(self, interaction: discord.Interaction[Any],
                             content: str) -> int | None:
        """A private message through the interaction's token that the bot may delete later
        (``delete_private``, while the token lasts): its id; None when it was not sent
        (logged), or is owed and sent later, as ``reply_privately``'s."""
        fields: dict[str, Any] = {"content": content[:MAX_CONTENT]}
        if self.owed.owes(interaction):
            await self.reply_privately(interaction, fields["content"])
            return None
        try:
            with discord_call():
                if not interaction.response.is_done():
                    await interaction.response.send_message(ephemeral=True, **fields)
                    return (await interaction.original_response()).id
                message = await interaction.followup.send(ephemeral=True, wait=True, **fields)
                interaction.extras.pop(THINKING, None)
                return message.id
        except DiscordFailure as failure:
            log_failure(failure, "could not tell user %s privately", interaction.user.id)
            return None

    async def delete_private(self, interaction: discord.Interaction[Any],
                             message_id: int) -> None:
        """Delete a private message sent through this interaction's token (a failure is
        logged: Discord keeps a private message whose token ran out)."""
        try:
            with discord_call():
                await interaction.followup.delete_message(message_id)
        except DiscordFailure as failure:
            log_failure(failure, "could not delete the private message %s to user %s",
                        message_id, interaction.user.id)

    async def _through_token(self, interaction: Interaction, kind: str, fields: dict[str, Any],
                             call: Callable[[], Awaitable[object]]) -> None:
        """A follow-up or an edit of the answer (``kind``), through the interaction's token.
        While a command shows "thinking…" its answer is owed: one Discord does not take is
        kept and tried again (after any answer still owed to it, keeping their order), or
        said in the channel once the token is of no use (a token that ran out, a request
        Discord refuses; a 403 is tried again while the token lasts)."""
        if self.owed.owes(interaction):
            await self.owed.add(interaction, kind, fields)
            return
        try:
            await self.owed.send(interaction, call)
        except DiscordFailure as failure:
            log_failure(failure, "could not answer user %s", interaction.user.id)
            if interaction.extras.get(THINKING):
                unusable = (failure.kind is FailureKind.REJECTED
                            or (failure.kind is FailureKind.GONE
                                and await self.token_lapsed(interaction)))
                await self.owed.add(interaction, kind, fields, token_gone=unusable)

    async def token_lapsed(self, interaction: Interaction) -> bool:
        """Whether a command's token, answered 404, can no longer be used. Discord can
        answer 404 through a token that works (as for an edit: ``_unless_still_there``), and a
        token taken for lapsed leaves its command "thinking…" until Discord gives up on it: it
        is only believed once the answer it shows cannot be read either."""
        return await self.original_response(interaction) is None

    async def answer_in_channel(self, channel_id: int, guild_id: int | None, user_id: int,
                                language: str, said: dict[str, Any] | None) -> None:
        """An answer whose token is of no use, said in its command's channel to its user:
        ``said``, the text and embeds of a public answer (without its buttons, which
        belonged to its own message); a private one (None) only as a note, in the user's
        ``language``, that it could not be given, since everyone reads the channel."""
        mention = f"<@{user_id}>"
        if said is None:
            extra: dict[str, Any] = {}
            content = text(language, PRIVATE_ANSWER_LOST, mention=mention)
        else:
            extra = {key: said[key] for key in ("embed", "embeds") if key in said}
            content = f"{mention} {said.get('content') or ''}".rstrip()
        with discord_call():
            await self._channel(channel_id, guild_id).send(
                content[:MAX_CONTENT], allowed_mentions=MENTION_USERS_ONLY, **extra)

    async def report_failure(self, interaction: discord.Interaction[Any], error: BaseException,
                             said: str) -> None:
        """The one error path of clicks and commands (``bot.discord.request.Request.failed``):
        log the error, tell the user ``said`` (in their language)."""
        log.error("%s by user %s failed", _describe(interaction), interaction.user.id,
                  exc_info=error)
        await self.reply_privately(interaction, said)


@dataclass
class _Answer:
    """One owed answer: how it is given (FOLLOW_UP or EDIT) and its fields as kept
    (``bot.discord.stored_answers``); ``seq`` is its row's, None if it could not be
    stored."""

    kind: str
    kept: bytes
    seq: int | None = None


@dataclass
class _Owed:
    """The answers one command still owes, in order, with what giving them takes without
    the live interaction (gone after a restart) and what telling its channel takes."""

    interaction_id: int
    application_id: int
    token: str
    # When the token stops working (Interaction.expires_at); moved to the moment Discord
    # refused it, from when the channel is told instead.
    token_expires: float
    channel_id: int
    guild_id: int | None
    user_id: int
    # The user's Discord locale (the language of the note a private answer becomes).
    locale: str
    # Acknowledged privately: the channel is only told, once, that the answer could not be
    # given.
    private: bool
    # The message that shows "thinking…" (an EDIT's target), when Discord named it.
    message_id: int | None
    answers: list[_Answer] = field(default_factory=list)
    # The live interaction (None after a restart): its THINKING mark goes once answered.
    interaction: Interaction | None = None
    # A private command's note is said once, whatever it owes after it.
    told_in_channel: bool = False

    @classmethod
    def of(cls, interaction: Interaction) -> _Owed:
        assert interaction.channel_id is not None
        message_id = interaction.extras.get(ANSWER_MESSAGE)
        return cls(interaction.id, interaction.application_id, interaction.token,
                   interaction.expires_at.timestamp(), interaction.channel_id,
                   interaction.guild_id, interaction.user.id, interaction.locale.value,
                   private=interaction.extras.get(THINKING) != PUBLIC,
                   message_id=message_id if isinstance(message_id, int) else None,
                   interaction=interaction)

    @classmethod
    def of_rows(cls, rows: Sequence[OwedAnswerRow]) -> _Owed:
        """One interaction's stored answers, in order."""
        first = rows[0]
        return cls(first.interaction_id, first.application_id, first.token,
                   min(row.token_expires for row in rows), first.channel_id, first.guild_id,
                   first.user_id, first.locale, first.private, first.message_id,
                   [_Answer(row.kind, row.answer, row.seq) for row in rows])

    def row(self, answer: _Answer, now: float) -> OwedAnswerRow:
        return OwedAnswerRow(
            self.interaction_id, self.application_id, self.token, self.token_expires,
            self.channel_id, self.guild_id, self.user_id, self.locale, self.private,
            answer.kind, self.message_id, answer.kept, now)

    def token_usable(self, now: float) -> bool:
        return now < self.token_expires - TOKEN_MARGIN.total_seconds()


class OwedAnswers:
    """The answers of commands left "thinking…" because Discord did not take them (a 5xx,
    a 429, a 404 while its answer can still be read; a 403 or a token that ran out sends
    them to the channel at once). Each is kept in the store until it ends, so that a restart
    gives it too (``restore``): given through the token (``Retries``: from 1 s, doubling, at
    most a minute apart) while the token lasts, then said in its channel, where it is tried
    until Discord takes it; a channel that is gone or refuses drops it, logged."""

    def __init__(self, io: DiscordIO, client: discord.Client, store: Store, *,
                 owns: Callable[[int | None], bool]) -> None:
        self._io = io
        self._client = client
        self._store = store
        self._owns = owns
        self._owed: dict[int, _Owed] = {}
        self.retries = Retries(self._deliver)

    def owes(self, interaction: Interaction) -> bool:
        return interaction.id in self._owed

    async def add(self, interaction: Interaction, kind: str, fields: dict[str, Any], *,
                  token_gone: bool = False) -> None:
        """Owe this answer (after any the command owes already), kept in the store."""
        owed = self._owed.get(interaction.id)
        first = owed is None
        if owed is None:
            owed = self._owed[interaction.id] = _Owed.of(interaction)
        try:
            kept = encode_answer(fields)
        except UnkeptAnswer:
            # A bug: no answer owed today carries what cannot be kept. Said in the channel
            # (the text and embeds of a public one, a note for a private one) rather than
            # kept in part through the token, or lost at the next restart.
            log.exception("%s by user %s: its answer cannot be kept; the channel is told",
                          _describe(interaction), interaction.user.id)
            kept = encode_answer({key: fields[key] for key in ("content", "embed", "embeds")
                                  if key in fields})
            token_gone = True
        if token_gone:
            await self._token_unusable(owed)
        answer = _Answer(kind, kept)
        answer.seq = await self._keep(owed, answer)
        owed.answers.append(answer)
        if first or self._owed.get(interaction.id) is not owed:  # (given meanwhile)
            self._owed[interaction.id] = owed
            delay = self.retries.failed(interaction.id)
            log.info("%s by user %s: its answer is tried again in %.0f s",
                     _describe(interaction), interaction.user.id, delay)

    @staticmethod
    async def send(interaction: Interaction, call: Callable[[], Awaitable[object]]) -> None:
        """One call through the interaction's token; its answer is shown once it succeeds."""
        with discord_call():
            await call()
        interaction.extras.pop(THINKING, None)

    async def restore(self) -> None:
        """At start-up, once connected: the answers a previous process still owed, those of
        this process's servers (``owns``: its shards'), given or told now."""
        try:
            rows = await self._store.owed_answers()
        except Exception:
            log.exception("the answers owed to commands could not be read")
            return
        restored = []
        for interaction_id, group in itertools.groupby(rows, key=lambda r: r.interaction_id):
            kept = list(group)
            if interaction_id in self._owed or not self._owns(kept[0].guild_id):
                continue  # (owed since the start, or a server of another process)
            self._owed[interaction_id] = _Owed.of_rows(kept)
            restored.append(interaction_id)
        if restored:
            log.info("%d commands still owed answers: they are given now", len(restored))
        for interaction_id in restored:
            await self._deliver(interaction_id)

    async def _deliver(self, interaction_id: int) -> None:
        owed = self._owed.get(interaction_id)
        if owed is None:
            return
        try:
            while owed.answers:
                if not await self._deliver_first(owed):
                    self.retries.failed(interaction_id)
                    return
        except Exception:
            log.exception("the answer to user %s: delivering it failed; it will try again",
                          owed.user_id)
            self.retries.failed(interaction_id)
            return
        if self._owed.get(interaction_id) is owed:
            del self._owed[interaction_id]
        self.retries.succeeded(interaction_id)

    async def _deliver_first(self, owed: _Owed) -> bool:
        """Give the first answer owed, or tell the channel; False to try again later."""
        answer = owed.answers[0]
        if owed.token_usable(_now()):
            try:
                await self._through_token(owed, answer)
            except DiscordFailure as failure:
                log_failure(failure, "could not answer user %s", owed.user_id)
                if failure.kind in (FailureKind.RETRY_LATER, FailureKind.FORBIDDEN) or (
                        failure.kind is FailureKind.GONE and not await self._lapsed(owed)):
                    # (A 403 through a token is tried again too while the token lasts: the
                    # command is then answered, not left "thinking…" with a note beside it.)
                    await self._attempt_failed(owed, answer)
                    return False
                # A token that ran out, or a request Discord refuses: the token is of no
                # more use, and the command would stay "thinking…" unexplained.
                await self._token_unusable(owed)
                return await self._deliver_first(owed)
            if owed.interaction is not None:
                owed.interaction.extras.pop(THINKING, None)
            await self._ended(owed, answer)
            return True
        if owed.private and owed.told_in_channel:
            await self._ended(owed, None)
            return True
        language = language_of(owed.locale)
        try:
            await self._io.answer_in_channel(
                owed.channel_id, owed.guild_id, owed.user_id, language,
                None if owed.private else said_in_channel(answer.kept))
        except DiscordFailure as failure:
            log_failure(failure, "could not tell channel %s the answer to user %s",
                        owed.channel_id, owed.user_id)
            if failure.kind is FailureKind.RETRY_LATER:
                await self._attempt_failed(owed, answer)
                return False
            # The channel is gone or refuses (or Discord refuses the message itself: a bug,
            # logged as an error): nothing owed to the command can be said there.
            await self._ended(owed, None)
            return True
        # A private command's one note stands for all its answers.
        owed.told_in_channel = owed.private
        await self._ended(owed, None if owed.private else answer)
        return True

    def _webhook(self, owed: _Owed) -> discord.Webhook:
        """The interaction's follow-up webhook, from its application's id and its token,
        as ``Interaction.followup`` makes it: an application's webhook (the only kind that
        may send a private message)."""
        webhook = discord.Webhook.partial(owed.application_id, owed.token, client=self._client)
        webhook.type = discord.WebhookType.application
        return webhook

    async def _through_token(self, owed: _Owed, answer: _Answer) -> None:
        webhook = self._webhook(owed)
        with discord_call():
            if answer.kind == EDIT and owed.message_id is not None:
                await webhook.edit_message(owed.message_id,
                                           **answer_fields(answer.kept, edit=True))
            else:
                # An edit whose message Discord did not name goes as a follow-up: while the
                # command shows "thinking…" (as it does until its first answer), Discord
                # shows the first follow-up in its place, as the edit would have.
                await webhook.send(ephemeral=answer.kind == FOLLOW_UP or owed.private,
                                   **answer_fields(answer.kept, edit=False))

    async def _lapsed(self, owed: _Owed) -> bool:
        """Whether the token, answered 404, can no longer be used: only once the message
        that shows "thinking…" cannot be read either (``DiscordIO.token_lapsed``), through
        the live interaction, else by its id. Without either, Discord's word is taken."""
        if owed.interaction is not None:
            return await self._io.token_lapsed(owed.interaction)
        if owed.message_id is None:
            return True
        try:
            with discord_call():
                await self._webhook(owed).fetch_message(owed.message_id)
        except DiscordFailure as failure:
            log_failure(failure, "could not read the answer to user %s", owed.user_id)
            return True
        return False

    # --- the store: a failure to write is logged, and the answer still given -----------

    async def _keep(self, owed: _Owed, answer: _Answer) -> int | None:
        try:
            return await self._store.add_owed_answer(owed.row(answer, _now()))
        except Exception:
            log.exception("the answer to user %s could not be kept: a restart would lose it",
                          owed.user_id)
            return None

    async def _token_unusable(self, owed: _Owed) -> None:
        now = _now()
        owed.token_expires = min(owed.token_expires, now)
        try:
            await self._store.owed_token_unusable(owed.interaction_id, now)
        except Exception:
            log.exception("the answers to user %s: the end of their token was not kept",
                          owed.user_id)

    async def _attempt_failed(self, owed: _Owed, answer: _Answer) -> None:
        if answer.seq is None:
            return
        try:
            await self._store.owed_attempt_failed(owed.interaction_id, answer.seq)
        except Exception:
            log.exception("the answer to user %s: its failed attempt was not counted",
                          owed.user_id)

    async def _ended(self, owed: _Owed, answer: _Answer | None) -> None:
        """``answer`` given or told (None: every answer the command owed)."""
        if answer is None:
            owed.answers.clear()
        else:
            owed.answers.remove(answer)
        if answer is not None and answer.seq is None:
            return
        try:
            await self._store.drop_owed_answer(owed.interaction_id,
                                               None if answer is None else answer.seq)
        except Exception:
            # Left in the store: a restart would give it again (twice rather than never).
            log.exception("the answer to user %s: its end was not kept", owed.user_id)

    def close(self) -> None:
        self.retries.close()


def _now() -> float:
    """Now, in seconds since the epoch, on discord.py's clock (which test harnesses move)."""
    return discord.utils.utcnow().timestamp()


def _clicked_message_id(interaction: discord.Interaction[Any]) -> int | None:
    return interaction.message.id if interaction.message is not None else None


def _describe(interaction: discord.Interaction[Any]) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    return f"click {custom_id}" if custom_id else "an interaction"
