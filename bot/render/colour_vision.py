"""How a colour looks to an eye that lacks one kind of cone, and how far apart two colours look.

Three pieces of colour science, a page of arithmetic (no numpy), for the rule that the board's
colours stay apart for every eye (``tests/test_render_colours.py``; docs/bot.md, "Colours every
eye can tell apart"):

- ``simulate``: the colour as a dichromat sees it, by the model of Machado, Oliveira and
  Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision Deficiency",
  IEEE TVCG 15(6), at severity 1.0 (protanopia, deuteranopia, tritanopia): the sRGB colour is
  decoded to linear RGB, multiplied by the deficiency's matrix, clipped to [0, 1] and encoded
  again.
- ``lab``: sRGB to CIELAB under D65 (IEC 61966-2-1's matrix; the white point is that matrix's
  image of white, so that white is L* 100 exactly).
- ``delta_e_2000``: the CIEDE2000 colour difference, as in Sharma, Wu and Dalal (2005), "The
  CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data, and
  Mathematical Observations", Color Research and Application 30(1), whose 34 test pairs the
  tests check.

And ``contrast_ratio``, WCAG 2's contrast between a text colour and its background.

Colours here are sRGB triples of 0-255, ints or (a simulated colour) floats.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Literal, NamedTuple

Colour = tuple[float, float, float]
Lab = tuple[float, float, float]
Matrix = tuple[Colour, Colour, Colour]
Vision = Literal["normal", "protanopia", "deuteranopia", "tritanopia"]

DEFICIENCIES: tuple[Vision, ...] = ("protanopia", "deuteranopia", "tritanopia")
VISIONS: tuple[Vision, ...] = ("normal", *DEFICIENCIES)

# Machado et al.'s matrices for severity 1.0, as published with the paper (the last row of
# each of their tables of severities 0.0-1.0), to be applied to linear RGB.
MACHADO_2009: dict[Vision, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

# Linear sRGB to CIE XYZ (D65), IEC 61966-2-1.
_SRGB_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE: Colour = (sum(_SRGB_TO_XYZ[0]), sum(_SRGB_TO_XYZ[1]), sum(_SRGB_TO_XYZ[2]))


def to_linear(channel: float) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    value = channel / 255
    if value <= 0.04045:
        return value / 12.92
    return math.pow((value + 0.055) / 1.055, 2.4)


def from_linear(value: float) -> float:
    """Linear light (0-1) as an sRGB channel (0-255, not rounded)."""
    if value <= 0.0031308:
        return value * 12.92 * 255
    return (1.055 * math.pow(value, 1 / 2.4) - 0.055) * 255


def _times(matrix: Matrix, vector: Colour) -> Colour:
    x, y, z = vector
    first, second, third = (row[0] * x + row[1] * y + row[2] * z for row in matrix)
    return first, second, third


def simulate(colour: Colour, vision: Vision) -> Colour:
    """The colour as an eye of this ``vision`` sees it, in sRGB (0-255 floats)."""
    if vision == "normal":
        return colour
    red, green, blue = _times(MACHADO_2009[vision], (to_linear(colour[0]),
                                                      to_linear(colour[1]),
                                                      to_linear(colour[2])))
    return (from_linear(min(1.0, max(0.0, red))), from_linear(min(1.0, max(0.0, green))),
            from_linear(min(1.0, max(0.0, blue))))


def lab(colour: Colour) -> Lab:
    """The sRGB colour in CIELAB (D65)."""
    xyz = _times(_SRGB_TO_XYZ, (to_linear(colour[0]), to_linear(colour[1]),
                                to_linear(colour[2])))

    def f(ratio: float) -> float:
        if ratio > (6 / 29) ** 3:
            return math.pow(ratio, 1 / 3)
        return ratio / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(value / white) for value, white in zip(xyz, _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(first: Lab, second: Lab) -> float:
    """The CIEDE2000 difference between two CIELAB colours (k_L = k_C = k_H = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    # Hue angles in degrees, 0-360; 0 for a grey (a = b = 0).
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0

    delta_l = l2 - l1
    delta_c = c2 - c1
    if c1 * c2 == 0:
        delta_h_angle = 0.0
    elif abs(h2 - h1) <= 180:
        delta_h_angle = h2 - h1
    elif h2 - h1 > 180:
        delta_h_angle = h2 - h1 - 360
    else:
        delta_h_angle = h2 - h1 + 360
    delta_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(delta_h_angle) / 2)

    l_mean = (l1 + l2) / 2
    c_mean = (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    elif h1 + h2 < 360:
        h_mean = (h1 + h2 + 360) / 2
    else:
        h_mean = (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30))
         + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    delta_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * delta_theta)) * r_c
    return math.sqrt((delta_l / s_l) ** 2 + (delta_c / s_c) ** 2 + (delta_h / s_h) ** 2
                     + r_t * (delta_c / s_c) * (delta_h / s_h))


def difference(first: Colour, second: Colour, vision: Vision = "normal") -> float:
    """How far apart two sRGB colours look to an eye of this ``vision`` (ΔE2000)."""
    return delta_e_2000(lab(simulate(first, vision)), lab(simulate(second, vision)))


class Pair(NamedTuple):
    """Two named colours and how far apart they look to one vision."""

    delta_e: float
    vision: Vision
    first: str
    second: str

    def __str__(self) -> str:
        return f"{self.first} / {self.second}: ΔE {self.delta_e:.1f} ({self.vision})"


def pairs(colours: Mapping[str, Colour], visions: Iterable[Vision] = VISIONS) -> list[Pair]:
    """Every pair of the named colours under every vision, closest first."""
    found = [Pair(difference(colours[first], colours[second], vision), vision, first, second)
             for vision in visions for first, second in combinations(colours, 2)]
    return sorted(found)


def luminance(colour: Colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black - 1 white)."""
    red, green, blue = (to_linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG 2's contrast ratio between two sRGB colours, 1 to 21 (text: at least 4.5)."""
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
