"""Pictures of the game: ``render_board(state)`` and ``render_card(key)``, both PNG bytes, and
the board's alt text, ``describe_board(state)``; ``board_picture`` makes both at once.

They read only the state and their fonts (``bot/render/fonts``, package data), and are safe
to call from several threads at once. The bot draws on its event loop, on threads or in
worker processes: ``bot.discord.drawing``.

May import: ``engine`` and ``bot.i18n`` only; ``bot.discord`` draws with it.
"""

from bot.i18n import ENGLISH
from bot.render.alt_text import describe_board
from bot.render.assets import AssetMissingError
from bot.render.board import board_size, render_board
from bot.render.cards import render_card
from engine import GameState

__all__ = ["AssetMissingError", "board_picture", "board_size", "describe_board",
           "render_board", "render_card"]


def board_picture(state: GameState, ai_seats: frozenset[int] = frozenset(),
                  names: tuple[str | None, ...] = (),
                  language: str = ENGLISH) -> tuple[bytes, str]:
    """The board picture and its alt text, made together where the bot draws (the text takes
    time too: some twenty messages said)."""
    return (render_board(state, ai_seats, names, language),
            describe_board(state, names, language))
