"""Feature cogs. Their slash commands are all subcommands of ``/kot``.

A cog sees the bot through ``CogHost``: the parts it uses, not the class that builds them
(``bot.app.KotBot``, which imports the cogs), so no import points back up."""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.clicks import Clicks
from bot.discord.drawing import Drawers
from bot.discord.io import DiscordIO
from bot.discord.messages import CHANNEL_GAME_UNREADABLE
from bot.discord.request import Request
from bot.table.autoplay import Autopilot
from bot.table.delivery import Delivery
from bot.table.in_hand import InHand
from bot.table.league.crown_book import CrownBook
from bot.table.league.league import League
from bot.table.league.rank_roles import RankRoles
from bot.table.lobby_clock import LobbyClock
from bot.table.model import BrokenGame, Game
from bot.table.service import GameService
from bot.table.timers import TurnClock


class CogHost(Protocol):
    """What the cogs use of the bot (``bot.app.KotBot`` has them all)."""

    kot: app_commands.Group
    service: GameService
    io: DiscordIO
    delivery: Delivery[discord.Interaction[Any]]
    clicks: Clicks
    autopilot: Autopilot
    # Where the pictures are drawn (worker processes or threads).
    drawers: Drawers
    turns: TurnClock
    lobby_clock: LobbyClock
    in_hand: InHand
    # A server's league (issue 43: seasons, ranks, rank roles, crowns).
    league: League
    rank_roles: RankRoles
    crowns: CrownBook


class KotCog(commands.Cog):
    """A feature cog whose slash commands live under the bot's shared ``/kot`` group. A
    command's method takes Discord's interaction, as discord.py calls it, and makes it its
    ``Request`` first (``self.request``): the rest of the cog answers through that."""

    def __init__(self, bot: CogHost) -> None:
        self.bot = bot

    def request(self, interaction: discord.Interaction[Any]) -> Request:
        """The command's request (``bot.discord.request``)."""
        return Request.of(interaction, self.bot.io)

    async def _channel_game(self, request: Request, *,
                            missing: str | None = "no-game-here") -> Game | None:
        """The lobby or game in the command's channel; None, with the asker told why
        (``missing``: the message id for none; None: not told, the command answers
        otherwise), when there is none to act on."""
        channel_id = request.interaction.channel_id
        assert channel_id is not None
        try:
            game = await self.bot.service.game_in_channel(channel_id)
        except BrokenGame as error:
            await request.tell(CHANNEL_GAME_UNREADABLE)
            await self.bot.delivery.report_broken(error)
            return None
        if game is None and missing is not None:
            await request.tell(missing)
        return game

    async def cog_load(self) -> None:
        for command in self.__cog_app_commands__:
            self.bot.kot.add_command(command)
        # They are reachable through /kot now; an empty list keeps discord.py from also
        # registering them as top-level commands when it injects the cog.
        self.__cog_app_commands__ = []
