"""Feature cogs. Their slash commands are all subcommands of ``/kot``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.app import KotBot


class KotCog(commands.Cog):
    """A feature cog whose slash commands live under the bot's shared ``/kot`` group."""

    def __init__(self, bot: KotBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        for command in self.__cog_app_commands__:
            self.bot.kot.add_command(command)
        # They are reachable through /kot now; an empty list keeps discord.py from also
        # registering them as top-level commands when it injects the cog.
        self.__cog_app_commands__ = []
