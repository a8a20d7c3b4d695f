"""The board and card pictures: valid PNGs, the right size, and they follow the state."""

from __future__ import annotations

import ast
import io
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace
from PIL import Image

from bot.render import (
    AssetMissingError,
    assets,
    board_size,
    canvas,
    cards,
    render_board,
    render_card,
)
from bot.render.board import EXACT_COLOURS
from bot.render.palette import BOARD_PALETTE
from engine import (
    CARDS,
    Card,
    Edition,
    GameState,
    Options,
    RandomPlayer,
    apply,
    create_game,
    printed,
)
from tools.render import learn_palette, palette_module, write_samples
from tools.samples import SAMPLES, six_monsters_midgame


def _open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_sample_is_a_png_of_the_expected_size(name: str) -> None:
    state = SAMPLES[name]()
    image = _open_png(render_board(state))
    # Panels grow by a row of card chips when a monster needs a third row (midgame: 8 cards).
    card_rows = 3 if name == "six_monsters_midgame" else 2
    assert image.size == board_size(len(state.monsters), card_rows)


def test_panels_grow_until_every_owned_card_is_drawn_then_say_how_many_more() -> None:
    state = SAMPLES["six_monsters_midgame"]()
    keys = [k for k in CARDS if CARDS[k].kind == "keep"]
    sizes = []
    for count in (3, 12, 40):
        crowded = replace(state.monsters[0], cards=tuple(
            Card(uid=1000 + i, key=key) for i, key in enumerate(keys[:count])))
        monsters = (crowded, *state.monsters[1:])
        sizes.append(_open_png(render_board(
            replace(state, monsters=monsters))).size[1])
    # 3 cards: the 8 of the midgame sample set the rows; 12: more rows; 40: at most five
    # rows (the rest is "+N more").
    assert sizes[0] == board_size(6, 3)[1]
    assert board_size(6, 3)[1] < sizes[1] <= board_size(6, 5)[1]
    assert sizes[2] == board_size(6, 5)[1]


def test_board_sizes_suit_a_phone_and_grow_with_rows() -> None:
    for count in range(2, 7):
        width, height = board_size(count)
        assert 1200 <= width <= 1600
        assert height < 1200
    assert board_size(3) == board_size(2)
    assert board_size(4)[1] > board_size(3)[1]


def test_samples_command_writes_boards_and_a_card(tmp_path: Path) -> None:
    written = write_samples(tmp_path)
    assert {path.name for path in written} >= {f"board_{name}.png" for name in SAMPLES}
    assert any(path.name.startswith("card_") for path in written)
    for path in written:
        _open_png(path.read_bytes())


def _with_monster(state: GameState, seat: int, **changes: object) -> GameState:
    monsters = list(state.monsters)
    monsters[seat] = replace(monsters[seat], **changes)
    return replace(state, monsters=tuple(monsters))


def test_what_the_state_shows_changes_the_picture() -> None:
    state = six_monsters_midgame()
    assert state.turn is not None
    before = render_board(state)
    assert render_board(state) == before, "rendering must be deterministic"
    changed = [
        _with_monster(state, 0, hearts=state.monsters[0].hearts - 1),
        _with_monster(state, 3, poison=state.monsters[3].poison + 1),
        replace(state, turn=replace(state.turn, kept=(0,))),
        replace(state, turn=replace(state.turn, rolls_left=0)),
        replace(state, city=1),
        replace(state, bay=None),
        replace(state, deck=state.deck[1:]),
        replace(state, face_up=state.face_up[:2]),
        replace(state, over=True, winners=(5,)),
    ]
    for other in changed:
        assert render_board(other) != before


def test_a_missing_font_raises_asset_missing_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(assets, "ASSET_DIR", tmp_path)
    with pytest.raises(AssetMissingError) as board_error:
        render_board(six_monsters_midgame())
    assert str(tmp_path) in str(board_error.value)
    assert board_error.value.path.name.endswith(".ttf")
    with pytest.raises(AssetMissingError):
        render_card("mimic")


EDITIONS: tuple[Edition, ...] = ("2016", "2011")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_card_renders(edition: Edition) -> None:
    for key in CARDS:
        image = _open_png(render_card(key, edition))
        assert image.width == 800
        assert 200 < image.height < 800


def test_unknown_card_key_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="no_such_card"):
        render_card("no_such_card")


def test_rendering_from_several_threads_gives_the_same_pictures() -> None:
    states = [build() for build in SAMPLES.values()]
    expected = [render_board(state) for state in states]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(render_board, states * 3))
    assert results == expected * 3


def test_boards_from_real_random_games_render() -> None:
    """States the engine actually produces (every monster count, both editions, game over)."""
    for game in range(10):
        players = 2 + game % 5
        state, _ = create_game(Options(edition="2011" if game % 2 else "2016"), game, players)
        player, chance = RandomPlayer(game), random.Random(game)
        while not state.over:
            seat, action = player.choose(state)
            state, _ = apply(state, seat, action)
            if chance.random() < 0.02:
                assert render_board(state).startswith(b"\x89PNG")
        assert render_board(state).startswith(b"\x89PNG")


def test_the_palette_keeps_every_exact_ui_colour_first() -> None:
    assert len(BOARD_PALETTE) == 256
    assert BOARD_PALETTE[:len(EXACT_COLOURS)] == EXACT_COLOURS


def test_the_palette_generator_writes_a_module_holding_its_colours() -> None:
    # Not compared with the committed palette: that would fail on any Pillow release that
    # draws text a shade differently, with nothing wrong in the board.
    colours = learn_palette()
    assert len(colours) == 256 and colours[:len(EXACT_COLOURS)] == EXACT_COLOURS
    namespace: dict[str, object] = {}
    exec(palette_module(colours), namespace)
    assert namespace["BOARD_PALETTE"] == colours


def test_the_renderer_imports_the_engine_surface_and_no_tools() -> None:
    for path in Path(cards.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                assert module.split(".")[0] != "tools", f"{path.name} imports {module}"
                assert not module.startswith("engine."), f"{path.name} imports {module}"


def _drawn_text(state: GameState, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every piece of text drawn on the board for this state, one per line."""
    drawn: list[str] = []
    stamp = canvas._text_stamp

    def recording_stamp(asset_dir: Path, content: str, *rest: Any) -> Any:
        drawn.append(content)
        return stamp(asset_dir, content, *rest)

    monkeypatch.setattr(canvas, "_text_stamp", recording_stamp)
    # Market tiles are cached pictures: draw them afresh so their text is seen.
    cards.market_tile.cache_clear()
    render_board(state)
    return "\n".join(drawn)


def _with_card(state: GameState, seat: int, index: int, key: str) -> GameState:
    owned = list(state.monsters[seat].cards)
    owned[index] = replace(owned[index], key=key)
    return _with_monster(state, seat, cards=tuple(owned))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_board_shows_the_games_edition_of_every_card(
    edition: Edition, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Renamed cards under a monster, copied by Mimic and in the market, at the edition's cost."""
    other_edition: Edition = "2016" if edition == "2011" else "2011"
    renamed = ("alien_origin", "media_friendly", "battery_monster")
    for key in renamed:
        assert printed(key, edition).name != printed(key, other_edition).name
    assert printed("battery_monster", "2011").cost == 2
    assert printed("battery_monster", "2016").cost == 3

    state = six_monsters_midgame()
    mimic = state.monsters[1].cards[0]
    assert mimic.key == "mimic" and mimic.copies == state.monsters[0].cards[0].uid
    state = _with_card(state, 0, 0, "alien_origin")
    state = _with_card(state, 5, 0, "media_friendly")
    state = replace(state, options=Options(edition=edition),
                    face_up=(Card(uid=200, key="battery_monster"),))
    assert state.turn is not None and state.monsters[state.turn.seat].energy == 2

    drawn = _drawn_text(state, monkeypatch).split("\n")
    everything = " ".join(drawn)  # a market tile may wrap a name over two lines
    for key in renamed:
        assert printed(key, edition).name in everything
        assert printed(key, other_edition).name not in everything
    assert f"Mimic → {printed('alien_origin', edition).name}" in drawn
    assert ("✔ Can buy" if edition == "2011" else "Needs 1 more energy") in drawn
