"""A player's rating history (the conservative estimate after each rated game) and its chart
in ``/kot stats``: values, ties, the picture's size and labels as a phone shows them."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from test_render_phone import MIN_PHONE_PX, PHONE_WIDTH, _ink_height

from bot.discord.record_embeds import chart_values
from bot.render import chart
from bot.render.board import Readout
from bot.render.canvas import Box
from bot.render.chart import HEIGHT, WIDTH, chart_picture, nice_ticks, rating_chart
from bot.table.ratings import rate
from tests.bot.test_ratings import record

GAMES = [record({1: 1, 2: 2, 3: 3}, game_id=1), record({1: 3, 2: 1, 3: 2}, game_id=2),
         record({4: 1, 1: 2}, game_id=3), record({1: 1, 2: 1, 3: 3}, game_id=4)]


def test_the_history_holds_the_estimate_after_each_of_the_players_rated_games() -> None:
    ratings = rate(GAMES)
    for user_id, played in ((1, [1, 2, 3, 4]), (2, [1, 2, 4]), (4, [3])):
        history = ratings[user_id].history
        assert [when for when, _ in history] == [float(game) for game in played]
        assert [value for _, value in history] == pytest.approx(
            [rate(GAMES[:game])[user_id].conservative for game in played])
    # Game 2 was a loss for 1 and a win for 2: their estimates moved apart.
    assert ratings[1].history[1][1] < ratings[1].history[0][1]
    assert ratings[2].history[1][1] > ratings[2].history[0][1]


def test_unrated_games_add_no_point_to_the_history() -> None:
    ratings = rate([GAMES[0], record({1: 2, 2: 1}, game_id=7, rated=False), GAMES[1]])
    assert [when for when, _ in ratings[1].history] == [1.0, 2.0]


def test_players_tied_in_every_game_share_one_history() -> None:
    ratings = rate([record({1: 1, 2: 1, 3: 3}, game_id=n) for n in range(1, 4)])
    first, second = ([value for _, value in ratings[user_id].history] for user_id in (1, 2))
    assert len(first) == 3 and first == pytest.approx(second)
    assert first == sorted(first)
    assert ratings[1].history[-1][1] > ratings[3].history[-1][1]


def test_a_chart_needs_two_rated_games() -> None:
    ratings = rate(GAMES)
    assert chart_values(ratings[4]) == [] and chart_values(None) == []
    assert chart_values(ratings[2]) == [value for _, value in ratings[2].history]
    with pytest.raises(ValueError, match="at least 2 games, not 1"):
        rating_chart([3.0])


@pytest.mark.parametrize("values", [[0.0, -1.2], [3.0, 3.0, 3.0],
                                    [n % 7 - 2.5 for n in range(1, 40)],
                                    [n / 100 for n in range(10_000)]])
def test_the_chart_is_an_800_by_400_png_with_a_line_in_it(values: list[float]) -> None:
    picture = Image.open(io.BytesIO(rating_chart(values)))
    assert picture.format == "PNG" and picture.size == (WIDTH, HEIGHT)
    colours = {colour for _count, colour in picture.convert("RGB").getcolors(WIDTH * HEIGHT)}
    # Not blank: the background, the plot panel, the line and the gold of the last game.
    assert len(colours) > 10
    assert (255, 196, 54) in colours and (64, 200, 240) in colours


def test_different_histories_draw_different_charts() -> None:
    assert rating_chart([1.0, 2.0, 3.0]) != rating_chart([3.0, 2.0, 1.0])
    assert rating_chart([1.0, 2.0, 3.0]) != rating_chart([1.0, 2.0, 3.5])


@pytest.mark.parametrize("values", [[0.0, -1.2], [n % 7 - 2.5 for n in range(1, 40)],
                                    [n / 100 for n in range(10_000)]])
def test_every_label_is_at_least_11_px_tall_on_a_phone(values: list[float]) -> None:
    picture, labels = chart_picture(values)
    # Title, current value, at least two values and two game numbers.
    assert len(labels) >= 6
    heights = _phone_heights(picture, labels)
    assert min(heights) >= MIN_PHONE_PX, heights
    assert all(left >= 0 and right <= WIDTH for left, _, right, _ in labels)


def test_a_smaller_label_font_fails_the_phone_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chart, "LABEL_SIZE", 28)
    assert min(_phone_heights(*chart_picture([0.0, -1.2]))) < MIN_PHONE_PX


def _phone_heights(picture: Image.Image, labels: list[Box]) -> list[float]:
    scale = PHONE_WIDTH / picture.width
    return [round(_ink_height(picture, Readout("label", n, box)) * scale, 1)
            for n, box in enumerate(labels)]


@pytest.mark.parametrize(("low", "high", "most", "whole", "expected"), [
    (-1.2, 0.0, 5, False, [-1.5, -1.0, -0.5, 0.0]),
    (-3.2, 12.7, 5, False, [-5.0, 0.0, 5.0, 10.0, 15.0]),
    (1, 2, 6, True, [1.0, 2.0]),
    (1, 39, 6, True, [10.0, 20.0, 30.0]),
])
def test_axis_ticks_are_round_numbers(low: float, high: float, most: int, whole: bool,
                                      expected: list[float]) -> None:
    assert nice_ticks(low, high, most, whole=whole) == pytest.approx(expected)
