"""The board picture: everything a player needs to follow the game, in one PNG.

Layout (1400 px wide, taller with more monsters)::

    +--------------------------------------------------------------+
    | TURN 7 | what the game is waiting for / who won               |
    +------------------+-------------------------------------------+
    | Tokyo City | Bay | dice of the current roll, rolls left       |
    |  (occupants)     +-------------------------------------------+
    |                  | three face-up cards, deck count            |
    +------------------+-------------------------------------------+
    | monster panels, up to three per row                           |
    +--------------------------------------------------------------+

Everything that does not depend on the state (background, frames, the Tokyo backdrops, titles)
is drawn once per layout and copied for each picture. The PNG uses the fixed 256 colours of
``palette.py`` (``python -m tools.render --palette`` regenerates it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageOps

from bot.render import art
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
    chip,
    chip_width,
    fit,
    paste,
    text,
    text_width,
    to_palette_png,
    wrap,
)
from bot.render.cards import DISCOUNT_INK, TILE_SIZE, market_tile
from bot.render.palette import BOARD_PALETTE
from engine import (
    BAY_MIN_MONSTERS,
    WINNING_VP,
    Card,
    GameState,
    Monster,
    card_cost,
    effective_key,
    max_hearts,
    printed,
    waiting_text,
)

Box = tuple[int, int, int, int]

WIDTH = 1400
_HEADER: Box = (20, 16, 1380, 88)
_TOP_Y = 104
_DICE_BOX: Box = (580, _TOP_Y, 1380, _TOP_Y + 150)
_MARKET_BOX: Box = (580, _TOP_Y + 164, 1380, _TOP_Y + 416)
_TOKYO_BOX: Box = (20, _TOP_Y, 560, _TOP_Y + 416)
_PANEL_WIDTH, _PANEL_HEIGHT = 440, 240  # the height with two rows of owned cards
# Owned cards are chips in rows below the stats; when a monster needs more than two rows,
# every panel grows (up to _MAX_CARD_ROWS) so that every card is drawn.
_CARD_ROWS, _MAX_CARD_ROWS = 2, 5
_CARD_ROW_STEP = CHIP_HEIGHT + 6
_PANEL_GAP = 20
_PANELS_Y = _TOP_Y + 416 + 24
_BOTTOM_MARGIN = 20

_DIE_SIZE = 76
_DIE_STEP = 92
_PLACE_CHIP: RGB = (122, 72, 200)
_DECIDING_CHIP: RGB = (64, 200, 240)
_AI_CHIP: RGB = (70, 78, 110)
_DARK_INK: RGB = (24, 22, 30)
_EMPTY_SEGMENT: RGB = (52, 58, 86)
_CHIP_GAP = 6
_ZONE_LABEL: RGB = (14, 16, 30)
_ELIMINATED_CHIP: RGB = (90, 90, 100)
_HEADER_SHADE = 0.7


def _rows(monster_count: int) -> tuple[int, ...]:
    """Panels per row: one row up to three monsters, then two balanced rows."""
    if monster_count <= 3:
        return (monster_count,)
    return ((monster_count + 1) // 2, monster_count // 2)


def board_size(monster_count: int, card_rows: int = _CARD_ROWS) -> tuple[int, int]:
    """The picture's size in pixels for this many monsters (and rows of owned cards)."""
    rows = len(_rows(monster_count))
    height = (_PANELS_Y + rows * _panel_height(card_rows) + (rows - 1) * _PANEL_GAP
              + _BOTTOM_MARGIN)
    return WIDTH, height


def _panel_height(card_rows: int) -> int:
    return _PANEL_HEIGHT + (card_rows - _CARD_ROWS) * _CARD_ROW_STEP


def _panel_origins(monster_count: int, card_rows: int) -> list[tuple[int, int]]:
    origins = []
    y = _PANELS_Y
    for count in _rows(monster_count):
        row_width = count * _PANEL_WIDTH + (count - 1) * _PANEL_GAP
        x = (WIDTH - row_width) // 2
        for _ in range(count):
            origins.append((x, y))
            x += _PANEL_WIDTH + _PANEL_GAP
        y += _panel_height(card_rows) + _PANEL_GAP
    return origins


class _Zone(NamedTuple):
    label: str
    box: Box


def _tokyo_zones(show_bay: bool) -> tuple[_Zone, _Zone | None]:
    left, top, right, bottom = _TOKYO_BOX
    inner: Box = (left + 12, top + 12, right - 12, bottom - 12)
    if not show_bay:
        return _Zone("TOKYO CITY", inner), None
    middle = (inner[0] + inner[2]) // 2
    city = _Zone("TOKYO CITY", (inner[0], inner[1], middle - 6, inner[3]))
    bay = _Zone("TOKYO BAY", (middle + 6, inner[1], inner[2], inner[3]))
    return city, bay


def _frame(draw: ImageDraw.ImageDraw, box: Box, title: str | None = None) -> None:
    draw.rounded_rectangle(box, radius=16, fill=PANEL, outline=PANEL_EDGE, width=2)
    if title is not None:
        text(draw, (box[0] + 20, box[1] + 16), title, "bold", 20, GOLD)


@lru_cache(maxsize=32)
def _static_layer(monster_count: int, show_bay: bool, bay_open: bool,
                  card_rows: int) -> Image.Image:
    """Everything that is the same in every picture of this layout."""
    image = Image.new("RGB", board_size(monster_count, card_rows), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(_HEADER, radius=16, fill=PANEL, outline=PANEL_EDGE, width=2)
    _frame(draw, _TOKYO_BOX)
    _frame(draw, _DICE_BOX, "DICE")
    _frame(draw, _MARKET_BOX, "POWER CARDS")
    for x, y in _panel_origins(monster_count, card_rows):
        draw.rounded_rectangle(
            (x, y, x + _PANEL_WIDTH, y + _panel_height(card_rows)), radius=16, fill=PANEL,
            outline=PANEL_EDGE, width=2,
        )

    city, bay = _tokyo_zones(show_bay)
    for zone, backdrop in ((city, art.tokyo_city_backdrop), (bay, art.tokyo_bay_backdrop)):
        if zone is None:
            continue
        left, top, right, bottom = zone.box
        image.paste(backdrop((right - left, bottom - top)), (left, top))
        draw.rectangle((left, top, right - 1, top + 40), fill=_ZONE_LABEL)
        text(draw, ((left + right) / 2, top + 21), zone.label, "bold", 22, TEXT, anchor="mm")
    if bay is not None and not bay_open:
        left, top, right, bottom = bay.box
        region = (left, top + 41, right, bottom)
        darkened = Image.blend(image.crop(region), Image.new("RGB", (right - left,
                               bottom - top - 41), BACKGROUND), 0.7)
        image.paste(darkened, region[:2])
        text(draw, ((left + right) / 2, (top + bottom) / 2), "CLOSED", "bold", 28, TEXT_DIM,
             anchor="mm")
        text(draw, ((left + right) / 2, (top + bottom) / 2 + 34),
             f"fewer than {BAY_MIN_MONSTERS} monsters", "narrow", 16, TEXT_DIM, anchor="mm")
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


def render_board(state: GameState, ai_seats: frozenset[int] = frozenset()) -> bytes:
    """The PNG picture of the board for this state (``ai_seats``: the seats AI monsters
    play, marked as such)."""
    return to_palette_png(draw_board(state, ai_seats), _PALETTE)


def draw_board(state: GameState, ai_seats: frozenset[int] = frozenset()) -> Image.Image:
    """The board for this state as an RGB image."""
    monster_count = len(state.monsters)
    show_bay = monster_count >= BAY_MIN_MONSTERS
    card_rows = _card_rows(state)
    image = _static_layer(monster_count, show_bay, state.bay_open, card_rows).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(draw, state)
    _draw_tokyo(image, draw, state, show_bay)
    _draw_dice(image, draw, state)
    _draw_market(image, draw, state)
    for seat, origin in enumerate(_panel_origins(monster_count, card_rows)):
        _draw_monster(image, draw, state, seat, origin, card_rows, seat in ai_seats)
    return image


_CARDS_WIDTH = _PANEL_WIDTH - 28


def _card_rows(state: GameState) -> int:
    """Rows of owned cards each panel has room for: as many as the monster with the most
    cards needs, from two up to _MAX_CARD_ROWS (beyond that, "+N more")."""
    needed = max((len(_chip_rows([_card_label(state, c) for c in m.cards], _CARDS_WIDTH,
                                 _MAX_CARD_ROWS)[0])
                  for m in state.monsters if len(m.cards) > 2), default=0)
    return max(_CARD_ROWS, needed)


# ---- Header -----------------------------------------------------------------------------------


def _draw_header(draw: ImageDraw.ImageDraw, state: GameState) -> None:
    left, top, right, bottom = _HEADER
    middle = (top + bottom) / 2
    if state.over:
        draw.rounded_rectangle(_HEADER, radius=16, fill=GOLD)
        message = fit(f"GAME OVER — {waiting_text(state)}", "bold", 28, right - left - 40)
        text(draw, ((left + right) / 2, middle), message, "bold", 28, _DARK_INK, anchor="mm")
        return
    turn_label = "SETUP" if state.turn is None else f"TURN {state.turn.number}"
    text(draw, (left + 24, middle), turn_label, "bold", 24, GOLD, anchor="lm")
    divider = left + 48 + round(text_width(turn_label, "bold", 24))
    draw.line((divider, top + 14, divider, bottom - 14), fill=PANEL_EDGE, width=2)
    status = waiting_text(state)
    room = right - divider - 48
    if text_width(status, "bold", 26) <= room:
        text(draw, (divider + 24, middle), status, "bold", 26, TEXT, anchor="lm")
        return
    # A long question (a card's choice, several monsters asked at once) goes on two lines.
    lines = wrap(status, "bold", 20, room)
    if len(lines) > 2:
        lines = (lines[0], fit(" ".join(lines[1:]), "bold", 20, room))
    for index, line in enumerate(lines):
        text(draw, (divider + 24, middle + 13 * (2 * index - 1)), line, "bold", 20, TEXT,
             anchor="lm")


# ---- Tokyo ------------------------------------------------------------------------------------


def _draw_tokyo(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, show_bay: bool
) -> None:
    city, bay = _tokyo_zones(show_bay)
    places = [(city, state.city)]
    if bay is not None and state.bay_open:
        places.append((bay, state.bay))
    portrait_size = 150 if show_bay else 200
    for zone, seat in places:
        left, top, right, bottom = zone.box
        centre_x = (left + right) // 2
        centre_y = (top + 40 + bottom) // 2
        if seat is None:
            _name_pill(draw, centre_x, centre_y - 18, "empty", TEXT_DIM, right - left - 40)
            continue
        name = state.monsters[seat].name
        picture_top = centre_y - (portrait_size + 44) // 2
        paste(image, art.portrait(name, portrait_size),
              (centre_x - portrait_size // 2, picture_top))
        _name_pill(draw, centre_x, picture_top + portrait_size + 8, name,
                   art.monster_colour(name), right - left - 40)


def _name_pill(
    draw: ImageDraw.ImageDraw, centre_x: int, top: int, label: str, edge: RGB, max_width: int
) -> None:
    """A label on a dark pill, readable over the busy Tokyo backdrops."""
    label = fit(label, "bold", 22, max_width - 28)
    half_width = text_width(label, "bold", 22) / 2 + 14
    draw.rounded_rectangle(
        (centre_x - half_width, top, centre_x + half_width, top + 36), radius=18,
        fill=_ZONE_LABEL, outline=edge, width=2,
    )
    text(draw, (centre_x, top + 18), label, "bold", 22, TEXT, anchor="mm")


# ---- Dice -------------------------------------------------------------------------------------


def _draw_dice(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState) -> None:
    left, top, right, _ = _DICE_BOX
    turn = state.turn
    if turn is None or state.over:
        message = "The game is over" if state.over else "No dice rolled yet"
        text(draw, ((left + right) / 2, top + 88), message, "bold", 20, TEXT_DIM, anchor="mm")
        return
    roller = state.monsters[turn.seat].name
    text(draw, (left + 90, top + 16), f"{roller}’s roll", "bold", 20, TEXT)
    if turn.green:
        extra = "1 green extra die" if turn.green == 1 else f"{turn.green} green extra dice"
        text(draw, (left + 110 + text_width(f"{roller}’s roll", "bold", 20), top + 19), extra,
             "narrow_bold", 16, art.GREEN_DIE)
    rolls = f"Rolls left: {turn.rolls_left}"
    text(draw, (right - 20, top + 16), rolls, "bold", 20, GOLD if turn.rolls_left else TEXT_DIM,
         anchor="ra")
    if not turn.dice:
        text(draw, ((left + right) / 2, top + 88), "No dice rolled yet", "bold", 20, TEXT_DIM,
             anchor="mm")
        return
    first_green = len(turn.dice) - turn.green
    for index, face in enumerate(turn.dice):
        x = left + 20 + index * _DIE_STEP
        y = top + 50
        if index in turn.kept:
            draw.rounded_rectangle(
                (x - 5, y - 5, x + _DIE_SIZE + 5, y + _DIE_SIZE + 5), radius=16, outline=GOLD,
                width=4,
            )
        paste(image, art.die_face(face, index >= first_green, _DIE_SIZE), (x, y))
        if index in turn.kept:
            text(draw, (x + _DIE_SIZE / 2, y + _DIE_SIZE + 8), "KEPT", "bold", 15, GOLD,
                 anchor="mt")


# ---- Face-up cards ----------------------------------------------------------------------------


def _buyer(state: GameState) -> int | None:
    """The seat that may buy now: the active monster, while the game goes on."""
    if state.over or state.turn is None or not state.monsters[state.turn.seat].alive:
        return None
    return state.turn.seat


def _draw_market(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState) -> None:
    left, top, right, _ = _MARKET_BOX
    deck_label = f"{len(state.deck)} left in the deck"
    text(draw, (right - 20, top + 16), deck_label, "bold", 20, TEXT, anchor="ra")
    stack_x = right - 36 - round(text_width(deck_label, "bold", 20))
    for offset in (6, 3, 0):
        draw.rounded_rectangle(
            (stack_x - 22 + offset, top + 12 + offset, stack_x + offset, top + 34 + offset),
            radius=3, fill=KEEP_BLUE, outline=TEXT, width=1,
        )

    buyer = _buyer(state)
    tile_width, _ = TILE_SIZE
    for slot in range(3):
        x = left + 20 + slot * (tile_width + 14)
        y = top + 48
        if slot >= len(state.face_up):
            draw.rounded_rectangle(
                (x, y, x + tile_width, y + TILE_SIZE[1]), radius=12, outline=PANEL_EDGE, width=2
            )
            text(draw, (x + tile_width / 2, y + TILE_SIZE[1] / 2), "no card", "bold", 18,
                 TEXT_DIM, anchor="mm")
            continue
        card = printed(state.face_up[slot].key, state.options.edition)
        if buyer is None:
            cost, shortfall = card.cost, None
        else:
            cost = card_cost(state, buyer, card.key)
            shortfall = max(0, cost - state.monsters[buyer].energy)
        paste(image, market_tile(card, cost, shortfall), (x, y))


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


def _status_chips(state: GameState, seat: int,
                  played_by_ai: bool) -> list[tuple[str, RGB, RGB]]:
    """The (label, background, text colour) chips in a panel's title bar."""
    monster = state.monsters[seat]
    chips: list[tuple[str, RGB, RGB]] = [("AI", _AI_CHIP, TEXT)] if played_by_ai else []
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
    return chips


def _bar(
    draw: ImageDraw.ImageDraw, box: Box, filled: int, segments: int, colour: RGB
) -> None:
    left, top, right, bottom = box
    step = (right - left + 2) / segments
    for index in range(segments):
        x = left + index * step
        fill = colour if index < filled else _EMPTY_SEGMENT
        draw.rectangle((round(x), top, round(x + step) - 3, bottom), fill=fill)


def _stat_row(
    image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, icon: str, value: str
) -> None:
    """An icon and a value, centred on y."""
    paste(image, art.icon(icon, 26), (x, y - 13))
    text(draw, (x + 34, y), value, "bold", 20, TEXT, anchor="lm")


def _draw_monster(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, seat: int,
    origin: tuple[int, int], card_rows: int, played_by_ai: bool,
) -> None:
    monster = state.monsters[seat]
    x, y = origin
    right, bottom = x + _PANEL_WIDTH, y + _panel_height(card_rows)
    colour = art.monster_colour(monster.name)
    highlighted = (
        (state.over and seat in state.winners)
        or (not state.over and state.turn is not None and state.turn.seat == seat)
    )

    draw.rounded_rectangle((x, y, right, y + 44), radius=16, fill=art.shade(colour, _HEADER_SHADE))
    draw.rectangle((x, y + 30, right, y + 44), fill=art.shade(colour, _HEADER_SHADE))
    chip_x = right - 12
    for label, background, foreground in reversed(_status_chips(state, seat, played_by_ai)):
        chip_x -= chip_width(label)
        chip(draw, chip_x, y + 9, label, background, foreground)
        chip_x -= _CHIP_GAP
    name = fit(monster.name, "bold", 22, chip_x - x - 24)
    text(draw, (x + 16, y + 22), name, "bold", 22, TEXT, anchor="lm")

    paste(image, art.portrait(monster.name, 108), (x + 14, y + 54))
    _draw_stats(image, draw, state, seat, x + 138, y)
    _draw_owned_cards(draw, state, monster, x + 14, y + 172, right - 14, card_rows)

    if not monster.alive:
        region = (x, y, right + 1, bottom + 1)
        grey = ImageOps.grayscale(image.crop(region)).convert("RGB")
        faded = Image.blend(grey, Image.new("RGB", grey.size, BACKGROUND), 0.45)
        image.paste(faded, region[:2])
    if highlighted:
        draw.rounded_rectangle((x - 5, y - 5, right + 5, bottom + 5), radius=20, outline=GOLD,
                               width=4)


def _draw_stats(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, seat: int, x: int, y: int
) -> None:
    monster = state.monsters[seat]
    bar_left, bar_right = x + 112, x + 288
    most_hearts = max_hearts(state, seat)
    _stat_row(image, draw, x, y + 68, "heart", f"{monster.hearts}/{most_hearts}")
    _bar(draw, (bar_left, y + 60, bar_right, y + 76), monster.hearts, most_hearts, HEART_RED)
    _stat_row(image, draw, x, y + 104, "vp", f"{monster.vp}/{WINNING_VP}")
    _bar(draw, (bar_left, y + 96, bar_right, y + 112), monster.vp, WINNING_VP, VP_GOLD)

    _stat_row(image, draw, x, y + 140, "energy", str(monster.energy))
    chip_x = bar_left
    for count, label, background, foreground in (
        (monster.poison, f"{monster.poison} poison", POISON_GREEN, _DARK_INK),
        (monster.shrink, f"{monster.shrink} shrink", SHRINK_PURPLE, TEXT),
    ):
        if count:
            chip_x += chip(draw, chip_x, y + 140 - CHIP_HEIGHT // 2, label, background,
                           foreground) + 8


def _chip_rows(labels: list[str], width: int, max_rows: int) -> tuple[list[list[str]], int]:
    """Labels wrapped into rows of chips; when they need more than ``max_rows``, the last row
    is cut to make room for a "+N more" chip. Returns the rows and N (0: all shown)."""
    rows: list[list[str]] = [[]]
    row_width = 0
    for label in labels:
        label_width = chip_width(label) + _CHIP_GAP
        if rows[-1] and row_width + label_width > width:
            rows.append([])
            row_width = 0
        rows[-1].append(label)
        row_width += label_width
    if len(rows) <= max_rows:
        return rows, 0
    hidden = sum(len(row) for row in rows[max_rows:])
    rows = rows[:max_rows]
    last = rows[-1]
    while last and (sum(chip_width(label) + _CHIP_GAP for label in last)
                    + chip_width(f"+{hidden} more") > width):
        last.pop()
        hidden += 1
    return rows, hidden


def _draw_owned_cards(
    draw: ImageDraw.ImageDraw, state: GameState, monster: Monster, left: int, top: int,
    right: int, card_rows: int,
) -> None:
    if not monster.cards:
        text(draw, (left, top + 13), "No cards", "narrow_bold", 15, TEXT_DIM, anchor="lm")
        return
    labels = [_card_label(state, card) for card in monster.cards]
    rows, hidden = _chip_rows(labels, right - left, max_rows=card_rows)
    y = top
    for row in rows:
        x = left
        for label in row:
            x += chip(draw, x, y, label, KEEP_BLUE, TEXT) + _CHIP_GAP
        y += _CARD_ROW_STEP
    if hidden:
        chip(draw, x, y - _CARD_ROW_STEP, f"+{hidden} more", PANEL_EDGE, TEXT)
