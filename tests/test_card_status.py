"""``engine.card_status``: what an owned card holds now, as its owner's panel shows it."""

from __future__ import annotations

from msgspec.structs import replace

from engine import Card, Options, card_status, create_game
from engine.state import GameState
from tests.said import english

NAMES = ("Alienoid", "Cyber Kitty", "Gigazaur")


def _owning(*cards: Card, turn_number: int | None = None) -> GameState:
    state, _ = create_game(Options(), 1, NAMES)
    monsters = (replace(state.monsters[0], cards=cards), *state.monsters[1:])
    state = replace(state, monsters=monsters)
    if turn_number is not None:
        assert state.turn is not None
        state = replace(state, turn=replace(state.turn, number=turn_number))
    return state


def test_a_plain_card_holds_nothing() -> None:
    card = Card(uid=1, key="extra_head")
    assert card_status(_owning(card), card) is None


def test_smoke_cloud_counts_its_smoke_and_battery_monster_its_energy() -> None:
    smoke = Card(uid=1, key="smoke_cloud", tokens=2)
    battery = Card(uid=2, key="battery_monster", tokens=4)
    state = _owning(smoke, battery)
    assert english(card_status(state, smoke)) == "2 smoke left"
    assert english(card_status(state, battery)) == "4⚡ left on it"


def test_a_mimic_names_the_card_it_copies_and_holds_that_card_s_tokens() -> None:
    smoke = Card(uid=1, key="smoke_cloud", tokens=3)
    mimic = Card(uid=2, key="mimic", copies=1, tokens=1)
    idle = Card(uid=3, key="mimic")
    state = _owning(smoke, mimic, idle)
    assert english(card_status(state, mimic)) == "copies Smoke Cloud; 1 smoke left"
    assert english(card_status(state, idle)) == "copies no card yet"


def test_a_card_used_this_turn_says_so_and_not_on_a_later_turn() -> None:
    wings = Card(uid=1, key="wings", used_turn=5)
    assert english(card_status(_owning(wings, turn_number=5), wings)) == "used this turn"
    assert card_status(_owning(wings, turn_number=6), wings) is None
