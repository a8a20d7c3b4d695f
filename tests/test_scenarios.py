"""Every rule scenario under scenarios/ passes (the same check as python -m tools.scenario)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from tools.scenario import EVENT_KINDS, collect, main, run_file
from tools.scenario.schema import DEAL, EXPECT, MONSTER, MONSTER_EXPECT, SCENARIO, SETUP, STEP

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = collect([str(SCENARIOS)])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.passed, "\n".join(result.failures)


def test_runner_reports_the_failing_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(
        'title = "a wrong expectation"\n'
        '[[monster]]\nname = "A"\n[[monster]]\nname = "B"\n'
        '[setup]\ndice = ["1", "1", "1", "2", "2", "heart"]\n'
        "[[step]]\n"
        'by = "A"\ndo = "stop"\n'
        "expect.monster.A = { vp = 5 }\n",
        encoding="utf-8",
    )
    result = run_file(broken)
    assert not result.passed
    assert result.failures == [f"{broken}:8 (step 1): A.vp: expected 5, got 1"]
    assert main([str(broken)]) == 1


# A rolls 1-1-1 and three smashes: it gains 1 VP; Big B, in Tokyo City, loses 3 hearts and is
# asked to yield. The step is on line 12.
HEADER = (
    'title = "runner checks"\n'
    '[[monster]]\nname = "A"\nenergy = 3\n[[monster]]\nname = "Big B"\n'
    '[setup]\ncity = "Big B"\nface_up = ["Heal", "Tank", "Jets"]\n'
    'deck = ["Frenzy", "Skyscraper", "Energize"]\n'
    'dice = ["smash", "smash", "smash", "1", "1", "1"]\n'
    "[[step]]\n"
    'by = "A"\ndo = "stop"\n'
)


def run_text(tmp_path: Path, expect: str, header: str = HEADER) -> list[str]:
    path = tmp_path / "case.toml"
    path.write_text(header + expect, encoding="utf-8")
    return [f.replace(f"{path}:", "") for f in run_file(path).failures]


def test_happened_matches_kind_and_listed_fields(tmp_path: Path) -> None:
    assert run_text(tmp_path, 'expect.happened = [\n'
                    '  { event = "damaged", seat = "Big B", amount = 3, hearts = 7 },\n'
                    '  { event = "vp_gained", seat = "A", amount = 1, reason = "three 1s" },\n'
                    ']\n') == []
    assert run_text(tmp_path, 'expect.happened = [{ event = "damaged" }]\n') == []


def test_happened_failure_shows_the_events_of_that_kind(tmp_path: Path) -> None:
    assert run_text(tmp_path, 'expect.happened = [{ event = "damaged", seat = "Big B", '
                    "amount = 4 }]\n") == [
        '12 (step 1): happened: no event { event = "damaged", seat = "Big B", amount = 4 }; '
        'the damaged events were: '
        '{ event = "damaged", seat = "Big B", amount = 3, source = "smash", hearts = 7 }'
    ]
    assert run_text(tmp_path, 'expect.happened = [{ event = "healed" }]\n') == [
        '12 (step 1): happened: no event { event = "healed" }; no healed event happened '
        "(events: vp_gained, damaged)"
    ]


def test_each_happened_entry_needs_an_event_of_its_own(tmp_path: Path) -> None:
    twice = 'expect.happened = [{ event = "damaged" }, { event = "damaged", seat = "Big B" }]\n'
    assert run_text(tmp_path, twice) == [
        '12 (step 1): happened: no event left for { event = "damaged", seat = "Big B" } '
        '(each entry needs an event of its own); the damaged events were: '
        '{ event = "damaged", seat = "Big B", amount = 3, source = "smash", hearts = 7 }'
    ]


def test_happened_in_order(tmp_path: Path) -> None:
    vp_then_damage = ('expect.happened_in_order = [{ event = "vp_gained" }, '
                      '{ event = "damaged" }]\n')
    assert run_text(tmp_path, vp_then_damage) == []
    damage_then_vp = ('expect.happened_in_order = [{ event = "damaged" }, '
                      '{ event = "vp_gained" }]\n')
    assert run_text(tmp_path, damage_then_vp) == [
        '12 (step 1): happened_in_order: no event { event = "vp_gained" } after '
        '{ event = "damaged" }; the vp_gained events were: '
        '{ event = "vp_gained", seat = "A", amount = 1, reason = "three 1s" }'
    ]


def test_not_happened(tmp_path: Path) -> None:
    assert run_text(tmp_path, 'expect.not_happened = [{ event = "damaged", seat = "A" }, '
                    '{ event = "yielded" }]\n') == []
    assert run_text(tmp_path, 'expect.not_happened = [{ event = "damaged", seat = "Big B" }]\n') \
        == ['12 (step 1): not_happened: { event = "damaged", seat = "Big B" } happened: '
            '{ event = "damaged", seat = "Big B", amount = 3, source = "smash", hearts = 7 }']


def test_events_of_a_step_without_action_are_the_last_ones(tmp_path: Path) -> None:
    expect = '[[step]]\nexpect.happened = [{ event = "damaged", seat = "Big B" }]\n'
    assert run_text(tmp_path, expect) == []


def test_fields_are_written_as_names_keys_and_faces(tmp_path: Path) -> None:
    header = HEADER.replace('"Big B"\nface_up', '"Big B"\nbay = ""\nface_up').replace(
        "[[step]]", '[[monster]]\nname = "C"\ncards = ["Jets"]\n[[step]]', 1)
    # The Jets owner is not in Tokyo here: nothing prevents the loss.
    expect = ('expect.happened = [{ event = "damaged", seat = "Big B", source = "smash" }]\n'
              'expect.not_happened = [{ event = "loss_prevented", card = "Jets" },'
              ' { event = "loss_prevented", card = "jets" }, { event = "won", seats = ["A"] },'
              ' { event = "reached_zero", by = "" }]\n')
    assert run_text(tmp_path, expect, header) == []


def test_mistakes_in_event_checks_are_scenario_errors(tmp_path: Path) -> None:
    def error(expect: str) -> str:
        failures = run_text(tmp_path, expect)
        assert len(failures) == 1
        return failures[0]

    assert "unknown event 'damage' (events are: " in error(
        'expect.happened = [{ event = "damage" }]\n')
    assert "event 'damaged' has no field 'heart' (its fields are: seat, amount, source, hearts)" \
        in error('expect.not_happened = [{ event = "damaged", heart = 1 }]\n')
    assert "damaged.seat: no monster named 'B'" in error(
        'expect.happened = [{ event = "damaged", seat = "B" }]\n')
    assert "damaged.amount: '3' does not fit" in error(
        'expect.happened = [{ event = "damaged", amount = "3" }]\n')
    assert "unknown card 'Jetz'" in error(
        'expect.happened = [{ event = "loss_prevented", card = "Jetz" }]\n')
    assert "names no event" in error('expect.happened = [{ seat = "A" }]\n')
    assert "expect: unknown key 'hapened'" in error('expect.hapened = []\n')
    assert error("expect.dice_rolled = 1\n").startswith(
        "15: step 1: expect: unknown key 'dice_rolled'")


def test_narration_checks_still_work(tmp_path: Path) -> None:
    """The older format: substrings of the narration of the step's events."""
    assert run_text(tmp_path, 'expect.events = ["Big B loses 3 hearts (7 left)."]\n'
                    'expect.no_events = ["A loses"]\n') == []
    assert run_text(tmp_path, 'expect.events = ["Big B loses 4 hearts"]\n') == [
        "12 (step 1): events: no event says 'Big B loses 4 hearts'; events were: "
        "['A gains 1★ (three 1s).', 'Big B loses 3 hearts (7 left).']"
    ]
    assert run_text(tmp_path, 'expect.no_events = ["Big B loses"]\n') == [
        "12 (step 1): no_events: 'Big B loses' happened: ['Big B loses 3 hearts (7 left).']"
    ]


def test_discard_and_deck_top(tmp_path: Path) -> None:
    buy = HEADER.replace('do = "stop"\n', 'do = "stop"\n[[step]]\nby = "Big B"\ndo = "yield"\n'
                         '[[step]]\nby = "A"\ndo = "buy Heal"\n')
    assert run_text(tmp_path, 'expect.discard = ["heal"]\nexpect.deck_top = ["Skyscraper"]\n'
                    'expect.face_up = ["Frenzy", "Tank", "Jets"]\n', buy) == []
    assert run_text(tmp_path, 'expect.discard = []\nexpect.deck_top = ["Frenzy", "Skyscraper"]\n'
                    'expect.happened = [{ event = "damaged" }]\n') == []
    failures = run_text(tmp_path, 'expect.discard = ["Heal"]\nexpect.deck_top = ["Skyscraper"]\n')
    assert failures == ["12 (step 1): deck_top: expected ['skyscraper'], got ['frenzy']",
                        "12 (step 1): discard: expected ['heal'], got []"]


def test_refusals_are_checked_by_code_and_a_stale_answer_can_be_sent(tmp_path: Path) -> None:
    stale = HEADER + '[[step]]\nby = "A"\ndo = "stop"\ndecision = "stale"\n'
    assert run_text(tmp_path, 'refused = "stale_decision"\nexpect.monster.A = { vp = 1 }\n',
                    stale) == []
    assert run_text(tmp_path, 'refused = "game_over"\n', stale) == [
        "15 (step 2): refused as stale_decision (that moment has passed), not game_over"]
    # Big B is asked to yield: its answer is accepted, so a refusal expected of it fails.
    answer = HEADER + '[[step]]\nby = "Big B"\ndo = "stay"\n'
    assert run_text(tmp_path, 'refused = "stale_decision"\n', answer) == [
        "15 (step 2): expected a refusal, but the action was accepted"]
    assert run_text(tmp_path, 'refused = "later"\n', answer) == [
        "15 (step 2): refused must be true or one of illegal_move, stale_decision, "
        "not_your_decision, game_over"]


def test_the_docs_list_every_event_and_its_fields() -> None:
    """docs/scenarios.md lists the event kinds and fields a scenario may check."""
    docs = (SCENARIOS.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    table = docs.split("<!-- events table: start -->")[1].split("<!-- events table: end -->")[0]
    listed = {}
    for row in table.strip().splitlines()[2:]:
        kind, fields = (cell.strip() for cell in row.strip("|").split("|"))
        listed[kind.strip("`")] = [f.strip(" `") for f in fields.split(",") if f.strip(" —")]
    assert listed == {kind: [f.name for f in msgspec.structs.fields(cls)]
                      for kind, cls in EVENT_KINDS.items()}


# --- a misspelt key is an error, at every level --------------------------------------------


def test_a_misspelt_top_level_key_fails_with_its_line_and_a_close_match(tmp_path: Path) -> None:
    header = HEADER.replace('title = "runner checks"\n',
                            'title = "runner checks"\ntwo_player_varient = false\n')
    assert run_text(tmp_path, "", header) == [
        "2: top level: unknown key 'two_player_varient'; did you mean 'two_player_variant'? ("
        "allowed here: title, source, game, edition, two_player_variant, "
        "last_standing_at_once, attack_needs_damage, power_up, even_bigger_loss_knocks_out, "
        "seed, setup_error, deal, monster, setup, step)"]
    misspelt_table = HEADER.replace("[setup]", "[setp]")
    assert run_text(tmp_path, "", misspelt_table)[0].startswith(
        "7: top level: unknown key 'setp'; did you mean 'setup'? (allowed here: ")


def test_a_misspelt_nested_key_fails_with_its_line(tmp_path: Path) -> None:
    def error(header: str, expect: str = "") -> str:
        failures = run_text(tmp_path, expect, header)
        assert len(failures) == 1, failures
        return failures[0]

    assert error(HEADER.replace('city = "Big B"', 'citi = "Big B"')).startswith(
        "8: setup: unknown key 'citi'; did you mean 'city'? (allowed here: city, bay, ")
    assert error(HEADER.replace("energy = 3", "energi = 3")).startswith(
        "4: monster 1: unknown key 'energi'; did you mean 'energy'? (allowed here: name, ")
    assert error(HEADER, "expect.monster.A = { vp = 1, vpp = 1 }\n").startswith(
        "15: step 1: expect.monster.A: unknown key 'vpp'; did you mean 'vp'? ("
        "allowed here: hearts, vp, ")
    assert error(HEADER, "expect.happend = []\n").startswith(
        "15: step 1: expect: unknown key 'happend'; did you mean 'happened'? (allowed here: ")
    # A later step is checked before anything runs: an earlier failure cannot hide it.
    later = HEADER + 'expect.monster.A = { vp = 99 }\n[[step]]\nby = "A"\nrefuse = "x"\n'
    assert error(later).startswith(
        "18: step 2: unknown key 'refuse'; did you mean 'refused'? (allowed here: dice, by, ")
    assert error(HEADER + "[step.expect]\nturm = \"A\"\n").startswith(
        "16: step 1: expect: unknown key 'turm'; did you mean 'turn'? (allowed here: ")
    assert error(HEADER + "[deal]\nmixing = \"new\"\n").startswith(
        "16: deal: unknown key 'mixing'; did you mean 'mix'? (allowed here: mix, picked)")


def test_values_of_the_wrong_kind_and_lone_keys_are_errors(tmp_path: Path) -> None:
    assert run_text(tmp_path, 'expect.events = "A gains"\n') == [
        "15: step 1: expect.events: expected a list of text, got 'A gains'"]
    assert run_text(tmp_path, "expect.monster.A = { alive = 1 }\n") == [
        "15: step 1: expect.monster.A.alive: expected true or false, got 1"]
    assert run_text(tmp_path, "", HEADER.replace('do = "stop"\n', "")) == [
        "13: step 1: 'by' needs 'do' beside it"]
    assert run_text(tmp_path, "", HEADER.replace('name = "A"\n', "")) == [
        "2: monster 1: 'name' is missing"]


# --- a card use the card does not offer is handed to the engine, which must refuse it ------

# A owns Jets and Wings (not in Tokyo, so neither has a use now); Big B owns Camouflage.
CARDS_HEADER = HEADER.replace('energy = 3\n', 'energy = 3\ncards = ["Jets", "Wings"]\n').replace(
    'name = "Big B"\n', 'name = "Big B"\ncards = ["Camouflage"]\n')


def test_an_offered_use_is_not_needed_when_a_refusal_is_expected(tmp_path: Path) -> None:
    # Big B is asked to yield: A's Wings is not Big B's, and Camouflage is no answer there.
    yield_question = CARDS_HEADER + '[[step]]\nby = "Big B"\n'
    assert run_text(tmp_path, 'do = "choose use Wings"\nrefused = "illegal_move"\n'
                    'error = "not one of the choices"\nexpect.asks = ["Big B yield"]\n',
                    yield_question) == []
    assert run_text(tmp_path, 'do = "choose use Camouflage"\nrefused = true\n',
                    yield_question) == []
    # A's own Jets is not a dice tool: at A's roll question the engine refuses its use.
    roll_question = CARDS_HEADER.replace('do = "stop"\n', 'do = "choose use Jets"\n')
    assert run_text(tmp_path, 'error = "roll the dice or stop rolling"\n', roll_question) == []
    # Nor does Jets give a roll (and A has rolls left).
    roll_with = CARDS_HEADER.replace('do = "stop"\n', 'do = "roll with Jets"\n')
    assert run_text(tmp_path, 'error = "roll normally"\n', roll_with) == []


def test_an_unoffered_use_fails_when_no_refusal_is_expected(tmp_path: Path) -> None:
    """The runner names the choices offered; with a refusal expected, the engine's refusal is
    checked, so a wrong expectation of it fails."""
    yield_question = CARDS_HEADER + '[[step]]\nby = "Big B"\ndo = "choose use Wings"\n'
    assert run_text(tmp_path, "", yield_question) == [
        "17 (step 2): no choice 'use wings' in ['Stay', 'Yield']"]
    assert run_text(tmp_path, 'error = "no rolls left"\n', yield_question) == [
        "17 (step 2): refused with 'that is not one of the choices', not 'no rolls left'"]
    assert run_text(tmp_path, 'refused = "stale_decision"\n', yield_question) == [
        "17 (step 2): refused as illegal_move (that is not one of the choices), "
        "not stale_decision"]
    nowhere = (CARDS_HEADER + '[[step]]\nby = "Big B"\ndo = "choose use Energy Drink"\n'
               'refused = true\n')
    assert run_text(tmp_path, "", nowhere) == [
        "17 (step 2): no energy_drink in play to use (a refused use names a card a monster "
        "owns or a face-up card)"]


def test_a_buy_of_any_slot_is_handed_to_the_engine(tmp_path: Path) -> None:
    buy = HEADER + '[[step]]\nby = "Big B"\ndo = "yield"\n[[step]]\nby = "A"\n'
    assert run_text(tmp_path, 'do = "buy slot 4"\nrefused = "illegal_move"\n', buy) == []
    assert run_text(tmp_path, 'do = "buy slot 1"\nexpect.discard = ["Heal"]\n'
                    'expect.happened = [{ event = "card_bought", seat = "A", card = "Heal" }]\n',
                    buy) == []
    assert run_text(tmp_path, 'do = "buy Frenzy"\n', buy) == [
        "18 (step 3): frenzy is not face up (to check a refused buy, name its slot: "
        "buy slot 4)"]


# --- the deck dealt: Origins' cards mixed in, and the count of every card --------------------

DEALT = (
    'title = "a dealt deck"\n'
    '[deal]\nmix = "new"\n'
    '[[monster]]\nname = "A"\n[[monster]]\nname = "B"\n'
    '[setup]\ndice = ["1", "2", "3", "1", "2", "3"]\n'
    "[[step]]\n"
)


def test_deck_counts_check_every_card_of_the_game(tmp_path: Path) -> None:
    assert run_text(tmp_path, 'expect.deck_counts = { Scavenger = 1, "Extra Head" = 2, '
                    'Jets = 1 }\nexpect.deck_size = 77\n', DEALT) == []
    assert run_text(tmp_path, 'expect.deck_counts = { Scavenger = 2, "Extra Head" = 2, '
                    "Jets = 0 }\n", DEALT) == [
        "10 (step 1): deck_counts: scavenger: expected 2, got 1",
        "10 (step 1): deck_counts: jets: expected 0, got 1"]
    # Exact: every card not listed is a failure (the other 77 cards of this deck here).
    exact = run_text(tmp_path, "expect.deck_counts = { Scavenger = 1, Jets = 1 }\n"
                     "expect.deck_counts_exact = true\n", DEALT)
    assert len(exact) == 78 - 2
    assert "10 (step 1): deck_counts: electric_armor: not listed (deck_counts_exact), got 1" \
        in exact
    # Without [deal], the game holds the scenario's own cards: face up, deck, owned.
    assert run_text(tmp_path, 'expect.deck_counts = { Heal = 1, Frenzy = 1, Wings = 0 }\n'
                    "expect.deck_counts_exact = false\n") == []
    assert run_text(tmp_path, "expect.deck_counts_exact = true\n") == [
        "15: step 1: expect: 'deck_counts_exact' needs 'deck_counts' beside it"]


def test_each_mix_deals_as_the_engine_does(tmp_path: Path) -> None:
    def dealt(mix: str, expect: str = "expect.deck_size = 63\n") -> list[str]:
        return run_text(tmp_path, expect, DEALT.replace('mix = "new"\n', mix))

    assert dealt('mix = "none"\n') == []
    assert dealt('mix = "all"\n', "expect.deck_size = 113\n") == []
    assert dealt('mix = "pick"\npicked = ["Scavenger"]\n', "expect.deck_size = 64\n") == []
    assert dealt('mix = "al"\n') == [
        " deal.mix: unknown mix 'al' (use one of ('none', 'new', 'all', 'pick'))"]
    # The scenario's cards come from the deck dealt: no Origins card without a mix.
    assert run_text(tmp_path, "", DEALT.replace('mix = "new"', 'mix = "none"').replace(
            "[setup]\n", '[setup]\nface_up = ["Scavenger"]\n')) == [
        " setup.face_up: no scavenger left in the deck dealt (mix 'none'): with [deal], the "
        "scenario's cards come from it"]
    # The engine's refusal, as setup_error checks it.
    refused = DEALT.removesuffix("[[step]]\n").replace('title = "a dealt deck"\n',
                            'title = "a dealt deck"\nedition = "2011"\nsetup_error = "Tokyo"\n')
    assert run_text(tmp_path, "", refused) == [
        " setup refused with 'the cards new in Origins are played with the 2016 rules', "
        "not 'Tokyo'"]


def test_the_docs_name_every_key_of_the_format() -> None:
    """docs/scenarios.md is all testers have: each key the runner accepts is written there."""
    docs = (SCENARIOS.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    tables = [SCENARIO, MONSTER, SETUP, DEAL, STEP, EXPECT, MONSTER_EXPECT]
    missing = sorted({key for table in tables for key in table.keys
                      if not any(written in docs
                                 for written in (f"`{key}`", f"{key} = ", f"[{key}]"))})
    assert missing == []


def test_steps_after_a_refused_setup_are_an_error(tmp_path: Path) -> None:
    """A refused setup plays nothing: steps beside setup_error would check nothing."""
    refused = HEADER.replace('title = "runner checks"\n',
                             'title = "runner checks"\ngame = "origins"\nedition = "2011"\n'
                             'setup_error = "played with the 2016 rules"\n')
    assert run_text(tmp_path, "", refused) == [
        "15: top level: 'step' cannot go with 'setup_error' (a refused setup plays no steps)"]
