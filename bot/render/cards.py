"""Power card pictures: the small tiles of the face-up market and the large ``/kot card`` view."""

from __future__ import annotations

from functools import lru_cache
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
    board records them for its layout tests)."""

    image: Image.Image
    texts: tuple[Placed, ...]


# The tile's body text: the largest of these sizes at which it fits whole (a long language's
# text is made smaller, never cut unless the smallest size cannot hold it).
_BODY_SIZES = (15, 14, 13, 12)
_BODY_TOP = 80
# The name in the tile's band, in two lines at most.
_NAME_TILE_SIZES = (18, 16, 14)
# A word of the catalog on a tile may shrink to this size before it is cut with an ellipsis.
_TILE_WORD_MIN_SIZE = 12
# A glyph's ink may reach a pixel or two past where a text is anchored.
_TILE_SLACK = 4


@lru_cache(maxsize=512)
def market_tile(card: PrintedCard, body: str, cost: int, shortfall: int | None,
                language: str = ENGLISH) -> Tile:
    """A face-up card as printed in the game's edition, ``body`` its text, its words in
    ``language`` (the board's: the cache is keyed by both). ``cost`` is what the active monster
    would pay (less than the printed cost with a discount); ``shortfall`` is the energy it lacks
    (0: it can buy), None when nobody is buying."""
    width, height = TILE_SIZE
    image = Image.new("RGBA", TILE_SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    placed: list[Placed] = []
    band = _kind_colour(card.kind)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=12, fill=CARD_FACE)
    draw.rounded_rectangle((0, 0, width - 1, 52), radius=12, fill=band)
    draw.rectangle((0, 40, width - 1, 52), fill=band)

    name_size, name_lines = _tile_name_lines(card.name, width - 72)
    name_step = name_size + 4
    name_top = 26 - name_step / 2 * len(name_lines)
    boxes = [text(draw, (12, name_top + name_step * index), line, "narrow_bold", name_size, TEXT)
             for index, line in enumerate(name_lines)]
    placed.append(Placed(" ".join(name_lines), _union(boxes), (6, 2, width - 54, 52)))
    _cost_coin(draw, width - 30, 26, 21, cost)

    row = (8, 54, width - 8, 78)  # the kind, and the discount right of it
    kind = _word(draw, placed, (12, 58), say(language, f"tile-{card.kind}"), band, row, "la")
    if cost < card.cost:
        rest = (kind.box[2] + _TILE_SLACK + 4, row[1], row[2], row[3])
        _word(draw, placed, (width - 12, 58),
              say(language, "tile-discount", amount=card.cost - cost), DISCOUNT_INK, rest, "ra")

    strip_height = 0 if shortfall is None else 28
    # The text's ink ends above the strip's rounded top, or above the tile's edge.
    body_bottom = height - 2 if shortfall is None else height - strip_height - 12
    size, body_lines = _body_lines(body, width - 24, body_bottom - _BODY_TOP)
    boxes = [text(draw, (12, _BODY_TOP + (size + 3) * index), line, "narrow", size, CARD_INK)
             for index, line in enumerate(body_lines)]
    if boxes:
        placed.append(Placed(" ".join(body_lines), _union(boxes),
                             (6, _BODY_TOP - 2, width - 6, body_bottom)))

    if shortfall is not None:
        colour = AFFORD_GREEN if shortfall == 0 else TOO_DEAR
        label = (say(language, "tile-can-buy") if shortfall == 0
                 else say(language, "tile-needs-energy", count=shortfall))
        top = height - strip_height
        draw.rounded_rectangle((0, top - 12, width - 1, height - 1), radius=12, fill=colour)
        draw.rectangle((0, top - 12, width - 1, top), fill=CARD_FACE)
        _word(draw, placed, (width / 2, top + strip_height / 2), label, TEXT,
              (8, top - 2, width - 8, height - 2), "mm")
    return Tile(image, tuple(placed))


def _word(draw: ImageDraw.ImageDraw, placed: list[Placed], xy: tuple[float, float],
          content: str, fill: RGB, room: Box, anchor: str) -> Placed:
    """A word of the catalog on a tile, fitted to ``room`` and recorded with the part of the
    room its ink spans across."""
    content, size = fit_in_room(content, "narrow_bold", 15, xy, anchor, room,
                                _TILE_WORD_MIN_SIZE)
    box = text(draw, xy, content, "narrow_bold", size, fill, anchor)
    claimed = (max(room[0], box[0] - _TILE_SLACK), room[1],
               min(room[2], box[2] + _TILE_SLACK), room[3])
    placed.append(Placed(content, box, claimed))
    return placed[-1]


def _tile_name_lines(name: str, width: int) -> tuple[int, tuple[str, ...]]:
    """The largest size at which the card's name fits two lines, and those lines (at the
    smallest size, cut with an ellipsis if none does)."""
    for size in _NAME_TILE_SIZES:
        lines = wrap(name, "narrow_bold", size, width)
        if len(lines) <= 2 and _within(lines, "narrow_bold", size, width):
            return size, lines
    return size, _cut(lines, 2, "narrow_bold", size, width)


def _body_lines(body: str, width: int, room: int) -> tuple[int, tuple[str, ...]]:
    """The largest size at which the card's text fits ``room`` pixels high (lines ``size`` + 3
    apart), and its lines (at the smallest size, cut with an ellipsis if none does)."""
    for size in _BODY_SIZES:
        lines = wrap(body, "narrow", size, width)
        if len(lines) <= _lines_in(room, size) and _within(lines, "narrow", size, width):
            return size, lines
    return size, _cut(lines, _lines_in(room, size), "narrow", size, width)


def _within(lines: tuple[str, ...], weight: FontWeight, size: int, width: int) -> bool:
    """No line wider than ``width`` (``wrap`` leaves a word longer than a line whole)."""
    return all(measure(line, weight, size) <= width for line in lines)


def _lines_in(room: int, size: int) -> int:
    """How many lines ``size`` + 3 apart fit ``room`` (a line's ink reaches ``size`` + 5
    below where it is drawn)."""
    return max(0, (room - size - 5) // (size + 3) + 1)


def _cut(lines: tuple[str, ...], count: int, weight: FontWeight, size: int,
         width: int) -> tuple[str, ...]:
    """The first ``count`` lines, each cut with an ellipsis where it is too wide, the last
    holding the rest."""
    if count == 0:
        return ()
    kept = (*lines[:count - 1], " ".join(lines[count - 1:]))
    return tuple(fit(line, weight, size, width) for line in kept)


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


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
