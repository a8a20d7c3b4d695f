"""The colour science under the board's colour rule (``bot/render/colour_vision.py``): CIEDE2000
against Sharma, Wu and Dalal's published test data, Machado et al.'s matrices as published,
the simulation against an independent implementation, and WCAG contrast."""

from __future__ import annotations

import pytest

from bot.render.colour_vision import (
    DEFICIENCIES,
    MACHADO_2009,
    Vision,
    contrast_ratio,
    delta_e_2000,
    difference,
    lab,
    pairs,
    simulate,
)

# Sharma, Wu and Dalal (2005), Table 1: all 34 pairs (L*, a*, b* of each, then ΔE00), as
# published (4 decimals). Pairs 7-16 probe the hue angle's wrap-around and the mean hue of
# colours on opposite sides of the a* axis, where implementations usually go wrong.
SHARMA_2005 = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]

# Machado, Oliveira and Fernandes (2009), the table of matrices published with the paper: the
# rows for severity 1.0, typed again here from the table rather than copied from the module.
PUBLISHED_MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

# The same simulation made with colour-science 0.4.7 (its CVD_MATRICES_MACHADO2010 at severity
# 1.0, eotf_sRGB, clip, eotf_inverse_sRGB), for Alienoid's old orange and Space Penguin's old
# blue: both are clipped by the tritanopia matrix (255 and 0 below).
COLOUR_SCIENCE = {
    ((243, 150, 52), "protanopia"): (178.945, 158.820, 36.387),
    ((243, 150, 52), "deuteranopia"): (200.969, 180.239, 53.135),
    ((243, 150, 52), "tritanopia"): (255.000, 128.769, 130.619),
    ((64, 126, 222), "protanopia"): (78.791, 135.028, 225.695),
    ((64, 126, 222), "deuteranopia"): (49.981, 120.439, 220.053),
    ((64, 126, 222), "tritanopia"): (0.000, 148.423, 163.045),
}


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA_2005)
def test_ciede2000_gives_sharmas_published_differences(
    first: tuple[float, float, float], second: tuple[float, float, float], expected: float
) -> None:
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=5e-5)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=5e-5)


def test_the_matrices_are_machados_published_ones() -> None:
    assert MACHADO_2009 == PUBLISHED_MACHADO
    for matrix in MACHADO_2009.values():
        # Each row sums to 1: a grey stays the same grey for every eye.
        for row in matrix:
            assert sum(row) == pytest.approx(1, abs=2e-6)


@pytest.mark.parametrize(("colour", "vision"), list(COLOUR_SCIENCE))
def test_the_simulation_matches_colour_science(colour: tuple[int, int, int],
                                               vision: Vision) -> None:
    assert simulate(colour, vision) == pytest.approx(COLOUR_SCIENCE[colour, vision], abs=1e-3)


@pytest.mark.parametrize("vision", DEFICIENCIES)
def test_greys_look_the_same_to_every_eye(vision: Vision) -> None:
    for level in (0, 18, 128, 236, 255):
        grey = (level, level, level)
        assert simulate(grey, vision) == pytest.approx(grey, abs=0.01)


def test_lab_of_white_black_and_an_orange() -> None:
    assert lab((255, 255, 255)) == pytest.approx((100, 0, 0), abs=1e-4)
    assert lab((0, 0, 0)) == pytest.approx((0, 0, 0), abs=1e-9)
    # colour-science 0.4.7 (sRGB_to_XYZ, XYZ_to_Lab under D65) gives 70.257, 27.724, 62.816;
    # its white point differs from the sRGB matrix's in the fifth decimal.
    assert lab((243, 150, 52)) == pytest.approx((70.257, 27.724, 62.816), abs=0.02)


def test_red_and_green_that_differ_only_in_hue_merge_for_red_green_deficiencies() -> None:
    """A textbook case: a red and a green of the same lightness are far apart for normal
    vision, close for protanopia and deuteranopia, and still apart for tritanopia."""
    red, green = (180, 110, 60), (120, 130, 60)
    assert difference(red, green) > 15
    assert difference(red, green, "protanopia") < 5
    assert difference(red, green, "deuteranopia") < 5
    assert difference(red, green, "tritanopia") > 10


def test_pairs_lists_every_pair_under_every_vision_closest_first() -> None:
    found = pairs({"a": (0, 0, 0), "b": (255, 255, 255), "c": (250, 250, 250)})
    assert len(found) == 3 * 4
    assert [pair.delta_e for pair in found] == sorted(pair.delta_e for pair in found)
    assert {found[0].first, found[0].second} == {"b", "c"}
    assert str(found[-1]).startswith("a / b: ΔE 100.0")


def test_wcag_contrast() -> None:
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
