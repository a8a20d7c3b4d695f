"""The King of Tokyo: Origins monsters in the board picture: each has its own portrait and
colour, unlike every other monster's; their board renders and reads on a phone. (The Origins
cards' pictures are checked in test_render.py, with the others.)"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from test_render_phone import MIN_PHONE_PX, _phone_heights, _with_cards

from bot.render import art, board, board_size, render_board
from bot.render.assets import BACKGROUND, MONSTER_COLOURS, UNKNOWN_MONSTER_COLOUR
from bot.render.board import still_rolling
from tools.render import ORIGINS_MONSTERS, SAMPLE_NAMES, origins_monsters, write_samples

BASE_MONSTERS = ("Alienoid", "Cyber Kitty", "Gigazaur", "Meka Dragon", "Space Penguin",
                 "The King")
# The size of a portrait in a monster's panel (the band's height less its margins).
PANEL_PORTRAIT = board._PANEL_BAND - 8
# Mean difference per channel (0-255) between two portraits on the board's background: the
# closest base pair (Gigazaur and The King) differ by about 39.
MIN_PORTRAIT_DIFFERENCE = 30
# Share of the figures' pixels (the union of both) drawn by one portrait and not the other:
# a recoloured copy of a drawer would share nearly all of them.
MIN_SILHOUETTE_DIFFERENCE = 0.1
# Distance between two monster colours in RGB: Alienoid's orange and Mechamster's yellow, the
# closest pair, are 50 apart.
MIN_COLOUR_DISTANCE = 45
# How far from its round backdrop a pixel must be to belong to the figure.
_FIGURE_CONTRAST = 40


def _on_board(name: str) -> Image.Image:
    """The monster's panel portrait as the board shows it, on the board's background."""
    picture = art.portrait(name, PANEL_PORTRAIT)
    backdrop = Image.new("RGBA", picture.size, (*BACKGROUND, 255))
    backdrop.alpha_composite(picture)
    return backdrop.convert("RGB")


def _figure(name: str) -> set[tuple[int, int]]:
    """The pixels of the portrait's figure: opaque and unlike the round backdrop behind it."""
    picture = art.portrait(name, PANEL_PORTRAIT)
    backdrop = art.shade(art.monster_colour(name), 0.3)
    data = picture.load()
    assert data is not None
    figure = set()
    for y in range(picture.height):
        for x in range(picture.width):
            red, green, blue, alpha = data[x, y]
            if alpha > 200 and max(abs(red - backdrop[0]), abs(green - backdrop[1]),
                                   abs(blue - backdrop[2])) > _FIGURE_CONTRAST:
                figure.add((x, y))
    return figure


def test_the_board_knows_the_four_origins_monsters_and_the_six_base_ones() -> None:
    assert set(MONSTER_COLOURS) == set(BASE_MONSTERS) | set(ORIGINS_MONSTERS)
    assert set(art._PORTRAIT_DRAWERS) == set(MONSTER_COLOURS)


@pytest.mark.parametrize("name", ORIGINS_MONSTERS)
def test_an_origins_monster_has_a_colour_of_its_own(name: str) -> None:
    colour = art.monster_colour(name)
    assert colour != UNKNOWN_MONSTER_COLOUR
    for other, other_colour in MONSTER_COLOURS.items():
        if other != name:
            distance = sum((a - b) ** 2 for a, b in zip(colour, other_colour, strict=True)) ** 0.5
            assert distance >= MIN_COLOUR_DISTANCE, f"{name} and {other}: {distance:.0f}"


@pytest.mark.parametrize("name, other", [
    (name, other) for name in ORIGINS_MONSTERS for other in (*BASE_MONSTERS, *ORIGINS_MONSTERS)
    if other != name and (other not in ORIGINS_MONSTERS
                          or ORIGINS_MONSTERS.index(other) > ORIGINS_MONSTERS.index(name))
])
def test_an_origins_portrait_differs_from_every_other_by_pixels_and_silhouette(
    name: str, other: str
) -> None:
    difference = ImageChops.difference(_on_board(name), _on_board(other))
    mean = sum(ImageStat.Stat(difference).mean) / 3
    assert mean >= MIN_PORTRAIT_DIFFERENCE, f"{name} and {other} differ by {mean:.1f}"
    figure, other_figure = _figure(name), _figure(other)
    apart = len(figure ^ other_figure) / len(figure | other_figure)
    assert apart >= MIN_SILHOUETTE_DIFFERENCE, f"{name} and {other}: {apart:.2f}"


def test_the_silhouette_measure_sees_a_recoloured_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gigazaur's drawer in Gigarex's colour is caught: the figures are the same."""
    drawers = dict(art._PORTRAIT_DRAWERS)
    drawers["Gigarex"] = drawers["Gigazaur"]
    monkeypatch.setattr(art, "_PORTRAIT_DRAWERS", drawers)
    art.portrait.cache_clear()
    try:
        figure, copy = _figure("Gigazaur"), _figure("Gigarex")
    finally:
        art.portrait.cache_clear()
    assert len(figure ^ copy) / len(figure | copy) < MIN_SILHOUETTE_DIFFERENCE


def test_the_origins_board_renders_800_px_wide_with_tokyo_city_only() -> None:
    state = origins_monsters()
    assert tuple(monster.name for monster in state.monsters) == ORIGINS_MONSTERS
    assert state.city is not None and state.bay is None and not state.bay_open
    image = Image.open(io.BytesIO(render_board(state)))
    assert image.format == "PNG"
    assert image.size == board_size(len(ORIGINS_MONSTERS)) and image.width == 800


def test_the_samples_command_writes_the_origins_board(tmp_path: Path) -> None:
    written = {path.name: path for path in write_samples(tmp_path)}
    assert written["board_origins_monsters.png"].read_bytes() == render_board(
        origins_monsters(), names=SAMPLE_NAMES)


def test_the_origins_board_is_readable_on_a_phone() -> None:
    state = _with_cards(origins_monsters(), 3, 14)
    assert state.turn is not None and state.city is not None and still_rolling(state)
    heights = _phone_heights(state)
    expected = {(what, seat) for seat in range(len(state.monsters))
                for what in ("hearts", "vp", "energy")}
    expected |= {("die", index) for index in range(len(state.turn.dice))}
    expected |= {("card", slot) for slot in range(len(state.face_up))}
    expected.add(("city", state.city))
    assert set(heights) == expected
    too_small = {key: round(height, 1) for key, height in heights.items()
                 if height < MIN_PHONE_PX}
    assert not too_small, f"smaller than {MIN_PHONE_PX} px on a phone: {too_small}"
