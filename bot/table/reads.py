"""What the Discord side asks of the table besides the game verbs: the game a click or a
command is about, the game in a channel, a player's games and a finished game's replay, all
read without a game's lock. (Settings and records have objects of their own, which the
Discord side holds as ``service.settings`` and ``service.record_book``.)

``GameService`` has them (it is a ``TableReads``), named for what the asker wants, so the
Discord room asks the service and never reaches into ``SavedGames`` (``service.games``).
"""

from __future__ import annotations

import json

from bot.table.game_rows import setup_for
from bot.table.model import Game
from bot.table.saved_games import SavedGames
from engine import Move, ReplayFile, encode_state


class TableReads:
    """Reads of games, records and settings (mixed into ``GameService``)."""

    games: SavedGames

    # --- games in progress ------------------------------------------------------------

    def cached(self, game_id: int) -> Game | None:
        """The game as this process last read or stored it; None when it is not in memory
        (the store is not read)."""
        return self.games.cached(game_id)

    async def peek(self, game_id: int) -> Game:
        """The game as it is now, for an answer that changes nothing. Raises Refused when
        there is no such game, BrokenGame when it cannot be read."""
        return await self.games.peek(game_id)

    async def game_in_channel(self, channel_id: int) -> Game | None:
        """The lobby or game in progress in this channel, if any (BrokenGame when it cannot
        be read)."""
        return await self.games.active_in_channel(channel_id)

    def game_with_live_message(self, message_id: int) -> int | None:
        """The id of the lobby or game in progress whose live message this is."""
        return self.games.with_live_message(message_id)

    async def busy_channels(self, guild_id: int) -> list[int]:
        """The channels of a server that have a lobby or a game in progress."""
        return await self.games.active_channels_in_guild(guild_id)

    async def games_of_player(self, guild_id: int, user_id: int) -> list[Game]:
        """The lobbies a user is in and the games in progress they play on a server."""
        return await self.games.active_of_player(guild_id, user_id)

    # --- finished games -----------------------------------------------------------------

    async def replay(self, game_id: int) -> ReplayFile:
        """A game's replay: its setup, its moves and the state it was stored with. Raises
        Refused when there is no such game, BrokenGame when it cannot be read."""
        game = await self.games.peek(game_id)
        state = game.playing_state()
        setup = game.setup or setup_for(state)
        moves = tuple(Move(entry.seat, entry.action)
                      for entry in await self.games.action_log(game_id))
        return ReplayFile(game_id=game_id, seed=setup.seed, options=setup.options,
                          monsters=setup.monsters, moves=moves,
                          final_state=json.loads(encode_state(state)))
