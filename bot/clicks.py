"""Clicks: the game's buttons and menus, the lobby's, the /kot end confirmation, and the
turn timer's answer for a silent player (the clock's click).

A game click: a check that needs no lock (a wrong player or a passed moment is answered
privately at once), otherwise acknowledge (defer), then the service applies and stores the
action with its effects under the game's lock, and the publisher carries them out: it edits
this turn's board or posts the next one. A refused acknowledgement (Discord already told the
player "This interaction failed") stops there, changing nothing.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any, cast

import discord

from bot import publish
from bot.discord_io import DiscordIO
from bot.messages import (
    END_QUESTION,
    END_QUESTION_EXPIRED,
    END_QUESTION_TOO_LATE,
    GAME_UNREADABLE,
    MOMENT_PASSED_BOARD_REFRESHED,
    refusal_text,
)
from bot.model import BrokenGame, ClickRefused, Game, Refused
from bot.publisher import Publisher
from bot.service import GameService
from bot.timers import TurnClock
from bot.views import VARIANT_CHOICES, end_question_view
from engine import Edition

log = logging.getLogger(__name__)

# How long the /kot end question can be answered: well within the 15 minutes its own
# interaction can still edit it (to take its buttons away when nobody answers).
END_QUESTION_SECONDS = 600

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
        self._end_questions: set[asyncio.Task[None]] = set()

    async def click_failed(self, interaction: Interaction, error: Exception) -> None:
        await self._io.report_failure(interaction, error)

    # --- game buttons and menus -----------------------------------------------------

    async def game_click(self, interaction: Interaction, game_id: int, decision_id: int,
                         code: str) -> None:
        game = await self._read(interaction, game_id)
        if game is None:
            return
        try:
            if code.startswith("k"):
                # A die toggle drawn before keep/release buttons: what it meant is unknown.
                raise ClickRefused("stale_decision")
            self._service.check_click(game, interaction.user.id, decision_id)
        except ClickRefused as refusal:
            await self._refuse_at_once(interaction, game, refusal)
            return
        if not await self._io.acknowledge(interaction):
            return
        show = partial(self._publisher.show, interaction=interaction)
        try:
            await self._service.click(game_id, interaction.user.id, decision_id, code, show)
        except ClickRefused as refusal:
            # Lost a race (another click got there first) or an illegal move.
            latest = self._service.games.cached(game_id) or game
            await self._io.reply_privately(interaction, refusal_text(refusal, latest))
        except Refused as refusal:
            await self._io.reply_privately(interaction, str(refusal))

    async def _read(self, interaction: Interaction, game_id: int) -> Game | None:
        """The game a click is about, or None after telling the clicker why not."""
        try:
            return await self._service.games.peek(game_id)
        except Refused as refusal:
            await self._io.reply_privately(interaction, str(refusal))
        except BrokenGame as error:
            await self._io.reply_privately(interaction, GAME_UNREADABLE)
            await self._publisher.report_broken(error)
        return None

    async def _refuse_at_once(self, interaction: Interaction, game: Game,
                              refusal: ClickRefused) -> None:
        clicked = interaction.message.id if interaction.message is not None else None
        if refusal.code != "stale_decision" or clicked != game.board_message_id:
            await self._io.reply_privately(interaction, refusal_text(refusal, game))
            return
        # The live board shows a moment that has passed (its last edit failed, or the bot
        # stopped between saving and showing): bring it up to date, if it still is the live
        # board once the game's lock is ours.
        if not await self._io.acknowledge(interaction):
            return

        def refresh(current: Game) -> publish.Plan:
            if current.board_message_id != clicked:
                return publish.Plan(current.id)
            return publish.refresh(current)

        show = partial(self._publisher.show, interaction=interaction)
        shown = await self._service.show_board(game.id, refresh, show)
        if shown.complete:
            await self._io.reply_privately(interaction, MOMENT_PASSED_BOARD_REFRESHED)

    async def timer_ran_out(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        """The turn timer's answer: the defaults of the decisions still pending."""
        try:
            await self._service.timeout(game_id, decision_ids, self._publisher.show)
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
        if not await self._io.acknowledge(interaction):
            return
        lobbies = self._service.lobbies
        change = {"join": lobbies.join, "leave": lobbies.leave, "cancel": lobbies.cancel,
                  "start": lobbies.start}[verb]
        show = partial(self._publisher.show, interaction=interaction)
        try:
            await change(game_id, interaction.user.id, show)
        except Refused as refusal:
            await self._io.reply_privately(interaction, str(refusal))

    async def lobby_select(self, interaction: Interaction, game_id: int, field: str,
                           values: list[str]) -> None:
        if not await self._io.acknowledge(interaction):
            return
        lobbies = self._service.lobbies
        user_id = interaction.user.id
        choice = values[0] if values else ""
        show = partial(self._publisher.show, interaction=interaction)
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

    async def ask_to_end(self, interaction: Interaction, game: Game) -> None:
        """The private "are you sure?" of /kot end. Its buttons work after a restart too,
        until they expire; an unanswered question loses its buttons when it expires."""
        expires = int(self._turns.now() + END_QUESTION_SECONDS)
        await self._io.reply_privately(interaction, END_QUESTION,
                                       view=end_question_view(game.id, expires))
        task = asyncio.create_task(self._expire_end_question(interaction),
                                   name=f"kot-end-question-{game.id}")
        self._end_questions.add(task)
        task.add_done_callback(self._end_questions.discard)

    async def _expire_end_question(self, asked: Interaction) -> None:
        await asyncio.sleep(END_QUESTION_SECONDS)
        # Answered already: editing it again changes nothing the player sees.
        message = await self._io.original_response(asked)
        if message is not None and message.components:
            await self._io.edit_response(asked, content=END_QUESTION_EXPIRED, view=None)

    async def end_answer(self, interaction: Interaction, game_id: int, *, confirmed: bool,
                         expires: int) -> None:
        if not await self._io.acknowledge(interaction):  # ending waits for the game's lock
            return
        if self._turns.now() > expires:
            await self._io.edit_response(interaction, content=END_QUESTION_TOO_LATE, view=None)
            return
        if not confirmed:
            await self._io.edit_response(interaction, content="The game goes on.", view=None)
            return
        try:
            game = await self._service.games.peek(game_id)
            if not may_end(interaction, game):
                raise Refused("you may not end this game")
            notice = f"🛑 {interaction.user.mention} ended King of Tokyo game #{game_id}."
            await self._service.end(game_id, self._publisher.show, notice=notice)
        except (Refused, BrokenGame) as error:
            await self._io.edit_response(interaction, content=str(error), view=None)
            return
        await self._io.edit_response(interaction, content="Game ended.", view=None)

    def close(self) -> None:
        for task in self._end_questions:
            task.cancel()
