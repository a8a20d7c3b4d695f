"""A player's rating over time, for ``/kot stats``: one line, in the board's dark style.

The picture is 800×400 and Discord shows an embed image about 400 px wide on a phone, so every
label is drawn at 32 px: its digits are then about 11.5 px tall there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH
from bot.i18n import text as words
from bot.render.assets import BACKGROUND, ENERGY_CYAN, GOLD, PANEL, PANEL_EDGE, TEXT_DIM
from bot.render.canvas import Box, fit_in_room, text, text_width, to_png

WIDTH, HEIGHT = 800, 400
# Fewer points make no line: one rated game has no trend to show.
MIN_CHART_POINTS = 2
LABEL_SIZE = 32
_MARGIN = 20
_TOP = 80
_BOTTOM = HEIGHT - 52
_RIGHT = WIDTH - 36
_LINE_WIDTH = 4
_DOT_RADIUS = 6
_CURRENT_RADIUS = 10
# The title may shrink this far (a longer language) before it is cut: 11 px on a phone.
_MIN_TITLE_SIZE = 24
# Beyond this many games the dots would merge into a thick line.
_MAX_DOTS = 60
_MAX_Y_TICKS = 5
_MAX_X_TICKS = 6
# The rating's line and dots, and the dot of the current rating at its end.
LINE_COLOUR = ENERGY_CYAN
CURRENT_COLOUR = GOLD


def rating_chart(values: Sequence[float], language: str = ENGLISH) -> bytes:
    """The PNG chart of the ratings after each rated game (game 1 first), its words in
    ``language``."""
    picture, _labels = chart_picture(values, language)
    return to_png(picture)


def describe_chart(values: Sequence[float], language: str = ENGLISH) -> str:
    """The chart's alt text: how many games, the first and the current rating, the lowest
    and the highest (a few dozen characters, far within Discord's 1,024)."""
    _check(values)
    return words(language, "alt-chart", games=len(values), first=_number(values[0], 1),
                 now=_number(values[-1], 1), low=_number(min(values), 1),
                 high=_number(max(values), 1))


def _check(values: Sequence[float]) -> None:
    if len(values) < MIN_CHART_POINTS:
        raise ValueError(f"a rating chart needs at least {MIN_CHART_POINTS} games, "
                         f"not {len(values)}")


def chart_picture(values: Sequence[float], language: str = ENGLISH,
                  ) -> tuple[Image.Image, list[Box]]:
    """The chart, and the box of every label drawn (tests measure them as a phone shows
    them). ValueError with fewer than ``MIN_CHART_POINTS`` values."""
    _check(values)
    picture = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    low, high = _value_range(values)
    y_ticks = nice_ticks(low, high, _MAX_Y_TICKS)
    low, high = min(low, y_ticks[0]), max(high, y_ticks[-1])
    decimals = 0 if _tick_step(y_ticks) >= 1 else 1
    y_labels = [_number(tick, decimals) for tick in y_ticks]
    left = _MARGIN + round(max(text_width(label, "bold", LABEL_SIZE) for label in y_labels)) + 14
    games = len(values)

    def x_of(game: float) -> float:
        return left + (game - 1) / (games - 1) * (_RIGHT - left)

    def y_of(value: float) -> float:
        return _BOTTOM - (value - low) / (high - low) * (_BOTTOM - _TOP)

    draw.rectangle((left, _TOP, _RIGHT, _BOTTOM), fill=PANEL)
    current = _current(draw, values[-1], language)
    # The title has the top row up to the current rating.
    title_room = (_MARGIN - 4, 0, current[0] - 24, _TOP - 8)
    title, size = fit_in_room(words(language, "chart-title"), "bold", LABEL_SIZE,
                              (_MARGIN, 30), "lm", title_room, _MIN_TITLE_SIZE)
    boxes = [text(draw, (_MARGIN, 30), title, "bold", size, TEXT_DIM, anchor="lm")]
    for tick, label in zip(y_ticks, y_labels, strict=True):
        draw.line((left, y_of(tick), _RIGHT, y_of(tick)), fill=PANEL_EDGE, width=2)
        boxes.append(text(draw, (left - 12, y_of(tick)), label, "bold", LABEL_SIZE, TEXT_DIM,
                          anchor="rm"))
    for game in nice_ticks(1, games, _MAX_X_TICKS, whole=True):
        label = _number(game, 0)
        # The last game's number may sit at the right edge: keep all of it on the picture.
        centre = min(x_of(game), WIDTH - 4 - text_width(label, "bold", LABEL_SIZE) / 2)
        boxes.append(text(draw, (centre, _BOTTOM + 8), label, "bold", LABEL_SIZE, TEXT_DIM,
                          anchor="ma"))
    points = [(x_of(game), y_of(value)) for game, value in enumerate(values, start=1)]
    draw.line(points, fill=LINE_COLOUR, width=_LINE_WIDTH, joint="curve")
    if games <= _MAX_DOTS:
        for x, y in points:
            _dot(draw, x, y, _DOT_RADIUS, LINE_COLOUR)
    _dot(draw, *points[-1], _CURRENT_RADIUS, CURRENT_COLOUR)
    boxes.append(current)
    return picture, boxes


def _current(draw: ImageDraw.ImageDraw, value: float, language: str) -> Box:
    """The last game's rating, in gold at the top right (its gold dot ends the line)."""
    label = words(language, "chart-now", rating=_number(value, 1))
    return text(draw, (WIDTH - _MARGIN, 30), label, "bold", LABEL_SIZE, CURRENT_COLOUR,
                anchor="rm")


def _dot(draw: ImageDraw.ImageDraw, x: float, y: float, radius: int, fill: tuple[int, int, int]
         ) -> None:
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def _value_range(values: Sequence[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    if high - low < 1:
        # A flat history still needs some height: centre it in a range of 1.
        middle = (low + high) / 2
        return middle - 0.5, middle + 0.5
    return low, high


def nice_ticks(low: float, high: float, most: int, *, whole: bool = False) -> list[float]:
    """At most ``most`` round values (steps of 1, 2 or 5 times a power of ten) covering
    ``low`` to ``high``; ``whole``: whole numbers within the range only (game numbers)."""
    step = _nice_step((high - low) / max(1, most - 1), whole)
    while True:
        first = math.floor(low / step) * step
        last = math.ceil(high / step) * step
        if whole:
            first, last = math.ceil(low / step) * step, math.floor(high / step) * step
        count = round((last - first) / step) + 1
        if count <= most:
            return [first + n * step for n in range(count)]
        step = _nice_step(step * 1.01, whole)


def _nice_step(rough: float, whole: bool) -> float:
    power = 10.0 ** math.floor(math.log10(rough))
    step = next(power * m for m in (1, 2, 5, 10) if power * m >= rough)
    return max(1.0, step) if whole else step


def _tick_step(ticks: list[float]) -> float:
    return ticks[1] - ticks[0] if len(ticks) > 1 else 1.0


def _number(value: float, decimals: int) -> str:
    # ``or 0.0``: no "−0" for a value that rounds to zero. A real minus sign: a hyphen is too
    # short to read at a glance.
    return f"{round(value, decimals) or 0.0:.{decimals}f}".replace("-", "\u2212")
