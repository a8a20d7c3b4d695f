"""Playing: ``/kot board``, ``/kot hint``, ``/kot me`` (outside a game: the player's
achievements), ``/kot log``, ``/kot leave``, ``/kot end``, and the channels and servers that
go away. The game's buttons are handled by
``bot.discord.clicks``."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.clicks import may_end
from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.messages import mention
from bot.discord.record_embeds import achievements_embed
from bot.table import publish
from bot.table.league.achievements import earned
from bot.table.model import BrokenGame, Refused

log = logging.getLogger(__name__)

class PlayCog(KotCog, name="Play"):
    @app_commands.command(name="board", description=words("cmd-board"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        """A fresh copy of the board (or of the lobby), which also repairs a table whose
        board was deleted or could not be shown."""
        request = self.request(interaction)
        game = await self._channel_game(request)
        if game is None:
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        show = partial(self.bot.delivery.show, origin=interaction)
        try:
            shown = await self.bot.service.show_board(game.id, publish.repost, show)
        except Refused as refusal:
            await request.refuse(refusal)
            return
        if shown.complete:  # otherwise the asker was told what went wrong
            await request.tell("board-posted")

    @app_commands.command(name="hint",
                          description=words("cmd-hint"))
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        """The Monte-Carlo player's move for the question the player is asked, and why."""
        request = self.request(interaction)
        game = await self._channel_game(request)
        if game is None:
            return
        seat = game.seat_of(request.user_id)
        state = game.state
        asked = next((d for d in state.pending if d.seat == seat), None) if state else None
        if asked is None or state is None:
            why = ("not-started" if state is None else "not-playing" if seat is None
                   else "not-asked")
            await request.tell(f"hint-{why}")
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        reason = await self.bot.autopilot.hint(state, asked, game.id, request.language)
        await request.answer(f"💡 {reason}")

    @app_commands.command(name="me",
                          description=words("cmd-me"))
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction[Any]) -> None:
        """The board's 📋 My monster, as a command: for when the board has no room for the
        button, or is far up the channel. Where no game is in play (none, or a lobby), the
        player's achievements on this server instead."""
        request = self.request(interaction)
        game = await self._channel_game(request, missing=None)
        if game is not None and game.status != "lobby":
            await self.bot.clicks.monster_panel(request, game.id)
            return
        if request.acknowledged:  # (told that the channel's game cannot be read)
            return
        guild_id = interaction.guild_id
        assert guild_id is not None  # (a guild-only command)
        played = await self.bot.service.record_book.records(guild_id, user_id=request.user_id)
        await request.answer(None, embed=achievements_embed(
            request.user_id, request.name, earned(played, request.user_id), request.language))

    @app_commands.command(name="log", description=words("story-cmd-log"))
    @app_commands.guild_only()
    async def story(self, interaction: discord.Interaction[Any]) -> None:
        """The board's 📜 Story, as a command: the last turns, privately."""
        request = self.request(interaction)
        game = await self._channel_game(request)
        if game is not None:
            await self.bot.clicks.story(request, game.id)

    @app_commands.command(name="leave",
                          description=words("cmd-leave"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Leave a lobby, or a game in play: the autopilot plays the monster to the end, so
        the others' game goes on as it was."""
        request = self.request(interaction)
        game = await self._channel_game(request)
        if game is None:
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        try:
            if game.status == "lobby":
                await self.bot.service.lobbies.leave(game.id, request.user_id,
                                                     self.bot.delivery.show)
                left = "left-lobby"
            else:
                await self.bot.service.leave(game.id, request.user_id, self.bot.delivery.show)
                left = "left-game"
        except Refused as refusal:
            await request.refuse(refusal)
            return
        await request.tell(left)

    @app_commands.command(name="end", description=words("cmd-end"))
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        request = self.request(interaction)
        game = await self._channel_game(request)
        if game is None:
            return
        if not may_end(request, game):
            await request.tell("end-not-allowed", host=mention(game.host_id))
            return
        await self.bot.clicks.ask_to_end(request, game)

    # --- channels and servers that go away ------------------------------------------
    # (An event that comes while the bot closes is not handled: missed, as it is when it
    # comes while the bot is down.)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """Someone deleted a live board or lobby: the table gets it back at once."""
        game_id = self.bot.service.game_with_live_message(payload.message_id)
        if game_id is None or not self.bot.in_hand.take():
            return
        log.info("game %s: its live message was deleted; posting it again", game_id)
        try:
            await self.bot.delivery.message_deleted(game_id, payload.message_id)
        except (Refused, BrokenGame) as error:
            log.info("game %s: not posted again: %s", game_id, error)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self.bot.in_hand.take():
            await self._end_games_in(channel.id)

    @commands.Cog.listener()
    async def on_thread_delete(self, thread: discord.Thread) -> None:
        if self.bot.in_hand.take():
            await self._end_games_in(thread.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        if not self.bot.in_hand.take():
            return
        for channel_id in await self.bot.service.busy_channels(guild.id):
            await self._end_games_in(channel_id)

    async def _end_games_in(self, channel_id: int) -> None:
        service = self.bot.service
        try:
            game = await service.game_in_channel(channel_id)
            if game is not None:
                await service.end(game.id, self.bot.delivery.show, notice=None)
                log.info("game %s ended: its channel or server is gone", game.id)
        except (Refused, BrokenGame):
            pass
