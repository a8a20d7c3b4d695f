"""Checks on the static Power card table (engine/card_table.py)."""

from __future__ import annotations

import re

import pytest

from engine.card_table import CARD_TABLE, CARDS, CardInfo, card_info, find_card

SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


BASE = [c for c in CARD_TABLE if c.box == "base"]
ORIGINS = [c for c in CARD_TABLE if c.box == "origins"]


def _copies(kind: str) -> int:
    return sum(c.copies for c in BASE if c.kind == kind)


def _key_from_name(name: str) -> str:
    # "!" and "'" vanish; a hyphen separates words like a space ("Media-Friendly").
    return "_".join(re.sub(r"[!']", "", name.lower()).replace("-", " ").split())


def test_deck_has_66_cards() -> None:
    assert sum(c.copies for c in BASE) == 66
    assert len(BASE) == 64


def test_origins_adds_14_cards_11_keep_and_3_discard_one_copy_each() -> None:
    assert len(ORIGINS) == 14 and all(c.copies == 1 for c in ORIGINS)
    assert [c.kind for c in ORIGINS].count("keep") == 11
    # No 2011 print: the same name and cost in any edition (and text: tests/i18n).
    assert all(c.name_2011 == c.name and c.cost_2011 == -1 for c in ORIGINS)
    assert CARD_TABLE[-len(ORIGINS):] == tuple(ORIGINS)  # after the base deck


def test_48_keep_and_18_discard() -> None:
    assert _copies("keep") == 48
    assert _copies("discard") == 18


def test_only_extra_head_and_evacuation_orders_are_doubled() -> None:
    doubled = {c.key for c in BASE if c.copies != 1}
    assert doubled == {"extra_head", "evacuation_orders"}
    assert all(c.copies == 2 for c in CARD_TABLE if c.key in doubled)


def test_keys_unique_snake_case_ascii() -> None:
    keys = [c.key for c in CARD_TABLE]
    assert len(set(keys)) == len(keys)
    assert set(CARDS) == set(keys)
    for key in keys:
        assert key.isascii()
        assert SNAKE.match(key), key


def test_keys_derive_from_2016_name() -> None:
    for card in CARD_TABLE:
        assert card.key == _key_from_name(card.name), card.name


@pytest.mark.parametrize(
    "key",
    [
        "it_has_a_child",
        "death_from_above",
        "were_only_making_it_stronger",
        "media_friendly",
        "battery_monster",
        "detritivore",
        "energy_drink",
        "flame_thrower",
        "tank",
        "alien_origin",
    ],
)
def test_required_keys_exist(key: str) -> None:
    assert key in CARDS


@pytest.mark.parametrize("box", [BASE, ORIGINS])
def test_order_keep_then_discard_alphabetical(box: list[CardInfo]) -> None:
    kinds = [c.kind for c in box]
    assert kinds == sorted(kinds, key=lambda k: k != "keep")
    for kind in ("keep", "discard"):
        names = [c.name for c in box if c.kind == kind]
        assert names == sorted(names, key=str.casefold)


def test_costs_and_2011_costs() -> None:
    for card in CARD_TABLE:
        assert card.cost > 0, card.key
        assert card.cost_2011 == -1 or card.cost_2011 != card.cost, card.key
    battery = card_info("battery_monster")
    assert battery.cost == 3
    assert battery.cost_2011 == 2
    assert battery.name_2011 == "Monster Batteries"
    assert [c.key for c in CARD_TABLE if c.cost_2011 != -1] == ["battery_monster"]


def test_eight_cards_renamed() -> None:
    renamed = {c.name_2011: c.name for c in CARD_TABLE if c.name_2011 != c.name}
    assert renamed == {
        "Alien Metabolism": "Alien Origin",
        "Dedicated News Team": "Media-Friendly",
        "Monster Batteries": "Battery Monster",
        "Omnivore": "Detritivore",
        "Telepath": "Energy Drink",
        "Drop from High Altitude": "Death From Above",
        "Fire Blast": "Flame Thrower",
        "Tanks": "Tank",
    }


def test_find_card_by_2011_name() -> None:
    card = find_card("Fire Blast")
    assert card is not None
    assert card.key == "flame_thrower"
    assert find_card("fire-blast") is card


def test_find_card_by_2016_name_with_punctuation() -> None:
    assert find_card("It Has a Child") is CARDS["it_has_a_child"]
    assert find_card("it has a child!") is CARDS["it_has_a_child"]
    assert find_card("WERE ONLY MAKING IT STRONGER") is CARDS["were_only_making_it_stronger"]
    assert find_card("media friendly") is CARDS["media_friendly"]


def test_find_card_by_key_and_every_name() -> None:
    for card in CARD_TABLE:
        assert find_card(card.key) is card
        assert find_card(card.name) is card
        assert find_card(card.name_2011) is card


def test_find_card_unknown() -> None:
    assert find_card("Amusement Park") is None
    assert find_card("") is None
    assert find_card("!!!") is None


def test_card_info() -> None:
    assert card_info("wings") == CARDS["wings"]
    assert isinstance(card_info("heal"), CardInfo)


def test_unknown_key_raises_key_error() -> None:
    with pytest.raises(KeyError, match="no_such_card"):
        card_info("no_such_card")
    with pytest.raises(KeyError):
        card_info("Flame Thrower")
