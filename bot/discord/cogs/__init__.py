"""Feature cogs. Their slash commands are all subcommands of ``/kot``.

A cog sees the bot through ``CogHost``: the parts it uses, not the class that builds them
(``bot.app.KotBot``, which imports the cogs), so no import points back up."""

from __future__ import annotations

from typing import Protocol

from discord import app_commands
from discord.ext import commands

from bot.discord.clicks import Clicks
from bot.discord.io import DiscordIO
from bot.discord.publisher import Publisher
from bot.table.autoplay import Autopilot
from bot.table.lobby_clock import LobbyClock
from bot.table.service import GameService
from bot.table.timers import TurnClock


class CogHost(Protocol):
    """What the cogs use of the bot (``bot.app.KotBot`` has them all)."""

    kot: app_commands.Group
    service: GameService
    io: DiscordIO
    publisher: Publisher
    clicks: Clicks
    autopilot: Autopilot
    turns: TurnClock
    lobby_clock: LobbyClock


class KotCog(commands.Cog):
    """A feature cog whose slash commands live under the bot's shared ``/kot`` group."""

    def __init__(self, bot: CogHost) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        for command in self.__cog_app_commands__:
            self.bot.kot.add_command(command)
        # They are reachable through /kot now; an empty list keeps discord.py from also
        # registering them as top-level commands when it injects the cog.
        self.__cog_app_commands__ = []
