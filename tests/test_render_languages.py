"""The board in every language: its words from the catalogs, and every text fitted to a room
of its own. The pseudo-language (English ~40% longer, with accents) stands for a language
longer than any we have: nothing may overflow its room, and no two rooms may overlap."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot import i18n
from bot.i18n.cards import card_text
from bot.render import board, cards, render_board
from bot.render.board import board_texts
from bot.render.canvas import Box, Placed
from engine import (
    CARDS,
    Card,
    Decision,
    Edition,
    GameState,
    Options,
    Roll,
    StopRolling,
    create_game,
    printed,
)
from tools.samples import (
    SAMPLES,
    four_monsters,
    game_over,
    six_monsters_midgame,
    tokyo_bay,
    two_monsters,
)

EDITIONS: tuple[Edition, ...] = ("2016", "2011")

LONG_NAMES = ("Bartholomew the Magnificent", "Ñandú Ülfsdóttir-Østergård", None, "Zoë",
              "Li Wei", "An extremely long display name indeed")


def _rolling(state: GameState, green: int = 0) -> GameState:
    """The state with its active monster still rolling, three dice kept, green dice added."""
    assert state.turn is not None
    roll = Decision(id=90, seat=state.turn.seat, kind="roll",
                    options=(Roll(decision=90), StopRolling(decision=90)),
                    default=StopRolling(decision=90))
    dice = ("1", "2", "3", "heart", "smash", "energy") + ("heart",) * green
    return replace(state, pending=(roll,), turn=replace(
        state.turn, dice=dice, green=green, kept=(0, 2, 4), rolls_left=1))


def _many_cards(state: GameState, seat: int, count: int) -> GameState:
    keys = [key for key in CARDS if CARDS[key].kind == "keep"][:count]
    monsters = list(state.monsters)
    monsters[seat] = replace(monsters[seat], poison=3, shrink=2, cards=tuple(
        Card(uid=3000 + index, key=key) for index, key in enumerate(keys)))
    return replace(state, monsters=tuple(monsters))


def _boards() -> dict[str, GameState]:
    two_player_variant, _ = create_game(Options(), 3, ("Alienoid", "Gigazaur"))
    return {
        **{name: build() for name, build in SAMPLES.items()},
        "two_rolling_green": _rolling(two_monsters(), green=2),
        "two_player_variant": two_player_variant,
        "six_many_cards": _many_cards(_rolling(six_monsters_midgame()), 3, 30),
        "bay_many_cards": _many_cards(tokyo_bay(), 4, 12),
        "over_2011": replace(game_over(), options=Options(edition="2011")),
    }


BOARDS = _boards()


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(box: Box, room: Box) -> bool:
    return room[0] <= box[0] and room[1] <= box[1] and box[2] <= room[2] and box[3] <= room[3]


def _layout_faults(placed: list[Placed], size: tuple[int, int]) -> list[str]:
    faults = [f"{text.content!r} {text.box} outside its room {text.room}"
              for text in placed if not _inside(text.box, text.room)]
    faults += [f"{text.content!r}: room {text.room} off the picture" for text in placed
               if not _inside(text.room, (0, 0, *size))]
    faults += [f"{text.content!r} cut to nothing" for text in placed
               if not text.content.rstrip("…").strip()]
    faults += [f"{a.content!r} {a.room} overlaps {b.content!r} {b.room}"
               for index, a in enumerate(placed) for b in placed[index + 1:]
               if _overlap(a.room, b.room)]
    return faults


@pytest.mark.parametrize("language", [*i18n.LANGUAGES, i18n.PSEUDO])
@pytest.mark.parametrize("name", list(BOARDS))
def test_every_text_fits_its_room_and_no_rooms_overlap(name: str, language: str) -> None:
    image, placed = board_texts(BOARDS[name], frozenset({1}), LONG_NAMES, language)
    assert len(placed) > 10
    assert _layout_faults(placed, image.size) == []


def test_the_layout_check_sees_a_text_outside_its_room_and_rooms_that_overlap() -> None:
    image, placed = board_texts(two_monsters(), language=i18n.PSEUDO)
    first, second = placed[0], placed[1]
    moved = first._replace(box=(first.room[0] - 3, *first.box[1:]))
    crowded = second._replace(room=first.room)
    faults = _layout_faults([moved, crowded], image.size)
    assert any("outside its room" in fault for fault in faults)
    assert any("overlaps" in fault for fault in faults)


def test_a_long_language_needs_the_fitting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unshrunk, the pseudo-language's words are cut: shrinking is what keeps them whole
    (the test above sees that they still fit); English needs neither."""
    state = BOARDS["two_rolling_green"]  # a roll, its green dice and the rolls left
    _, english = board_texts(state, language="en")
    assert not any(text.content.endswith("…") for text in english)
    monkeypatch.setattr(board, "_MIN_SCALE", 1.0)
    _, unshrunk = board_texts(state, language=i18n.PSEUDO)
    assert any(text.content.endswith("…") for text in unshrunk)
    assert _layout_faults(unshrunk, (800, 4000)) == []


def _words(state: GameState, language: str) -> list[str]:
    return [text.content for text in board_texts(state, language=language)[1]]


def test_the_board_speaks_the_games_language() -> None:
    state = _rolling(six_monsters_midgame())
    spanish = _words(state, "es")
    assert "DADOS" in spanish and "CARTAS DE PODER" in spanish and "GUARDADO" in spanish
    assert "DICE" in _words(state, "en") and "DICE" not in spanish
    assert any(word.startswith("TURNO ") for word in spanish)
    # A card under a monster, by its Spanish name in the game's edition.
    owned = state.monsters[0].cards[0].key
    assert i18n.text("es", f"card-{owned}") in " ".join(spanish)
    old = replace(state, options=Options(edition="2011"))
    assert i18n.text("es", f"card2011-{owned}") in " ".join(_words(old, "es"))


def test_pictures_are_cached_per_language() -> None:
    state = two_monsters()
    english, spanish = render_board(state), render_board(state, language="es")
    assert english != spanish
    assert render_board(state) == english and render_board(state, language="es") == spanish


def test_the_market_tiles_speak_the_games_language() -> None:
    state = four_monsters()  # a discount, and cards the active monster can buy
    spanish, english = _words(state, "es"), _words(state, "en")
    assert "PERMANENTE" in spanish and "✔ Puedes comprarla" in spanish
    assert "1 menos para ti" in spanish
    assert "KEEP" in english and "✔ Can buy" in english and "1 off for you" in english
    assert not {"KEEP", "DISCARD", "✔ Can buy", "1 off for you"} & set(spanish)
    short = _words(BOARDS["six_monsters_midgame"], "es")
    assert "Te falta 1 de energía" in short and "Te faltan 6 de energía" in short


def _tile_faults(key: str, edition: Edition, language: str) -> list[str]:
    card = printed(key, edition)._replace(name=i18n.text(
        language, f"{'card2011' if edition == '2011' else 'card'}-{key}"))
    tile = cards.market_tile(card, card.cost - 1, 12, language)
    faults = _layout_faults(list(tile.texts), tile.image.size)
    shown = " ".join(text.content for text in tile.texts)
    if language != i18n.PSEUDO and card.name not in shown:  # a real language's name is whole
        faults.append(f"{card.name!r} cut")
    if card_text(language, key, edition) in shown:  # the board's message says the text
        faults.append("its text drawn")
    return faults


@pytest.mark.parametrize("language", [*i18n.LANGUAGES, i18n.PSEUDO])
def test_every_card_fits_its_market_tile(language: str) -> None:
    """Each card's tile, with a discount and the buyer's strip (the least room for its
    name): its words fit their rooms, a real language's name is whole, its text is not
    drawn."""
    faults = [f"{key} {edition}: {fault}" for key in CARDS for edition in EDITIONS
              for fault in _tile_faults(key, edition, language)]
    assert faults == []


def test_tiles_are_cached_per_language() -> None:
    card = printed("energize", "2016")
    english = cards.market_tile(card, 8, 0)
    spanish = cards.market_tile(card, 8, 0, "es")
    assert english.image.tobytes() != spanish.image.tobytes()
    assert cards.market_tile(card, 8, 0) is english
