"""Pictures drawn in code: monster portraits, dice faces, stat icons and the Tokyo board.

All of it is our own art made from Pillow primitives. Pillow draws shapes without
anti-aliasing, so each picture is drawn four times larger and scaled down. Every function here
is cached (``functools.cache`` keeps its table coherent across threads) and returns an image
that nobody modifies afterwards: callers only paste it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.render.assets import (
    ENERGY_CYAN,
    HEART_RED,
    MONSTER_COLOURS,
    POISON_GREEN,
    RGB,
    SHRINK_PURPLE,
    TEXT,
    UNKNOWN_MONSTER_COLOUR,
    VP_GOLD,
    font,
)

SUPERSAMPLE = 4
Point = tuple[float, float]
Fill = RGB | tuple[int, int, int, int]


def shade(colour: RGB, factor: float) -> RGB:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    if factor <= 1:
        r, g, b = (round(c * factor) for c in colour)
    else:
        r, g, b = (round(c + (255 - c) * (factor - 1)) for c in colour)
    return (r, g, b)


def monster_colour(name: str) -> RGB:
    return MONSTER_COLOURS.get(name, UNKNOWN_MONSTER_COLOUR)


class Pen:
    """Draws on a square RGBA canvas in units of 0..100, at SUPERSAMPLE times the final size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.image = Image.new("RGBA", (size * SUPERSAMPLE, size * SUPERSAMPLE), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)
        self.unit = size * SUPERSAMPLE / 100

    def _xy(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * self.unit, y * self.unit) for x, y in points]

    def ellipse(
        self, cx: float, cy: float, rx: float, ry: float, fill: Fill,
        outline: Fill | None = None, width: float = 0,
    ) -> None:
        box = self._xy([(cx - rx, cy - ry), (cx + rx, cy + ry)])
        self.draw.ellipse(box, fill=fill, outline=outline, width=round(width * self.unit))

    def polygon(self, points: Sequence[Point], fill: Fill) -> None:
        self.draw.polygon(self._xy(points), fill=fill)

    def line(self, points: Sequence[Point], fill: Fill, width: float) -> None:
        self.draw.line(self._xy(points), fill=fill, width=round(width * self.unit), joint="curve")

    def rounded(
        self, x0: float, y0: float, x1: float, y1: float, radius: float, fill: Fill,
        outline: Fill | None = None, width: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self._xy([(x0, y0), (x1, y1)]), radius=radius * self.unit, fill=fill,
            outline=outline, width=round(width * self.unit),
        )

    def arc(
        self, cx: float, cy: float, rx: float, ry: float, start: float, end: float,
        fill: Fill, width: float,
    ) -> None:
        box = self._xy([(cx - rx, cy - ry), (cx + rx, cy + ry)])
        self.draw.arc(box, start, end, fill=fill, width=round(width * self.unit))

    def finish(self) -> Image.Image:
        return self.image.resize((self.size, self.size), Image.Resampling.LANCZOS)


# ---- Stat icons -------------------------------------------------------------------------------


def _heart_shape(pen: Pen, cx: float, cy: float, r: float, fill: Fill) -> None:
    """A heart whose two lobes have radius r, centred on (cx, cy)."""
    pen.ellipse(cx - r * 0.9, cy - r * 0.5, r, r, fill)
    pen.ellipse(cx + r * 0.9, cy - r * 0.5, r, r, fill)
    pen.polygon(
        [(cx - r * 1.87, cy - r * 0.25), (cx + r * 1.87, cy - r * 0.25), (cx, cy + r * 1.9)], fill
    )


def _bolt_shape(pen: Pen, cx: float, cy: float, h: float, fill: Fill) -> None:
    """A lightning bolt h units tall centred on (cx, cy)."""
    s = h / 100
    points = [(58, 0), (18, 56), (46, 56), (36, 100), (82, 38), (53, 38), (68, 0)]
    pen.polygon([(cx + (x - 50) * s, cy + (y - 50) * s) for x, y in points], fill)


def _star_points(cx: float, cy: float, outer: float, inner: float, tips: int) -> list[Point]:
    points = []
    for i in range(tips * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / tips - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


@cache
def icon(kind: str, size: int) -> Image.Image:
    """A small stat icon: "heart", "vp", "energy", "poison" or "shrink"."""
    pen = Pen(size)
    if kind == "heart":
        _heart_shape(pen, 50, 46, 24, HEART_RED)
    elif kind == "vp":
        pen.polygon(_star_points(50, 53, 48, 21, 5), VP_GOLD)
    elif kind == "energy":
        _bolt_shape(pen, 50, 50, 96, ENERGY_CYAN)
    elif kind == "poison":
        # A drop.
        pen.ellipse(50, 62, 30, 30, POISON_GREEN)
        pen.polygon([(22, 52), (78, 52), (50, 4)], POISON_GREEN)
        pen.ellipse(40, 62, 8, 10, shade(POISON_GREEN, 1.5))
    elif kind == "shrink":
        # Two arrow heads squeezing a bar.
        pen.polygon([(18, 4), (82, 4), (50, 38)], SHRINK_PURPLE)
        pen.polygon([(18, 96), (82, 96), (50, 62)], SHRINK_PURPLE)
        pen.rounded(14, 44, 86, 56, 4, SHRINK_PURPLE)
    else:
        raise ValueError(f"unknown icon {kind!r}")
    return pen.finish()


# ---- Dice -------------------------------------------------------------------------------------

BLACK_DIE: RGB = (34, 34, 40)
GREEN_DIE: RGB = (46, 150, 78)


@cache
def die_face(face: str, green: bool, size: int) -> Image.Image:
    """One die showing a face ("1", "2", "3", "energy", "heart", "smash")."""
    body = GREEN_DIE if green else BLACK_DIE
    pen = Pen(size)
    pen.rounded(2, 4, 98, 98, 18, shade(body, 0.55))  # the die's bottom edge, for depth
    pen.rounded(2, 2, 98, 94, 18, body, outline=shade(body, 1.35), width=2.5)
    if face == "energy":
        _bolt_shape(pen, 50, 48, 72, (255, 214, 64))
    elif face == "heart":
        _heart_shape(pen, 50, 44, 17, (240, 70, 86))
    elif face == "smash":
        # Three claw slashes, tapering at both ends.
        for offset in (-22, 0, 22):
            x = 50 + offset
            pen.polygon(
                [(x + 12, 14), (x + 6, 48), (x - 12, 82), (x - 4, 50)], (255, 255, 255)
            )
    image = pen.finish()
    if face in ("1", "2", "3"):
        numeral_font = font("bold", round(size * 0.6))
        ImageDraw.Draw(image).text(
            (size / 2, size * 0.48), face, font=numeral_font, fill=(255, 255, 255), anchor="mm"
        )
    return image


# ---- Monster portraits ------------------------------------------------------------------------


def _alienoid(pen: Pen, body: RGB) -> None:
    dark = shade(body, 0.6)
    for side in (-1, 1):
        pen.line([(50 + side * 10, 30), (50 + side * 20, 14)], dark, 3)
        pen.ellipse(50 + side * 20, 14, 5, 5, (255, 230, 120))
    pen.ellipse(50, 90, 34, 18, dark)
    pen.ellipse(50, 52, 34, 30, body)
    for x in (34, 50, 66):
        pen.ellipse(x, 46, 8, 9, (255, 255, 255))
        pen.ellipse(x + 1, 48, 4, 5, (20, 20, 30))
    pen.ellipse(50, 66, 18, 8, (60, 20, 30))
    for x in (40, 47, 54, 61):
        pen.polygon([(x - 3, 60), (x + 3, 60), (x, 65)], (255, 255, 255))


def _cyber_kitty(pen: Pen, body: RGB) -> None:
    dark = shade(body, 0.6)
    pen.ellipse(50, 92, 32, 16, dark)
    for side in (-1, 1):
        pen.polygon([(50 + side * 34, 40), (50 + side * 30, 8), (50 + side * 10, 28)], body)
        pen.polygon([(50 + side * 29, 34), (50 + side * 27, 16), (50 + side * 16, 28)],
                    shade(body, 1.5))
    pen.ellipse(50, 54, 34, 30, body)
    pen.rounded(20, 40, 80, 54, 7, (40, 44, 60))
    pen.rounded(23, 43, 77, 51, 4, (90, 240, 255))
    pen.polygon([(45, 62), (55, 62), (50, 68)], (255, 190, 210))
    for side in (-1, 1):
        for dy in (-3, 3):
            whisker = [(50 + side * 12, 66 + dy), (50 + side * 34, 63 + dy * 2)]
            pen.line(whisker, (255, 255, 255), 1.2)
    pen.ellipse(76, 30, 3, 3, (200, 210, 230))


def _gigazaur(pen: Pen, body: RGB) -> None:
    dark = shade(body, 0.55)
    for x, h in ((28, 20), (40, 10), (52, 6), (64, 10), (76, 20)):
        pen.polygon([(x - 7, h + 22), (x, h), (x + 7, h + 22)], dark)
    pen.ellipse(50, 92, 36, 18, dark)
    pen.ellipse(50, 48, 32, 26, body)
    pen.rounded(22, 52, 78, 86, 14, body)
    for x in (38, 62):
        pen.ellipse(x, 44, 7, 7, (255, 226, 70))
        pen.ellipse(x, 44, 1.8, 6, (20, 20, 20))
    pen.rounded(28, 66, 72, 80, 5, (90, 20, 24))
    for x in range(31, 70, 8):
        pen.polygon([(x, 66), (x + 6, 66), (x + 3, 72)], (255, 255, 255))
        pen.polygon([(x + 2, 80), (x + 8, 80), (x + 5, 75)], (255, 255, 255))
    pen.ellipse(44, 58, 2, 1.5, dark)
    pen.ellipse(56, 58, 2, 1.5, dark)


def _meka_dragon(pen: Pen, body: RGB) -> None:
    metal = (170, 178, 196)
    dark = shade(body, 0.55)
    for side in (-1, 1):
        pen.polygon([(50 + side * 16, 30), (50 + side * 40, 4), (50 + side * 26, 36)], metal)
    pen.ellipse(50, 92, 34, 18, dark)
    pen.polygon([(22, 30), (78, 30), (86, 58), (70, 86), (30, 86), (14, 58)], body)
    pen.polygon([(30, 56), (70, 56), (64, 84), (36, 84)], dark)
    for side in (-1, 1):
        pen.polygon([(50 + side * 8, 42), (50 + side * 26, 38), (50 + side * 22, 48)],
                    (255, 236, 90))
    for y in (64, 71, 78):
        pen.line([(38, y), (62, y)], metal, 2)
    for x, y in ((24, 34), (76, 34), (18, 56), (82, 56)):
        pen.ellipse(x, y, 2.5, 2.5, metal)


def _space_penguin(pen: Pen, body: RGB) -> None:
    dark = shade(body, 0.35)
    pen.ellipse(50, 52, 42, 42, (200, 230, 255, 70), outline=(230, 245, 255), width=2.5)
    pen.ellipse(50, 92, 30, 16, dark)
    pen.ellipse(50, 56, 30, 32, dark)
    pen.ellipse(41, 56, 14, 18, (255, 255, 255))
    pen.ellipse(59, 56, 14, 18, (255, 255, 255))
    pen.ellipse(42, 52, 4, 5, (20, 20, 30))
    pen.ellipse(58, 52, 4, 5, (20, 20, 30))
    pen.polygon([(42, 64), (58, 64), (50, 76)], (255, 160, 40))
    pen.arc(50, 52, 36, 36, 200, 250, (255, 255, 255), 3)
    pen.ellipse(50, 8, 4, 4, body)


def _the_king(pen: Pen, body: RGB) -> None:
    fur = shade(body, 0.55)
    face = shade(body, 1.45)
    pen.ellipse(50, 92, 40, 20, fur)
    pen.ellipse(50, 54, 34, 32, fur)
    pen.ellipse(42, 56, 14, 16, face)
    pen.ellipse(58, 56, 14, 16, face)
    pen.ellipse(50, 70, 20, 14, face)
    pen.rounded(28, 44, 72, 50, 3, shade(fur, 0.7))
    pen.ellipse(41, 54, 3, 3, (20, 20, 20))
    pen.ellipse(59, 54, 3, 3, (20, 20, 20))
    pen.ellipse(46, 66, 2.5, 2, shade(fur, 0.6))
    pen.ellipse(54, 66, 2.5, 2, shade(fur, 0.6))
    pen.line([(42, 76), (50, 79), (58, 76)], shade(fur, 0.6), 1.8)
    gold = (250, 200, 40)
    pen.polygon([(30, 26), (34, 8), (42, 20), (50, 4), (58, 20), (66, 8), (70, 26)], gold)
    pen.rounded(30, 22, 70, 30, 2, gold)
    pen.ellipse(50, 26, 3, 3, (220, 40, 60))


# The monsters King of Tokyo: Origins adds.


def _mechamster(pen: Pen, body: RGB) -> None:
    """A robot hamster: round ears, puffed cheeks and buck teeth, with an antenna and bolts."""
    metal = (196, 204, 218)
    dark = shade(body, 0.55)
    pen.ellipse(50, 92, 36, 18, (84, 90, 108))
    pen.line([(50, 28), (50, 10)], metal, 3)
    pen.ellipse(50, 9, 5, 5, (240, 64, 64))
    for side in (-1, 1):
        pen.ellipse(50 + side * 25, 26, 12, 12, body)
        pen.ellipse(50 + side * 25, 26, 6.5, 6.5, metal)
    pen.ellipse(50, 56, 36, 31, body)
    for side in (-1, 1):
        pen.ellipse(50 + side * 22, 68, 15, 12, shade(body, 1.45))
        pen.ellipse(50 + side * 33, 52, 3, 3, metal)
    pen.rounded(36, 30, 64, 38, 3, metal)
    for x in (40, 60):
        pen.ellipse(x, 34, 1.6, 1.6, dark)
    for x in (38, 62):
        pen.ellipse(x, 50, 8.5, 8.5, metal)
        pen.ellipse(x, 50, 6, 6, (24, 26, 36))
        pen.ellipse(x + 2, 48, 2, 2, (255, 255, 255))
    pen.polygon([(45, 60), (55, 60), (50, 65)], (250, 150, 170))
    pen.line([(50, 65), (50, 68)], dark, 1.5)
    pen.rounded(43, 68, 49.4, 79, 1.5, (255, 255, 255))
    pen.rounded(50.6, 68, 57, 79, 1.5, (255, 255, 255))


def _gigarex(pen: Pen, body: RGB) -> None:
    """A tyrannosaur's head in profile, jaws wide open, with a striped back."""
    dark = shade(body, 0.55)
    pen.polygon([(50, 60), (92, 40), (100, 100), (44, 100)], body)  # the neck
    pen.polygon([(48, 76), (66, 72), (70, 100), (45, 100)], shade(body, 1.5))  # the throat
    pen.polygon([(12, 34), (30, 22), (62, 18), (84, 28), (88, 50), (62, 54), (12, 48)], body)
    pen.polygon([(20, 64), (60, 56), (80, 60), (66, 76), (26, 76)], body)
    pen.polygon([(12, 48), (62, 53), (62, 57), (20, 64)], (120, 24, 36))
    for x in range(16, 56, 8):
        pen.polygon([(x, 48.4), (x + 6, 49), (x + 3, 56)], (255, 255, 255))
        pen.polygon([(x + 4, 62.4), (x + 10, 61.2), (x + 6.5, 55)], (255, 255, 255))
    for stripe in (((64, 19), (69, 21), (62, 30)), ((72, 22.5), (76, 24.5), (70, 33)),
                   ((80, 26), (84, 28), (78, 37))):
        pen.polygon(stripe, dark)
    pen.ellipse(62, 36, 6, 6, (255, 226, 70))
    pen.ellipse(62, 36, 1.8, 5, (20, 20, 20))
    pen.line([(53, 27), (70, 30)], dark, 3)
    pen.ellipse(18, 36, 2.5, 1.8, dark)


def _cosmic_joe(pen: Pen, body: RGB) -> None:
    """A star-speckled being with one big eye, wearing a planet's ring around its head."""
    ring = (255, 210, 96)
    # Stars in the sky behind it.
    for x, y, r in ((18, 24, 3), (82, 20, 2.5), (86, 70, 2), (14, 66, 2), (30, 10, 1.5)):
        pen.polygon(_star_points(x, y, r * 2, r * 0.7, 4), (255, 250, 220))
    pen.ellipse(50, 92, 30, 16, shade(body, 0.55))
    # The ring's far half, hidden where the head passes in front of it; its near half comes last.
    pen.arc(50, 68, 46, 10, 180, 360, ring, 4)
    pen.ellipse(50, 52, 30, 31, body)
    for x, y, r in ((34, 36, 3), (66, 40, 2), (62, 70, 2.5), (36, 68, 1.8), (58, 28, 1.5)):
        pen.ellipse(x, y, r, r, shade(body, 1.5))
    pen.ellipse(50, 46, 15, 13, (255, 255, 255))
    pen.ellipse(50, 47, 9, 9, (60, 210, 230))
    pen.polygon(_star_points(50, 47, 5.5, 2.2, 4), (20, 20, 40))
    pen.arc(50, 61, 11, 7, 20, 160, (40, 16, 60), 3)
    pen.arc(50, 68, 46, 10, 0, 180, ring, 4)


def _iron_back(pen: Pen, body: RGB) -> None:
    """An armoured beast: a banded, riveted shell with spikes, and a snout poking out below."""
    dark = shade(body, 0.55)
    skin = (112, 82, 70)
    # Spikes standing out of the shell's upper rim, each pointing away from its centre.
    for angle in (200, 225, 250, 270, 290, 315, 340):
        a = math.radians(angle)
        tip = (50 + 47 * math.cos(a), 56 + 44 * math.sin(a))
        left = (50 + 36 * math.cos(a - 0.14), 56 + 32 * math.sin(a - 0.14))
        right = (50 + 36 * math.cos(a + 0.14), 56 + 32 * math.sin(a + 0.14))
        pen.polygon([left, tip, right], (228, 232, 240))
    pen.ellipse(50, 96, 40, 18, dark)
    pen.ellipse(50, 58, 38, 34, body)
    for ry in (26, 18, 10):  # the shell's bands
        pen.arc(50, 58, ry + 12, ry, 180, 360, dark, 2.5)
    for x, y in ((22, 52), (78, 52), (36, 32), (64, 32), (50, 28)):
        pen.ellipse(x, y, 2, 2, shade(body, 1.5))
    for side in (-1, 1):
        pen.ellipse(50 + side * 22, 70, 7, 9, skin)
        pen.ellipse(50 + side * 22, 71, 3.5, 5, shade(skin, 0.6))
    pen.ellipse(50, 72, 17, 12, skin)
    pen.polygon([(38, 74), (62, 74), (56, 92), (44, 92)], skin)
    pen.rounded(28, 56, 72, 64, 4, dark)  # the shell's brim, shading the eyes
    for x in (41, 59):
        pen.ellipse(x, 69, 4, 3.5, (255, 92, 40))
        pen.ellipse(x, 69, 1.5, 1.5, (255, 230, 150))
    pen.ellipse(50, 91, 7, 4, (40, 28, 28))


_PORTRAIT_DRAWERS = {
    "Alienoid": _alienoid,
    "Cyber Kitty": _cyber_kitty,
    "Gigazaur": _gigazaur,
    "Meka Dragon": _meka_dragon,
    "Space Penguin": _space_penguin,
    "The King": _the_king,
    "Mechamster": _mechamster,
    "Gigarex": _gigarex,
    "Cosmic Joe": _cosmic_joe,
    "Iron Back": _iron_back,
}


@cache
def portrait(name: str, size: int) -> Image.Image:
    """A round portrait of the monster; any other name gets a plain badge with its initial."""
    colour = monster_colour(name)
    pen = Pen(size)
    pen.ellipse(50, 50, 49, 49, shade(colour, 0.3), outline=colour, width=2.5)
    drawer = _PORTRAIT_DRAWERS.get(name)
    if drawer is not None:
        drawer(pen, colour)
    # Clip the drawing to the round frame.
    mask = Image.new("L", pen.image.size, 0)
    ImageDraw.Draw(mask).ellipse(
        (0, 0, pen.image.width - 1, pen.image.height - 1), fill=255
    )
    clipped = Image.new("RGBA", pen.image.size, (0, 0, 0, 0))
    clipped.paste(pen.image, (0, 0), mask)
    ring = Pen(size)
    ring.ellipse(50, 50, 48.8, 48.8, (0, 0, 0, 0), outline=colour, width=2.5)
    clipped.alpha_composite(ring.image)
    image = clipped.resize((size, size), Image.Resampling.LANCZOS)
    if drawer is None:
        ImageDraw.Draw(image).text(
            (size / 2, size / 2), name[:1].upper(), font=font("bold", size // 2), fill=TEXT,
            anchor="mm",
        )
    return image


# ---- The Tokyo board --------------------------------------------------------------------------


def _vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    width, height = size
    column = Image.new("RGB", (1, height))
    for y in range(height):
        t = y / max(1, height - 1)
        r, g, b = (round(start + (end - start) * t) for start, end in zip(top, bottom, strict=True))
        column.putpixel((0, y), (r, g, b))
    return column.resize((width, height))


def _skyline(image: Image.Image, ground: int) -> None:
    """Building silhouettes standing on y = ground, with a few lit windows."""
    draw = ImageDraw.Draw(image)
    width = image.width
    # A fixed, hand-tuned pattern of (width, height in % of the ground line) so the skyline
    # never changes between runs.
    pattern = ((46, 45), (30, 70), (54, 35), (38, 85), (60, 55), (34, 30), (44, 75),
               (52, 48), (28, 62), (58, 40), (40, 80), (48, 50))
    x = 0
    index = 0
    while x < width:
        building_width, height_percent = pattern[index % len(pattern)]
        building_height = ground * height_percent // 100
        index += 1
        top = ground - building_height
        draw.rectangle((x, top, x + building_width - 3, ground), fill=(28, 32, 58))
        for wy in range(top + 10, ground - 10, 16):
            for wx in range(x + 7, x + building_width - 10, 12):
                if (wx * 7 + wy * 13) % 5 < 2:
                    draw.rectangle((wx, wy, wx + 4, wy + 6), fill=(255, 214, 120))
        x += building_width
    draw.rectangle((0, ground, width, image.height), fill=(22, 24, 42))


def _waves(image: Image.Image, top: int) -> None:
    draw = ImageDraw.Draw(image)
    for row, y in enumerate(range(top, image.height, 18)):
        shift = 0 if row % 2 == 0 else 14
        for x in range(-28 + shift, image.width, 28):
            draw.arc((x, y, x + 28, y + 14), 200, 340, fill=(120, 190, 230), width=2)


@cache
def tokyo_city_backdrop(size: tuple[int, int]) -> Image.Image:
    image = _vertical_gradient(size, (40, 30, 80), (120, 60, 90))
    _skyline(image, size[1] - 36)
    return image


@cache
def tokyo_bay_backdrop(size: tuple[int, int]) -> Image.Image:
    image = _vertical_gradient(size, (30, 60, 110), (20, 90, 130))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, size[1] // 3, size[0], size[1]), fill=(24, 72, 118))
    _waves(image, size[1] // 3 + 8)
    return image
