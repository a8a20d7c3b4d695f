"""``/kot away``: a player's time away from a game (``bot.table.time_away``).

It acts on the game of the channel it is used in, or on the game numbered ``game`` (one of
this server's): a time away is bounded per game and told to that game's table, so the
player says which game; a player of several games takes time away in each.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.request import Request
from bot.table.model import BrokenGame, Game, Refused
from bot.table.time_away import MAX_DAYS_AWAY


class AwayCog(KotCog, name="Away"):
    @app_commands.command(name="away", description=words("away-cmd"))
    @app_commands.describe(days=words("away-cmd-days"), game=words("away-cmd-game"))
    @app_commands.guild_only()
    async def away(self, interaction: discord.Interaction[Any],
                   days: app_commands.Range[int, 0, MAX_DAYS_AWAY],
                   game: app_commands.Range[int, 1] | None = None) -> None:
        """Stop the caller's clock in a game for ``days`` days from now; 0: back now."""
        request = self.request(interaction)
        found = await (self._channel_game(request, missing="away-no-game-here")
                       if game is None else self._numbered_game(request, game))
        if found is None:
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        try:
            taken = await self.bot.service.take_time_away(
                found.id, request.user_id, days, self.bot.publisher.show)
        except Refused as refusal:
            await request.refuse(refusal)
            return
        if taken.until is None:
            await request.tell("away-back", game=str(taken.game_id))
        else:
            await request.tell("away-taken", game=str(taken.game_id),
                               until=str(int(taken.until)), left=taken.days_left,
                               most=MAX_DAYS_AWAY, clock=taken.clock)

    async def _numbered_game(self, request: Request, game_id: int) -> Game | None:
        """This server's game numbered ``game_id``; None, with the asker told, for none."""
        try:
            game = await self.bot.service.peek(game_id)
        except (Refused, BrokenGame):
            game = None
        if game is None or game.guild_id != request.interaction.guild_id:
            await request.tell("away-no-such-game", game=str(game_id))
            return None
        return game
