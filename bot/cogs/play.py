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
from bot.service import BrokenGame, Game, Outcome, Refused
from bot.timers import TurnTimers
from bot.views import ConfirmEndView, board_view

if TYPE_CHECKING:
    from bot.app import KotBot

log = logging.getLogger(__name__)

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

    # --- boards ---------------------------------------------------------------------

    async def publish_start(self, outcome: Outcome) -> None:
        self.schedule_timer(outcome.game)
        await self.post_board(outcome.game)

    async def publish(
        self, outcome: Outcome, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Show an accepted change: edit this turn's board, or finish it and post the next.
        Runs under the game's lock (see ``bot.service.Show``)."""
        game = outcome.game
        state = game.playing_state()
        self.schedule_timer(game)
        if outcome.turn_changed or state.over:
            closing = outcome.closing_log if outcome.closing_log is not None else (
                game.chronicle.log
            )
            finished = outcome.before or state
            turn = finished.turn.number if finished.turn is not None else 0
            await self._edit_board(
                game, interaction, content=f"Turn {turn} is over.",
                embed=board_embed(game, closing, finished), view=None,
            )
            await self.post_board(game)
        elif outcome.redraw:
            await self._edit_board(
                game, interaction, content=board_content(game), embed=board_embed(game),
                attachments=[await board_file(state)], view=board_view(game),
            )
        else:
            # Only kept dice changed: the buttons show them, the picture stays.
            await self._edit_board(game, interaction, view=board_view(game))

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

    async def _edit_board(
        self, game: Game, interaction: discord.Interaction[Any] | None, **fields: Any
    ) -> None:
        """Edit the clicked message through the click (its token is fresh), else the board
        message through the channel."""
        try:
            if interaction is not None and interaction.message is not None:
                await interaction.edit_original_response(**fields)
            elif game.board_message_id is not None:
                channel = self.bot.get_partial_messageable(game.channel_id,
                                                           guild_id=game.guild_id)
                await channel.get_partial_message(game.board_message_id).edit(**fields)
        except discord.HTTPException:
            # The game is saved; a board that cannot be edited (deleted, too old) is cosmetic.
            log.warning("game %s: could not edit the board", game.id, exc_info=True)

    # --- the turn timer -------------------------------------------------------------

    def schedule_timer(self, game: Game) -> None:
        """Time the pending decisions (a new set restarts the clock; none stops it)."""
        state = game.state
        waiting = tuple(d.id for d in state.pending) if state and game.status == "playing" else ()
        self.timers.set(game.id, waiting, self.bot.settings.turn_timeout)

    async def _expire(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        try:
            await self.bot.service.timeout(game_id, decision_ids, self.publish)
        except (Refused, BrokenGame):
            log.info("game %s: timer fired for a game that is gone", game_id)

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
            view=ConfirmEndView(game.id), ephemeral=True,
        )

    async def on_end_answer(
        self, interaction: discord.Interaction[Any], game_id: int, *, confirmed: bool
    ) -> None:
        if not confirmed:
            await interaction.response.edit_message(content="The game goes on.", view=None)
            return
        try:
            game = await self.bot.service.peek(game_id)
            if not self._may_end(interaction, game):
                raise Refused("you may not end this game")
            game = await self.bot.service.end(game_id)
        except (Refused, BrokenGame) as error:
            await interaction.response.edit_message(content=str(error), view=None)
            return
        await interaction.response.edit_message(content="Game ended.", view=None)
        self.schedule_timer(game)
        if game.board_message_id is not None:
            await self._edit_board(game, None, view=None)
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        await channel.send(f"🛑 {interaction.user.mention} ended King of Tokyo game #{game.id}.",
                           allowed_mentions=discord.AllowedMentions.none())

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
