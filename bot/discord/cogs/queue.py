"""``/kot queue join``, ``leave`` and ``show``: the server's matchmaking queue
(``bot.table.league.matchmaking``).

A player joins with the table sizes and the clock they accept, for as long as they choose.
The join that completes a table opens it: in a new thread of the channel where the server
opens games in threads or the channel has a game already, else in the channel itself; the
game starts at once, and a notice in it calls its players. Answers are private.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.cogs.lobby import THREAD_PARENT_TYPES
from bot.discord.command_words import words
from bot.discord.io import DiscordFailure, log_failure
from bot.discord.locales import server_language
from bot.discord.messages import forbidden_text, missing_permissions
from bot.discord.request import Request
from bot.i18n import text
from bot.table.league.queue import (
    LARGEST_TABLE,
    QUEUE_CLOCKS,
    SMALLEST_TABLE,
    Match,
    QueueClock,
    QueueEntry,
)
from bot.table.model import Refused

Interaction = discord.Interaction[Any]

# How long an entry waits, at most (a week: a long game's players come by over days).
MAX_MINUTES = 7 * 24 * 60
DEFAULT_MINUTES = 60
# The waiting players /kot queue show lists, longest waiting first (the rest are counted).
SHOWN_WAITING = 15


class QueueCog(KotCog, name="Queue"):
    queue = app_commands.Group(name="queue", description=words("queue-cmd"),
                               guild_only=True)

    @queue.command(name="join", description=words("queue-cmd-join"))
    @app_commands.describe(least=words("queue-cmd-join-least"),
                           most=words("queue-cmd-join-most"),
                           clock=words("queue-cmd-join-clock"),
                           minutes=words("queue-cmd-join-minutes"))
    @app_commands.choices(clock=[app_commands.Choice(name=words(f"queue-clock-{clock}"),
                                                     value=clock) for clock in QUEUE_CLOCKS])
    async def join(self, interaction: Interaction,
                   least: app_commands.Range[int, SMALLEST_TABLE, LARGEST_TABLE] = 3,
                   most: app_commands.Range[int, SMALLEST_TABLE, LARGEST_TABLE] = 5,
                   clock: app_commands.Choice[str] | None = None,
                   minutes: app_commands.Range[int, 5, MAX_MINUTES] = DEFAULT_MINUTES,
                   ) -> None:
        request = self.request(interaction)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if least > most:
            await request.tell("queue-sizes-backwards", least=least, most=most)
            return
        chosen: QueueClock = "long" if clock is not None and clock.value == "long" else "live"
        if not await request.acknowledge(thinking_privately=True):
            return
        matchmaking = self.bot.service.matchmaking
        now = matchmaking.now()
        entry = QueueEntry(
            guild_id=interaction.guild_id, user_id=request.user_id, name=request.name,
            channel_id=interaction.channel_id, least=least, most=most, clock=chosen,
            rating=await matchmaking.rating(interaction.guild_id, request.user_id),
            joined_at=now, expires_at=now + minutes * 60, language=request.language)
        match = await matchmaking.join(entry)
        if match is None:
            waiting = len(await matchmaking.entries(interaction.guild_id))
            await request.tell("queue-joined", sizes=_sizes(request, least, most),
                               clock=request.text(f"queue-clock-{chosen}"),
                               until=f"<t:{int(entry.expires_at)}:R>", waiting=waiting)
            return
        await self._open(request, match)

    @queue.command(name="leave", description=words("queue-cmd-leave"))
    async def leave(self, interaction: Interaction) -> None:
        request = self.request(interaction)
        assert interaction.guild_id is not None
        left = await self.bot.service.matchmaking.leave(interaction.guild_id, request.user_id)
        await request.tell("queue-left" if left else "queue-not-in")

    @queue.command(name="show", description=words("queue-cmd-show"))
    async def show(self, interaction: Interaction) -> None:
        request = self.request(interaction)
        assert interaction.guild_id is not None
        entries = await self.bot.service.matchmaking.entries(interaction.guild_id)
        if not entries:
            await request.tell("queue-empty")
            return
        lines = [request.text("queue-waiting-line", name=entry.name,
                              sizes=_sizes(request, entry.least, entry.most),
                              clock=request.text(f"queue-clock-{entry.clock}"),
                              until=f"<t:{int(entry.expires_at)}:R>")
                 for entry in sorted(entries, key=lambda e: (e.joined_at, e.user_id))]
        if len(lines) > SHOWN_WAITING:  # (a message holds 2,000 characters)
            lines = [*lines[:SHOWN_WAITING],
                     request.text("queue-waiting-more", more=len(lines) - SHOWN_WAITING)]
        await request.answer("\n".join([request.text("queue-waiting", waiting=len(entries)),
                                        *lines]))

    async def _open(self, request: Request, match: Match) -> None:
        """Open the table the asker's joining completed, and tell them where it is."""
        channel_id = await self._table_channel(request, match)
        if channel_id is None:
            return
        try:
            await self.bot.service.matchmaking.open(
                match, channel_id, self.bot.delivery.show,
                server_language=server_language(request.interaction))
        except Refused as refusal:
            await request.answer(request.text("queue-not-opened",
                                              reason=refusal.said(request.language)))
            return
        await request.tell("queue-table-opened", size=match.size, channel=f"<#{channel_id}>")

    async def _table_channel(self, request: Request, match: Match) -> int | None:
        """Where the table opens (see the module's notes: a channel that cannot have
        threads, or a thread, plays it itself); None, with the asker told why, when it
        cannot open (their entry stays in the queue)."""
        interaction = request.interaction
        assert interaction.channel_id is not None and interaction.guild_id is not None
        channel = interaction.channel
        channel_type = channel.type if channel is not None else None
        service = self.bot.service
        busy = await service.games.active_in_channel(interaction.channel_id) is not None
        settings = await service.settings.server_settings(interaction.guild_id)
        in_thread = channel_type in THREAD_PARENT_TYPES and (settings.threads or busy)
        if not in_thread:
            if busy:  # (a thread, or a channel that cannot have threads, with a game)
                await request.tell("queue-channel-busy")
                return None
            return interaction.channel_id
        missing = missing_permissions(interaction, new_thread=True)
        if missing:
            await request.answer(forbidden_text(missing, "Missing Permissions",
                                                request.language))
            return None
        language = settings.game_language(server_language(interaction),
                                          match.players[0].language)
        try:
            return await self.bot.io.create_thread(
                interaction.channel_id, text(language, "queue-thread-name", size=match.size))
        except DiscordFailure as failure:
            log_failure(failure, "could not open a thread in channel %s",
                        interaction.channel_id)
            await request.tell("queue-thread-failed", reason=failure.reason)
            return None


def _sizes(request: Request, least: int, most: int) -> str:
    """The table sizes an entry accepts, as the asker reads them."""
    return request.text("queue-sizes", least=least, most=most,
                        same="yes" if least == most else "no")
