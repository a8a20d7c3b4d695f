"""Colours every eye can tell apart (issue 39; docs/bot.md, "Colours every eye can tell apart").

The board writes a monster's name beside its colour, but a chart or a small marker says it with
colour alone. So every two colours that are drawn together keep a CIEDE2000 difference of at
least 10 for normal vision and as simulated for protanopia, deuteranopia and tritanopia
(``bot.render.colour_vision``): the monsters that can meet in one game, the tokens, the chips of
a panel and the rating chart's two colours. And the names written on a colour (a panel's band,
a chip's label) keep WCAG's 4.5:1 contrast for text.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from bot.render import board, chart
from bot.render.assets import MONSTER_COLOURS, RGB, TOKEN_COLOURS
from bot.render.colour_vision import Pair, contrast_ratio, lab, pairs
from engine import GAME_RULES

MIN_DELTA_E = 10.0
MIN_TEXT_CONTRAST = 4.5

# Which monsters can meet: a lobby offers only its game's monsters (bot/table/lobbies.py,
# pick_monster and _assign_monsters), and a King of Tokyo game with Origins' cards mixed in
# mixes cards, not monsters. So King of Tokyo's six meet each other, and Origins' four.
MEETING: dict[str, tuple[str, ...]] = {rules.title: rules.monster_names
                                       for rules in GAME_RULES.values()}

# Chips whose colour says nothing: greys and slates (chroma under NEUTRAL_CHROMA), read by
# their words alone: "eliminated" (its panel is drawn grey anyway), "+N more", "AI" and
# Power Up!'s "N Evolutions in hand".
NEUTRAL_CHIPS = ("eliminated", "more", "ai", "evolutions")
NEUTRAL_CHROMA = 25
# The chips a panel's colour tells apart, by colour: "winner" and "active" share the gold
# (a finished game has no active monster).
PANEL_CHIPS: dict[str, RGB] = {
    kind: background for kind, (background, _ink) in board.CHIP_COLOURS.items()
    if kind not in ("winner", *NEUTRAL_CHIPS)
}

GROUPS: dict[str, dict[str, RGB]] = {
    **{f"the monsters of {title}": {name: MONSTER_COLOURS[name] for name in names}
       for title, names in MEETING.items()},
    "the tokens": dict(TOKEN_COLOURS),
    "a panel's chips": PANEL_CHIPS,
    "the rating chart": {"rating": chart.LINE_COLOUR, "current rating": chart.CURRENT_COLOUR},
}

# The colours of issue 39, before it: Space Penguin and Cosmic Joe 1.2 apart for deuteranopia.
OLD_MONSTERS: dict[str, RGB] = {"Space Penguin": (64, 126, 222), "Cosmic Joe": (146, 90, 232)}


def _too_close(colours: dict[str, RGB]) -> list[Pair]:
    return [pair for pair in pairs(colours) if pair.delta_e < MIN_DELTA_E]


def _said(close: list[Pair]) -> str:
    """The closest pairs, one a line, for a failure's message."""
    return "".join(f"\n  {pair}" for pair in close[:12])


def test_every_monster_of_every_game_has_a_colour_of_its_own() -> None:
    for names in MEETING.values():
        assert set(names) <= set(MONSTER_COLOURS)
        assert len({MONSTER_COLOURS[name] for name in names}) == len(names)


@pytest.mark.parametrize("group", list(GROUPS))
def test_every_eye_tells_apart_the_colours_drawn_together(group: str) -> None:
    close = _too_close(GROUPS[group])
    assert not close, f"{group}: ΔE2000 under {MIN_DELTA_E:g}:{_said(close)}"


def test_monsters_of_different_games_stay_apart_too() -> None:
    """They never share a board, but a chart of every monster (a record's, the arena's) might
    show all ten: today's colours allow it, and the issue's worst pairs were of this kind."""
    close = _too_close(dict(MONSTER_COLOURS))
    assert not close, f"ΔE2000 under {MIN_DELTA_E:g}:{_said(close)}"


def test_the_check_sees_the_colours_the_issue_found_merging() -> None:
    close = _too_close(OLD_MONSTERS)
    assert [(pair.vision, round(pair.delta_e, 1)) for pair in close[:1]] == [
        ("deuteranopia", 1.2)]


@pytest.mark.parametrize("name", [*MONSTER_COLOURS, "Somebody New"])
def test_the_names_on_a_panels_band_have_text_contrast(name: str) -> None:
    band, ink = board.band_colours(name)
    ratio = contrast_ratio(ink, band)
    assert ratio >= MIN_TEXT_CONTRAST, f"{name}: {ink} on {band} is {ratio:.2f}:1"


def test_any_colour_makes_a_band_whose_names_have_text_contrast() -> None:
    """So a new monster's colour cannot make its name hard to read: every colour of a coarse
    grid over sRGB, the darkest and lightest included."""
    levels = range(0, 256, 15)
    low = []
    for colour in ((red, green, blue) for red in levels for green in levels for blue in levels):
        band, ink = board.band_of(colour)
        if contrast_ratio(ink, band) < MIN_TEXT_CONTRAST:
            low.append(colour)
    assert not low, f"{len(low)} colours, such as {low[:5]}"


def test_every_chips_label_has_text_contrast() -> None:
    low = {kind: f"{contrast_ratio(ink, background):.2f}:1"
           for kind, (background, ink) in board.CHIP_COLOURS.items()
           if contrast_ratio(ink, background) < MIN_TEXT_CONTRAST}
    assert not low, f"chip labels under {MIN_TEXT_CONTRAST}:1: {low}"


def test_the_groups_cover_every_monster_token_and_chip() -> None:
    monsters = {name for names in MEETING.values() for name in names}
    assert monsters == set(MONSTER_COLOURS)
    assert set(GROUPS["the tokens"]) == {"hearts", "points", "energy", "poison", "shrink"}
    assert board.CHIP_COLOURS["winner"] == board.CHIP_COLOURS["active"]
    for kind in NEUTRAL_CHIPS:
        _lightness, a, b = lab(board.CHIP_COLOURS[kind][0])
        assert math.hypot(a, b) < NEUTRAL_CHROMA, f"{kind} is not neutral: its colour tells"
    assert all(len(colours) >= 2 and not any(a == b for a, b in combinations(colours.values(), 2))
               for colours in GROUPS.values())
