"""Carries out publish plans (``bot.publish``) on Discord, and keeps the turn timer in step.

Runs under the game's lock (the service calls it through ``show``). Each effect is carried
out in order; a failed one is logged and the next one still runs, except that a board that
cannot be posted is replaced by the clicked message, so a game is never left without
buttons. Turn timers run only while a board with buttons is up.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord_io import DiscordFailure, DiscordIO, FailureKind, log_failure
from bot.messages import (
    BROKEN_NOTICE,
    POST_FAILED,
    POST_FORBIDDEN,
    board_content,
    board_embed,
    board_file,
    closed_board_embed,
    final_embed,
    lobby_closed_embed,
    lobby_embed,
)
from bot.model import BrokenGame, Game
from bot.publish import (
    AnnounceResult,
    CloseBoard,
    CloseLobby,
    EditBoard,
    Effect,
    Notify,
    Plan,
    PostBoard,
    RetireButtons,
    ShowLobby,
)
from bot.service import GameService
from bot.timers import TurnClock
from bot.views import board_view, lobby_view

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class Publisher:
    def __init__(self, service: GameService, io: DiscordIO, turns: TurnClock) -> None:
        self._service = service
        self._io = io
        self._turns = turns

    async def carry_out(self, plan: Plan, interaction: Interaction | None = None) -> bool:
        """Carry out the plan (holding the game's lock). ``interaction``: the click that
        caused it, whose message can be edited through it. False when a board could not be
        posted anywhere."""
        game = await self._service.games.game(plan.game_id)
        board_up = True
        for effect in plan.effects:
            if isinstance(effect, PostBoard | AnnounceResult):
                game, posted = await self._post_board(game, effect, interaction)
                board_up = board_up and posted
            else:
                await self._edit_or_notify(game, effect, interaction)
        if board_up or game.status != "playing":
            self._turns.schedule(game)
        return board_up

    async def report_broken(self, error: BrokenGame) -> None:
        """Tell a game's channel that it could be neither read nor rebuilt."""
        log.error("game %s is broken: %s", error.game_id, error.reason)
        try:
            await self._io.notify(error.channel_id, None,
                                  BROKEN_NOTICE.format(game_id=error.game_id, reason=error.reason))
        except DiscordFailure as failure:
            log_failure(failure, "could not tell channel %s about broken game %s",
                        error.channel_id, error.game_id)

    async def _post_board(self, game: Game, effect: PostBoard | AnnounceResult,
                          interaction: Interaction | None) -> tuple[Game, bool]:
        if game.board_message_id != effect.replaces:
            return game, True  # posted already: this plan is being carried out again
        fields, picture = await self._board(game)
        try:
            message_id = await self._io.post(game.channel_id, game.guild_id, file=picture,
                                             **fields)
        except DiscordFailure as failure:
            log_failure(failure, "game %s: could not post the board", game.id)
            return await self._continue_in_clicked_message(game, failure, interaction)
        return await self._service.set_board_message(game.id, message_id), True

    async def _continue_in_clicked_message(
        self, game: Game, failure: DiscordFailure, interaction: Interaction | None
    ) -> tuple[Game, bool]:
        """The channel refused the new board: the clicked message becomes the board, and the
        player is told why. Without a click there is nowhere to show it."""
        if interaction is None or interaction.message is None:
            return game, False
        clicked = interaction.message.id
        fields, picture = await self._board(game)
        try:
            await self._io.edit(game.channel_id, game.guild_id, clicked, interaction,
                                attachments=[picture], **fields)
        except DiscordFailure as edit_failure:
            log_failure(edit_failure, "game %s: could not show the board in the clicked "
                        "message either", game.id)
            return game, False
        game = await self._service.set_board_message(game.id, clicked)
        hint = POST_FORBIDDEN if failure.kind is FailureKind.FORBIDDEN else POST_FAILED
        await self._io.reply_privately(interaction, hint.format(reason=failure.reason))
        return game, True

    async def _edit_or_notify(self, game: Game, effect: Effect,
                              interaction: Interaction | None) -> None:
        live = game.board_message_id
        match effect:
            case EditBoard(message_id=message_id, redraw=True) if message_id == live:
                fields, picture = await self._board(game)
                await self._edit(game, message_id, interaction, attachments=[picture], **fields)
            case EditBoard(message_id=message_id, redraw=False) if message_id == live:
                # Only kept dice changed: the buttons show them, the picture stays.
                await self._edit(game, message_id, interaction, view=board_view(game))
            case CloseBoard(message_id=message_id) if message_id != live:
                await self._edit(
                    game, message_id, interaction, content=f"Turn {effect.turn} is over.",
                    embed=closed_board_embed(game, effect.turn, effect.monster, effect.log),
                    view=None,
                )
            case RetireButtons(message_id=message_id) if (
                message_id != live or game.status != "playing"
            ):
                await self._edit(game, message_id, interaction, view=None)
            case ShowLobby(message_id=message_id):
                await self._edit(game, message_id, interaction, embed=lobby_embed(game),
                                 view=lobby_view(game))
            case CloseLobby(message_id=message_id, reason=reason):
                await self._edit(game, message_id, interaction,
                                 embed=lobby_closed_embed(game, reason), view=None)
            case Notify(text=text):
                try:
                    await self._io.notify(game.channel_id, game.guild_id, text)
                except DiscordFailure as failure:
                    log_failure(failure, "game %s: could not post a notice", game.id)

    async def _edit(self, game: Game, message_id: int, interaction: Interaction | None,
                    **fields: Any) -> None:
        try:
            await self._io.edit(game.channel_id, game.guild_id, message_id, interaction,
                                **fields)
        except DiscordFailure as failure:
            # The game is saved; the next click on a stale board refreshes it.
            log_failure(failure, "game %s: could not edit message %s", game.id, message_id)

    async def _board(self, game: Game) -> tuple[dict[str, Any], discord.File]:
        """The board message (who must act, the turn or the final result, the buttons) and
        its picture."""
        state = game.playing_state()
        fields = {
            "content": board_content(game),
            "embed": final_embed(game) if state.over else board_embed(game),
            "view": board_view(game),
        }
        return fields, await board_file(state)
