"""Power card pictures: the tiles of the face-up market (kind, cost, name) and the large
``/kot card`` view (the whole card)."""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH
from bot.i18n import text as say
from bot.i18n.cards import card_name, card_text
from bot.render.assets import (
    AFFORD_GREEN,
    BACKGROUND,
    CARD_FACE,
    CARD_INK,
    DISCARD_RED,
    ENERGY_CYAN,
    KEEP_BLUE,
    RGB,
    TEXT,
    TOO_DEAR,
    FontWeight,
)
from bot.render.canvas import Box, Placed, fit, fit_in_room, text, to_png, wrap
from bot.render.canvas import text_width as measure
from engine import CardKind, Edition, PrintedCard, card_info, printed

TILE_SIZE = (236, 194)
_CARD_PICTURE_WIDTH = 800
DISCOUNT_INK: RGB = (176, 104, 0)
_NOTE_INK: RGB = (96, 88, 100)
# A card's name on its picture: one line at 36 px, else two lines at 28 px or smaller (a long
# name in a language with long words).
_NAME_SIZES = (36, 28, 24, 20)


def _kind_colour(kind: CardKind) -> RGB:
    return KEEP_BLUE if kind == "keep" else DISCARD_RED


def _cost_coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, cost: int) -> None:
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius), fill=(24, 60, 84),
        outline=ENERGY_CYAN, width=max(2, round(radius / 8)),
    )
    text(draw, (cx, cy + 1), str(cost), "bold", round(radius * 1.05), TEXT, anchor="mm")


class Tile(NamedTuple):
    """A market tile's picture and the texts drawn on it, in the tile's coordinates (the
    board records them for its layout tests), ``name_box`` the ink of its name's first line
    (the phone test measures it)."""

    image: Image.Image
    texts: tuple[Placed, ...]
    name_box: Box


# The tile's coloured band: its kind at the left, its cost on a coin at the right.
_BAND_HEIGHT = 48
_COIN_RADIUS = 22
# The name, dark on the card's face, the whole tile wide: the largest of these sizes at which
# it fits two lines (30 px is 11 px tall on a phone; a long word of a long language is made
# smaller, and only a name the smallest size cannot hold is cut). The card's text is not
# drawn: it is read in the board's message, at the phone's own text size.
_NAME_TILE_SIZES = (30, 27, 24, 21)
_NAME_TOP = _BAND_HEIGHT + 6
_NAME_LINES = 2
# The discount's row, above the buyer's strip.
_DISCOUNT_ROW = 24
_STRIP_HEIGHT = 28
# A word of the catalog on a tile may shrink to this size before it is cut with an ellipsis.
_TILE_WORD_MIN_SIZE = 12
# A glyph's ink may reach a pixel or two past where a text is anchored.
_TILE_SLACK = 4


@lru_cache(maxsize=512)
def market_tile(card: PrintedCard, cost: int, shortfall: int | None,
                language: str = ENGLISH) -> Tile:
    """A face-up card as printed in the game's edition (``card.name`` in the board's
    language), its words in ``language`` (the cache is keyed by both). ``cost`` is what the
    active monster would pay (less than the printed cost with a discount); ``shortfall`` is
    the energy it lacks (0: it can buy), None when nobody is buying."""
    width, height = TILE_SIZE
    image = Image.new("RGBA", TILE_SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    placed: list[Placed] = []
    band = _kind_colour(card.kind)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=12, fill=CARD_FACE)
    draw.rounded_rectangle((0, 0, width - 1, _BAND_HEIGHT), radius=12, fill=band)
    draw.rectangle((0, _BAND_HEIGHT - 12, width - 1, _BAND_HEIGHT), fill=band)
    coin_left = width - 8 - 2 * _COIN_RADIUS
    _word(draw, placed, (12, _BAND_HEIGHT / 2), say(language, f"tile-{card.kind}"), TEXT,
          (8, 2, coin_left - 6, _BAND_HEIGHT - 2), "lm", size=17)
    _cost_coin(draw, width - 8 - _COIN_RADIUS, _BAND_HEIGHT / 2, _COIN_RADIUS, cost)

    strip_top = height if shortfall is None else height - _STRIP_HEIGHT
    # The strip's rounded top reaches 12 px above it.
    discount_top = strip_top - (12 if shortfall is not None else 2) - _DISCOUNT_ROW
    size, name_lines = _tile_name_lines(card.name, width - 24)
    # Lines far enough apart for an accent over a capital below a descender (É under ç).
    step = size + 8
    boxes = [text(draw, (12, _NAME_TOP + step * index), line, "narrow_bold", size, CARD_INK)
             for index, line in enumerate(name_lines)]
    # Each line's room reaches halfway to the next line's ink; the last, to the discount.
    splits = [(above[3] + below[1]) // 2 for above, below in pairwise(boxes)]
    for line, box, top, bottom in zip(name_lines, boxes, [_BAND_HEIGHT + 2, *splits],
                                      [*splits, discount_top], strict=True):
        placed.append(Placed(line, box, (6, top, width - 6, bottom)))

    if cost < card.cost:
        _word(draw, placed, (12, discount_top + _DISCOUNT_ROW / 2),
              say(language, "tile-discount", amount=card.cost - cost), DISCOUNT_INK,
              (8, discount_top, width - 8, discount_top + _DISCOUNT_ROW), "lm")
    if shortfall is not None:
        colour = AFFORD_GREEN if shortfall == 0 else TOO_DEAR
        label = (say(language, "tile-can-buy") if shortfall == 0
                 else say(language, "tile-needs-energy", count=shortfall))
        draw.rounded_rectangle((0, strip_top - 12, width - 1, height - 1), radius=12,
                               fill=colour)
        draw.rectangle((0, strip_top - 12, width - 1, strip_top), fill=CARD_FACE)
        _word(draw, placed, (width / 2, strip_top + _STRIP_HEIGHT / 2), label, TEXT,
              (8, strip_top - 2, width - 8, height - 2), "mm")
    return Tile(image, tuple(placed), boxes[0])


def _word(draw: ImageDraw.ImageDraw, placed: list[Placed], xy: tuple[float, float],
          content: str, fill: RGB, room: Box, anchor: str, size: int = 15) -> Placed:
    """A word of the catalog on a tile, fitted to ``room`` and recorded with the part of the
    room its ink spans across."""
    content, size = fit_in_room(content, "narrow_bold", size, xy, anchor, room,
                                _TILE_WORD_MIN_SIZE)
    box = text(draw, xy, content, "narrow_bold", size, fill, anchor)
    claimed = (max(room[0], box[0] - _TILE_SLACK), room[1],
               min(room[2], box[2] + _TILE_SLACK), room[3])
    placed.append(Placed(content, box, claimed))
    return placed[-1]


def _tile_name_lines(name: str, width: int) -> tuple[int, tuple[str, ...]]:
    """The largest size at which the card's name fits its lines, and those lines (at the
    smallest size, cut with an ellipsis if none does)."""
    for size in _NAME_TILE_SIZES:
        lines = wrap(name, "narrow_bold", size, width)
        if len(lines) <= _NAME_LINES and _within(lines, "narrow_bold", size, width):
            return size, lines
    return size, _cut(lines, _NAME_LINES, "narrow_bold", size, width)


def _within(lines: tuple[str, ...], weight: FontWeight, size: int, width: int) -> bool:
    """No line wider than ``width`` (``wrap`` leaves a word longer than a line whole)."""
    return all(measure(line, weight, size) <= width for line in lines)


def _cut(lines: tuple[str, ...], count: int, weight: FontWeight, size: int,
         width: int) -> tuple[str, ...]:
    """At most ``count`` lines, each cut with an ellipsis where it is too wide, the last
    holding the rest (one word too wide for a line is one line)."""
    if len(lines) > count:
        lines = (*lines[:count - 1], " ".join(lines[count - 1:]))
    return tuple(fit(line, weight, size, width) for line in lines)


def render_card(key: str, edition: Edition = "2016", language: str = ENGLISH) -> bytes:
    """A PNG picture of one Power card, as printed in ``edition``, noting how the other differs,
    in ``language``: every word is measured and wrapped or made smaller to fit, never cut.

    Raises KeyError for an unknown key and AssetMissingError when a font file is missing.
    """
    card = printed(key, edition)
    other_edition: Edition = "2011" if edition == "2016" else "2016"
    other = printed(key, other_edition)
    name = card_name(language, key, edition)
    body = card_text(language, key, edition)

    width = _CARD_PICTURE_WIDTH
    left, top, right = 24, 24, width - 24
    text_width = right - left - 56
    body_lines = wrap(body, "regular", 26, text_width)
    note_lines: tuple[str, ...] = ()
    if other != card or card_text(language, key, other_edition) != body:
        note_lines = wrap(_other_edition_note(key, other_edition, language), "narrow", 19,
                          text_width)
    body_bottom = top + 160 + 34 * len(body_lines)
    bottom = body_bottom + (30 + 24 * len(note_lines) if note_lines else 0) + 24
    height = bottom + 24

    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    band = _kind_colour(card.kind)
    draw.rounded_rectangle((left, top, right, bottom), radius=22, fill=CARD_FACE)
    draw.rounded_rectangle((left, top, right, top + 100), radius=22, fill=band)
    draw.rectangle((left, top + 70, right, top + 100), fill=band)

    name_size, name_lines = _name_lines(name, right - left - 150)
    line_height = name_size + 6
    name_top = top + 50 - line_height * len(name_lines) / 2
    for index, line in enumerate(name_lines):
        text(draw, (left + 28, name_top + line_height * index), line, "bold", name_size, TEXT)
    _cost_coin(draw, right - 64, top + 50, 38, card.cost)

    copies = card_info(key).copies
    kind_label = say(language, f"cardkind-{card.kind}-long") + (
        say(language, "cardsearch-picture-copies", count=copies) if copies > 1 else "")
    kind_size = _largest_fitting(kind_label, "bold", (20, 18, 16, 14), text_width)
    text(draw, (left + 28, top + 118), kind_label, "bold", kind_size, band)
    for index, line in enumerate(body_lines):
        text(draw, (left + 28, top + 160 + 34 * index), line, "regular", 26, CARD_INK)
    if note_lines:
        draw.line((left + 28, body_bottom + 10, right - 28, body_bottom + 10),
                  fill=(214, 204, 184), width=2)
        for index, line in enumerate(note_lines):
            text(draw, (left + 28, body_bottom + 24 + 24 * index), line, "narrow", 19, _NOTE_INK)
    return to_png(image)


def _other_edition_note(key: str, edition: Edition, language: str) -> str:
    """What the card is in the other edition: its name and cost, and its text if it differs."""
    note = say(language, "cardsearch-picture-other-edition", edition=edition,
               name=card_name(language, key, edition), cost=printed(key, edition).cost)
    other_text = card_text(language, key, edition)
    if other_text != card_text(language, key, "2016" if edition == "2011" else "2011"):
        note += f" — {other_text}"
    return note


def _name_lines(name: str, width: float) -> tuple[int, tuple[str, ...]]:
    """The largest size at which the name fits the band in two lines, and those lines (the
    smallest size's lines if none does: a word wider than the band is then the font's)."""
    for size in _NAME_SIZES:
        lines = wrap(name, "bold", size, width)
        if len(lines) == 1 or (size < _NAME_SIZES[0] and len(lines) <= 2):
            return size, lines
    return _NAME_SIZES[-1], lines


def _largest_fitting(content: str, weight: FontWeight, sizes: tuple[int, ...],
                     width: float) -> int:
    """The first of ``sizes`` (largest first) at which ``content`` fits one line of ``width``."""
    for size in sizes:
        if measure(content, weight, size) <= width:
            return size
    return sizes[-1]
