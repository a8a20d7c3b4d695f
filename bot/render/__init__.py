"""Pictures of the game: ``render_board(state)`` and ``render_card(key)``, both PNG bytes, and
the board's alt text, ``describe_board(state)``.

They read only the state and their fonts (``bot/render/fonts``, package data), and are safe
to call from several threads at once (the bot renders in worker threads).

May import: ``engine`` and ``bot.i18n`` only; ``bot.discord`` draws with it.
"""

from bot.render.alt_text import describe_board
from bot.render.assets import AssetMissingError
from bot.render.board import board_size, render_board
from bot.render.cards import render_card

__all__ = ["AssetMissingError", "board_size", "describe_board", "render_board", "render_card"]
