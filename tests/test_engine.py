"""The engine contract: creation, refusal of bad input, determinism, stored form."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import (
    FIRST_DECK,
    Choose,
    ExtraTurn,
    IllegalAction,
    NotYourDecision,
    Options,
    Pass,
    Roll,
    StaleDecision,
    StopRolling,
    apply,
    create_game,
    decode_action,
    decode_state,
    encode_state,
    play_random_game,
    replay,
)
from engine.card_table import CARDS
from engine.cards import implemented_keys
from engine.codec import CorruptState
from tests.said import refused

FIXTURES = Path(__file__).parent / "fixtures"


def new_game(players: int = 4, seed: int = 3):
    state, events = create_game(Options(), seed, players)
    return state, events


@pytest.mark.parametrize("players", [0, 1, 7])
def test_only_two_to_six_monsters(players: int) -> None:
    with refused(IllegalAction, "2 to 6"):
        create_game(Options(), 1, players)


def test_monster_names_must_differ() -> None:
    with refused(IllegalAction, "own name"):
        create_game(Options(), 1, ["Gigazaur", "Gigazaur"])


def test_new_game_waits_for_the_first_players_roll() -> None:
    state, events = new_game()
    assert [d.kind for d in state.pending] == ["roll"]
    assert state.pending[0].seat == state.first_seat == state.active
    assert len(state.face_up) == 3 and len(state.deck) + 3 == sum(
        CARDS[k].copies for k in implemented_keys())
    assert any(type(e).__name__ == "FirstPlayerRolled" for e in events)
    assert len(state.turn.dice) == 6


def test_same_seed_same_game_and_different_seed_different_game() -> None:
    a = play_random_game(Options(), 42, 4)
    b = play_random_game(Options(), 42, 4)
    c = play_random_game(Options(), 43, 4)
    assert encode_state(a.state) == encode_state(b.state)
    assert encode_state(a.state) != encode_state(c.state)


def test_a_stale_answer_is_refused_and_changes_nothing() -> None:
    state, _ = new_game()
    decision = state.pending[0]
    after, _ = apply(state, decision.seat, StopRolling(decision=decision.id))
    before_bytes = encode_state(after)
    with refused(StaleDecision, "moment has passed"):
        apply(after, decision.seat, Roll(decision=decision.id))
    assert encode_state(after) == before_bytes


def test_the_wrong_seat_is_refused() -> None:
    state, _ = new_game()
    decision = state.pending[0]
    other = (decision.seat + 1) % len(state.monsters)
    with refused(NotYourDecision, "this question is for"):
        apply(state, other, StopRolling(decision=decision.id))


def test_an_answer_that_is_not_an_option_is_refused() -> None:
    state, _ = new_game()
    decision = state.pending[0]
    with refused(IllegalAction, "roll the dice or stop"):
        apply(state, decision.seat, Choose(decision=decision.id, choice=Pass()))


def test_keeping_every_die_then_rolling_is_refused() -> None:
    state, _ = new_game()
    decision = state.pending[0]
    with refused(IllegalAction, "every die is kept"):
        apply(state, decision.seat, Roll(decision=decision.id, keep=(0, 1, 2, 3, 4, 5)))
    with refused(IllegalAction, "choose dice by number"):
        apply(state, decision.seat, Roll(decision=decision.id, keep=(9,)))


def test_a_finished_game_refuses_everything() -> None:
    record = play_random_game(Options(), 5, 2)
    with refused(IllegalAction, "over"):
        apply(record.state, 0, StopRolling(decision=1))


def test_a_six_monster_state_is_small_as_json() -> None:
    state, _ = new_game(players=6)
    assert len(encode_state(state)) <= 4096


def test_corrupt_or_foreign_stored_states_are_refused_clearly() -> None:
    state, _ = new_game()
    with pytest.raises(CorruptState, match="unreadable"):
        decode_state(b"{not json")
    newer = msgspec.json.encode(msgspec.structs.replace(state, schema=99))
    with pytest.raises(CorruptState, match="schema 99"):
        decode_state(newer)


def test_unimplemented_cards_are_never_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    implemented = set(implemented_keys()) | set(implemented_keys("origins"))
    missing = [key for key in CARDS if key not in implemented]
    if missing:
        with refused(IllegalAction, "not implemented"):
            create_game(Options(cards=(missing[0],)), 1, 2)
    state, _ = new_game()
    dealt = set(state.deck) | {c.key for c in state.face_up}
    # A base game deals the base box only, however many Origins cards are implemented.
    assert dealt <= set(implemented_keys())
    with capsys.disabled():
        names = ", ".join(CARDS[key].name for key in missing) or "none"
        print(f"\n{len(implemented)} of {len(CARDS)} cards implemented; not yet: {names}")


def test_a_state_stored_by_an_older_schema_is_upgraded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend schema 0 named the energy field "cubes": its upgrade renames it."""
    import engine.codec as codec

    state, _ = new_game()
    raw = msgspec.json.decode(encode_state(state))
    raw["schema"] = 0
    for monster in raw["monsters"]:
        monster["cubes"] = monster.pop("energy", 0) + 3

    def rename_cubes(old: dict[str, object]) -> dict[str, object]:
        for monster in old["monsters"]:  # type: ignore[attr-defined]
            monster["energy"] = monster.pop("cubes")
        return old

    monkeypatch.setitem(codec.UPGRADES, 0, rename_cubes)
    upgraded = decode_state(msgspec.json.encode(raw))
    assert upgraded.schema == state.schema
    assert [m.energy for m in upgraded.monsters] == [m.energy + 3 for m in state.monsters]
    monkeypatch.delitem(codec.UPGRADES, 0)
    with pytest.raises(CorruptState, match="schema 0 is not supported"):
        decode_state(msgspec.json.encode(raw))


def test_states_and_logs_stored_by_schema_1_upgrade_to_what_the_engine_plays_now() -> None:
    """Games stored by the previous engine (schema 1: text choices, card questions under their
    own kinds, card steps of their own), one per kind of pending question: the upgraded state
    equals the state this engine reaches by replaying the upgraded action log."""
    fixtures = json.loads((FIXTURES / "schema1_states.json").read_text())
    assert {f["what"] for f in fixtures} >= {"probe", "opportunist", "mimic", "mimic_move",
                                            "react", "hearts"}
    for fixture in fixtures:
        assert fixture["state"]["schema"] == 1
        upgraded = decode_state(json.dumps(fixture["state"]))
        log = [(seat, decode_action(json.dumps(action))) for seat, action in fixture["log"]]
        # Stored before games named their cards: they dealt the first deck (as the bot's
        # stored setups say, bot.table.game_rows).
        monsters = fixture["monsters"]  # a count, or the names
        count = monsters if isinstance(monsters, int) else len(monsters)
        options = Options(**fixture["options"]).resolved_as_before(count, FIRST_DECK)
        replayed = replay(options, fixture["seed"], fixture["monsters"], log)
        assert upgraded == replayed, fixture["what"]
        # And the upgraded game goes on: every pending question can be answered.
        for decision in upgraded.pending:
            apply(upgraded, decision.seat, decision.default)


def _cards_dealt(state: dict[str, Any]) -> tuple[str, ...]:
    """Every card key of a stored game (deck, face up, discarded, owned), in table order:
    the deck it was dealt, whatever cards are implemented now."""
    keys = set(state.get("deck", ())) | set(state.get("discard", ()))
    keys |= {card["key"] for card in state.get("face_up", ())}
    keys |= {card["key"] for monster in state["monsters"] for card in monster.get("cards", ())}
    return tuple(key for key in CARDS if key in keys)


def test_a_schema_1_text_choice_that_makes_no_sense_is_corrupt() -> None:
    with pytest.raises(CorruptState, match="unreadable"):
        decode_action(b'{"type":"choose","decision":3,"choice":"dance:1"}')


def test_yield_answers_survive_the_bay_closing_under_them() -> None:
    """Seed 2111 (6 monsters, 2011) crashed the previous engine: Tokyo City stayed, lost the
    hearts its Jets held and was knocked out, the Bay closed and its occupant left Tokyo
    before its own answer was applied."""
    record = play_random_game(Options(edition="2011"), 2111, 6)
    assert record.state.over


def test_the_two_player_variant_defaults_to_the_2016_rulebook_and_old_games_keep_theirs() -> None:
    for edition, expected in (("2016", True), ("2011", False)):
        state, _ = create_game(Options(edition=edition), 1, 2)
        assert state.options.two_player_variant is expected, edition
    three, _ = create_game(Options(), 1, 3)
    assert three.options.two_player_variant is False
    # A 2011 game of two stored by schema 2, before the default was fixed at creation, played
    # the variant; and it dealt the 33 cards implemented then.
    old, _ = create_game(Options(edition="2011", two_player_variant=True), 1, 2)
    stored = msgspec.json.decode(encode_state(old))
    stored["schema"] = 2
    stored["options"].pop("two_player_variant")
    upgraded = decode_state(msgspec.json.encode(stored))
    assert upgraded.two_player_variant() and upgraded.options.cards == FIRST_DECK


def test_a_new_state_says_whole_deck_and_its_setup_names_the_cards() -> None:
    state, _ = create_game(Options(), 1, 4)
    assert state.options.cards == ()  # the whole deck, stored short
    assert sorted([*state.deck, *(c.key for c in state.face_up)]) == sorted(
        k for k in implemented_keys() for _ in range(CARDS[k].copies))
    # Replaying with the cards named gives the same state, short list included.
    named = msgspec.structs.replace(state.options, cards=implemented_keys())
    assert replay(named, state.seed, [m.name for m in state.monsters], []) == state


# --- dice tools and Freeze Time: stored forms -------------------------------------------


def test_states_and_actions_stored_before_the_dice_tools_still_decode() -> None:
    """A roll stored without ``card``, a turn without ``fewer_dice``/``dice_final`` and extra
    turns as plain seats are what the engine wrote before; an extra turn with fewer dice is
    an object among the seats."""
    assert decode_action(b'{"type":"roll","decision":4,"keep":[0]}') == Roll(decision=4,
                                                                             keep=(0,))
    state, _ = create_game(Options(), 5, 3)
    raw = json.loads(encode_state(state))
    assert "fewer_dice" not in raw["turn"] and "dice_final" not in raw["turn"]
    raw["extra_turns"] = [2, {"seat": 1, "fewer_dice": 1}]
    decoded = decode_state(json.dumps(raw))
    assert decoded.extra_turns == (2, ExtraTurn(seat=1, fewer_dice=1))
    assert decoded.turn is not None and decoded.turn.fewer_dice == 0
    assert decode_state(encode_state(decoded)) == decoded
