"""``/kot start`` and ``/kot learn``: open a lobby. Its buttons and menus are handled by
``bot.discord.clicks``."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.io import DiscordFailure, log_failure
from bot.discord.locales import server_language
from bot.discord.messages import (
    channel_busy_text,
    forbidden_text,
    jump_url,
    missing_permissions,
)
from bot.discord.publisher import LOBBY_ANSWER_DEFERRED
from bot.discord.request import Request
from bot.i18n import text
from bot.table import publish, timers
from bot.table.model import GAME_CHOICES, BrokenGame, GameChoice, Refused, ServerSettings

# Discord wants an answer within 3 seconds. The lobby is the answer when it is stored by
# then; otherwise the command is acknowledged ("thinking…") and the lobby replaces that.
ANSWER_WITHIN = 2.0

Interaction = discord.Interaction[Any]

# Where /kot start opens the lobby in the channel itself (a game already in a thread), and
# the channels that can have public threads.
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)
THREAD_PARENT_TYPES = (discord.ChannelType.text, discord.ChannelType.news)


class LobbyCog(KotCog, name="Lobby"):
    @app_commands.command(name="start", description=words("cmd-start"))
    @app_commands.describe(game=words("cmd-start-game"), thread=words("games-cmd-start-thread"))
    @app_commands.choices(game=[app_commands.Choice(name=words(f"cmd-start-game-{value}"),
                                                    value=value) for value in GAME_CHOICES])
    @app_commands.guild_only()
    async def start(self, interaction: Interaction,
                    game: app_commands.Choice[str] | None = None,
                    thread: bool | None = None) -> None:
        choice = next((c for c in GAME_CHOICES if game is not None and c == game.value), None)
        await self._open(self.request(interaction), choice, thread)

    @app_commands.command(name="learn", description=words("learn-cmd"))
    @app_commands.guild_only()
    async def learn(self, interaction: Interaction) -> None:
        """A guided first game: a lobby with Easy AI monsters where the coach is on
        (``bot.table.coach``); friends may join it as any lobby."""
        await self._open(self.request(interaction), None, None, learn=True)

    async def _open(self, request: Request, choice: GameChoice | None,
                    thread: bool | None, *, learn: bool = False) -> None:
        interaction = request.interaction
        assert interaction.channel_id is not None
        assert interaction.guild_id is not None  # (guild only)
        # (A read: it never waits for another game's write, so the answer stays in time.)
        settings = await self.bot.service.settings.server_settings(interaction.guild_id)
        where = await self._where(request, thread, settings)
        if where == "new thread":
            await self._start_in_thread(request, choice, settings, learn=learn)
        if where != "here":
            return
        # The answer is either the lobby (sent by the delivery's pass) or the deferral:
        # never both at once.
        answering = asyncio.Lock()

        async def show(game_id: int) -> object:
            async with answering:
                return await self.bot.delivery.show(game_id, origin=interaction)

        opening = asyncio.create_task(self.bot.service.lobbies.open(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=request.user_id, show=show, host_name=request.name,
            choice=choice, server_language=server_language(interaction),
            host_language=request.language, learn=learn))
        # (Timed on the deadlines' clock: the one the tests move.)
        answer_due = asyncio.create_task(timers.sleep(ANSWER_WITHIN))
        await asyncio.wait({opening, answer_due}, return_when=asyncio.FIRST_COMPLETED)
        answer_due.cancel()
        if not opening.done():
            async with answering:
                if not request.acknowledged:
                    interaction.extras[LOBBY_ANSWER_DEFERRED] = True
                    await request.acknowledge()
        try:
            game = await opening
        except Refused as refusal:
            await self._already_busy(request, refusal)
            return
        if request.thinking:
            # Another pass of this lobby (a second /kot start here, at once) posted it while
            # this command was being deferred: the "thinking…" says where it is.
            latest = self.bot.service.cached(game.id) or game
            await request.edit(content=request.text("lobby-shown-in-channel",
                                                    url=jump_url(latest) or "none"))

    async def _where(self, request: Request, asked: bool | None,
                     settings: ServerSettings) -> Literal["here", "new thread", "refused"]:
        """Where this lobby opens: in a new thread as the command's ``thread`` option says,
        else as the server's setting; but here from inside a thread, and here where the
        channel cannot have threads, unless the option asked for one: then the asker is
        told so ("refused")."""
        channel = request.interaction.channel
        channel_type = channel.type if channel is not None else None
        if channel_type in THREAD_TYPES:
            return "here"
        if not (settings.threads if asked is None else asked):
            return "here"
        if channel_type in THREAD_PARENT_TYPES:
            return "new thread"
        if not asked:
            return "here"
        await request.tell("games-no-threads-here")
        return "refused"

    async def _start_in_thread(self, request: Request, choice: GameChoice | None,
                               settings: ServerSettings, *, learn: bool) -> None:
        """A lobby in a new public thread of the channel, the command's public answer
        pointing to it; refused privately, with nothing made, where the bot lacks a
        permission it needs for it."""
        interaction = request.interaction
        assert interaction.channel_id is not None and interaction.guild_id is not None
        missing = missing_permissions(interaction, new_thread=True)
        if missing:
            await request.answer(forbidden_text(missing, "Missing Permissions",
                                                request.language))
            return
        if not await request.acknowledge():  # a thread, then the lobby, take a while
            return
        host = request.name
        language = settings.game_language(server_language(interaction), request.language)
        try:
            thread_id = await self.bot.io.create_thread(
                interaction.channel_id, text(language, "games-thread-name", host=host))
        except DiscordFailure as failure:
            log_failure(failure, "could not open a thread in channel %s",
                        interaction.channel_id)
            await request.edit(content=request.text("games-thread-failed",
                                                    reason=failure.reason))
            return
        await self.bot.service.lobbies.open(
            guild_id=interaction.guild_id, channel_id=thread_id, host_id=request.user_id,
            show=self.bot.delivery.show, host_name=host, choice=choice,
            server_language=server_language(interaction),
            host_language=request.language, learn=learn)
        await request.edit(content=text(language, "games-thread-opened", host=host,
                                        thread=f"<#{thread_id}>"))

    async def _already_busy(self, request: Request, refusal: Refused) -> None:
        """The channel has a lobby or a game: say so, and make sure it is shown (its message
        may have been deleted while the bot was away)."""
        interaction = request.interaction
        assert interaction.channel_id is not None
        service = self.bot.service
        try:
            game = await service.game_in_channel(interaction.channel_id)
        except BrokenGame:
            game = None
        deferred = bool(interaction.extras.get(LOBBY_ANSWER_DEFERRED))
        if game is None:
            await self._refuse(request, refusal.said(request.language), deferred=deferred)
            return
        if not deferred and not await request.acknowledge(thinking_privately=True):
            return
        await service.show_board(game.id, publish.refresh, self.bot.delivery.show)
        latest = service.cached(game.id) or game
        await self._refuse(request, channel_busy_text(latest, request.language),
                           deferred=deferred)

    async def _refuse(self, request: Request, text: str, *, deferred: bool) -> None:
        """A refusal is private, except after a slow store made the answer public already:
        then the "thinking…" answer says it."""
        if deferred:
            await request.edit(content=text)
        else:
            await request.answer(text)
