"""The pictures' alt text (Discord's attachment description): what a screen reader says of
the board and of the rating chart, in the game's or the asker's language, within 1,024
characters."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot import i18n
from bot.render import describe_board
from bot.render.alt_text import MAX_DESCRIPTION
from bot.render.chart import chart_picture, describe_chart
from engine import GameState, Monster
from tools.samples import bay_closed, game_over, six_monsters_midgame, two_monsters

NAMES = ("Ana", "Bartholomew", "Chidi", None, "Zoë", "Li Wei")


def test_the_board_says_whose_turn_what_is_asked_the_dice_tokyo_and_every_monster() -> None:
    state = six_monsters_midgame()
    said = describe_board(state, NAMES)
    assert said.startswith("King of Tokyo board. Turn 23, Gigazaur's turn. ")
    assert "The King and Alienoid: stay in Tokyo or yield?" in said
    assert "Dice: smash, smash, heart, smash, 3, energy, smash, and smash." in said
    assert "In Tokyo City: The King. In Tokyo Bay: Alienoid." in said
    assert "Alienoid (Ana): 7 hearts, 11 points, 4 energy." in said
    assert "Meka Dragon: 2 hearts, 6 points, 12 energy." in said  # no player's name
    assert "Space Penguin (Zoë): eliminated." in said


def test_the_board_is_described_in_spanish() -> None:
    said = describe_board(six_monsters_midgame(), NAMES, "es")
    assert said.startswith("Tablero de King of Tokyo. Turno 23, le toca a Gigazaur. ")
    assert "Dados: ataque, ataque, corazón, ataque, 3, energía, ataque y ataque." in said
    assert "En la ciudad de Tokyo: The King. En Tokyo Bay: Alienoid." in said
    assert "Alienoid (Ana): 7 corazones, 11 puntos de victoria, 4 de energía." in said
    assert "Space Penguin (Zoë): eliminado." in said


def test_kept_dice_are_said_while_the_monster_rolls_and_a_closed_bay_too() -> None:
    said = describe_board(bay_closed())
    assert "Dice (1 roll left): 1 (kept), 1 (kept), 1 (kept), heart, heart, and energy." in said
    assert "Tokyo Bay is closed." in said
    assert "(kept)" not in describe_board(replace(bay_closed(), pending=()))


def test_a_finished_game_names_its_winner() -> None:
    said = describe_board(game_over())
    assert "Game over: Space Penguin wins: King of Tokyo!" in said
    assert "Dice" not in said


def test_one_heart_and_one_point_are_singular() -> None:
    state = two_monsters()
    monsters = (replace(state.monsters[0], hearts=1, vp=1, energy=1), *state.monsters[1:])
    said = describe_board(replace(state, monsters=monsters))
    assert f"{state.monsters[0].name}: 1 heart, 1 point, 1 energy." in said


def _crowded() -> GameState:
    """Six monsters, every one alive: the longest board there is to say."""
    state = six_monsters_midgame()
    return replace(state, monsters=tuple(
        monster if monster.alive else Monster(name=monster.name, hearts=10, vp=19, energy=99)
        for monster in state.monsters))


@pytest.mark.parametrize("language", ["en", "es", i18n.PSEUDO])
def test_six_monsters_with_long_names_are_said_within_discords_limit(language: str) -> None:
    whole = describe_board(_crowded(), NAMES, language)
    assert len(whole) <= MAX_DESCRIPTION
    assert whole == describe_board(_crowded(), NAMES, language)  # short names are said whole
    assert "Bartholomew" in describe_board(_crowded(), NAMES, "en")
    long_names = tuple(f"{name} " + "the Magnificent Terror of Tokyo " * 4
                       for name in ("Ana", "Bo", "Cy", "Di", "Ed", "Flo"))
    said = describe_board(_crowded(), long_names, language)
    assert len(said) <= MAX_DESCRIPTION
    # What decides the game always stays: every monster's figures.
    if language != i18n.PSEUDO:  # (whose accents change the monsters' names too)
        for monster in _crowded().monsters:
            figures = i18n.text(language, "alt-monster", monster="", hearts=monster.hearts,
                                vp=monster.vp, energy=monster.energy)
            assert monster.name in said and figures in said
    # Discord's limit is what shortened it: the whole text is longer.
    assert len(" ".join(long_names)) + len(whole) > MAX_DESCRIPTION


def test_names_are_shortened_before_they_are_left_out() -> None:
    long_names = tuple(f"Player{seat} with a display name " + "far longer than Discord's own " * 4
                       for seat in range(6))
    said = describe_board(_crowded(), long_names)
    assert len(said) <= MAX_DESCRIPTION and "(Player0 with a display…)" in said
    assert said.endswith("The King (Player5 with a display…): 9 hearts, 17 points, 5 energy.")


def test_the_chart_is_described_in_the_askers_language() -> None:
    values = [20.0, 22.5, 19.0, 25.25]
    assert describe_chart(values) == (
        "Rating chart of 4 rated games: from 20.0 to 25.2 now, lowest 19.0, highest 25.2.")
    assert describe_chart(values, "es").startswith(
        "Gráfica de puntuación de 4 partidas puntuadas: de 20.0 a 25.2 ahora")
    with pytest.raises(ValueError):
        describe_chart([1.0])


@pytest.mark.parametrize("language", ["es", i18n.PSEUDO])
def test_the_charts_title_fits_beside_the_current_rating(language: str) -> None:
    picture, boxes = chart_picture([1000.0, 1234.5, -980.25], language)
    title, current = boxes[0], boxes[-1]
    assert title[0] >= 0 and title[2] + 16 <= current[0] and current[2] <= picture.width


def test_with_power_up_every_monster_says_its_hand_count_and_its_evolutions_face_up() -> None:
    from engine import Card, Options

    state = two_monsters()
    alienoid, other = state.monsters
    state = replace(state, options=replace(state.options, power_up=True), monsters=(
        replace(alienoid, evolution_hand=("alien_scourge", "exotic_arms"),
                evolutions=(Card(uid=900, key="mothership_support"),)),
        replace(other, evolution_hand=("mouse_hunter",))))
    said = describe_board(state, ("Ana", "Bo"))
    assert "2 Evolutions in hand; face up: Mothership Support." in said
    assert "1 Evolution in hand." in said
    # What a hand holds is never said.
    assert "Alien Scourge" not in said and "Mouse Hunter" not in said
    assert "1 Evolución en la mano." in describe_board(state, ("Ana", "Bo"), "es")
    assert "Evolution" not in describe_board(replace(state, options=Options()), ("Ana", "Bo"))
