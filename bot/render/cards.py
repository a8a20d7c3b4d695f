"""Power card pictures: the small tiles of the face-up market and the large ``/kot card`` view."""

from __future__ import annotations

from functools import lru_cache

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
from bot.render.canvas import text, to_png, wrap
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


@lru_cache(maxsize=512)
def market_tile(card: PrintedCard, body: str, cost: int, shortfall: int | None) -> Image.Image:
    """A face-up card as printed in the game's edition, ``body`` its text (in the board's
    language: the cache is keyed by it). ``cost`` is what the active monster
    would pay (less than the printed cost with a discount); ``shortfall`` is the energy it lacks
    (0: it can buy), None when nobody is buying."""
    width, height = TILE_SIZE
    image = Image.new("RGBA", TILE_SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    band = _kind_colour(card.kind)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=12, fill=CARD_FACE)
    draw.rounded_rectangle((0, 0, width - 1, 52), radius=12, fill=band)
    draw.rectangle((0, 40, width - 1, 52), fill=band)

    name_lines = wrap(card.name, "narrow_bold", 18, width - 72)[:2]
    name_top = 26 - 11 * len(name_lines)
    for index, line in enumerate(name_lines):
        text(draw, (12, name_top + 22 * index), line, "narrow_bold", 18, TEXT)
    _cost_coin(draw, width - 30, 26, 21, cost)
    text(draw, (12, 58), card.kind.upper(), "narrow_bold", 15, band)
    if cost < card.cost:
        text(draw, (width - 12, 58), f"{card.cost - cost} off for you", "narrow_bold", 15,
             DISCOUNT_INK, anchor="ra")
    strip_height = 0 if shortfall is None else 28
    body_lines = wrap(body, "narrow", 15, width - 24)
    max_lines = (height - strip_height - 80) // 18
    for index, line in enumerate(body_lines[:max_lines]):
        text(draw, (12, 80 + 18 * index), line, "narrow", 15, CARD_INK)

    if shortfall is not None:
        colour = AFFORD_GREEN if shortfall == 0 else TOO_DEAR
        label = "✔ Can buy" if shortfall == 0 else f"Needs {shortfall} more energy"
        top = height - strip_height
        draw.rounded_rectangle((0, top - 12, width - 1, height - 1), radius=12, fill=colour)
        draw.rectangle((0, top - 12, width - 1, top), fill=CARD_FACE)
        text(draw, (width / 2, top + strip_height / 2), label, "narrow_bold", 15, TEXT, "mm")
    return image


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
