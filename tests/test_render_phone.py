"""The board picture on a phone, and the dice after a Psychic Probe.

A phone shows the picture about 400 px wide: what decides a turn (hearts, points, energy, who
is in Tokyo, the dice, the names of the cards for sale) must be at least 11 px tall there. The
heights are measured on the drawn picture, in the boxes where the renderer says it drew each
of them. The cards' texts are not drawn: the board's message says them (docs/bot.md).
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from msgspec.structs import replace
from PIL import Image

from bot.i18n.cards import card_text
from bot.render import board, cards, render_board
from bot.render.board import Readout, board_readouts, board_texts, still_rolling
from engine import (
    CARDS,
    Card,
    Choose,
    Decision,
    GameState,
    Options,
    PickDie,
    Roll,
    StopRolling,
    apply,
    create_game,
)
from tools.render import origins_monsters
from tools.samples import four_monsters, six_monsters_midgame, two_monsters

PHONE_WIDTH = 400
MIN_PHONE_PX = 11
# A pixel is ink when it is at least this far (largest channel difference) from the colour
# around it: half the contrast of light text on a dark panel.
_INK_CONTRAST = 96


def _rolling(state: GameState) -> GameState:
    """The state with its active monster asked to roll (the dice are in progress)."""
    assert state.turn is not None
    roll = Decision(id=90, seat=state.turn.seat, kind="roll",
                    options=(Roll(decision=90), StopRolling(decision=90)),
                    default=StopRolling(decision=90))
    return replace(state, pending=(roll,), turn=replace(state.turn, rolls_left=1))


def _with_cards(state: GameState, seat: int, count: int) -> GameState:
    keys = [key for key in CARDS if CARDS[key].kind == "keep"][:count]
    monsters = list(state.monsters)
    monsters[seat] = replace(monsters[seat], cards=tuple(
        Card(uid=2000 + index, key=key) for index, key in enumerate(keys)))
    return replace(state, monsters=tuple(monsters))


def _boards() -> dict[str, GameState]:
    """2, 4 and 6 monsters, crowded with cards, Tokyo occupied (City and Bay with six), a roll
    in progress."""
    four = four_monsters()
    return {
        "two": _with_cards(_rolling(two_monsters()), 0, 9),
        "four": _with_cards(_rolling(replace(four, city=1)), 3, 14),
        "six": _with_cards(_rolling(six_monsters_midgame()), 4, 30),
    }


BOARDS = _boards()


def _pixels(image: Image.Image) -> list[list[tuple[int, int, int]]]:
    """The RGB picture's pixels, row by row."""
    data = image.tobytes()
    width = image.width
    return [[(data[i], data[i + 1], data[i + 2])
             for i in range(3 * width * y, 3 * width * (y + 1), 3)]
            for y in range(image.height)]


def _ink_height(image: Image.Image, readout: Readout) -> int:
    """Rows of ink in the readout's box: a die's symbol (inside the die's border), or text."""
    left, top, right, bottom = readout.box
    if readout.what == "die":
        inset = (right - left) // 8
        rows = _pixels(image.crop((left + inset, top + inset, right - inset, bottom - inset)))
        background = Counter(pixel for row in rows for pixel in row).most_common(1)[0][0]
    else:
        # From a few rows above the text's box to a few below: the first row is the colour
        # around the text.
        rows = _pixels(image.crop((left, top - 3, right, bottom + 3)))
        background = Counter(rows[0]).most_common(1)[0][0]
    inked = [y for y, row in enumerate(rows)
             if any(max(abs(a - b) for a, b in zip(pixel, background, strict=True))
                    >= _INK_CONTRAST for pixel in row)]
    assert inked, f"no ink where {readout} was drawn"
    return inked[-1] - inked[0] + 1


def _phone_heights(state: GameState, language: str = "en") -> dict[tuple[str, int], float]:
    image, readouts = board_readouts(state, names=("Ana", "Bo", "Cy", "Di", "Ed", "Flo"),
                                     language=language)
    assert Image.open(io.BytesIO(render_board(state, language=language))).size == image.size
    scale = PHONE_WIDTH / image.width
    return {(r.what, r.number): _ink_height(image, r) * scale for r in readouts}


@pytest.mark.parametrize("name", list(BOARDS))
def test_what_decides_a_turn_is_at_least_11_px_tall_on_a_phone(name: str) -> None:
    state = BOARDS[name]
    assert state.turn is not None and still_rolling(state)
    heights = _phone_heights(state)
    expected = {(what, seat) for seat in range(len(state.monsters))
                for what in ("hearts", "vp", "energy")}
    expected |= {("die", index) for index in range(len(state.turn.dice))}
    expected |= {("card", slot) for slot in range(len(state.face_up))}
    assert state.city is not None
    expected.add(("city", state.city))
    if state.bay is not None:
        expected.add(("bay", state.bay))
    assert set(heights) == expected
    too_small = {key: round(height, 1) for key, height in heights.items()
                 if height < MIN_PHONE_PX}
    assert not too_small, f"smaller than {MIN_PHONE_PX} px on a phone: {too_small}"


def test_a_smaller_figure_font_fails_the_phone_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure sees a font shrink: at 28 px the figures are under 11 px on a phone."""
    monkeypatch.setattr(board, "_FIGURE_SIZE", 28)
    heights = _phone_heights(BOARDS["six"])
    assert heights[("hearts", 0)] < MIN_PHONE_PX
    assert heights[("energy", 5)] < MIN_PHONE_PX


# ---- The cards for sale ----------------------------------------------------------------------

SHOPS = {"six": BOARDS["six"], "origins": _with_cards(_rolling(origins_monsters()), 1, 12)}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("name", list(SHOPS))
def test_the_shop_shows_its_cards_names_11_px_tall_and_not_their_texts(
        name: str, language: str) -> None:
    """The texts were 12-15 px, 6-7 px on a phone: the board's message carries them now, and
    the tiles keep the name, the cost, the kind and whether the monster can buy."""
    state = SHOPS[name]
    heights = _phone_heights(state, language)
    names = {slot: round(heights[("card", slot)], 1) for slot in range(len(state.face_up))}
    assert len(names) == 3 and min(names.values()) >= MIN_PHONE_PX, names
    _image, placed = board_texts(state, language=language)
    edition = state.options.edition
    shop_texts = [card_text(language, card.key, edition) for card in state.face_up]
    drawn = [text.content for text in placed
             if any(text.content in shop_text for shop_text in shop_texts)]
    assert drawn == []


def test_smaller_card_names_fail_the_phone_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure sees a name shrink: at 27 px a name without descenders (Ice Cream Truck)
    is under 11 px on a phone."""
    monkeypatch.setattr(cards, "_NAME_TILE_SIZES", (27,))
    cards.market_tile.cache_clear()
    try:
        heights = _phone_heights(SHOPS["origins"])
    finally:
        cards.market_tile.cache_clear()
    assert heights[("card", 1)] < MIN_PHONE_PX


# ---- Psychic Probe ----------------------------------------------------------------------------


def _probed_game() -> tuple[GameState, GameState]:
    """A real game: Alienoid keeps its first die and stops; Gigazaur's Psychic Probe rerolls
    that die into a heart. Returns the state while the probe is asked, and after it."""
    state, _ = create_game(Options(), 5, 3)
    probe = Card(uid=state.next_uid, key="psychic_probe")
    monsters = list(state.monsters)
    # Alienoid can buy: its turn waits at the buy step after the probe.
    monsters[0] = replace(monsters[0], energy=10)
    monsters[2] = replace(monsters[2], cards=(probe,))
    state = replace(state, monsters=tuple(monsters), next_uid=state.next_uid + 1,
                    forced_dice=("3", "3", "smash", "energy", "1"))
    assert state.turn is not None and state.turn.seat == 0
    state, _ = apply(state, 0, Roll(decision=state.pending[0].id, keep=(0,)))
    state, _ = apply(state, 0, StopRolling(decision=state.pending[0].id))
    asked = state
    question = asked.pending[0]
    assert question.seat == 2 and question.power == "psychic_probe"
    state = replace(state, forced_dice=("heart",))
    state, _ = apply(state, 2, Choose(decision=question.id, choice=PickDie(die=0)))
    return asked, state


def test_the_die_a_psychic_probe_rerolled_shows_its_new_face_not_kept() -> None:
    asked, probed = _probed_game()
    assert asked.turn is not None and probed.turn is not None
    # The engine leaves the die in Turn.kept: nothing in the state says it was probed.
    assert 0 in probed.turn.kept
    assert probed.turn.dice[0] == "heart" != asked.turn.dice[0]
    assert probed.pending[0].kind == "buy" and not still_rolling(probed)
    as_new = replace(probed, turn=replace(probed.turn, kept=()))
    assert render_board(probed) == render_board(as_new)
    # While the probe is asked the rolling is over too: no die shows as kept.
    assert render_board(asked) == render_board(
        replace(asked, turn=replace(asked.turn, kept=())))
