"""Every call the bot makes to Discord, and what a failed call means.

A failed call raises ``DiscordFailure``, whose ``kind`` tells the caller what to do:

- ``gone``: the channel, message or interaction no longer exists (10003 Unknown Channel,
  10008 Unknown Message, 10062 Unknown Interaction, or a plain 404): drop the effect;
- ``forbidden``: the bot lacks a permission there (50013 Missing Permissions, 50001 Missing
  Access, or a plain 403): someone must change the channel's settings;
- ``retry_later``: Discord is rate limiting (429) or failing (5xx), or the network is: the
  same call can succeed later;
- ``rejected``: Discord refused the request itself (a 400): a bug on our side.

Private answers to a click are the exception: nothing can be done when one cannot be
delivered, so those failures are logged here and not raised.
"""

from __future__ import annotations

import contextlib
import enum
import logging
from collections.abc import Iterator
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

# Discord's limit on a message's text.
MAX_CONTENT = 2000
MENTION_USERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True)
MENTION_NOBODY = discord.AllowedMentions.none()

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013

SOMETHING_WENT_WRONG = (
    "Something went wrong on my side; it has been logged. `/kot board` shows the game as it "
    "stands."
)


class FailureKind(enum.Enum):
    GONE = "gone"
    FORBIDDEN = "forbidden"
    RETRY_LATER = "retry_later"
    REJECTED = "rejected"


_KIND_BY_CODE = {
    UNKNOWN_CHANNEL: FailureKind.GONE,
    UNKNOWN_MESSAGE: FailureKind.GONE,
    UNKNOWN_INTERACTION: FailureKind.GONE,
    MISSING_ACCESS: FailureKind.FORBIDDEN,
    MISSING_PERMISSIONS: FailureKind.FORBIDDEN,
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
    def __init__(self, client: discord.Client) -> None:
        self._client = client

    def _channel(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(channel_id, guild_id=guild_id)

    # --- channel messages (no interaction token: they work for games of any length) -

    async def post(self, channel_id: int, guild_id: int | None, *, content: str,
                   embed: discord.Embed, file: discord.File,
                   view: discord.ui.View | None) -> int:
        """A new message that may ping the users it mentions; returns its id."""
        extra: dict[str, Any] = {} if view is None else {"view": view}
        with discord_call():
            message = await self._channel(channel_id, guild_id).send(
                content=content, embed=embed, file=file, allowed_mentions=MENTION_USERS_ONLY,
                **extra,
            )
        return message.id

    async def notify(self, channel_id: int, guild_id: int | None, text: str) -> int:
        """A notice that pings nobody; returns its id."""
        with discord_call():
            message = await self._channel(channel_id, guild_id).send(
                text[:MAX_CONTENT], allowed_mentions=MENTION_NOBODY)
        return message.id

    async def ping(self, channel_id: int, guild_id: int | None, text: str) -> int:
        """A short message that notifies the users it mentions; returns its id."""
        with discord_call():
            message = await self._channel(channel_id, guild_id).send(
                text[:MAX_CONTENT], allowed_mentions=MENTION_USERS_ONLY)
        return message.id

    async def delete(self, channel_id: int, guild_id: int | None, message_id: int) -> None:
        """Delete one of the bot's own messages (no permission needed for its own)."""
        with discord_call():
            await self._channel(channel_id, guild_id).get_partial_message(message_id).delete()

    async def post_lobby(self, channel_id: int, guild_id: int | None, *, content: str,
                         embed: discord.Embed, view: discord.ui.View) -> int:
        """The lobby as a channel message (when there is no /kot start to answer)."""
        with discord_call():
            message = await self._channel(channel_id, guild_id).send(
                content=content, embed=embed, view=view, allowed_mentions=MENTION_NOBODY)
        return message.id

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
            with discord_call():
                if interaction is not None and _clicked_message_id(interaction) == message_id:
                    await interaction.edit_original_response(**fields)
                else:
                    await self._channel(channel_id, guild_id).get_partial_message(
                        message_id).edit(**fields)
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
                    await interaction.response.defer(ephemeral=True, thinking=True)
                else:
                    await interaction.response.defer()
        except (DiscordFailure, discord.InteractionResponded) as failure:
            log.info("%s by user %s: the acknowledgement was refused: %s",
                     _describe(interaction), interaction.user.id, failure)
            return False
        return True

    async def respond(self, interaction: discord.Interaction[Any], *, content: str,
                      embed: discord.Embed, view: discord.ui.View) -> int:
        """A public answer to a command (replacing its "thinking…" when it was deferred);
        returns its message id."""
        with discord_call():
            if interaction.response.is_done():
                message = await interaction.edit_original_response(content=content,
                                                                   embed=embed, view=view)
                return message.id
            await interaction.response.send_message(content=content, embed=embed, view=view)
            message = await interaction.original_response()
        return message.id

    async def edit_response(self, interaction: discord.Interaction[Any], **fields: Any) -> None:
        """Edit the private message this interaction answers or came from (an answer: a
        failure is logged, not raised)."""
        try:
            with discord_call():
                await interaction.edit_original_response(**fields)
        except DiscordFailure as failure:
            log_failure(failure, "could not edit the answer to user %s", interaction.user.id)

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
        """A message only the clicker sees: the answer, or a follow-up once acknowledged."""
        if content is not None:
            extra["content"] = content[:MAX_CONTENT]
        try:
            with discord_call():
                if interaction.response.is_done():
                    await interaction.followup.send(ephemeral=True, **extra)
                else:
                    await interaction.response.send_message(ephemeral=True, **extra)
        except DiscordFailure as failure:
            log_failure(failure, "could not answer user %s privately", interaction.user.id)

    async def report_failure(self, interaction: discord.Interaction[Any], error: BaseException,
                             text: str = SOMETHING_WENT_WRONG) -> None:
        """The one error path of clicks and commands: log the error, tell the user."""
        log.error("%s by user %s failed", _describe(interaction), interaction.user.id,
                  exc_info=error)
        await self.reply_privately(interaction, text)


def _clicked_message_id(interaction: discord.Interaction[Any]) -> int | None:
    return interaction.message.id if interaction.message is not None else None


def _describe(interaction: discord.Interaction[Any]) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    return f"click {custom_id}" if custom_id else "an interaction"
