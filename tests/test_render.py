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

from bot.i18n.cards import card_text
from bot.render import (
    AssetMissingError,
    assets,
    board,
    board_size,
    canvas,
    cards,
    render_board,
    render_card,
)
from bot.render.board import EXACT_COLOURS, draw_board, draw_png
from bot.render.palette import BOARD_PALETTE
from engine import (
    CARDS,
    Card,
    Decision,
    Edition,
    GameState,
    Options,
    PrintedCard,
    RandomPlayer,
    Roll,
    StopRolling,
    apply,
    create_game,
    printed,
)
from tools.render import learn_palette, palette_module, write_samples
from tools.samples import SAMPLES, four_monsters, six_monsters_midgame, two_monsters


def _open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


# Rows of chips in each row of panels: two, unless a monster of that row needs more (the
# midgame's Gigazaur: ACTIVE and nine cards).
_CHIP_ROWS = {"six_monsters_midgame": (2, 4, 2)}


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_sample_is_a_png_of_the_expected_size(name: str) -> None:
    state = SAMPLES[name]()
    image = _open_png(render_board(state))
    assert image.size == board_size(len(state.monsters), _CHIP_ROWS.get(name, 2))


def test_panels_grow_until_every_owned_card_is_drawn_then_say_how_many_more() -> None:
    state = SAMPLES["six_monsters_midgame"]()
    keys = [k for k in CARDS if CARDS[k].kind == "keep"]
    sizes = []
    for count in (1, 12, 40):
        crowded = replace(state.monsters[0], cards=tuple(
            Card(uid=1000 + i, key=key) for i, key in enumerate(keys[:count])))
        monsters = (crowded, *state.monsters[1:])
        sizes.append(_open_png(render_board(
            replace(state, monsters=monsters))).size[1])
    # 1 card: the first row of panels keeps two rows of chips; 12: more rows; 40: at most
    # five rows (the rest is "+N more"). Only the first row of panels grows.
    assert sizes[0] == board_size(6, (2, 4, 2))[1]
    assert board_size(6, (2, 4, 2))[1] < sizes[1] <= board_size(6, (5, 4, 2))[1]
    assert sizes[2] == board_size(6, (5, 4, 2))[1]


def test_board_sizes_suit_a_phone_and_grow_with_rows() -> None:
    for count in range(2, 7):
        width, height = board_size(count)
        assert width == 800
        assert height < 1500
    assert board_size(3)[1] > board_size(2)[1]
    assert board_size(4) == board_size(3)
    assert board_size(5)[1] > board_size(4)[1]
    assert board_size(6, (2, 3, 2))[1] > board_size(6)[1]


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
        _with_monster(state, 1, energy=state.monsters[1].energy + 1),
        _with_monster(state, 5, vp=state.monsters[5].vp + 1),
        replace(state, turn=replace(state.turn, dice=("heart", *state.turn.dice[1:]))),
        replace(state, city=1),
        replace(state, bay=None),
        replace(state, deck=state.deck[1:]),
        replace(state, face_up=state.face_up[:2]),
        replace(state, over=True, winners=(5,)),
    ]
    for other in changed:
        assert render_board(other) != before


def test_while_the_monster_rolls_its_kept_dice_and_rolls_left_show() -> None:
    state = six_monsters_midgame()
    assert state.turn is not None
    roll = Decision(id=60, seat=state.turn.seat, kind="roll",
                    options=(Roll(decision=60), StopRolling(decision=60)),
                    default=StopRolling(decision=60))
    rolling = replace(state, pending=(roll,))
    before = render_board(rolling)
    assert render_board(replace(rolling, turn=replace(state.turn, kept=(0,)))) != before
    assert render_board(replace(rolling, turn=replace(state.turn, rolls_left=0))) != before


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
    # Drawn afresh (render_board would serve its cached PNGs), parts cache cold.
    board._cached_part.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(draw_png, states * 3))
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


def test_a_board_put_together_from_cached_parts_is_the_board_drawn_whole() -> None:
    """draw_png pastes parts (Tokyo, the market, panels) kept from earlier boards: along real
    games, each PNG must be exactly the board drawn afresh, mapped onto the palette."""
    for game in range(3):
        players = (2, 4, 6)[game]
        state, _ = create_game(Options(edition="2011" if game == 1 else "2016"), game, players)
        player, chance = RandomPlayer(game), random.Random(game)
        ai_seats = frozenset({1})
        names = ("Ana", None, "Zoë")
        while not state.over:
            seat, action = player.choose(state)
            state, _ = apply(state, seat, action)
            if chance.random() < 0.25 or state.over:
                png = Image.open(io.BytesIO(draw_png(state, ai_seats, names))).convert("RGB")
                whole = board._to_palette(draw_board(state, ai_seats, names)).convert("RGB")
                assert png.tobytes() == whole.tobytes()


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


def _record_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A list that every piece of text drawn from now on is added to, in order."""
    drawn: list[str] = []
    stamp = canvas._text_stamp

    def recording_stamp(asset_dir: Path, content: str, *rest: Any) -> Any:
        drawn.append(content)
        return stamp(asset_dir, content, *rest)

    monkeypatch.setattr(canvas, "_text_stamp", recording_stamp)
    return drawn


def _drawn_text(state: GameState, monkeypatch: pytest.MonkeyPatch,
                **options: Any) -> list[str]:
    """Every piece of text drawn on the board for this state (``options``: render_board's)."""
    drawn = _record_text(monkeypatch)
    # Market tiles are cached pictures: draw them afresh so their text is seen.
    cards.market_tile.cache_clear()
    draw_board(state, **options)
    return drawn


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

    drawn = _drawn_text(state, monkeypatch)
    everything = " ".join(drawn)  # a market tile may wrap a name over two lines
    for key in renamed:
        assert printed(key, edition).name in everything
        assert printed(key, other_edition).name not in everything
    assert f"Mimic → {printed('alien_origin', edition).name}" in drawn
    assert ("✔ Can buy" if edition == "2011" else "Needs 1 more energy") in drawn


@pytest.mark.parametrize(("language", "labels"), [
    ("en", ["Mimic (no copy)", "Smoke Cloud (2 smoke)", "Battery Monster (6)"]),
    ("es", ["Imitador (sin copia)", "Nube de humo (2 de humo)", "Monstruo batería (6)"]),
])
def test_a_card_under_a_monster_says_what_it_holds_as_the_card_names_it(
    language: str, labels: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copier that copies nothing yet, tokens the card names, tokens it does not: the card
    says which (engine.copies_cards, engine.tokens_label), the renderer names no card."""
    state = six_monsters_midgame()
    idle = replace(state.monsters[1].cards[0], copies=None, tokens=0)
    state = _with_monster(state, 1, cards=(idle,))
    state = _with_monster(state, 2, cards=(Card(uid=300, key="smoke_cloud", tokens=2),
                                           Card(uid=301, key="battery_monster", tokens=6)))
    drawn = _drawn_text(state, monkeypatch, language=language)
    assert [label for label in labels if label in drawn] == labels


# ---- The Origins cards -----------------------------------------------------------------------

ORIGINS_CARDS = tuple(key for key, card in CARDS.items() if card.box == "origins")


def _lines_after(drawn: list[str], marker: str) -> list[str]:
    """What was drawn after the first piece of text starting with the marker."""
    start = next(index for index, line in enumerate(drawn) if line.startswith(marker))
    return drawn[start + 1:]


def _tile_words(card: PrintedCard, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every piece of text the card's market tile draws, in order, with the strip of a buyer
    3 energy short."""
    cards.market_tile.cache_clear()
    drawn = _record_text(monkeypatch)
    try:
        cards.market_tile(card, card.cost, 3)
    finally:
        cards.market_tile.cache_clear()
    return drawn


def test_there_are_fourteen_origins_cards() -> None:
    assert len(ORIGINS_CARDS) == 14


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("key", ORIGINS_CARDS)
def test_an_origins_card_picture_shows_its_whole_name_and_text(
    key: str, edition: Edition, monkeypatch: pytest.MonkeyPatch
) -> None:
    card = printed(key, edition)
    drawn = _record_text(monkeypatch)
    picture = _open_png(render_card(key, edition))
    assert picture.width == 800 and 200 < picture.height < 800
    assert card.name in drawn
    # The card's name, its cost, what kind it is, then its text (both editions print it alike).
    assert " ".join(_lines_after(drawn, card.kind.upper())) == card_text("en", key, edition)


@pytest.mark.parametrize("key", ORIGINS_CARDS)
def test_an_origins_cards_market_tile_shows_its_whole_name_and_not_its_text(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tile: kind, cost, the name in one or two lines, the strip; the board's message
    carries the text."""
    card = printed(key, "2016")
    drawn = _tile_words(card, monkeypatch)
    assert drawn[:2] == [card.kind.upper(), str(card.cost)]
    assert " ".join(drawn[2:-1]) == card.name and drawn[-1] == "Needs 3 more energy"
    assert not any(word in card_text("en", key, "2016") for word in drawn[2:-1])


def test_the_market_tile_cuts_a_name_too_long_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    long_name = " ".join(["Supertower"] * 8)
    card = printed("supertower", "2016")._replace(name=long_name)
    shown = _tile_words(card, monkeypatch)[2:-1]
    assert len(shown) == 2 and shown[-1].endswith("…")
    assert long_name.startswith(" ".join(shown)[:-1].rstrip())


# ---- Players' names ---------------------------------------------------------------------------


def test_each_panel_shows_its_players_name(monkeypatch: pytest.MonkeyPatch) -> None:
    state = four_monsters()
    drawn = _drawn_text(state, monkeypatch, names=["Ana", None, "Élodie Ørsted"])
    assert "Ana" in drawn and "Élodie Ørsted" in drawn
    # The AI seat keeps its chip, with no name.
    drawn = _drawn_text(state, monkeypatch, ai_seats=frozenset({1}), names=["Ana"])
    assert "AI" in drawn and "Ana" in drawn
    assert render_board(state, names=("Ana",)) != render_board(state)
    assert render_board(state, names=("Ana",)) != render_board(state, names=("Bo",))


def test_a_long_name_is_cut_with_an_ellipsis(monkeypatch: pytest.MonkeyPatch) -> None:
    long_name = "Bartholomew the Magnificent, Terror of the Seven Bays"
    drawn = _drawn_text(two_monsters(), monkeypatch, names=[long_name, "Bo"])
    cut = [line for line in drawn if line.endswith("…")]
    assert len(cut) == 1 and long_name.startswith(cut[0][:-1].rstrip())


@pytest.mark.parametrize("name, shown", [
    ("山田 🐉 Kenji", "Kenji"),          # CJK and an emoji DejaVu lacks are left out
    ("Zoë 😀", "Zoë 😀"),                # an emoji DejaVu has is kept
    ("Ali\u200d\u202eBaba\ufe0f", "AliBaba"),  # joiner, direction override, variation selector
    ("tab\there\nnew line", "tab here new line"),
    ("مريم", "مريم"),
])
def test_names_keep_what_the_font_can_draw(name: str, shown: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _drawn_text(two_monsters(), monkeypatch, names=[name])
    assert shown in drawn
    assert render_board(two_monsters(), names=(name,)).startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["山田太郎", "🐉🐲", "\u200d\u200d", "", "   "])
def test_a_name_with_nothing_drawable_is_left_out(name: str) -> None:
    assert render_board(two_monsters(), names=(name,)) == render_board(two_monsters())


def test_a_finished_turn_s_board_says_the_turn_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """The state a turn ended in (drawn on its closed board) asks nobody anything."""
    state, _ = create_game(Options(), 3, ("Alienoid", "Gigazaur"))
    assert state.turn is not None and state.pending
    asking = list(_drawn_text(state, monkeypatch))  # (its recorder goes on recording)
    ended = _drawn_text(replace(state, pending=()), monkeypatch)
    monster = state.monsters[state.turn.seat].name
    assert f"{monster}'s turn is over." in ended
    assert f"{monster}'s turn is over." not in asking
