"""The board picture: everything a player needs to follow the game, in one PNG.

Made for phones, where Discord shows the picture about 400 px wide: it is 800 px wide, and
what decides a turn (hearts, points and energy, who is in Tokyo, the dice) is drawn at least
22 px tall, 11 px once scaled down (``tests/test_render_phone.py`` measures it). The cards for
sale come last, each with its name as large (their texts, which would be 6 px tall on a phone,
are in the board's message; ``/kot card`` shows any card in full). Layout (taller with more
monsters and with more owned cards)::

    +--------------------------------------------------+
    | TURN 7 | what the game is waiting for / who won   |
    +------------------------+-------------------------+
    | TOKYO CITY             | TOKYO BAY (5-6 monsters)|
    | (portrait) The King    | (portrait) Alienoid     |
    +------------------------+-------------------------+
    | DICE  Gigazaur's roll                Rolls left 1 |
    | [die] [die] [die] [die] [die] [die] [die] [die]   |
    +------------------------+-------------------------+
    | (o) Gigazaur       AI  | (o) The King            |  two monster panels a row:
    |     player's name      |     player's name       |  name and player, hearts,
    | ♥ 11/12  ★ 14/20  ⚡ 2  | ♥ 9/10  ★ 17/20  ⚡ 5    |  points and energy in big
    | [ACTIVE] [Wings] ...   | [TOKYO CITY] [Jets] ... |  figures, then chips: place,
    +------------------------+-------------------------+  turn, tokens, owned cards
    | POWER CARDS                    9 left in the deck |
    | [kind  cost]     [kind  cost]     [kind  cost]    |  the cards for sale: kind, cost,
    | Name             Name             Name            |  name, and whether the active
    | [can buy]        [needs 2 more]   [needs 5 more]  |  monster can buy it
    +--------------------------------------------------+

Everything that does not depend on the state (background, frames, the Tokyo backdrops, titles)
is drawn once per layout. The rest is drawn in parts (the header, Tokyo, the dice, the market,
each panel), each a record of what it shows: a part that has not changed since an earlier
board comes from a cache, and each state's PNG is kept for a while, so a board shown twice is
drawn once. The PNG uses the fixed 256 colours of ``palette.py`` (``python -m tools.render
--palette`` regenerates it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Protocol

from PIL import Image, ImageDraw, ImageOps

from bot.i18n import ENGLISH, say
from bot.i18n import text as words
from bot.render import art, assets
from bot.render.assets import (
    AFFORD_GREEN,
    BACKGROUND,
    CARD_FACE,
    CARD_INK,
    DISCARD_RED,
    ENERGY_CYAN,
    GOLD,
    HEART_RED,
    KEEP_BLUE,
    MONSTER_COLOURS,
    PANEL,
    PANEL_EDGE,
    POISON_GREEN,
    RGB,
    SHRINK_PURPLE,
    TEXT,
    TEXT_DIM,
    TOO_DEAR,
    VP_GOLD,
    FontWeight,
)
from bot.render.canvas import (
    CHIP_HEIGHT,
    CHIP_SIZE,
    Box,
    Placed,
    chip,
    chip_width,
    drawable,
    fit,
    fit_in_room,
    paste,
    text,
    text_width,
    to_png,
    wrap,
)
from bot.render.cards import DISCOUNT_INK, TILE_SIZE, market_tile
from bot.render.colour_vision import contrast_ratio
from bot.render.palette import BOARD_PALETTE
from engine import (
    BAY_MIN_MONSTERS,
    WINNING_VP,
    Card,
    Edition,
    GameState,
    PrintedCard,
    card_cost,
    card_ref,
    copies_cards,
    effective_key,
    max_hearts,
    printed,
    tokens_label,
    waiting_text,
)

WIDTH = 800
_MARGIN = 16
_GAP = 12
_LEFT, _RIGHT = _MARGIN, WIDTH - _MARGIN
_HEADER: Box = (_LEFT, _MARGIN, _RIGHT, _MARGIN + 88)
_TOKYO_BOX: Box = (_LEFT, _HEADER[3] + _GAP, _RIGHT, _HEADER[3] + _GAP + 136)
_DICE_BOX: Box = (_LEFT, _TOKYO_BOX[3] + _GAP, _RIGHT, _TOKYO_BOX[3] + _GAP + 160)
_PANELS_Y = _DICE_BOX[3] + _GAP
_COLUMNS = 2
_PANEL_WIDTH = (_RIGHT - _LEFT - _GAP) // _COLUMNS
_MARKET_HEIGHT = 52 + TILE_SIZE[1] + 16
_TILE_GAP = 12

# The figures that decide a turn. DejaVu's digits are 0.73 em tall: 25 px of ink at 34 px,
# 12.4 px on a phone that shows the picture 400 px wide.
_FIGURE_SIZE = 34
_TOKYO_NAME_SIZE = 32
_PANEL_BAND = 60  # a panel's coloured title band: portrait, monster and player names
_FIGURES_BASELINE = _PANEL_BAND + 44
# Chips (place, turn, tokens, owned cards) in rows below the figures; when a monster needs
# more than two rows, every panel grows (up to _MAX_CHIP_ROWS) so that every card is drawn.
_CHIPS_TOP = _FIGURES_BASELINE + 26
_CHIP_ROWS, _MAX_CHIP_ROWS = 2, 5
_CHIP_ROW_STEP = CHIP_HEIGHT + 6
_CHIP_GAP = 6

_DIE_STEP_MAX = 92
_DIE_GAP = 12
_PLACE_CHIP: RGB = (150, 40, 120)
_DECIDING_CHIP: RGB = (64, 200, 240)
_AI_CHIP: RGB = (70, 78, 110)
_DARK_INK: RGB = (24, 22, 30)
_EMPTY_SEGMENT: RGB = (52, 58, 86)
_ZONE_LABEL: RGB = (14, 16, 30)
_ELIMINATED_CHIP: RGB = (90, 90, 100)
_HEADER_SHADE = 0.7

# Each kind of chip a panel shows, in reading order: its background and its label's ink.
# "winner" and "active" share the gold (a finished game has no active monster); a dead
# monster's panel, "eliminated" chip and all, is drawn grey.
CHIP_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "winner": (GOLD, _DARK_INK),
    "eliminated": (_ELIMINATED_CHIP, TEXT),
    "place": (_PLACE_CHIP, TEXT),
    "active": (GOLD, _DARK_INK),
    "deciding": (_DECIDING_CHIP, _DARK_INK),
    "poison": (POISON_GREEN, _DARK_INK),
    "shrink": (SHRINK_PURPLE, _DARK_INK),
    "card": (KEEP_BLUE, TEXT),
    "more": (PANEL_EDGE, TEXT),
    "ai": (_AI_CHIP, TEXT),
    "evolutions": (PANEL_EDGE, TEXT),
}


# WCAG's least contrast for text, which the names on a band keep.
_TEXT_CONTRAST = 4.5
# A band may be darkened by up to this many steps (to 0.55) for TEXT to keep that contrast.
_SHADE_STEP = 0.01
_DARKER_STEPS = 15


def band_colours(monster: str) -> tuple[RGB, RGB]:
    """A monster's panel band and the ink of the names on it (``band_of`` its colour)."""
    return band_of(art.monster_colour(monster))


@lru_cache(maxsize=64)
def band_of(colour: RGB) -> tuple[RGB, RGB]:
    """A band of this colour and the ink of the names on it: the colour darkened to
    _HEADER_SHADE with TEXT on it, or darkened a few steps further where TEXT needs it to keep
    _TEXT_CONTRAST. A colour too light for that (Mechamster's yellow) keeps _HEADER_SHADE and
    takes _DARK_INK, which then stands out enough on it."""
    for step in range(_DARKER_STEPS + 1):
        band = art.shade(colour, _HEADER_SHADE - step * _SHADE_STEP)
        if contrast_ratio(TEXT, band) >= _TEXT_CONTRAST:
            return band, TEXT
    return art.shade(colour, _HEADER_SHADE), _DARK_INK


def _word(language: str, message_id: str, **args: str | int) -> str:
    """A message of the catalog (``bot.i18n.text``), remembered: a board says the same words
    board after board, and formatting them anew was a sixth of the time of a board."""
    return _said(language, message_id, tuple(args.items()))


@lru_cache(maxsize=4096)
def _said(language: str, message_id: str, args: tuple[tuple[str, str | int], ...]) -> str:
    return words(language, message_id, **dict(args))


# A word of the catalog may shrink to this share of its size before it is cut with an
# ellipsis; names (monsters', players') are cut at their size, to be read at a glance.
_MIN_SCALE = 0.75
# A glyph's ink may reach a pixel or two past the point a text is anchored at: a text's room
# reaches this far beyond it, into the padding around it.
_SLACK = 4


class Chip(NamedTuple):
    """A chip's label (fitted to a panel's width), its colours and the label's size."""

    label: str
    background: RGB
    foreground: RGB
    size: int = CHIP_SIZE

    @property
    def width(self) -> int:
        return chip_width(self.label, self.size)


_Chips = tuple[tuple[Chip, ...], ...]  # every panel's chips, by seat


class Readout(NamedTuple):
    """Where something that decides a turn was drawn: ``what`` is "hearts", "vp" or "energy"
    (``number``: the seat), "city" or "bay" (the occupant's name; ``number``: its seat), "die"
    (``number``: the die's index) or "card" (the first line of a card for sale's name;
    ``number``: its slot); ``box`` holds its ink. Tests measure the picture there."""

    what: str
    number: int
    box: Box


class _Sheet:
    """A picture being drawn, a part of the board whose top-left corner is at ``origin`` on
    the board, and the readouts recorded on it (in the board's coordinates)."""

    def __init__(self, image: Image.Image, origin: tuple[int, int] = (0, 0)) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.origin = origin
        self.readouts: list[Readout] = []
        self.placed: list[Placed] = []

    def record(self, what: str, number: int, box: Box) -> None:
        self.readouts.append(Readout(what, number, self._on_board(box)))

    def text(self, xy: tuple[float, float], content: str, weight: FontWeight, size: int,
             fill: RGB, room: Box, anchor: str = "la", min_size: int | None = None) -> Box:
        """Draw text fitted to ``room`` (see ``fit_in_room``; ``min_size`` defaults to a
        catalog word's, ``_MIN_SCALE`` of its size) and record where it went. The room it
        claims is the part of ``room`` its ink spans across (and ``_SLACK``): what follows a
        text on its row is placed after the text as drawn, in the rest of the row."""
        if min_size is None:
            min_size = round(size * _MIN_SCALE)
        content, size = fit_in_room(content, weight, size, xy, anchor, room, min_size)
        box = text(self.draw, xy, content, weight, size, fill, anchor)
        claimed = (max(room[0], box[0] - _SLACK), room[1], min(room[2], box[2] + _SLACK),
                   room[3])
        self.place(content, box, claimed)
        return box

    def chip(self, x: int, y: int, item: Chip) -> int:
        """A chip; its label's room is the chip. Returns the chip's width."""
        width, box = chip(self.draw, x, y, item.label, item.background, item.foreground,
                          item.size)
        self.place(item.label, box, (x, y, x + width, y + CHIP_HEIGHT))
        return width

    def place(self, content: str, box: Box, room: Box) -> None:
        self.placed.append(Placed(content, self._on_board(box), self._on_board(room)))

    def _on_board(self, box: Box) -> Box:
        x, y = self.origin
        return box[0] + x, box[1] + y, box[2] + x, box[3] + y


# ---- Layout -----------------------------------------------------------------------------------


def _rows(monster_count: int) -> tuple[int, ...]:
    """Panels per row: two a row, the odd one last."""
    full, odd = divmod(monster_count, _COLUMNS)
    return (_COLUMNS,) * full + ((odd,) if odd else ())


def _panel_height(chip_rows: int) -> int:
    return _CHIPS_TOP + chip_rows * _CHIP_ROW_STEP + 8


def _panels_bottom(chip_rows: tuple[int, ...]) -> int:
    return (_PANELS_Y + sum(_panel_height(rows) for rows in chip_rows)
            + (len(chip_rows) - 1) * _GAP)


def _market_box(chip_rows: tuple[int, ...]) -> Box:
    top = _panels_bottom(chip_rows) + _GAP
    return _LEFT, top, _RIGHT, top + _MARKET_HEIGHT


def board_size(monster_count: int, chip_rows: int | tuple[int, ...] = _CHIP_ROWS,
               ) -> tuple[int, int]:
    """The picture's size in pixels for this many monsters, with this many rows of chips in
    the panels (one number for every row of panels, or one per row)."""
    if isinstance(chip_rows, int):
        chip_rows = (chip_rows,) * len(_rows(monster_count))
    return WIDTH, _market_box(chip_rows)[3] + _MARGIN


class _Slot(NamedTuple):
    """Where a monster's panel goes."""

    x: int
    y: int
    chip_rows: int

    @property
    def height(self) -> int:
        return _panel_height(self.chip_rows)


def _panel_slots(monster_count: int, chip_rows: tuple[int, ...]) -> list[_Slot]:
    slots = []
    y = _PANELS_Y
    for count, rows in zip(_rows(monster_count), chip_rows, strict=True):
        row_width = count * _PANEL_WIDTH + (count - 1) * _GAP
        x = (WIDTH - row_width) // 2
        for _ in range(count):
            slots.append(_Slot(x, y, rows))
            x += _PANEL_WIDTH + _GAP
        y += _panel_height(rows) + _GAP
    return slots


class _Zone(NamedTuple):
    place: str  # "city" or "bay"
    box: Box


def _tokyo_zones(show_bay: bool, box: Box = _TOKYO_BOX) -> tuple[_Zone, _Zone | None]:
    left, top, right, bottom = box
    inner: Box = (left + 8, top + 8, right - 8, bottom - 8)
    if not show_bay:
        return _Zone("city", inner), None
    middle = (inner[0] + inner[2]) // 2
    city = _Zone("city", (inner[0], inner[1], middle - 4, inner[3]))
    bay = _Zone("bay", (middle + 4, inner[1], inner[2], inner[3]))
    return city, bay


_ZONE_LABEL_HEIGHT = 28
# A frame's title: at most this share of the frame's width (the rest of its top row is the
# dice's roller and rolls, the market's deck).
_TITLE_SHARE = 0.45
_TITLE_SIZE = 20
_TITLE_ROW = 44  # the height of a frame's top row


def _title_room(box: Box) -> Box:
    """The most room a frame's title may have."""
    left, top, right, _ = box
    return (left + 16 - _SLACK, top + 4, left + 16 + round((right - left) * _TITLE_SHARE),
            top + _TITLE_ROW)


def _title(language: str, message_id: str, box: Box) -> tuple[str, int, Box]:
    """A frame's title as fitted: the text, its size and its room (up to where it ends; the
    rest of the row is for what follows it)."""
    most = _title_room(box)
    label, size = fit_in_room(_word(language, message_id), "bold", _TITLE_SIZE,
                              (box[0] + 16, box[1] + 14), "la", most,
                              round(_TITLE_SIZE * _MIN_SCALE))
    right = min(most[2], box[0] + 16 + round(text_width(label, "bold", size)) + _SLACK)
    return label, size, (most[0], most[1], right, most[3])


def _title_right(language: str, message_id: str, box: Box) -> int:
    """Where a frame's title's room ends."""
    return _title(language, message_id, box)[2][2]


def _frame(sheet: _Sheet, box: Box, language: str, title: str | None = None) -> None:
    """A frame, and its title (a message id) in its top row."""
    sheet.draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    if title is not None:
        label, size, room = _title(language, title, box)
        sheet.text((box[0] + 16, box[1] + 14), label, "bold", size, GOLD, room, min_size=size)


class _Layout(NamedTuple):
    """What the static layer depends on."""

    monster_count: int
    show_bay: bool
    bay_open: bool
    chip_rows: tuple[int, ...]
    two_player_variant: bool


def _layout(state: GameState, chips: _Chips, language: str) -> _Layout:
    monster_count = len(state.monsters)
    return _Layout(monster_count, monster_count >= BAY_MIN_MONSTERS, state.bay_open,
                   _chip_rows_needed(chips, language), state.two_player_variant())


@lru_cache(maxsize=64)
def _static_layer(layout: _Layout, language: str) -> Image.Image:
    """Everything that is the same in every picture of this layout and language."""
    return _static_sheet(layout, language).image


def _static_sheet(layout: _Layout, language: str) -> _Sheet:
    monster_count, show_bay, bay_open, chip_rows, two_player_variant = layout
    sheet = _Sheet(Image.new("RGB", board_size(monster_count, chip_rows), BACKGROUND))
    image, draw = sheet.image, sheet.draw
    draw.rounded_rectangle(_HEADER, radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    _frame(sheet, _TOKYO_BOX, language)
    _frame(sheet, _DICE_BOX, language, "board-dice")
    _frame(sheet, _market_box(chip_rows), language, "board-power-cards")
    for x, y, rows in _panel_slots(monster_count, chip_rows):
        draw.rounded_rectangle(
            (x, y, x + _PANEL_WIDTH, y + _panel_height(rows)), radius=14, fill=PANEL,
            outline=PANEL_EDGE, width=2,
        )

    city, bay = _tokyo_zones(show_bay)
    for zone, backdrop in ((city, art.tokyo_city_backdrop), (bay, art.tokyo_bay_backdrop)):
        if zone is None:
            continue
        left, top, right, bottom = zone.box
        image.paste(backdrop((right - left, bottom - top)), (left, top))
        draw.rectangle((left, top, right - 1, top + _ZONE_LABEL_HEIGHT), fill=_ZONE_LABEL)
        # With the 2-player note beside it, the label has the left part of the row.
        label_right = (left + right) // 2 - 8 if two_player_variant else right - 12
        sheet.text((left + 12, top + _ZONE_LABEL_HEIGHT / 2),
                   _word(language, f"board-place-{zone.place}"), "bold", 17, TEXT,
                   (left + 12 - _SLACK, top, label_right, top + _ZONE_LABEL_HEIGHT),
                   anchor="lm")
    if two_player_variant:
        left, top, right, _ = city.box
        label_width = text_width(_word(language, "board-place-city"), "bold", 17)
        note_left = left + 12 + min(round(label_width), (right - left) // 2 - 20) + 16
        sheet.text((right - 12, top + _ZONE_LABEL_HEIGHT / 2),
                   _word(language, "board-two-player"), "narrow_bold", 15, GOLD,
                   (note_left, top, right - 12 + _SLACK, top + _ZONE_LABEL_HEIGHT), anchor="rm")
    if bay is not None and not bay_open:
        left, top, right, bottom = bay.box
        region = (left, top + _ZONE_LABEL_HEIGHT + 1, right, bottom)
        darkened = Image.blend(image.crop(region), Image.new(
            "RGB", (region[2] - region[0], region[3] - region[1]), BACKGROUND), 0.7)
        image.paste(darkened, region[:2])
        middle_y = (region[1] + bottom) / 2
        centre_x = (left + right) / 2
        split = round(middle_y) + 8
        sheet.text((centre_x, middle_y - 10), _word(language, "board-closed"), "bold", 28,
                   TEXT_DIM, (left + 8, split - 40, right - 8, split), anchor="mm")
        sheet.text((centre_x, middle_y + 20),
                   _word(language, "board-closed-why", count=BAY_MIN_MONSTERS), "narrow", 16,
                   TEXT_DIM, (left + 8, split, right - 8, split + 26), anchor="mm")
    return sheet


# Every flat colour the board paints, deduplicated, in a fixed order. They open the palette so
# that they survive the mapping exactly: median cut gives small areas (a chip, a counter) few
# colours of their own.
EXACT_COLOURS: tuple[RGB, ...] = tuple(dict.fromkeys([
    BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, GOLD, HEART_RED, VP_GOLD, ENERGY_CYAN,
    POISON_GREEN, SHRINK_PURPLE, AFFORD_GREEN, TOO_DEAR, CARD_FACE, CARD_INK, KEEP_BLUE,
    DISCARD_RED, DISCOUNT_INK, _PLACE_CHIP, _DECIDING_CHIP, _DARK_INK, _EMPTY_SEGMENT,
    _ZONE_LABEL, _ELIMINATED_CHIP, _AI_CHIP, art.BLACK_DIE, art.GREEN_DIE,
    *(tone for name, colour in MONSTER_COLOURS.items()
      for tone in (colour, band_colours(name)[0])),
]))


def _palette_image(colours: Sequence[RGB]) -> Image.Image:
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in colours for channel in colour])
    # Apply the palette now: ``quantize`` would otherwise do it on first use, writing to this
    # shared image from whichever threads get there first.
    palette.load()
    return palette


_PALETTE = _palette_image(BOARD_PALETTE)
# Boards kept as PNG: the live board of every game that is being played at the same time
# fits, and a board drawn again (a retry, /kot board, a restore) costs a look-up.
_PNG_CACHE_SIZE = 128
# Parts of boards kept, mapped onto the palette (Tokyo, the market, the monster panels: about
# 0.1 MB each, some 40 MB when full): those of 50 three-monster games played at once fit.
_PART_CACHE_SIZE = 384
# zlib level 1: a third faster than level 3 on the palette board, for 10% more bytes.
_PNG_COMPRESS_LEVEL = 1


def render_board(state: GameState, ai_seats: frozenset[int] = frozenset(),
                 names: Sequence[str | None] = (), language: str = ENGLISH) -> bytes:
    """The PNG picture of the board for this state. ``ai_seats``: the seats AI monsters play,
    marked as such; ``names``: each seat's player display name (None, or no entry: none);
    ``language``: the catalog language of its words."""
    return _cached_png(assets.ASSET_DIR, state, frozenset(ai_seats), tuple(names), language)


@lru_cache(maxsize=_PNG_CACHE_SIZE)
def _cached_png(asset_dir: Path, state: GameState, ai_seats: frozenset[int],
                names: tuple[str | None, ...], language: str) -> bytes:
    """Keyed by the asset folder too: a test that points it elsewhere must not be served a
    picture drawn from the real fonts. (``lru_cache`` is thread-safe; two threads asking for
    the same new state at once may both draw it, and get the same bytes.)"""
    return draw_png(state, ai_seats, names, language)


def draw_png(state: GameState, ai_seats: frozenset[int] = frozenset(),
             names: Sequence[str | None] = (), language: str = ENGLISH) -> bytes:
    """The PNG put together afresh: what ``render_board`` does for a state it has not drawn
    lately. The static layer and each part are mapped onto the palette on their own and pasted
    together: mapping a pixel does not depend on its neighbours (no dithering), so this is the
    picture ``draw_board`` draws, mapped. A part that has not changed since an earlier board
    (Tokyo, the market, most panels) is taken from a cache instead of drawn again."""
    chips = _all_chips(state, language)
    layout = _layout(state, chips, language)
    picture = _static_palette_layer(layout, language).copy()
    for part in _parts(state, layout, chips, ai_seats, names, language):
        origin, image = _drawn_part(assets.ASSET_DIR, layout, part)
        picture.paste(image, origin)
    return to_png(picture, _PNG_COMPRESS_LEVEL)


def draw_board(state: GameState, ai_seats: frozenset[int] = frozenset(),
               names: Sequence[str | None] = (), language: str = ENGLISH) -> Image.Image:
    """The board for this state as an RGB image."""
    return board_readouts(state, ai_seats, names, language)[0]


def board_readouts(state: GameState, ai_seats: frozenset[int] = frozenset(),
                   names: Sequence[str | None] = (), language: str = ENGLISH,
                   ) -> tuple[Image.Image, list[Readout]]:
    """The board as an RGB image, and where its key figures, names and dice were drawn."""
    sheet = _board_sheet(state, ai_seats, names, language, _static_layer)
    return sheet.image, sheet.readouts


def board_texts(state: GameState, ai_seats: frozenset[int] = frozenset(),
                names: Sequence[str | None] = (), language: str = ENGLISH,
                ) -> tuple[Image.Image, list[Placed]]:
    """The board drawn afresh, static layer included, and every text drawn on it with the
    room it was given (the layout tests check that each fits its room and that no rooms
    overlap). The power cards' tiles are pictures of their own, not counted here."""
    static = _static_sheet(_layout(state, _all_chips(state, language), language), language)
    sheet = _board_sheet(state, ai_seats, names, language, lambda _layout, _language: static.image)
    return sheet.image, static.placed + sheet.placed


def _board_sheet(state: GameState, ai_seats: frozenset[int], names: Sequence[str | None],
                 language: str, static_layer: Callable[[_Layout, str], Image.Image]) -> _Sheet:
    chips = _all_chips(state, language)
    layout = _layout(state, chips, language)
    sheet = _Sheet(static_layer(layout, language).copy())
    for part in _parts(state, layout, chips, ai_seats, names, language):
        part.draw(sheet, part.box)
    return sheet


def _to_palette(image: Image.Image) -> Image.Image:
    """The image on the board's fixed 256 colours, without dithering.

    An RGB PNG of the board spends most of its time in Pillow's per-row filter search; a
    palette PNG skips filtering and is a third of the size. The board's flat colours survive
    the mapping unchanged to the eye."""
    return image.quantize(palette=_PALETTE, dither=Image.Dither.NONE)


@lru_cache(maxsize=64)
def _static_palette_layer(layout: _Layout, language: str) -> Image.Image:
    return _to_palette(_static_layer(layout, language))


class _Part(Protocol):
    """A part of the board: every field is what it shows (so the part is its own cache key,
    its language among its fields), ``box`` is where it goes on the board."""

    @property
    def box(self) -> Box: ...

    @property
    def language(self) -> str: ...

    def __hash__(self) -> int: ...

    def draw(self, sheet: _Sheet, box: Box) -> None:
        """Draw the part at ``box`` (in the sheet's coordinates)."""


def _drawn_part(asset_dir: Path, layout: _Layout,
                part: _Part) -> tuple[tuple[int, int], Image.Image]:
    """The part drawn over the static layer and mapped onto the palette, and where it goes.
    Only parts that often stay the same are cached: the header and the dice change with
    nearly every click."""
    if isinstance(part, _Header | _Dice):
        return _draw_part(layout, part)
    return _cached_part(asset_dir, layout, part)


@lru_cache(maxsize=_PART_CACHE_SIZE)
def _cached_part(asset_dir: Path, layout: _Layout,
                 part: _Part) -> tuple[tuple[int, int], Image.Image]:
    return _draw_part(layout, part)


def _draw_part(layout: _Layout, part: _Part) -> tuple[tuple[int, int], Image.Image]:
    left, top, right, bottom = _area(part)
    sheet = _Sheet(_static_layer(layout, part.language).crop((left, top, right, bottom)),
                   (left, top))
    part.draw(sheet, (part.box[0] - left, part.box[1] - top, part.box[2] - left,
                      part.box[3] - top))
    return (left, top), _to_palette(sheet.image)


# A panel's gold outline (the active monster, a winner) is drawn around it.
_OUTLINE_ROOM = 6


def _area(part: _Part) -> Box:
    """What the part may paint: its box, and room for an outline around a panel."""
    left, top, right, bottom = part.box
    room = _OUTLINE_ROOM if isinstance(part, _Panel) else 0
    return left - room, top - room, right + room + 1, bottom + room + 1


def _parts(state: GameState, layout: _Layout, chips: _Chips, ai_seats: frozenset[int],
           names: Sequence[str | None], language: str) -> list[_Part]:
    parts: list[_Part] = [_header(state, language), _tokyo(state, layout, language),
                          _dice(state, language),
                          _market(state, _market_box(layout.chip_rows), language)]
    for seat, slot in enumerate(_panel_slots(layout.monster_count, layout.chip_rows)):
        player = names[seat] if seat < len(names) else None
        parts.append(_panel(state, seat, slot, seat in ai_seats, player, chips[seat],
                            language))
    return parts


# ---- Header -----------------------------------------------------------------------------------


# The header's message: one line at the first size if it fits, else two lines at the next
# sizes, else two lines at the last with the second cut.
_HEADER_SIZE = 24
_HEADER_WRAPPED_SIZES = (20, 18)
# The turn's label ("TURN 7") has at most this much of the header's width.
_TURN_LABEL_ROOM = 220


def _header_lines(content: str, width: float) -> tuple[int, tuple[str, ...]]:
    """The font size and the lines for the header's message."""
    if text_width(content, "bold", _HEADER_SIZE) <= width:
        return _HEADER_SIZE, (content,)
    for size in _HEADER_WRAPPED_SIZES:
        lines = wrap(content, "bold", size, width)
        if len(lines) <= 2:
            return size, lines
    return size, (lines[0], " ".join(lines[1:]))


class _Header(NamedTuple):
    box: Box
    language: str
    over: bool
    turn_label: str
    message: str

    def draw(self, sheet: _Sheet, box: Box) -> None:
        draw = sheet.draw
        left, top, right, bottom = box
        middle = (top + bottom) / 2
        if self.over:
            draw.rounded_rectangle(box, radius=14, fill=GOLD)
            text_left, ink = left + 20, _DARK_INK
        else:
            label_room = (left + 20 - _SLACK, top + 4, left + 20 + _TURN_LABEL_ROOM, bottom - 4)
            label, size = fit_in_room(self.turn_label, "bold", 24, (left + 20, middle), "lm",
                                      label_room, round(24 * _MIN_SCALE))
            sheet.text((left + 20, middle), label, "bold", size, GOLD, label_room, anchor="lm",
                       min_size=size)
            divider = left + 40 + round(text_width(label, "bold", size))
            draw.line((divider, top + 14, divider, bottom - 14), fill=PANEL_EDGE, width=2)
            text_left, ink = divider + 20, TEXT
        size, lines = _header_lines(self.message, right - 20 - text_left)
        step = size + 6
        first = middle - step * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            y = first + step * index
            # A line's room is its share of the header, so that two lines never overlap.
            room = (text_left - _SLACK, top + 4 if index == 0 else round(y - step / 2),
                    right - 20 + _SLACK,
                    bottom - 4 if index == len(lines) - 1 else round(y + step / 2))
            sheet.text((text_left, y), line, "bold", size, ink, room, anchor="lm",
                       min_size=size)


def _header(state: GameState, language: str) -> _Header:
    asked = waiting_text(state)
    waiting = say(language, asked) if asked is not None else ""
    if state.over:
        return _Header(_HEADER, language, True, "",
                       _word(language, "board-game-over", result=waiting))
    if state.turn is None:
        turn_label = _word(language, "board-setup")
    else:
        turn_label = _word(language, "board-turn", number=state.turn.number)
    if not state.pending and state.turn is not None:
        # The state a finished turn ended in (its closed board): nobody is asked anything.
        monster = state.monsters[state.turn.seat].name
        return _Header(_HEADER, language, False, turn_label,
                       _word(language, "board-turn-over", monster=monster))
    return _Header(_HEADER, language, False, turn_label, waiting)


# ---- Tokyo ------------------------------------------------------------------------------------


class _Tokyo(NamedTuple):
    box: Box
    language: str
    show_bay: bool
    # (place, seat, monster's name or None when empty) for the City and an open Bay.
    places: tuple[tuple[str, int, str | None], ...]

    def draw(self, sheet: _Sheet, box: Box) -> None:
        city, bay = _tokyo_zones(self.show_bay, box)
        for (place, seat, name), zone in zip(self.places, (city, bay), strict=False):
            assert zone is not None
            left, top, right, bottom = zone.box
            middle_y = (top + _ZONE_LABEL_HEIGHT + bottom) // 2
            if name is None:
                _name_pill(sheet, (left + right) // 2, middle_y,
                           _word(self.language, "board-empty"), TEXT_DIM, right - left - 40,
                           size=24, centred=True)
                continue
            portrait_size = bottom - top - _ZONE_LABEL_HEIGHT - 12
            pill_room = right - left - portrait_size - 34
            pill_width = _pill_label(name, pill_room, _TOKYO_NAME_SIZE)[1]
            # Centred as a pair in the wide zone of a game without the Bay.
            group_left = max(left + 10, (left + right - portrait_size - 10 - pill_width) // 2)
            paste(sheet.image, art.portrait(name, portrait_size),
                  (group_left, middle_y - portrait_size // 2))
            name_box = _name_pill(sheet, group_left + portrait_size + 10, middle_y, name,
                                  art.monster_colour(name), pill_room)
            sheet.record(place, seat, name_box)


def _tokyo(state: GameState, layout: _Layout, language: str) -> _Tokyo:
    occupants = [("city", state.city)]
    if layout.show_bay and state.bay_open:
        occupants.append(("bay", state.bay))
    places = tuple((place, -1, None) if seat is None else (place, seat, state.monsters[seat].name)
                   for place, seat in occupants)
    return _Tokyo(_TOKYO_BOX, language, layout.show_bay, places)


_PILL_PADDING = 14


def _pill_label(label: str, max_width: int, size: int) -> tuple[str, int]:
    """The label as it fits on a pill at most ``max_width`` wide, and the pill's width."""
    label = fit(label, "narrow_bold", size, max_width - 2 * _PILL_PADDING)
    return label, round(text_width(label, "narrow_bold", size)) + 2 * _PILL_PADDING


def _name_pill(
    sheet: _Sheet, x: int, middle_y: int, label: str, edge: RGB, max_width: int,
    size: int = _TOKYO_NAME_SIZE, centred: bool = False,
) -> Box:
    """A name on a dark pill, readable over the busy Tokyo backdrops; ``x`` is its left edge
    (its centre if ``centred``). Returns the name's box."""
    label, width = _pill_label(label, max_width, size)
    left = x - width // 2 if centred else x
    half_height = size * 3 // 4
    pill = (left, middle_y - half_height, left + width, middle_y + half_height)
    sheet.draw.rounded_rectangle(pill, radius=half_height, fill=_ZONE_LABEL, outline=edge,
                                 width=2)
    return sheet.text((left + width / 2, middle_y), label, "narrow_bold", size, TEXT, pill,
                      anchor="mm", min_size=size)


# ---- Dice -------------------------------------------------------------------------------------


def still_rolling(state: GameState) -> bool:
    """Whether the active monster may still roll: its roll question is asked and its dice are
    not final. Only then do kept dice mean anything. Once the rolling is over, every die shows
    as it lies: a die kept and then rerolled by another monster's Psychic Probe (which leaves
    ``Turn.kept`` as it was) is drawn as a new face, not as kept."""
    turn = state.turn
    return (turn is not None and not state.over and not turn.dice_final
            and any(d.kind == "roll" and d.seat == turn.seat for d in state.pending))


class _Dice(NamedTuple):
    box: Box
    language: str
    # Why no dice show ("The game is over", "No dice rolled yet"), or None.
    no_dice: str | None
    roller: str
    dice: tuple[str, ...]
    green: int
    kept: tuple[int, ...]  # only while the monster is still rolling
    rolls_left: int | None  # None: the rolling is over

    def draw(self, sheet: _Sheet, box: Box) -> None:
        draw = sheet.draw
        left, top, right, bottom = box
        centre = ((left + right) / 2, (top + 44 + bottom) / 2)
        if self.roller:
            self._draw_title(sheet, box)
        if self.no_dice is not None:
            sheet.text(centre, self.no_dice, "bold", 22, TEXT_DIM,
                       (left + 16, top + _TITLE_ROW, right - 16, bottom - 8), anchor="mm")
            return
        count = len(self.dice)
        step = min(_DIE_STEP_MAX, (right - left - 32 + _DIE_GAP) // count)
        size = step - _DIE_GAP
        x = (left + right - count * step + _DIE_GAP) // 2
        y = top + 50
        first_green = count - self.green
        kept_label = _word(self.language, "board-kept")
        for index, face in enumerate(self.dice):
            kept = index in self.kept
            if kept:
                draw.rounded_rectangle((x - 5, y - 5, x + size + 5, y + size + 5), radius=16,
                                       outline=GOLD, width=4)
            paste(sheet.image, art.die_face(face, index >= first_green, size), (x, y))
            sheet.record("die", index, (x, y, x + size, y + size))
            if kept:
                room = (x - _DIE_GAP // 2 + 1, y + size + 6, x + size + _DIE_GAP // 2 - 1,
                        bottom - 2)
                sheet.text((x + size / 2, y + size + 8), kept_label, "bold", 16, GOLD, room,
                           anchor="mt")
            x += step

    def _draw_title(self, sheet: _Sheet, box: Box) -> None:
        """The top row: the title (static), whose roll it is and its green dice, the rolls
        left at the right; each in a room of its own."""
        language = self.language
        _, top, right, _ = box
        row_top, row_bottom = top + 4, top + _TITLE_ROW
        title_left = _title_right(language, "board-dice", box) - _SLACK + 16
        if self.rolls_left is None:
            rolls, colour = _word(language, "board-final-dice"), TEXT_DIM
        else:
            rolls = _word(language, "board-rolls-left", count=self.rolls_left)
            colour = GOLD if self.rolls_left else TEXT_DIM
        rolls_room = (max(title_left, right - 16 - _ROLLS_ROOM), row_top, right - 16 + _SLACK,
                      row_bottom)
        rolls_box = sheet.text((right - 16, top + 13), rolls, "bold", 22, colour, rolls_room,
                               anchor="ra")
        roller_right = rolls_box[0] - 16
        if self.green:
            extra = _word(language, "board-green-dice", count=self.green)
            extra_width = min(round(text_width(extra, "narrow_bold", 16)),
                              (roller_right - title_left) // 2)
            roller_right -= extra_width + 14
        roller_room = (title_left - _SLACK, row_top, roller_right, row_bottom)
        roller, size = fit_in_room(self.roller, "bold", 22, (title_left, top + 13), "la",
                                   roller_room, round(22 * _MIN_SCALE))
        sheet.text((title_left, top + 13), roller, "bold", size, TEXT, roller_room,
                   min_size=size)
        if self.green:
            extra_left = title_left + round(text_width(roller, "bold", size)) + 14
            sheet.text((extra_left, top + 18), extra, "narrow_bold", 16, art.GREEN_DIE,
                       (extra_left - _SLACK, row_top, rolls_box[0] - 16, row_bottom))


# The room of the dice's "Rolls left" at the top right.
_ROLLS_ROOM = 240


def _dice(state: GameState, language: str) -> _Dice:
    turn = state.turn
    if turn is None or state.over:
        message = _word(language, "board-game-is-over" if state.over else "board-no-dice")
        return _Dice(_DICE_BOX, language, message, "", (), 0, (), None)
    rolling = still_rolling(state)
    return _Dice(
        _DICE_BOX, language, None if turn.dice else _word(language, "board-no-dice"),
        _word(language, "board-roll-of", monster=state.monsters[turn.seat].name), turn.dice,
        turn.green, turn.kept if rolling else (), turn.rolls_left if rolling else None,
    )


# ---- Face-up cards ----------------------------------------------------------------------------


def _buyer(state: GameState) -> int | None:
    """The seat that may buy now: the active monster, while the game goes on."""
    if state.over or state.turn is None or not state.monsters[state.turn.seat].alive:
        return None
    return state.turn.seat


class _Market(NamedTuple):
    box: Box
    language: str
    deck: int
    # Each face-up card as printed in the game's edition (its name in the language), what the
    # active monster would pay and the energy it lacks (see market_tile); None for an empty
    # slot. Its text is not drawn: the board's message says it.
    slots: tuple[tuple[PrintedCard, int, int | None] | None, ...]

    def draw(self, sheet: _Sheet, box: Box) -> None:
        draw = sheet.draw
        left, top, right, _ = box
        # The deck's label, and a little stack of cards left of it, right of the title.
        deck_room = (_title_room(box)[2] + 40, top + 4, right - 16 + _SLACK, top + _TITLE_ROW)
        deck_label, size = fit_in_room(_word(self.language, "board-deck", count=self.deck),
                                       "bold", 18, (right - 16, top + 16), "ra", deck_room,
                                       round(18 * _MIN_SCALE))
        sheet.text((right - 16, top + 16), deck_label, "bold", size, TEXT, deck_room,
                   anchor="ra", min_size=size)
        stack_x = right - 30 - round(text_width(deck_label, "bold", size))
        for offset in (6, 3, 0):
            draw.rounded_rectangle(
                (stack_x - 20 + offset, top + 10 + offset, stack_x + offset, top + 30 + offset),
                radius=3, fill=KEEP_BLUE, outline=TEXT, width=1,
            )
        tile_width, tile_height = TILE_SIZE
        x = (left + right - 3 * tile_width - 2 * _TILE_GAP) // 2
        y = top + 52
        for index, slot in enumerate(self.slots):
            if slot is None:
                draw.rounded_rectangle((x, y, x + tile_width, y + tile_height), radius=12,
                                       outline=PANEL_EDGE, width=2)
                sheet.text((x + tile_width / 2, y + tile_height / 2),
                           _word(self.language, "board-no-card"), "bold", 18, TEXT_DIM,
                           (x + 8, y + 8, x + tile_width - 8, y + tile_height - 8), anchor="mm")
            else:
                tile = market_tile(*slot, self.language)
                paste(sheet.image, tile.image, (x, y))
                for placed in tile.texts:
                    sheet.place(placed.content, _moved(placed.box, x, y), _moved(placed.room, x, y))
                sheet.record("card", index, _moved(tile.name_box, x, y))
            x += tile_width + _TILE_GAP


def _moved(box: Box, x: int, y: int) -> Box:
    return box[0] + x, box[1] + y, box[2] + x, box[3] + y


def _card_name(language: str, key: str, edition: Edition) -> str:
    """A card's name in the language, as the game's edition prints it."""
    ref = card_ref(key, edition_2011=edition == "2011")
    return _word(language, f"{ref.kind}-{ref.key}")


def _market(state: GameState, box: Box, language: str) -> _Market:
    buyer = _buyer(state)
    slots: list[tuple[PrintedCard, int, int | None] | None] = []
    for slot in range(3):
        if slot >= len(state.face_up):
            slots.append(None)
            continue
        key, edition = state.face_up[slot].key, state.options.edition
        card = printed(key, edition)._replace(name=_card_name(language, key, edition))
        if buyer is None:
            slots.append((card, card.cost, None))
        else:
            cost = card_cost(state, buyer, card.key)
            slots.append((card, cost, max(0, cost - state.monsters[buyer].energy)))
    return _Market(box, language, len(state.deck), tuple(slots))


# ---- Monster panels ---------------------------------------------------------------------------


def _card_label(state: GameState, card: Card, language: str) -> str:
    edition = state.options.edition
    name = _card_name(language, card.key, edition)
    if copies_cards(card.key):
        copied = effective_key(state, card)
        if copied == card.key:
            return _word(language, "board-copy-none", card=name)
        return _word(language, "board-copy", card=name,
                     copied=_card_name(language, copied, edition))
    held = tokens_label(state, card)
    if held is not None:
        return _word(language, "board-card-held", card=name, held=say(language, held))
    if card.tokens:
        return _word(language, "board-card-tokens", card=name, count=card.tokens)
    return name


_CHIPS_WIDTH = _PANEL_WIDTH - 28
_CHIP_PADDING = 18  # chip_width's room around the label


@lru_cache(maxsize=1024)
def _chip(label: str, background: RGB, foreground: RGB, width: int = _CHIPS_WIDTH) -> Chip:
    """A chip whose label is fitted to at most ``width``, a row of a panel (remembered: each
    board wraps every panel's chips twice, for its layout and to draw them)."""
    # Measured as the chip is (its label's advance and padding): the chip is the room, its
    # padding keeps the label's ink inside.
    room = (-_SLACK, -CHIP_HEIGHT // 2, width - _CHIP_PADDING, CHIP_HEIGHT // 2)
    fitted, size = fit_in_room(label, "narrow_bold", CHIP_SIZE, (0, 0), "lm", room,
                               round(CHIP_SIZE * _MIN_SCALE))
    return Chip(fitted, background, foreground, size)


def _panel_chips(state: GameState, seat: int, language: str) -> list[Chip]:
    """A panel's chips in reading order: its place and part in the turn, its tokens, then the
    cards it owns."""
    monster = state.monsters[seat]
    said: list[tuple[str, str]] = []  # (label, kind)
    if state.over and seat in state.winners:
        said.append((_word(language, "board-winner"), "winner"))
    if not monster.alive:
        said.append((_word(language, "board-eliminated"), "eliminated"))
    place = state.place_of(seat)
    if place is not None:
        said.append((_word(language, f"board-place-{place}"), "place"))
    if not state.over and state.turn is not None and state.turn.seat == seat:
        said.append((_word(language, "board-active"), "active"))
    elif not state.over and any(decision.seat == seat for decision in state.pending):
        said.append((_word(language, "board-deciding"), "deciding"))
    if monster.poison:
        said.append((_word(language, "board-poison", count=monster.poison), "poison"))
    if monster.shrink:
        said.append((_word(language, "board-shrink", count=monster.shrink), "shrink"))
    said.extend((_card_label(state, card, language), "card") for card in monster.cards)
    if state.options.power_up and monster.alive:
        # (Power Up!) How many Evolutions it holds (which, its secret), those face up.
        said.append((_word(language, "board-evolutions-in-hand",
                           count=len(monster.evolution_hand)), "evolutions"))
        # (Face up, as cards are: with their tokens, what they hold or copy.)
        said.extend((_card_label(state, card, language), "card")
                    for card in monster.evolutions)
    return [_chip(label, *CHIP_COLOURS[kind]) for label, kind in said]


def _all_chips(state: GameState, language: str) -> _Chips:
    """Every panel's chips, by seat (the layout counts their rows, the panels draw them)."""
    return tuple(tuple(_panel_chips(state, seat, language))
                 for seat in range(len(state.monsters)))


def _chip_rows_needed(chips: _Chips, language: str) -> tuple[int, ...]:
    """Rows of chips the panels of each row have room for: as many as the monster with the
    most chips in that row needs, from two up to _MAX_CHIP_ROWS (beyond that, "+N more")."""
    needed = [len(_chip_rows(list(panel), _CHIPS_WIDTH, _MAX_CHIP_ROWS, language)[0])
              for panel in chips]
    rows = []
    first = 0
    for count in _rows(len(chips)):
        rows.append(max(_CHIP_ROWS, *needed[first:first + count]))
        first += count
    return tuple(rows)


def _more_chip(hidden: int, language: str) -> Chip:
    return _chip(_word(language, "board-more", count=hidden), *CHIP_COLOURS["more"])


def _chip_rows(chips: list[Chip], width: int, max_rows: int,
               language: str) -> tuple[list[list[Chip]], int]:
    """Chips wrapped into rows; when they need more than ``max_rows``, the last row is cut to
    make room for a "+N more" chip. Returns the rows and N (0: all shown)."""
    rows: list[list[Chip]] = [[]]
    row_width = 0
    for item in chips:
        item_width = item.width + _CHIP_GAP
        if rows[-1] and row_width + item_width > width:
            rows.append([])
            row_width = 0
        rows[-1].append(item)
        row_width += item_width
    if len(rows) <= max_rows:
        return rows, 0
    hidden = sum(len(row) for row in rows[max_rows:])
    rows = rows[:max_rows]
    last = rows[-1]
    while last and (sum(item.width + _CHIP_GAP for item in last)
                    + _more_chip(hidden, language).width > width):
        last.pop()
        hidden += 1
    return rows, hidden


def _bar(
    draw: ImageDraw.ImageDraw, box: Box, filled: int, segments: int, colour: RGB
) -> None:
    left, top, right, bottom = box
    step = (right - left + 2) / segments
    for index in range(segments):
        x = left + index * step
        fill = colour if index < filled else _EMPTY_SEGMENT
        draw.rectangle((round(x), top, round(x + step) - 3, bottom), fill=fill)


class _Panel(NamedTuple):
    box: Box
    language: str
    seat: int
    name: str
    player: str  # as drawable; "" for none
    played_by_ai: bool
    hearts: int
    most_hearts: int
    vp: int
    energy: int
    alive: bool
    highlighted: bool
    chips: tuple[Chip, ...]
    chip_rows: int

    def draw(self, sheet: _Sheet, box: Box) -> None:
        image, draw = sheet.image, sheet.draw
        x, y, right, bottom = box
        _draw_band(sheet, self, x, y)
        _draw_figures(sheet, self, x, y + _FIGURES_BASELINE)
        _draw_chips(sheet, self, x + 14, y + _CHIPS_TOP)
        if not self.alive:
            region = (x, y, right + 1, bottom + 1)
            grey = ImageOps.grayscale(image.crop(region)).convert("RGB")
            faded = Image.blend(grey, Image.new("RGB", grey.size, BACKGROUND), 0.45)
            image.paste(faded, region[:2])
        if self.highlighted:
            draw.rounded_rectangle((x - 5, y - 5, right + 5, bottom + 5), radius=18,
                                   outline=GOLD, width=4)


def _panel(state: GameState, seat: int, slot: _Slot, played_by_ai: bool,
           player: str | None, chips: tuple[Chip, ...], language: str) -> _Panel:
    monster = state.monsters[seat]
    highlighted = (
        (state.over and seat in state.winners)
        or (not state.over and state.turn is not None and state.turn.seat == seat)
    )
    return _Panel(
        (slot.x, slot.y, slot.x + _PANEL_WIDTH, slot.y + slot.height), language, seat,
        monster.name,
        drawable(player or "", "narrow"), played_by_ai, monster.hearts,
        max_hearts(state, seat), monster.vp, monster.energy, monster.alive, highlighted,
        chips, slot.chip_rows,
    )


def _draw_band(sheet: _Sheet, panel: _Panel, x: int, y: int) -> None:
    """The panel's title band: portrait, monster's name, AI chip, player's name below."""
    draw, name, player = sheet.draw, panel.name, panel.player
    right = x + _PANEL_WIDTH
    band, ink = band_colours(name)
    draw.rounded_rectangle((x, y, right, y + _PANEL_BAND), radius=14, fill=band)
    draw.rectangle((x, y + _PANEL_BAND - 14, right, y + _PANEL_BAND), fill=band)
    paste(sheet.image, art.portrait(name, _PANEL_BAND - 8), (x + 6, y + 4))
    name_left = x + _PANEL_BAND + 6
    name_right = right - 12
    if panel.played_by_ai:
        ai = _chip(_word(panel.language, "board-ai"), *CHIP_COLOURS["ai"], _AI_CHIP_ROOM)
        name_right -= ai.width
        sheet.chip(name_right, y + 8, ai)
        name_right -= 8
    if not player:
        sheet.text((name_left, y + _PANEL_BAND / 2), fit(name, "bold", 24, name_right - name_left),
                   "bold", 24, ink, (name_left - _SLACK, y, name_right + _SLACK, y + _PANEL_BAND),
                   anchor="lm", min_size=24)
        return
    split = y + 8 + CHIP_HEIGHT  # between the monster's name and the player's, below the AI chip
    sheet.text((name_left, y + 4), fit(name, "bold", 24, name_right - name_left), "bold", 24,
               ink, (name_left - _SLACK, y, name_right + _SLACK, split), min_size=24)
    sheet.text((name_left, y + 34), fit(player, "narrow", 19, right - 12 - name_left),
               "narrow", 19, ink, (name_left - _SLACK, split, right - 12 + _SLACK,
                                    y + _PANEL_BAND), min_size=19)


# The AI chip's most width, in the band beside the monster's name.
_AI_CHIP_ROOM = 90


def _draw_figures(sheet: _Sheet, panel: _Panel, x: int, baseline: int) -> None:
    """Hearts, points and energy in big figures, with bars for hearts and points; each
    figure starts at a fixed column unless the one before it is too wide."""
    left, right = x + 14, x + _PANEL_WIDTH - 14
    seat = panel.seat
    hearts_right = _figure(sheet, "hearts", seat, left, baseline, panel.hearts,
                           panel.most_hearts)
    _bar(sheet.draw, (left, baseline + 9, hearts_right, baseline + 15), panel.hearts,
         panel.most_hearts, HEART_RED)
    vp_left = max(left + (right - left) * 35 // 100, hearts_right + _FIGURE_GAP)
    vp_right = _figure(sheet, "vp", seat, vp_left, baseline, panel.vp, WINNING_VP)
    _bar(sheet.draw, (vp_left, baseline + 9, vp_right, baseline + 15), panel.vp, WINNING_VP,
         VP_GOLD)
    energy_width = _ICON_ROOM + round(text_width(str(panel.energy), "bold", _FIGURE_SIZE))
    energy_left = min(max(left + (right - left) * 72 // 100, vp_right + _FIGURE_GAP),
                      right - energy_width)
    _figure(sheet, "energy", seat, energy_left, baseline, panel.energy)


_ICON_FOR = {"hearts": "heart", "vp": "vp", "energy": "energy"}
_ICON_SIZE = 28
_ICON_ROOM = _ICON_SIZE + 5
_FIGURE_GAP = 12


def _figure(sheet: _Sheet, what: str, seat: int, x: int, baseline: int, value: int,
            most: int | None = None) -> int:
    """An icon, a big figure and, smaller, the most it can be; returns its right edge."""
    paste(sheet.image, art.icon(_ICON_FOR[what], _ICON_SIZE), (x, baseline - 26))
    box = text(sheet.draw, (x + _ICON_ROOM, baseline), str(value), "bold", _FIGURE_SIZE, TEXT,
               anchor="ls")
    sheet.record(what, seat, box)
    if most is None:
        return box[2]
    return text(sheet.draw, (box[2] + 1, baseline), f"/{most}", "bold", 18, TEXT_DIM,
                anchor="ls")[2]


def _draw_chips(sheet: _Sheet, panel: _Panel, left: int, top: int) -> None:
    if not panel.chips:
        sheet.text((left, top + CHIP_HEIGHT / 2), _word(panel.language, "board-no-cards"),
                   "narrow_bold", 15, TEXT_DIM,
                   (left - _SLACK, top, left + _CHIPS_WIDTH, top + CHIP_HEIGHT), anchor="lm")
        return
    rows, hidden = _chip_rows(list(panel.chips), _CHIPS_WIDTH, panel.chip_rows, panel.language)
    y = top
    x = left
    for row in rows:
        x = left
        for item in row:
            x += sheet.chip(x, y, item) + _CHIP_GAP
        y += _CHIP_ROW_STEP
    if hidden:
        sheet.chip(x, y - _CHIP_ROW_STEP, _more_chip(hidden, panel.language))
