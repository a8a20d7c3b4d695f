"""The 2011 rules of rulings 64 (an attack that deals no damage is no attack: Fire Breathing,
Alpha Monster) and 65 (losing Even Bigger at 2 hearts or fewer knocks out) are options: new
games play them, games stored before them (schema 5 and older states, stored setups and
replay files that leave them out) keep the rules they were played with, so their logs replay
as played."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import (
    FIRST_DECK,
    GameState,
    Options,
    apply,
    create_game,
    decode_action,
    decode_state,
    encode_state,
    replay,
)
from engine.cards.even_bigger import loss_knocks_out
from engine.replays import Move, ReplayFile, check, decode_replay, encode_replay
from engine.rules import advance
from tools.scenario import _Builder, _parse_action

ROOT = Path(__file__).resolve().parent.parent
# Made with the engine before these rules (commit 4e1c6cf): play_random_game(Options(edition=
# "2011"), seed, monsters), stopped after the first move that plays the old rule; the setup
# as the bot stored it (the state's options, the cards named).
FIXTURE = ROOT / "tests" / "fixtures" / "schema5_2011_rules.json"
RULES = ("attack_needs_damage", "even_bigger_loss_knocks_out")


def _fixtures() -> list[dict[str, Any]]:
    fixtures: list[dict[str, Any]] = json.loads(FIXTURE.read_text())
    return fixtures


def _log(fixture: dict[str, Any]) -> list[tuple[int, Any]]:
    return [(seat, decode_action(json.dumps(action))) for seat, action in fixture["log"]]


def _stored_setup_options(fixture: dict[str, Any]) -> Options:
    """The game's stored setup, read as the bot reads it (bot.table.game_rows)."""
    stored = msgspec.convert(fixture["setup_options"], Options)
    return stored.resolved_as_before(len(fixture["monsters"]), FIRST_DECK)


def _with_rules(options: Options) -> Options:
    return msgspec.structs.replace(options, attack_needs_damage=True,
                                   even_bigger_loss_knocks_out=True)


# --- the options -----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2011", "2016"])
def test_a_new_game_names_the_rules_and_plays_them_in_2011(edition: str) -> None:
    state, _ = create_game(Options(edition=edition), 1, 3)
    assert state.options.attack_needs_damage is True
    assert state.options.even_bigger_loss_knocks_out is True
    assert all(rule.encode() in encode_state(state) for rule in RULES)
    assert state.options.counts_only_damaging_attacks() is (edition == "2011")
    assert loss_knocks_out(state.options) is (edition == "2011")


def test_a_setup_stored_before_the_rules_plays_neither_and_a_newer_one_keeps_them() -> None:
    before = Options(edition="2011", two_player_variant=False, last_standing_at_once=True)
    old = before.resolved_as_before(3, FIRST_DECK)
    assert old.attack_needs_damage is False and old.even_bigger_loss_knocks_out is False
    assert not old.counts_only_damaging_attacks() and not loss_knocks_out(old)
    state, _ = create_game(Options(edition="2011"), 1, 3)
    newer = state.options.resolved_as_before(3, FIRST_DECK)
    assert newer.attack_needs_damage is True and newer.even_bigger_loss_knocks_out is True
    # A state built by hand (scenarios, tests) plays the rules of new games.
    assert Options(edition="2011").counts_only_damaging_attacks()
    assert loss_knocks_out(Options(edition="2011"))


# --- games stored by the previous engine ----------------------------------------------


def test_the_fixtures_were_stored_by_schema_5_without_the_rules() -> None:
    fixtures = _fixtures()
    assert len(fixtures) == 3
    for fixture in fixtures:
        assert fixture["state"]["schema"] == 5, fixture["what"]
        assert not set(RULES) & set(fixture["state"]["options"]), fixture["what"]
        assert not set(RULES) & set(fixture["setup_options"]), fixture["what"]


def test_schema_5_games_upgrade_to_the_old_rules_and_replay_as_they_were_played() -> None:
    """Each state equals the replay of its log from its stored setup; the same log under the
    new rules leads elsewhere."""
    for fixture in _fixtures():
        upgraded = decode_state(json.dumps(fixture["state"]))
        assert upgraded.options.attack_needs_damage is False, fixture["what"]
        assert upgraded.options.even_bigger_loss_knocks_out is False, fixture["what"]
        options = _stored_setup_options(fixture)
        log = _log(fixture)
        assert replay(options, fixture["seed"], fixture["monsters"], log) == upgraded, \
            fixture["what"]
        newer = replay(_with_rules(options), fixture["seed"], fixture["monsters"], log)
        assert newer.monsters != upgraded.monsters, fixture["what"]
        # And the upgraded game goes on.
        for decision in upgraded.pending:
            apply(upgraded, decision.seat, decision.default)


def _fixture(what: str) -> dict[str, Any]:
    return next(f for f in _fixtures() if f["what"].startswith(what))


def _seat(state: GameState, name: str) -> int:
    return next(i for i, m in enumerate(state.monsters) if m.name == name)


def test_fire_breathing_in_a_stored_game_took_its_neighbours_hearts_with_the_attack() -> None:
    """Meka Dragon's two claws hit Cyber Kitty, in Tokyo: under the old rule Alienoid and
    Gigazaur, its other neighbours, have already lost their heart and lose no more once the
    yield question is answered; under the new rule they lose it only then."""
    fixture = _fixture("Fire Breathing")
    old = decode_state(json.dumps(fixture["state"]))
    new = replay(_with_rules(_stored_setup_options(fixture)), fixture["seed"],
                 fixture["monsters"], _log(fixture))
    neighbours = (_seat(old, "Alienoid"), _seat(old, "Gigazaur"))
    assert [old.monsters[n].hearts for n in neighbours] == [9, 9]
    assert [new.monsters[n].hearts for n in neighbours] == [10, 10]
    for state in (old, new):
        [question] = state.pending
        assert question.kind == "yield" and question.seat == _seat(state, "Cyber Kitty")
        after, _ = apply(state, question.seat, question.default)
        assert [after.monsters[n].hearts for n in neighbours] == [9, 9]


def test_alpha_monster_in_a_stored_game_scored_with_the_dice() -> None:
    fixture = _fixture("Alpha Monster")
    old = decode_state(json.dumps(fixture["state"]))
    new = replay(_with_rules(_stored_setup_options(fixture)), fixture["seed"],
                 fixture["monsters"], _log(fixture))
    kitty = _seat(old, "Cyber Kitty")
    assert old.monsters[kitty].vp == new.monsters[kitty].vp + 1
    [question] = new.pending
    after, _ = apply(new, question.seat, question.default)
    assert after.monsters[kitty].vp == old.monsters[kitty].vp  # once the attack is over


def test_even_bigger_taken_back_in_a_stored_game_was_no_loss_cards_saw() -> None:
    """Meka Dragon lost Even Bigger (bought from it with Parasitic Tentacles) at 3 hearts:
    We're Only Making It Stronger! gave nothing for the 2 hearts then; it does now."""
    fixture = _fixture("Even Bigger")
    old = decode_state(json.dumps(fixture["state"]))
    new = replay(_with_rules(_stored_setup_options(fixture)), fixture["seed"],
                 fixture["monsters"], _log(fixture))
    dragon = _seat(old, "Meka Dragon")
    assert old.monsters[dragon].hearts == new.monsters[dragon].hearts == 1
    assert new.monsters[dragon].energy == old.monsters[dragon].energy + 1


def test_a_replay_file_written_before_the_rules_replays_as_played(tmp_path: Path) -> None:
    """A replay file names the stored setup's options; one written before the rules leaves
    them out, and its final state (schema 5) says the game played them off."""
    fixture = _fixture("Fire Breathing")
    options = msgspec.convert(fixture["setup_options"], Options)
    file = ReplayFile(seed=fixture["seed"], options=options,
                      monsters=tuple(fixture["monsters"]),
                      moves=tuple(Move(seat, action) for seat, action in _log(fixture)),
                      final_state=fixture["state"])
    read = decode_replay(encode_replay(file))
    assert read.options.attack_needs_damage is False
    assert read.options.even_bigger_loss_knocks_out is False
    assert check(read).final_state == "match"
    # Read with the rules of new games, the same file would not match its end.
    assert check(msgspec.structs.replace(read, options=_with_rules(read.options))
                 ).final_state == "differs"


# --- states built by hand: the old rules and the new -------------------------------------


def _started(scenario: str, *, stored_before_the_rules: bool) -> GameState:
    """The scenario's state at its first question: as a new game plays it, or as a state
    stored by schema 5 (without the options) and read now."""
    data = tomllib.loads((ROOT / "scenarios" / scenario).read_text())
    state, _ = advance(_Builder(data).build())
    if not stored_before_the_rules:
        return state
    raw = msgspec.json.decode(encode_state(state))
    raw["schema"] = 5
    for rule in RULES:
        raw["options"].pop(rule)
    return decode_state(msgspec.json.encode(raw))


def _stop(state: GameState, name: str) -> GameState:
    seat = _seat(state, name)
    after, _ = apply(state, seat, _parse_action(state, seat, "stop", "test"))
    return after


@pytest.mark.parametrize("stored_before_the_rules", [True, False])
def test_fire_breathing_on_a_claw_armor_plating_cancels(stored_before_the_rules: bool) -> None:
    """Alienoid's lone claw on Gigazaur (Armor Plating) deals no damage: a new game's
    neighbours lose nothing; a game stored before the rule lost 1 heart each."""
    state = _started("cards/fire_breathing_2011_armor_plating.toml",
                     stored_before_the_rules=stored_before_the_rules)
    after = _stop(state, "Alienoid")
    lost = 1 if stored_before_the_rules else 0
    assert after.monsters[_seat(after, "Gigazaur")].hearts == 10
    for neighbour in ("Cyber Kitty", "The King"):
        assert after.monsters[_seat(after, neighbour)].hearts == 10 - lost, neighbour


@pytest.mark.parametrize("stored_before_the_rules", [True, False])
def test_alpha_monster_on_the_first_claw_into_an_empty_tokyo(
        stored_before_the_rules: bool) -> None:
    """1 VP for entering Tokyo; a game stored before the rule also scored Alpha Monster."""
    state = _started("cards/alpha_monster_2011.toml",
                     stored_before_the_rules=stored_before_the_rules)
    after = _stop(state, "Alienoid")
    assert after.city == _seat(after, "Alienoid")
    assert after.monsters[_seat(after, "Alienoid")].vp == (2 if stored_before_the_rules else 1)


@pytest.mark.parametrize("stored_before_the_rules", [True, False])
def test_losing_even_bigger_at_2_hearts(stored_before_the_rules: bool) -> None:
    """The King's Mimic copy of Even Bigger leaves play: a new game knocks him out, a game
    stored before the rule kept him at 1 heart."""
    state = _started("cards/even_bigger_lost_2011_knocked_out.toml",
                     stored_before_the_rules=stored_before_the_rules)
    after = _stop(state, "Alienoid")
    king = after.monsters[_seat(after, "The King")]
    assert (king.alive, king.hearts) == ((True, 1) if stored_before_the_rules else (False, 0))
