"""Small drawing helpers shared by the board and the card pictures."""

from __future__ import annotations

import io
import math
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from bot.render import assets
from bot.render.assets import RGB, FontWeight, font

# Beyond level 3, zlib takes much longer for a few percent of size.
PNG_COMPRESS_LEVEL = 3


def to_png(image: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()


Box = tuple[int, int, int, int]


def text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], content: str, weight: FontWeight,
    size: int, fill: RGB, anchor: str = "la",
) -> Box:
    """Draw text and return the box it covers. Boards repeat the same labels, names and card
    texts render after render, so each distinct piece of text is rasterised once and then
    stamped: glyph rendering was a quarter of the time of a board."""
    stamp, (left, top) = _text_stamp(assets.ASSET_DIR, content, weight, size, fill, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    draw._image.paste(stamp, (x, y), stamp)
    return x, y, x + stamp.width, y + stamp.height


@lru_cache(maxsize=4096)
def _text_stamp(
    asset_dir: Path, content: str, weight: FontWeight, size: int, fill: RGB, anchor: str
) -> tuple[Image.Image, tuple[int, int]]:
    """The text drawn on a transparent image, and where its top-left corner sits relative to
    the anchor point; keyed by the asset folder the font comes from. Read-only once made, so
    threads may share it."""
    face = font(weight, size)
    box = face.getbbox(content, anchor=anchor)
    left, top, right, bottom = (math.floor(box[0]), math.floor(box[1]),
                                math.ceil(box[2]), math.ceil(box[3]))
    stamp = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    ImageDraw.Draw(stamp).text((-left, -top), content, font=face, fill=fill, anchor=anchor)
    return stamp, (left, top)


class Placed(NamedTuple):
    """A text drawn in a room of its own: ``box`` holds its ink, ``room`` is where it was
    allowed to go (the layout tests check that the one is inside the other, and that no two
    rooms overlap)."""

    content: str
    box: Box
    room: Box


def fit_in_room(
    content: str, weight: FontWeight, size: int, xy: tuple[float, float], anchor: str,
    room: Box, min_size: int | None = None,
) -> tuple[str, int]:
    """The text and font size with which ``text(draw, xy, ...)`` keeps its ink inside
    ``room``: the text at ``size`` if it fits, else smaller down to ``min_size`` (default:
    ``size``, no shrinking), else cut with an ellipsis at ``min_size``. Measured with the
    same ink box ``text`` draws, so a longer language is fitted, never clipped."""
    x, y = round(xy[0]), round(xy[1])
    relative = (room[0] - x, room[1] - y, room[2] - x, room[3] - y)
    return _fit_in_room(assets.ASSET_DIR, content, weight, size,
                        size if min_size is None else min_size, anchor, relative)


@lru_cache(maxsize=4096)
def _fit_in_room(asset_dir: Path, content: str, weight: FontWeight, size: int, min_size: int,
                 anchor: str, room: Box) -> tuple[str, int]:
    """Keyed by the room relative to the anchor point, so the same text in the same room
    anywhere on the board is fitted once."""
    for candidate in range(size, min_size - 1, -1):
        if _inside(_ink(content, weight, candidate, anchor), room):
            return content, candidate
    cut = content
    while cut and not _inside(_ink(cut.rstrip() + "…", weight, min_size, anchor), room):
        cut = cut[:-1]
    return cut.rstrip() + "…", min_size


def _ink(content: str, weight: FontWeight, size: int, anchor: str) -> Box:
    """The box ``_text_stamp`` gives this text, relative to its anchor point."""
    box = font(weight, size).getbbox(content, anchor=anchor)
    return (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3]))


def _inside(box: Box, room: Box) -> bool:
    return (room[0] <= box[0] and room[1] <= box[1] and box[2] <= room[2]
            and box[3] <= room[3])


def text_width(content: str, weight: FontWeight, size: int) -> float:
    return _text_width(assets.ASSET_DIR, content, weight, size)


@lru_cache(maxsize=8192)
def _text_width(asset_dir: Path, content: str, weight: FontWeight, size: int) -> float:
    """Measuring text was a tenth of a board: the same labels are measured board after board
    (and ``fit`` measures a name once per character it cuts)."""
    return font(weight, size).getlength(content)


# Characters that draw nothing when shaped properly (joiners, direction marks, emoji variation
# selectors) but show as boxes when drawn alone or by a font without them.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_VARIATION_SELECTORS = range(0xFE00, 0xFE10)
# A code point no font has: its drawing is the font's "missing glyph" box.
_NO_GLYPH = "\U0010FFFF"


def drawable(content: str, weight: FontWeight) -> str:
    """The text with what the font cannot draw left out (CJK, most emoji, control and format
    characters) and runs of white space made single spaces: player names may hold anything."""
    kept = "".join(char for char in content if _can_draw(assets.ASSET_DIR, weight, char))
    return " ".join(kept.split())


@lru_cache(maxsize=4096)
def _can_draw(asset_dir: Path, weight: FontWeight, char: str) -> bool:
    if char.isspace():
        return True
    if (unicodedata.category(char) in _INVISIBLE_CATEGORIES
            or ord(char) in _VARIATION_SELECTORS):
        return False
    face = font(weight, 20)
    # Pillow has no look-up of the font's character map: a character it lacks is drawn as
    # the missing-glyph box.
    return _glyph_picture(face, char) != _glyph_picture(face, _NO_GLYPH)


def _glyph_picture(face: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


def fit(content: str, weight: FontWeight, size: int, width: float) -> str:
    """The text, cut with an ellipsis if it is wider than ``width``."""
    if text_width(content, weight, size) <= width:
        return content
    while content and text_width(content + "…", weight, size) > width:
        content = content[:-1]
    return content.rstrip() + "…"


@lru_cache(maxsize=1024)
def wrap(content: str, weight: FontWeight, size: int, width: float) -> tuple[str, ...]:
    """Greedy word wrap to lines no wider than ``width`` (a single long word may overflow)."""
    lines: list[str] = []
    current = ""
    for word in content.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, weight, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return tuple(lines)


def paste(canvas: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a picture, using its own transparency when it has any."""
    canvas.paste(picture, xy, picture if picture.mode == "RGBA" else None)


CHIP_SIZE = 15
CHIP_HEIGHT = 26


def chip_width(label: str, size: int = CHIP_SIZE) -> int:
    return round(text_width(label, "narrow_bold", size)) + 18


def chip(
    draw: ImageDraw.ImageDraw, x: int, y: int, label: str, background: RGB, foreground: RGB,
    size: int = CHIP_SIZE,
) -> tuple[int, Box]:
    """A rounded label; returns its width so callers can place the next one, and the box of
    its label's ink."""
    width, height = chip_width(label, size), CHIP_HEIGHT
    draw.rounded_rectangle((x, y, x + width, y + height), radius=height // 2, fill=background)
    box = text(draw, (x + width / 2, y + height / 2), label, "narrow_bold", size, foreground,
               anchor="mm")
    return width, box
