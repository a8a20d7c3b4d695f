"""Files the renderer reads (its fonts), the palette, and the one error it raises.

Only the fonts are files: every picture (portraits, dice, the Tokyo board) is drawn in code by
``bot.render.art``. Fonts are opened once per thread, because a FreeType face must not be used
by two threads at the same time and the bot renders on several threads (its event loop's and
the drawing threads: ``bot.discord.drawing``).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Literal

from PIL import ImageFont

# The renderer's package folder, whose fonts/ are its package data (in the repository a link
# to images/fonts, where the art's files are kept); tests point this elsewhere to check
# missing files.
ASSET_DIR = Path(__file__).resolve().parent

# "narrow" and "narrow_bold" fit the 110-character card texts into small card tiles.
FontWeight = Literal["regular", "bold", "narrow", "narrow_bold"]
_FONT_FILES: dict[FontWeight, str] = {
    "regular": "fonts/DejaVuSans.ttf",
    "bold": "fonts/DejaVuSans-Bold.ttf",
    "narrow": "fonts/DejaVuSansCondensed.ttf",
    "narrow_bold": "fonts/DejaVuSansCondensed-Bold.ttf",
}

RGB = tuple[int, int, int]

# Palette: a night-time city in deep blue, warm gold for what matters now, and one colour per
# stat that the icons share (red hearts, gold victory points, cyan energy).
BACKGROUND: RGB = (18, 22, 38)
PANEL: RGB = (33, 39, 62)
PANEL_EDGE: RGB = (58, 67, 99)
TEXT: RGB = (236, 239, 247)
TEXT_DIM: RGB = (150, 158, 184)
GOLD: RGB = (255, 196, 54)
HEART_RED: RGB = (232, 65, 79)
VP_GOLD: RGB = (246, 190, 60)
ENERGY_CYAN: RGB = (64, 200, 240)
POISON_GREEN: RGB = (0, 158, 115)  # Okabe and Ito's bluish green
SHRINK_PURPLE: RGB = (155, 125, 255)
AFFORD_GREEN: RGB = (80, 200, 120)
TOO_DEAR: RGB = (120, 126, 150)
CARD_FACE: RGB = (246, 240, 226)
CARD_INK: RGB = (38, 34, 44)
KEEP_BLUE: RGB = (40, 104, 184)
DISCARD_RED: RGB = (196, 60, 48)
# The stats and tokens a monster's panel shows side by side (icons, bars, chips), by what they
# count: every eye must tell them apart (tests/test_render_colours.py).
TOKEN_COLOURS: dict[str, RGB] = {
    "hearts": HEART_RED,
    "points": VP_GOLD,
    "energy": ENERGY_CYAN,
    "poison": POISON_GREEN,
    "shrink": SHRINK_PURPLE,
}

# Each monster's colour: its portrait, its band, its name's pill in Tokyo. Every two of them
# stay apart for normal vision and the three dichromacies (tests/test_render_colours.py; docs/
# bot.md, "Colours every eye can tell apart"), each as near its first colour as that allowed.
MONSTER_COLOURS: dict[str, RGB] = {
    "Alienoid": (227, 141, 14),
    "Cyber Kitty": (253, 59, 138),
    "Gigazaur": (92, 212, 124),
    "Meka Dragon": (224, 30, 23),
    "Space Penguin": (69, 129, 253),
    "The King": (142, 106, 87),
    # King of Tokyo: Origins.
    "Mechamster": (245, 207, 50),
    "Gigarex": (48, 167, 148),
    "Cosmic Joe": (116, 73, 197),
    "Iron Back": (149, 166, 201),
}
UNKNOWN_MONSTER_COLOUR: RGB = (120, 120, 140)


class AssetMissingError(Exception):
    """A file the renderer needs is not under the asset directory."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"renderer asset missing: {path}")
        self.path = path


def asset_path(relative: str) -> Path:
    """The full path of an asset, or AssetMissingError naming it."""
    path = ASSET_DIR / relative
    if not path.is_file():
        raise AssetMissingError(path)
    return path


class _ThreadFonts(threading.local):
    def __init__(self) -> None:
        self.by_key: dict[tuple[Path, FontWeight, int], ImageFont.FreeTypeFont] = {}


_thread_fonts = _ThreadFonts()


def font(weight: FontWeight, size: int) -> ImageFont.FreeTypeFont:
    """A font of this weight and pixel size, opened once per thread and asset directory."""
    key = (ASSET_DIR, weight, size)
    cached = _thread_fonts.by_key.get(key)
    if cached is None:
        cached = ImageFont.truetype(str(asset_path(_FONT_FILES[weight])), size)
        _thread_fonts.by_key[key] = cached
    return cached

