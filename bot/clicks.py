"""Clicks: the game's buttons and menus, the lobby's, the /kot end confirmation, and the
turn timer's answer for a silent player (the clock's click).

A game click: a check that needs no lock (a wrong player or a passed moment is answered
privately at once), otherwise acknowledge (defer), then the service applies and stores the
action under the game's lock and hands its publish plan to the publisher, which edits this
turn's board or posts the next one.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any, cast

import discord

from bot import publish
from bot.discord_io import DiscordFailure, DiscordIO, log_failure
from bot.messages import GAME_UNREADABLE, MOMENT_PASSED_BOARD_REFRESHED, refusal_text
from bot.model import BrokenGame, ClickRefused, Game, Refused
from bot.publisher import Publisher
from bot.service import GameService
from bot.timers import TurnClock
from bot.views import VARIANT_CHOICES
from engine import Edition

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


def may_end(interaction: Interaction, game: Game) -> bool:
    """The host, or anyone who can manage the channel, may end a game."""
    return interaction.user.id == game.host_id or interaction.permissions.manage_channels


class Clicks:
    """The bot's ``bot.views.ClickHandler``."""

    def __init__(self, service: GameService, publisher: Publisher, io: DiscordIO,
                 turns: TurnClock) -> None:
        self._service = service
        self._publisher = publisher
        self._io = io
        self._turns = turns

    async def click_failed(self, interaction: Interaction, error: Exception) -> None:
        await self._io.report_failure(interaction, error)

    # --- game buttons and menus -----------------------------------------------------

    async def game_click(self, interaction: Interaction, game_id: int, decision_id: int,
                         code: str) -> None:
        try:
            game = await self._service.games.peek(game_id)
        except Refused as refusal:
            await self._io.reply_privately(interaction, str(refusal))
            return
        except BrokenGame as error:
            await self._io.reply_privately(interaction, GAME_UNREADABLE)
            await self._publisher.report_broken(error)
            return
        try:
            self._service.check_click(game, interaction.user.id, decision_id)
        except ClickRefused as refusal:
            await self._refuse_at_once(interaction, game, refusal)
            return
        await self._io.acknowledge(interaction)
        show = partial(self._publisher.carry_out, interaction=interaction)
        try:
            await self._service.click(game_id, interaction.user.id, decision_id, code, show)
        except ClickRefused as refusal:
            # Lost a race (another click got there first) or an illegal move.
            latest = self._service.games.cached(game_id) or game
            await self._io.reply_privately(interaction, refusal_text(refusal, latest))

    async def _refuse_at_once(self, interaction: Interaction, game: Game,
                              refusal: ClickRefused) -> None:
        clicked = interaction.message.id if interaction.message is not None else None
        if refusal.code != "stale_decision" or clicked != game.board_message_id:
            await self._io.reply_privately(interaction, refusal_text(refusal, game))
            return
        # The live board shows a moment that has passed (its last edit failed, or the bot
        # stopped between saving and showing): bring it up to date.
        await self._io.acknowledge(interaction)
        show = partial(self._publisher.carry_out, interaction=interaction)
        await self._service.show_board(game.id, publish.refresh, show)
        await self._io.reply_privately(interaction, MOMENT_PASSED_BOARD_REFRESHED)

    async def timer_ran_out(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        """The turn timer's answer: the defaults of the decisions still pending."""
        try:
            await self._service.timeout(game_id, decision_ids, self._publisher.carry_out)
        except (Refused, BrokenGame):
            log.info("game %s: timer fired for a game that is gone", game_id)
        except Exception:
            log.exception("game %s: the turn timer failed; it will try again", game_id)
            game = self._service.games.cached(game_id)
            if game is not None:
                self._turns.retry(game)

    # --- lobby ----------------------------------------------------------------------

    async def lobby_button(self, interaction: Interaction, game_id: int, verb: str) -> None:
        # Acknowledge first: the lobby's lock may be held by a Start drawing the first board.
        await self._io.acknowledge(interaction)
        lobbies = self._service.lobbies
        change = {"join": lobbies.join, "leave": lobbies.leave, "cancel": lobbies.cancel,
                  "start": lobbies.start}[verb]
        show = partial(self._publisher.carry_out, interaction=interaction)
        try:
            await change(game_id, interaction.user.id, show)
        except Refused as refusal:
            await self._io.reply_privately(interaction, str(refusal))

    async def lobby_select(self, interaction: Interaction, game_id: int, field: str,
                           values: list[str]) -> None:
        await self._io.acknowledge(interaction)
        lobbies = self._service.lobbies
        user_id = interaction.user.id
        choice = values[0] if values else ""
        show = partial(self._publisher.carry_out, interaction=interaction)
        try:
            if field == "monster":
                await lobbies.pick_monster(game_id, user_id, choice, show)
            elif field == "edition":
                if choice not in ("2016", "2011"):
                    raise Refused("pick 2016 or 2011")
                await lobbies.set_edition(game_id, user_id, cast(Edition, choice), show)
            else:
                if choice not in VARIANT_CHOICES:
                    raise Refused("pick automatic, on or off")
                await lobbies.set_two_player_variant(game_id, user_id, VARIANT_CHOICES[choice],
                                                     show)
        except Refused as refusal:
            await self._io.reply_privately(interaction, str(refusal))

    # --- /kot end confirmation ------------------------------------------------------

    async def end_answer(self, interaction: Interaction, game_id: int, *,
                         confirmed: bool) -> None:
        await self._io.acknowledge(interaction)  # ending waits for the game's lock
        if not confirmed:
            await self._io.edit_response(interaction, content="The game goes on.", view=None)
            return
        try:
            game = await self._service.games.peek(game_id)
            if not may_end(interaction, game):
                raise Refused("you may not end this game")
            notice = f"🛑 {interaction.user.mention} ended King of Tokyo game #{game_id}."
            await self._service.end(game_id, self._publisher.carry_out, notice=notice)
        except (Refused, BrokenGame) as error:
            await self._io.edit_response(interaction, content=str(error), view=None)
            return
        await self._io.edit_response(interaction, content="Game ended.", view=None)

    async def end_question_expired(self, asked: Interaction) -> None:
        """Nobody answered the confirmation: take its buttons away."""
        try:
            await self._io.edit_response(asked, content="No answer: the game goes on.",
                                         view=None)
        except DiscordFailure as failure:
            # The private message is gone already: nothing to take back.
            log_failure(failure, "could not close an unanswered /kot end")
