"""Playing: the game buttons, the turn timer, ``/kot board`` and ``/kot end``.

A click: a quick check that needs no lock (wrong player, passed moment: a private answer at
once), otherwise acknowledge (defer), then the service applies and stores the action under the
game's lock, then the board is updated: edited within a turn, a fresh message for a new turn.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import KotCog
from bot.messages import (
    MENTION_USERS_ONLY,
    board_content,
    board_embed,
    board_file,
    final_embed,
    jump_url,
    mention,
)
from bot.service import BrokenGame, Game, Outcome, Refused, pending_decision
from bot.timers import TurnTimers
from bot.views import ConfirmEndView, board_view

if TYPE_CHECKING:
    from bot.app import KotBot

log = logging.getLogger(__name__)

POST_FAILED = (
    "I could not post a new message in this channel ({reason}), so the game goes on in the "
    "message above. Please let me Send Messages, Embed Links and Attach Files here."
)
SOMETHING_WENT_WRONG = (
    "Something went wrong on my side; it has been logged. `/kot board` shows the game as it "
    "stands."
)
ABANDONED_NOTICE = "🛑 King of Tokyo game #{game_id} ended: nobody has played for a long while."
GONE_CODES = (10003, 50001)  # Unknown Channel, Missing Access: the channel is out of reach

BROKEN_NOTICE = (
    "⚠️ King of Tokyo game #{game_id} in this channel cannot be loaded ({reason}), so it has "
    "been stopped. Its record is kept for the maintainers; `/kot start` opens a new game."
)


class PlayCog(KotCog, name="Play"):
    def __init__(self, bot: KotBot) -> None:
        super().__init__(bot)
        self.timers = TurnTimers(self._expire)

    async def cog_unload(self) -> None:
        self.timers.close()

    async def restore(self) -> None:
        """At start-up: read every game in progress, restart their timers, and tell the
        channels of games that cannot be read."""
        games, broken = await self.bot.service.load_active()
        for game in games:
            self.schedule_timer(game)
        for error in broken:
            await self.report_broken(error)
        log.info("restored %d games (%d unreadable)", len(games), len(broken))

    async def report_broken(self, error: BrokenGame) -> None:
        log.error("game %s is broken: %s", error.game_id, error.reason)
        channel = self.bot.get_partial_messageable(error.channel_id)
        try:
            await channel.send(BROKEN_NOTICE.format(game_id=error.game_id, reason=error.reason))
        except discord.HTTPException:
            log.exception("could not tell channel %s about broken game %s", error.channel_id,
                          error.game_id)

    # --- clicks ---------------------------------------------------------------------

    async def on_game_click(
        self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, code: str
    ) -> None:
        try:
            await self._game_click(interaction, game_id, decision_id, code)
        except Exception:
            await self.report_failure(interaction, f"game {game_id}: a click failed")

    async def _game_click(
        self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, code: str
    ) -> None:
        service = self.bot.service
        try:
            game = await service.peek(game_id)
        except Refused as refusal:
            await interaction.response.send_message(str(refusal), ephemeral=True)
            return
        except BrokenGame as error:
            await interaction.response.send_message(
                "This game's saved state cannot be read, so it has been stopped.", ephemeral=True
            )
            await self.report_broken(error)
            return
        problem = service.refusal(game, interaction.user.id, decision_id)
        if problem is not None:
            clicked = interaction.message.id if interaction.message is not None else None
            passed = game.state is not None and pending_decision(game.state, decision_id) is None
            player = game.seat_of(interaction.user.id) is not None
            if game.status == "playing" and passed and player and clicked == game.board_message_id:
                # The live board shows a moment that has passed (its last edit failed, or the
                # bot stopped between saving and showing): bring it up to date.
                await interaction.response.defer()
                async with service.lock(game_id):
                    game = await service.game(game_id)
                    await self._edit_board(game, interaction, **await self._board_fields(game))
                await interaction.followup.send(
                    problem.split(":")[0] + ": the board is up to date again.", ephemeral=True
                )
                return
            await interaction.response.send_message(_with_link(problem, game), ephemeral=True)
            return
        await interaction.response.defer()

        async def show(outcome: Outcome) -> None:
            await self.publish(outcome, interaction)

        try:
            await service.click(game_id, interaction.user.id, decision_id, code, show)
        except Refused as refusal:
            # Lost a race (another click got there first) or an illegal move.
            await interaction.followup.send(_with_link(str(refusal), game), ephemeral=True)

    async def report_failure(self, interaction: discord.Interaction[Any], what: str) -> None:
        """An unexpected error: log it and tell the player, instead of a silent failure."""
        log.exception(what)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(SOMETHING_WENT_WRONG, ephemeral=True)
            else:
                await interaction.response.send_message(SOMETHING_WENT_WRONG, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell the player about the failure", exc_info=True)

    # --- boards ---------------------------------------------------------------------

    async def publish_start(
        self, outcome: Outcome, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        await self._show_new_board(outcome.game, interaction)

    async def publish(
        self, outcome: Outcome, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Show an accepted change: edit this turn's board, or post the next one and then
        close the finished one. Runs under the game's lock (see ``bot.service.Show``)."""
        game = outcome.game
        state = game.playing_state()
        if game.status == "ended":
            self.schedule_timer(game)
            await self._edit_board(game, interaction, view=None)
            await self._notify(game, ABANDONED_NOTICE.format(game_id=game.id))
            return
        if outcome.turn_changed or state.over:
            closing = outcome.closing_log if outcome.closing_log is not None else (
                game.chronicle.log
            )
            finished = outcome.before or state
            turn = finished.turn.number if finished.turn is not None else 0
            old_board = game.board_message_id
            if await self._show_new_board(game, interaction):
                # Only once the new board is up does the finished one lose its buttons.
                await self._edit_message(
                    game, old_board, content=f"Turn {turn} is over.",
                    embed=board_embed(game, closing, finished), view=None,
                )
        elif outcome.redraw:
            self.schedule_timer(game)
            await self._edit_board(game, interaction, **await self._board_fields(game))
        else:
            # Only kept dice changed: the buttons show them, the picture stays.
            await self._edit_board(game, interaction, view=board_view(game))

    async def _board_fields(self, game: Game) -> dict[str, Any]:
        return {
            "content": board_content(game),
            "embed": board_embed(game),
            "attachments": [await board_file(game.playing_state())],
            "view": board_view(game),
        }

    async def _show_new_board(
        self, game: Game, interaction: discord.Interaction[Any] | None
    ) -> bool:
        """Post the board as a new message; True when it was posted. If the channel refuses
        (a missing permission), the game goes on in the clicked message instead, and the
        player is told why. Turn timers run only while a board with buttons is up."""
        try:
            await self.post_board(game)
        except discord.HTTPException as error:
            log.warning("game %s: could not post the board", game.id, exc_info=True)
            if interaction is None or interaction.message is None:
                return False
            game = await self.bot.service.game(game.id)
            fields = await self._board_fields(game)
            if game.playing_state().over:
                fields["embed"] = final_embed(game)
            await self._edit_board(game, interaction, **fields)
            await self.bot.service.set_board_message(game.id, interaction.message.id)
            self.schedule_timer(await self.bot.service.game(game.id))
            await interaction.followup.send(POST_FAILED.format(reason=error.text or error),
                                            ephemeral=True)
            return False
        self.schedule_timer(await self.bot.service.game(game.id))
        return True

    async def post_board(self, game: Game) -> None:
        """A fresh board message (a new turn, the end, or /kot board), mentioning who acts."""
        state = game.playing_state()
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        embed = final_embed(game) if state.over else board_embed(game)
        view = board_view(game)
        file = await board_file(state)
        if view is None:
            message = await channel.send(content=board_content(game), embed=embed, file=file,
                                         allowed_mentions=MENTION_USERS_ONLY)
        else:
            message = await channel.send(content=board_content(game), embed=embed, file=file,
                                         view=view, allowed_mentions=MENTION_USERS_ONLY)
        if not state.over:
            await self.bot.service.set_board_message(game.id, message.id)

    async def _notify(self, game: Game, text: str) -> None:
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("game %s: could not post a notice", game.id, exc_info=True)

    async def _edit_message(self, game: Game, message_id: int | None, **fields: Any) -> None:
        """Edit one of the game's messages through the channel (no interaction token needed)."""
        if message_id is None:
            return
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.get_partial_message(message_id).edit(**fields)
        except discord.HTTPException:
            log.warning("game %s: could not edit message %s", game.id, message_id,
                        exc_info=True)

    async def _edit_board(
        self, game: Game, interaction: discord.Interaction[Any] | None, **fields: Any
    ) -> None:
        """Edit the clicked message through the click (its token is fresh), else the board
        message through the channel."""
        if interaction is None or interaction.message is None:
            await self._edit_message(game, game.board_message_id, **fields)
            return
        try:
            await interaction.edit_original_response(**fields)
        except discord.HTTPException:
            # The game is saved; the next click on this stale board refreshes it.
            log.warning("game %s: could not edit the board", game.id, exc_info=True)

    # --- the turn timer -------------------------------------------------------------

    def schedule_timer(self, game: Game) -> None:
        """Time the pending decisions from when they were asked (so a restart does not give
        anyone a fresh full delay); no pending decision stops the timer."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state and game.status == "playing" else ()
        timeout = self.bot.settings.turn_timeout
        if not waiting or timeout <= 0:
            self.timers.set(game.id, (), 0)
            return
        asked_at = game.chronicle.asked_at
        waited = max(0.0, self.bot.clock() - asked_at) if asked_at else 0.0
        self.timers.set(game.id, waiting, max(timeout - waited, 0.001))

    async def _expire(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        try:
            await self.bot.service.timeout(game_id, decision_ids, self.publish)
        except (Refused, BrokenGame):
            log.info("game %s: timer fired for a game that is gone", game_id)
        except Exception:
            log.exception("game %s: the turn timer failed; it will try again", game_id)
            game = self.bot.service.cached(game_id)
            if game is not None:
                self.timers.set(game.id, tuple(d.id for d in game.playing_state().pending),
                                max(self.bot.settings.turn_timeout, 1.0))

    # --- commands -------------------------------------------------------------------

    @app_commands.command(name="board", description="Post the current board again")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        game = await self._channel_game(interaction)
        if game is None:
            return
        if game.status != "playing":
            await interaction.response.send_message(
                "The game has not started yet: the lobby is above.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.service.lock(game.id):
            game = await self.bot.service.game(game.id)
            await self.post_board(game)
            if game.board_message_id is not None:
                # One live set of buttons: the old copy keeps its picture, loses its buttons.
                await self._edit_board(game, None, view=None)
        await interaction.followup.send("Board posted below.", ephemeral=True)

    @app_commands.command(name="end", description="End the game in this channel")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        game = await self._channel_game(interaction)
        if game is None:
            return
        if not self._may_end(interaction, game):
            await interaction.response.send_message(
                f"Only the host ({mention(game.host_id)}) or someone who can manage this "
                "channel can end the game.", ephemeral=True)
            return
        await interaction.response.send_message(
            "End this game for everyone? It cannot be resumed.",
            view=ConfirmEndView(game.id, interaction), ephemeral=True,
        )

    async def on_end_answer(
        self, interaction: discord.Interaction[Any], game_id: int, *, confirmed: bool
    ) -> None:
        await interaction.response.defer()  # ending waits for the game's lock
        if not confirmed:
            await interaction.edit_original_response(content="The game goes on.", view=None)
            return
        try:
            game = await self.bot.service.peek(game_id)
            if not self._may_end(interaction, game):
                raise Refused("you may not end this game")
            await self.end_game(game_id, f"🛑 {interaction.user.mention} ended King of Tokyo "
                                         f"game #{game_id}.")
        except (Refused, BrokenGame) as error:
            await interaction.edit_original_response(content=str(error), view=None)
            return
        except Exception:
            await self.report_failure(interaction, f"game {game_id}: /kot end failed")
            return
        await interaction.edit_original_response(content="Game ended.", view=None)

    async def end_game(self, game_id: int, notice: str | None) -> None:
        """End a lobby or game for good: its buttons go, and the channel is told."""
        game = await self.bot.service.end(game_id)
        self.schedule_timer(game)
        await self._edit_message(game, game.board_message_id, view=None)
        if notice is not None:
            await self._notify(game, notice)

    # --- channels and servers that go away ------------------------------------------

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._end_games_in(channel.id)

    @commands.Cog.listener()
    async def on_thread_delete(self, thread: discord.Thread) -> None:
        await self._end_games_in(thread.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        for channel_id in await self.bot.service.store.active_channels_in_guild(guild.id):
            await self._end_games_in(channel_id)

    async def _end_games_in(self, channel_id: int) -> None:
        try:
            game = await self.bot.service.active_in_channel(channel_id)
            if game is not None:
                game = await self.bot.service.end(game.id)
                self.schedule_timer(game)
                log.info("game %s ended: its channel or server is gone", game.id)
        except (Refused, BrokenGame):
            pass

    def _may_end(self, interaction: discord.Interaction[Any], game: Game) -> bool:
        return interaction.user.id == game.host_id or interaction.permissions.manage_channels

    async def _channel_game(self, interaction: discord.Interaction[Any]) -> Game | None:
        assert interaction.channel_id is not None
        try:
            game = await self.bot.service.active_in_channel(interaction.channel_id)
        except BrokenGame as error:
            await interaction.response.send_message(
                "This channel's game cannot be read, so it has been stopped.", ephemeral=True)
            await self.report_broken(error)
            return None
        if game is None:
            await interaction.response.send_message(
                "There is no game in this channel: `/kot start` opens one.", ephemeral=True)
        return game


def _with_link(message: str, game: Game) -> str:
    url = jump_url(game)
    return f"{message} {url}" if url and "moment has passed" in message else message
