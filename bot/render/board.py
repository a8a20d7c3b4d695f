"""The board picture: everything a player needs to follow the game, in one PNG.

Made for phones, where Discord shows the picture about 400 px wide: it is 800 px wide, and
what decides a turn (hearts, points and energy, who is in Tokyo, the dice) is drawn at least
22 px tall, 11 px once scaled down (``tests/test_render_phone.py`` measures it). The power
cards come last and smaller: ``/kot card`` shows any of them in full. Layout (taller with more
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
    | [card]           [card]           [card]          |
    +--------------------------------------------------+

Everything that does not depend on the state (background, frames, the Tokyo backdrops, titles)
is drawn once per layout. The rest is drawn in parts (the header, Tokyo, the dice, the market,
each panel), each a record of what it shows: a part that has not changed since an earlier
board comes from a cache, and each state's PNG is kept for a while, so a board shown twice is
drawn once. The PNG uses the fixed 256 colours of ``palette.py`` (``python -m tools.render
--palette`` regenerates it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Protocol

from PIL import Image, ImageDraw, ImageOps

from bot.i18n import ENGLISH, say
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
)
from bot.render.canvas import (
    CHIP_HEIGHT,
    Box,
    chip,
    chip_width,
    drawable,
    fit,
    paste,
    text,
    text_width,
    to_png,
    wrap,
)
from bot.render.cards import DISCOUNT_INK, TILE_SIZE, market_tile
from bot.render.palette import BOARD_PALETTE
from engine import (
    BAY_MIN_MONSTERS,
    WINNING_VP,
    Card,
    GameState,
    PrintedCard,
    card_cost,
    effective_key,
    max_hearts,
    printed,
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
_PLACE_CHIP: RGB = (122, 72, 200)
_DECIDING_CHIP: RGB = (64, 200, 240)
_AI_CHIP: RGB = (70, 78, 110)
_DARK_INK: RGB = (24, 22, 30)
_EMPTY_SEGMENT: RGB = (52, 58, 86)
_ZONE_LABEL: RGB = (14, 16, 30)
_ELIMINATED_CHIP: RGB = (90, 90, 100)
_HEADER_SHADE = 0.7

Chip = tuple[str, RGB, RGB]  # label, background, text colour


class Readout(NamedTuple):
    """Where something that decides a turn was drawn: ``what`` is "hearts", "vp" or "energy"
    (``number``: the seat), "city" or "bay" (the occupant's name; ``number``: its seat) or
    "die" (``number``: the die's index); ``box`` holds its ink. Tests measure the picture
    there."""

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

    def record(self, what: str, number: int, box: Box) -> None:
        x, y = self.origin
        self.readouts.append(Readout(what, number, (box[0] + x, box[1] + y, box[2] + x,
                                                    box[3] + y)))


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
    label: str
    box: Box


def _tokyo_zones(show_bay: bool, box: Box = _TOKYO_BOX) -> tuple[_Zone, _Zone | None]:
    left, top, right, bottom = box
    inner: Box = (left + 8, top + 8, right - 8, bottom - 8)
    if not show_bay:
        return _Zone("TOKYO CITY", inner), None
    middle = (inner[0] + inner[2]) // 2
    city = _Zone("TOKYO CITY", (inner[0], inner[1], middle - 4, inner[3]))
    bay = _Zone("TOKYO BAY", (middle + 4, inner[1], inner[2], inner[3]))
    return city, bay


_ZONE_LABEL_HEIGHT = 28


def _frame(draw: ImageDraw.ImageDraw, box: Box, title: str | None = None) -> None:
    draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    if title is not None:
        text(draw, (box[0] + 16, box[1] + 14), title, "bold", 20, GOLD)


class _Layout(NamedTuple):
    """What the static layer depends on."""

    monster_count: int
    show_bay: bool
    bay_open: bool
    chip_rows: tuple[int, ...]
    two_player_variant: bool


def _layout(state: GameState) -> _Layout:
    monster_count = len(state.monsters)
    return _Layout(monster_count, monster_count >= BAY_MIN_MONSTERS, state.bay_open,
                   _chip_rows_needed(state), state.two_player_variant())


@lru_cache(maxsize=64)
def _static_layer(layout: _Layout) -> Image.Image:
    """Everything that is the same in every picture of this layout."""
    monster_count, show_bay, bay_open, chip_rows, two_player_variant = layout
    image = Image.new("RGB", board_size(monster_count, chip_rows), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(_HEADER, radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    _frame(draw, _TOKYO_BOX)
    _frame(draw, _DICE_BOX, "DICE")
    _frame(draw, _market_box(chip_rows), "POWER CARDS")
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
        text(draw, (left + 12, top + _ZONE_LABEL_HEIGHT / 2), zone.label, "bold", 17, TEXT,
             anchor="lm")
    if two_player_variant:
        left, top, right, _ = city.box
        text(draw, (right - 12, top + _ZONE_LABEL_HEIGHT / 2),
             "2-player variant: Tokyo gives energy, not points", "narrow_bold", 15, GOLD,
             anchor="rm")
    if bay is not None and not bay_open:
        left, top, right, bottom = bay.box
        region = (left, top + _ZONE_LABEL_HEIGHT + 1, right, bottom)
        darkened = Image.blend(image.crop(region), Image.new(
            "RGB", (region[2] - region[0], region[3] - region[1]), BACKGROUND), 0.7)
        image.paste(darkened, region[:2])
        middle_y = (region[1] + bottom) / 2
        centre_x = (left + right) / 2
        text(draw, (centre_x, middle_y - 10), "CLOSED", "bold", 28, TEXT_DIM, anchor="mm")
        text(draw, (centre_x, middle_y + 20), f"fewer than {BAY_MIN_MONSTERS} monsters",
             "narrow", 16, TEXT_DIM, anchor="mm")
    return image


# Every flat colour the board paints, deduplicated, in a fixed order. They open the palette so
# that they survive the mapping exactly: median cut gives small areas (a chip, a counter) few
# colours of their own.
EXACT_COLOURS: tuple[RGB, ...] = tuple(dict.fromkeys([
    BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, GOLD, HEART_RED, VP_GOLD, ENERGY_CYAN,
    POISON_GREEN, SHRINK_PURPLE, AFFORD_GREEN, TOO_DEAR, CARD_FACE, CARD_INK, KEEP_BLUE,
    DISCARD_RED, DISCOUNT_INK, _PLACE_CHIP, _DECIDING_CHIP, _DARK_INK, _EMPTY_SEGMENT,
    _ZONE_LABEL, _ELIMINATED_CHIP, _AI_CHIP, art.BLACK_DIE, art.GREEN_DIE,
    *(tone for colour in MONSTER_COLOURS.values()
      for tone in (colour, art.shade(colour, _HEADER_SHADE))),
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
                 names: Sequence[str | None] = ()) -> bytes:
    """The PNG picture of the board for this state. ``ai_seats``: the seats AI monsters play,
    marked as such; ``names``: each seat's player display name (None, or no entry: none)."""
    return _cached_png(assets.ASSET_DIR, state, frozenset(ai_seats), tuple(names))


@lru_cache(maxsize=_PNG_CACHE_SIZE)
def _cached_png(asset_dir: Path, state: GameState, ai_seats: frozenset[int],
                names: tuple[str | None, ...]) -> bytes:
    """Keyed by the asset folder too: a test that points it elsewhere must not be served a
    picture drawn from the real fonts. (``lru_cache`` is thread-safe; two threads asking for
    the same new state at once may both draw it, and get the same bytes.)"""
    return draw_png(state, ai_seats, names)


def draw_png(state: GameState, ai_seats: frozenset[int] = frozenset(),
             names: Sequence[str | None] = ()) -> bytes:
    """The PNG put together afresh: what ``render_board`` does for a state it has not drawn
    lately. The static layer and each part are mapped onto the palette on their own and pasted
    together: mapping a pixel does not depend on its neighbours (no dithering), so this is the
    picture ``draw_board`` draws, mapped. A part that has not changed since an earlier board
    (Tokyo, the market, most panels) is taken from a cache instead of drawn again."""
    layout = _layout(state)
    picture = _static_palette_layer(layout).copy()
    for part in _parts(state, layout, ai_seats, names):
        origin, image = _drawn_part(assets.ASSET_DIR, layout, part)
        picture.paste(image, origin)
    return to_png(picture, _PNG_COMPRESS_LEVEL)


def draw_board(state: GameState, ai_seats: frozenset[int] = frozenset(),
               names: Sequence[str | None] = ()) -> Image.Image:
    """The board for this state as an RGB image."""
    return board_readouts(state, ai_seats, names)[0]


def board_readouts(state: GameState, ai_seats: frozenset[int] = frozenset(),
                   names: Sequence[str | None] = ()) -> tuple[Image.Image, list[Readout]]:
    """The board as an RGB image, and where its key figures, names and dice were drawn."""
    layout = _layout(state)
    sheet = _Sheet(_static_layer(layout).copy())
    for part in _parts(state, layout, ai_seats, names):
        part.draw(sheet, part.box)
    return sheet.image, sheet.readouts


def _to_palette(image: Image.Image) -> Image.Image:
    """The image on the board's fixed 256 colours, without dithering.

    An RGB PNG of the board spends most of its time in Pillow's per-row filter search; a
    palette PNG skips filtering and is a third of the size. The board's flat colours survive
    the mapping unchanged to the eye."""
    return image.quantize(palette=_PALETTE, dither=Image.Dither.NONE)


@lru_cache(maxsize=64)
def _static_palette_layer(layout: _Layout) -> Image.Image:
    return _to_palette(_static_layer(layout))


class _Part(Protocol):
    """A part of the board: every field is what it shows (so the part is its own cache key),
    ``box`` is where it goes on the board."""

    @property
    def box(self) -> Box: ...

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
    sheet = _Sheet(_static_layer(layout).crop((left, top, right, bottom)), (left, top))
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


def _parts(state: GameState, layout: _Layout, ai_seats: frozenset[int],
           names: Sequence[str | None]) -> list[_Part]:
    parts: list[_Part] = [_header(state), _tokyo(state, layout), _dice(state),
                          _market(state, _market_box(layout.chip_rows))]
    for seat, slot in enumerate(_panel_slots(layout.monster_count, layout.chip_rows)):
        player = names[seat] if seat < len(names) else None
        parts.append(_panel(state, seat, slot, seat in ai_seats, player))
    return parts


# ---- Header -----------------------------------------------------------------------------------


def _header_lines(content: str, width: float) -> tuple[int, tuple[str, ...]]:
    """The font size and the lines for the header's message: one line if it fits, else two
    smaller ones (the second cut if even that is not enough)."""
    if text_width(content, "bold", 24) <= width:
        return 24, (content,)
    lines = wrap(content, "bold", 20, width)
    if len(lines) > 2:
        lines = (lines[0], fit(" ".join(lines[1:]), "bold", 20, width))
    return 20, lines


class _Header(NamedTuple):
    box: Box
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
            text(draw, (left + 20, middle), self.turn_label, "bold", 24, GOLD, anchor="lm")
            divider = left + 40 + round(text_width(self.turn_label, "bold", 24))
            draw.line((divider, top + 14, divider, bottom - 14), fill=PANEL_EDGE, width=2)
            text_left, ink = divider + 20, TEXT
        size, lines = _header_lines(self.message, right - 20 - text_left)
        step = size + 6
        first = middle - step * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            text(draw, (text_left, first + step * index), line, "bold", size, ink, anchor="lm")


def _header(state: GameState) -> _Header:
    if state.over:
        return _Header(_HEADER, True, "", f"GAME OVER — {_waiting(state)}")
    turn_label = "SETUP" if state.turn is None else f"TURN {state.turn.number}"
    if not state.pending and state.turn is not None:
        # The state a finished turn ended in (its closed board): nobody is asked anything.
        monster = state.monsters[state.turn.seat].name
        return _Header(_HEADER, False, turn_label, f"{monster}'s turn is over.")
    return _Header(_HEADER, False, turn_label, _waiting(state))


def _waiting(state: GameState) -> str:
    # (In English until the board picture takes the game's language.)
    waiting = waiting_text(state)
    return say(ENGLISH, waiting) if waiting is not None else ""


# ---- Tokyo ------------------------------------------------------------------------------------


class _Tokyo(NamedTuple):
    box: Box
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
                _name_pill(sheet.draw, (left + right) // 2, middle_y, "empty", TEXT_DIM,
                           right - left - 40, size=24, centred=True)
                continue
            portrait_size = bottom - top - _ZONE_LABEL_HEIGHT - 12
            pill_room = right - left - portrait_size - 34
            pill_width = _pill_label(name, pill_room, _TOKYO_NAME_SIZE)[1]
            # Centred as a pair in the wide zone of a game without the Bay.
            group_left = max(left + 10, (left + right - portrait_size - 10 - pill_width) // 2)
            paste(sheet.image, art.portrait(name, portrait_size),
                  (group_left, middle_y - portrait_size // 2))
            name_box = _name_pill(sheet.draw, group_left + portrait_size + 10, middle_y, name,
                                  art.monster_colour(name), pill_room)
            sheet.record(place, seat, name_box)


def _tokyo(state: GameState, layout: _Layout) -> _Tokyo:
    occupants = [("city", state.city)]
    if layout.show_bay and state.bay_open:
        occupants.append(("bay", state.bay))
    places = tuple((place, -1, None) if seat is None else (place, seat, state.monsters[seat].name)
                   for place, seat in occupants)
    return _Tokyo(_TOKYO_BOX, layout.show_bay, places)


_PILL_PADDING = 14


def _pill_label(label: str, max_width: int, size: int) -> tuple[str, int]:
    """The label as it fits on a pill at most ``max_width`` wide, and the pill's width."""
    label = fit(label, "narrow_bold", size, max_width - 2 * _PILL_PADDING)
    return label, round(text_width(label, "narrow_bold", size)) + 2 * _PILL_PADDING


def _name_pill(
    draw: ImageDraw.ImageDraw, x: int, middle_y: int, label: str, edge: RGB, max_width: int,
    size: int = _TOKYO_NAME_SIZE, centred: bool = False,
) -> Box:
    """A name on a dark pill, readable over the busy Tokyo backdrops; ``x`` is its left edge
    (its centre if ``centred``). Returns the name's box."""
    label, width = _pill_label(label, max_width, size)
    left = x - width // 2 if centred else x
    half_height = size * 3 // 4
    draw.rounded_rectangle(
        (left, middle_y - half_height, left + width, middle_y + half_height),
        radius=half_height, fill=_ZONE_LABEL, outline=edge, width=2,
    )
    return text(draw, (left + width / 2, middle_y), label, "narrow_bold", size, TEXT,
                anchor="mm")


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
            self._draw_title(draw, box)
        if self.no_dice is not None:
            text(draw, centre, self.no_dice, "bold", 22, TEXT_DIM, anchor="mm")
            return
        count = len(self.dice)
        step = min(_DIE_STEP_MAX, (right - left - 32 + _DIE_GAP) // count)
        size = step - _DIE_GAP
        x = (left + right - count * step + _DIE_GAP) // 2
        y = top + 50
        first_green = count - self.green
        for index, face in enumerate(self.dice):
            kept = index in self.kept
            if kept:
                draw.rounded_rectangle((x - 5, y - 5, x + size + 5, y + size + 5), radius=16,
                                       outline=GOLD, width=4)
            paste(sheet.image, art.die_face(face, index >= first_green, size), (x, y))
            sheet.record("die", index, (x, y, x + size, y + size))
            if kept:
                text(draw, (x + size / 2, y + size + 8), "KEPT", "bold", 16, GOLD, anchor="mt")
            x += step

    def _draw_title(self, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, right, _ = box
        title_left = left + 16 + round(text_width("DICE", "bold", 20)) + 16
        text(draw, (title_left, top + 13), self.roller, "bold", 22, TEXT)
        if self.green:
            extra = "1 green extra die" if self.green == 1 else f"{self.green} green extra dice"
            text(draw, (title_left + text_width(self.roller, "bold", 22) + 14, top + 18), extra,
                 "narrow_bold", 16, art.GREEN_DIE)
        if self.rolls_left is None:
            rolls, colour = "Final dice", TEXT_DIM
        else:
            rolls, colour = f"Rolls left: {self.rolls_left}", GOLD if self.rolls_left else TEXT_DIM
        text(draw, (right - 16, top + 13), rolls, "bold", 22, colour, anchor="ra")


def _dice(state: GameState) -> _Dice:
    turn = state.turn
    if turn is None or state.over:
        message = "The game is over" if state.over else "No dice rolled yet"
        return _Dice(_DICE_BOX, message, "", (), 0, (), None)
    rolling = still_rolling(state)
    return _Dice(
        _DICE_BOX, None if turn.dice else "No dice rolled yet",
        f"{state.monsters[turn.seat].name}’s roll", turn.dice, turn.green,
        turn.kept if rolling else (), turn.rolls_left if rolling else None,
    )


# ---- Face-up cards ----------------------------------------------------------------------------


def _buyer(state: GameState) -> int | None:
    """The seat that may buy now: the active monster, while the game goes on."""
    if state.over or state.turn is None or not state.monsters[state.turn.seat].alive:
        return None
    return state.turn.seat


class _Market(NamedTuple):
    box: Box
    deck: int
    # Each face-up card as printed in the game's edition, what the active monster would pay
    # and the energy it lacks (see market_tile); None for an empty slot.
    slots: tuple[tuple[PrintedCard, int, int | None] | None, ...]

    def draw(self, sheet: _Sheet, box: Box) -> None:
        draw = sheet.draw
        left, top, right, _ = box
        deck_label = f"{self.deck} left in the deck"
        text(draw, (right - 16, top + 16), deck_label, "bold", 18, TEXT, anchor="ra")
        stack_x = right - 30 - round(text_width(deck_label, "bold", 18))
        for offset in (6, 3, 0):
            draw.rounded_rectangle(
                (stack_x - 20 + offset, top + 10 + offset, stack_x + offset, top + 30 + offset),
                radius=3, fill=KEEP_BLUE, outline=TEXT, width=1,
            )
        tile_width, tile_height = TILE_SIZE
        x = (left + right - 3 * tile_width - 2 * _TILE_GAP) // 2
        y = top + 52
        for slot in self.slots:
            if slot is None:
                draw.rounded_rectangle((x, y, x + tile_width, y + tile_height), radius=12,
                                       outline=PANEL_EDGE, width=2)
                text(draw, (x + tile_width / 2, y + tile_height / 2), "no card", "bold", 18,
                     TEXT_DIM, anchor="mm")
            else:
                paste(sheet.image, market_tile(*slot), (x, y))
            x += tile_width + _TILE_GAP


def _market(state: GameState, box: Box) -> _Market:
    buyer = _buyer(state)
    slots: list[tuple[PrintedCard, int, int | None] | None] = []
    for slot in range(3):
        if slot >= len(state.face_up):
            slots.append(None)
            continue
        card = printed(state.face_up[slot].key, state.options.edition)
        if buyer is None:
            slots.append((card, card.cost, None))
        else:
            cost = card_cost(state, buyer, card.key)
            slots.append((card, cost, max(0, cost - state.monsters[buyer].energy)))
    return _Market(box, len(state.deck), tuple(slots))


# ---- Monster panels ---------------------------------------------------------------------------


def _card_label(state: GameState, card: Card) -> str:
    edition = state.options.edition
    name = printed(card.key, edition).name
    if card.key == "mimic":
        copied = effective_key(state, card)
        if copied == card.key:
            return f"{name} (no copy)"
        return f"{name} → {printed(copied, edition).name}"
    if card.key == "smoke_cloud":
        return f"{name} ({card.tokens} smoke)"
    if card.tokens:
        return f"{name} ({card.tokens})"
    return name


def _panel_chips(state: GameState, seat: int) -> list[Chip]:
    """A panel's chips in reading order: its place and part in the turn, its tokens, then the
    cards it owns."""
    monster = state.monsters[seat]
    chips: list[Chip] = []
    if state.over and seat in state.winners:
        chips.append(("WINNER", GOLD, _DARK_INK))
    if not monster.alive:
        chips.append(("ELIMINATED", _ELIMINATED_CHIP, TEXT))
    place = state.place_of(seat)
    if place is not None:
        chips.append(("TOKYO " + place.upper(), _PLACE_CHIP, TEXT))
    if not state.over and state.turn is not None and state.turn.seat == seat:
        chips.append(("▶ ACTIVE", GOLD, _DARK_INK))
    elif not state.over and any(decision.seat == seat for decision in state.pending):
        chips.append(("DECIDING", _DECIDING_CHIP, _DARK_INK))
    if monster.poison:
        chips.append((f"{monster.poison} poison", POISON_GREEN, _DARK_INK))
    if monster.shrink:
        chips.append((f"{monster.shrink} shrink", SHRINK_PURPLE, TEXT))
    chips.extend((_card_label(state, card), KEEP_BLUE, TEXT) for card in monster.cards)
    return chips


_CHIPS_WIDTH = _PANEL_WIDTH - 28


def _chip_rows_needed(state: GameState) -> tuple[int, ...]:
    """Rows of chips the panels of each row have room for: as many as the monster with the
    most chips in that row needs, from two up to _MAX_CHIP_ROWS (beyond that, "+N more")."""
    needed = [len(_chip_rows(_panel_chips(state, seat), _CHIPS_WIDTH, _MAX_CHIP_ROWS)[0])
              for seat in range(len(state.monsters))]
    rows = []
    first = 0
    for count in _rows(len(state.monsters)):
        rows.append(max(_CHIP_ROWS, *needed[first:first + count]))
        first += count
    return tuple(rows)


def _chip_rows(chips: list[Chip], width: int, max_rows: int) -> tuple[list[list[Chip]], int]:
    """Chips wrapped into rows; when they need more than ``max_rows``, the last row is cut to
    make room for a "+N more" chip. Returns the rows and N (0: all shown)."""
    rows: list[list[Chip]] = [[]]
    row_width = 0
    for item in chips:
        item_width = chip_width(item[0]) + _CHIP_GAP
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
    while last and (sum(chip_width(label) + _CHIP_GAP for label, _, _ in last)
                    + chip_width(f"+{hidden} more") > width):
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
        _draw_band(sheet, self.name, self.player, self.played_by_ai, x, y)
        _draw_figures(sheet, self, x, y + _FIGURES_BASELINE)
        _draw_chips(draw, list(self.chips), x + 14, y + _CHIPS_TOP, self.chip_rows)
        if not self.alive:
            region = (x, y, right + 1, bottom + 1)
            grey = ImageOps.grayscale(image.crop(region)).convert("RGB")
            faded = Image.blend(grey, Image.new("RGB", grey.size, BACKGROUND), 0.45)
            image.paste(faded, region[:2])
        if self.highlighted:
            draw.rounded_rectangle((x - 5, y - 5, right + 5, bottom + 5), radius=18,
                                   outline=GOLD, width=4)


def _panel(state: GameState, seat: int, slot: _Slot, played_by_ai: bool,
           player: str | None) -> _Panel:
    monster = state.monsters[seat]
    highlighted = (
        (state.over and seat in state.winners)
        or (not state.over and state.turn is not None and state.turn.seat == seat)
    )
    return _Panel(
        (slot.x, slot.y, slot.x + _PANEL_WIDTH, slot.y + slot.height), seat, monster.name,
        drawable(player or "", "narrow"), played_by_ai, monster.hearts,
        max_hearts(state, seat), monster.vp, monster.energy, monster.alive, highlighted,
        tuple(_panel_chips(state, seat)), slot.chip_rows,
    )


def _draw_band(sheet: _Sheet, name: str, player: str, played_by_ai: bool, x: int,
               y: int) -> None:
    """The panel's title band: portrait, monster's name, AI chip, player's name below."""
    draw = sheet.draw
    right = x + _PANEL_WIDTH
    band = art.shade(art.monster_colour(name), _HEADER_SHADE)
    draw.rounded_rectangle((x, y, right, y + _PANEL_BAND), radius=14, fill=band)
    draw.rectangle((x, y + _PANEL_BAND - 14, right, y + _PANEL_BAND), fill=band)
    paste(sheet.image, art.portrait(name, _PANEL_BAND - 8), (x + 6, y + 4))
    name_left = x + _PANEL_BAND + 6
    name_right = right - 12
    if played_by_ai:
        name_right -= chip_width("AI")
        chip(draw, name_right, y + 8, "AI", _AI_CHIP, TEXT)
        name_right -= 8
    if not player:
        text(draw, (name_left, y + _PANEL_BAND / 2), fit(name, "bold", 24, name_right - name_left),
             "bold", 24, TEXT, anchor="lm")
        return
    text(draw, (name_left, y + 4), fit(name, "bold", 24, name_right - name_left), "bold", 24,
         TEXT)
    text(draw, (name_left, y + 34), fit(player, "narrow", 19, right - 12 - name_left),
         "narrow", 19, TEXT)


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


def _draw_chips(draw: ImageDraw.ImageDraw, chips: list[Chip], left: int, top: int,
                chip_rows: int) -> None:
    if not chips:
        text(draw, (left, top + CHIP_HEIGHT / 2), "No cards", "narrow_bold", 15, TEXT_DIM,
             anchor="lm")
        return
    rows, hidden = _chip_rows(chips, _CHIPS_WIDTH, max_rows=chip_rows)
    y = top
    x = left
    for row in rows:
        x = left
        for label, background, foreground in row:
            x += chip(draw, x, y, label, background, foreground) + _CHIP_GAP
        y += _CHIP_ROW_STEP
    if hidden:
        chip(draw, x, y - _CHIP_ROW_STEP, f"+{hidden} more", PANEL_EDGE, TEXT)
