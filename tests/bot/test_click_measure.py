"""The clicks-per-turn measure (``python -m tools.clicks``): its keep planner, and a short
game through the real bot on SimCord (the full measure is the command)."""

from __future__ import annotations

from engine import FACES, Face
from tools.fewest_clicks import WAYS, keep_codes, measure

SMASH, HEART, ONE = FACES.index("smash"), FACES.index("heart"), FACES.index("1")
DICE: list[Face] = ["smash", "1", "smash", "heart", "smash", "1"]


def test_a_whole_face_is_kept_with_its_button() -> None:
    assert keep_codes(DICE, [], [0, 2, 4], faces_offered=[SMASH, ONE]) == ["f5"]


def test_without_the_face_button_each_die_is_a_click() -> None:
    assert keep_codes(DICE, [], [0, 2, 4], faces_offered=[]) == ["h0", "h2", "h4"]


def test_keeping_all_but_one_of_a_face_is_the_face_then_a_release() -> None:
    dice: list[Face] = ["smash"] * 4 + ["1", "2"]
    assert keep_codes(dice, [], [0, 1, 2], faces_offered=[SMASH]) == ["f5", "r3"]
    # Two of four: the face and two releases would be three clicks, the dice two.
    assert keep_codes(dice, [], [0, 1], faces_offered=[SMASH]) == ["h0", "h1"]


def test_dice_of_a_face_already_kept_count_and_extra_ones_are_released() -> None:
    # The first smash is kept: the other two are the two loose ones (its button keeps both).
    assert keep_codes(DICE, [0], [0, 2, 4], faces_offered=[SMASH]) == ["f5"]
    # Wanted: one 1 and the heart, not the kept smash.
    assert keep_codes(DICE, [0, 1], [1, 3], faces_offered=[SMASH]) == ["h3", "r0"]


async def test_a_short_game_is_measured_the_same_way_the_three_ways() -> None:
    dice_only, faces, keep_and_roll = [await measure(1, seed=1, seats=[2], way=way,
                                                     max_turns=4) for way in WAYS]

    for tally in (dice_only, faces, keep_and_roll):
        summary = tally.summary()
        assert summary["games"] == 1 and summary["turns"] == 4
        assert all(clicks >= 1 for clicks in tally.per_turn.values())
    assert dice_only.kinds["face"] == 0 and dice_only.kinds["keep and roll"] == 0
    assert faces.kinds["keep and roll"] == 0
    assert keep_and_roll.kinds["keep and roll"] >= 1
    # The same games (the answers do not depend on the buttons): the clicks that are not
    # keeping dice or rolling are the same, and each way takes no more clicks than the last.
    dice_work = ("die", "face", "roll", "keep and roll")
    others = [sum(t.kinds.values()) - sum(t.kinds[k] for k in dice_work)
              for t in (dice_only, faces, keep_and_roll)]
    assert others[0] == others[1] == others[2]
    # A reroll is one Roll or one keep-and-roll, whatever the buttons.
    rerolls = [t.kinds["roll"] + t.kinds["keep and roll"] for t in (dice_only, faces,
                                                                    keep_and_roll)]
    assert rerolls[0] == rerolls[1] == rerolls[2]
    totals = [sum(t.per_turn.values()) for t in (dice_only, faces, keep_and_roll)]
    assert totals[0] >= totals[1] > totals[2]


async def test_with_offers_a_player_who_yields_takes_the_yield_order_instead() -> None:
    asked, offered = [await measure(1, seed=1, seats=[3], way=WAYS[-1], max_turns=8,
                                    offers=offers) for offers in (False, True)]
    assert asked.out_of_turn["yield"] >= 1 and asked.out_of_turn["yield order"] == 0
    # The same game up to the first yield, which the order's button answers (one click, as
    # Yield's): after it the order yields for the player, unasked.
    assert offered.out_of_turn["yield"] == 0 and offered.out_of_turn["yield order"] >= 1
    assert offered.summary()["offers"] is True and asked.summary()["offers"] is False
