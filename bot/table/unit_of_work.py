"""A unit of work: one verb's change to one game (a click, a timeout, a lobby's join...),
from its read to its showing.

The game is read under its lock; the verb decides the change, a function of the game alone
(the engine, the chronicle, the publish plan; an AI's answer at most), or refuses it; the new
game, the moves played and the effects that show them are stored in one transaction; the
lock is released; then a pass (``show``: ``bot.table.delivery``) carries the effects out, so
no click on the game waits for Discord.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.table.game_rows import GameField, LoggedAction
from bot.table.model import Game, Outcome
from bot.table.publish import Effect, Show
from bot.table.saved_games import SavedGames


@dataclass(frozen=True)
class Change:
    """What a verb does to a game: the game after, the ``fields`` of it that changed, the
    ``effects`` that show it, the ``moves`` played (stored with the game's state, chronicle
    and status, as their ``outcome``), and whether a pass shows it (``shown``)."""

    game: Game
    fields: tuple[GameField, ...] = ()
    effects: tuple[Effect, ...] = ()
    moves: tuple[LoggedAction, ...] = ()
    outcome: Outcome | None = None
    shown: bool = True

    @classmethod
    def none(cls, game: Game) -> Change:
        """Nothing to store, nothing to show (the verb found the game moved on)."""
        return cls(game, shown=False)


# The change a verb makes to the game it is given (read under its lock). Raises Refused for
# a change that cannot be made.
Decide = Callable[[Game], Awaitable[Change]]


async def change_game(games: SavedGames, game_id: int, decide: Decide, show: Show) -> Change:
    """Read the game under its lock, ``decide`` the change, store it, release the lock,
    then ``show`` it. Returns the change, its game as stored."""
    async with games.lock(game_id):
        change = await decide(await games.game(game_id))
        if change.moves:
            stored = await games.record_actions(change.game, list(change.moves),
                                                change.effects)
        else:
            stored = await games.save(change.game, *change.fields, effects=change.effects)
    if change.shown:
        await show(game_id)
    return replace(change, game=stored)
