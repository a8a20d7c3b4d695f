"""The engine's words are all in the catalogs, in English and Spanish: seeded random games
(both editions, Origins, Origins cards mixed into a base game; 2 to 6 monsters) say, in
strict mode, every narrated event, every pending question's prompt and option labels (public
and private), every owned card's status and every secret; and every refusal provoked on the
way. The engine's text hooks are typed to return phrases, never a plain str."""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

import engine
from bot import i18n
from engine import (
    Choose,
    GameState,
    IllegalAction,
    Keep,
    Options,
    Phrase,
    RandomPlayer,
    Roll,
    apply,
    card_status,
    create_game,
    game_deck,
    narrate,
    option_label,
    playable,
    private_option_label,
    prompt,
    secret,
    waiting_text,
)
from engine.actions import PickMonster
from engine.core import POWERS, Power

LANGUAGES = ("en", "es")

_MIXED = playable(game_deck("kot", "all"))
GAMES: list[tuple[str, Options, int]] = [
    ("2016", Options(edition="2016"), 4),
    ("2016-duel", Options(edition="2016"), 2),
    ("2011", Options(edition="2011"), 5),
    ("2011-six", Options(edition="2011"), 6),
    ("origins", Options(game="origins"), 3),
    ("origins-duel", Options(game="origins"), 2),
    ("mixed", Options(cards=tuple(k for k, _ in _MIXED), copies=tuple(n for _, n in _MIXED)),
     4),
    ("mixed-six", Options(cards=tuple(k for k, _ in _MIXED),
                          copies=tuple(n for _, n in _MIXED)), 6),
]
SEEDS = range(4)
# Odd seeds start every monster rich, so that it buys (and uses) many cards.
RICH = 40


# Discord's limits: a button's label, a menu option's label.
BUTTON_LABEL, MENU_LABEL = 80, 100
# What a button label may carry before the option's: "The King: " when several monsters
# are asked at once (the longest monster name).
WHO = len("Space Penguin: ")


def _said(phrase: Phrase | str | None, most: int | None = None) -> None:
    """Said in every language, strictly: a missing message or argument raises; within
    ``most`` characters when given (a label that Discord would cut)."""
    if phrase is None:
        return
    assert isinstance(phrase, Phrase), phrase
    for language in LANGUAGES:
        told = i18n.say(language, phrase)
        assert told and "{" not in told, (language, phrase, told)
        assert most is None or len(told) <= most, (language, told)


def _refusals(state: GameState) -> Iterator[IllegalAction]:
    """The refusals a few wrong answers to the pending questions provoke."""
    decision = state.pending[0]
    wrong: list[tuple[int, engine.Action]] = [
        ((decision.seat + 1) % len(state.monsters), decision.options[0]),
        (decision.seat, Keep(decision=decision.id + 10_000, dice=(0,))),
        (decision.seat, Keep(decision=decision.id, dice=(99,))),
        (decision.seat, Choose(decision=decision.id, choice=PickMonster(seat=99))),
        (decision.seat, Roll(decision=decision.id, keep=tuple(range(8)))),
    ]
    for seat, action in wrong:
        try:
            apply(state, seat, action)
        except IllegalAction as refusal:
            yield refusal


@pytest.mark.parametrize(("name", "options", "monsters"), GAMES, ids=[g[0] for g in GAMES])
def test_random_games_are_said_in_every_language(name: str, options: Options,
                                                 monsters: int) -> None:
    seen: set[str] = set()
    for seed in SEEDS:
        state, happened = create_game(options, seed, monsters)
        if seed % 2:
            state = msgspec.structs.replace(state, monsters=tuple(
                msgspec.structs.replace(m, energy=RICH) for m in state.monsters))
        player = RandomPlayer(seed)
        for _ in range(3000):
            for event in happened:
                said = narrate(state, event)
                _said(said)
                if said is not None:
                    seen.add(said.id)
            _said(waiting_text(state))
            if state.over:
                break
            for index, decision in enumerate(state.pending):
                _said(prompt(state, index))
                _said(secret(state, decision))
                # (Labels that fit a button fit a menu option too: MENU_LABEL > BUTTON_LABEL.)
                for option in decision.options:
                    _said(option_label(state, option), BUTTON_LABEL - WHO)
                    _said(private_option_label(state, option), BUTTON_LABEL - WHO)
            for monster in state.monsters:
                for card in monster.cards:
                    _said(card_status(state, card))
            for refusal in _refusals(state):
                _said(refusal.phrase)
                seen.add(refusal.phrase.id)
            seat, action = player.choose(state)
            state, happened = apply(state, seat, action)
        assert state.over, f"{name} seed {seed} did not end"
    # The games did say things: a turn, a roll, a refusal of each kind provoked.
    assert {"narrate-turn", "narrate-rolled", "refusal-not-yours", "refusal-moment-passed",
            "refusal-die-numbers"} <= seen


def test_the_refusals_of_a_setup_and_of_a_finished_game_are_said() -> None:
    setups = [
        (Options(), 7),
        (Options(), ("A", "A")),
        (Options(cards=("heal", "tank"), copies=(2,)), 3),
        (Options(cards=("heal", "heal")), 3),
        (Options(cards=("heal",), copies=(0,)), 3),
        (Options(cards=("not_a_card",)), 3),
        (Options(edition="2011", cards=("heal", "supertower"), copies=(1, 1)), 3),
        (Options(game="origins", edition="2011"), 3),
    ]
    said = set()
    for options, monsters in setups:
        with pytest.raises(IllegalAction) as refused:
            create_game(options, 1, monsters)
        _said(refused.value.phrase)
        said.add(refused.value.phrase.id)
    assert len(said) == len(setups)
    over = engine.play_random_game(Options(), 3, 2).state
    with pytest.raises(IllegalAction) as refused:
        apply(over, 0, Keep(decision=0, dice=()))
    assert refused.value.phrase.id == "refusal-game-over"
    _said(refused.value.phrase)


_ENGINE = Path(engine.__file__).parent
# phrase("id", ...) and Ref("kind", ...) with a literal id or kind, in the engine's source.
_PHRASE_IDS = re.compile(r'phrase\(\s*"([a-z0-9_-]+)"')
_REF_KINDS = re.compile(r'Ref\(\s*"([a-z0-9_-]+)"')


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_the_engine_names_is_in_the_catalog(language: str) -> None:
    ids = i18n.message_ids(language)
    source = "\n".join(p.read_text(encoding="utf-8") for p in _ENGINE.rglob("*.py"))
    named = set(_PHRASE_IDS.findall(source))
    assert named and sorted(named - ids) == []
    for kind in set(_REF_KINDS.findall(source)):
        assert any(message.startswith(f"{kind}-") for message in ids), kind


# The hooks of Power that return words for players.
_TEXT_HOOKS = ("prompt", "choice_label", "status", "tokens_label", "use_label",
               "extra_roll_label", "offer_label", "secret", "private_choice_label")


@pytest.mark.parametrize("key", sorted(POWERS))
def test_a_cards_text_hooks_return_phrases(key: str) -> None:
    power = type(POWERS[key])
    for hook in _TEXT_HOOKS:
        method = getattr(power, hook)
        returned = typing.get_type_hints(method, vars(inspect.getmodule(method)))["return"]
        kinds = set(typing.get_args(returned)) or {returned}
        assert kinds <= {Phrase, type(None)}, f"{power.__name__}.{hook} -> {returned}"


def test_the_base_hooks_are_covered() -> None:
    assert all(hasattr(Power, hook) for hook in _TEXT_HOOKS)
