"""Advice in plain words (engine.ai.advice): a move as the board shows it, dice as their
faces' symbols; why it is good, from the position's facts; the hint with the next best move
and its chance, never "playouts". Every move the Hard AI compares, in seeded random games,
is said in English and Spanish."""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from bot import i18n
from bot.i18n import say
from bot.table.autoplay import hint_text
from engine import (
    Buy,
    EndBuying,
    GameState,
    Options,
    RandomPlayer,
    Roll,
    Stay,
    StopRolling,
    Yield,
    apply,
    create_game,
)
from engine.ai import HeuristicPlayer, MonteCarloPlayer, move_label, move_reason
from engine.ai.candidates import candidates
from engine.state import Face

LANGUAGES = ("en", "es")
# A die face spelled as a word, in either language (the hints spell dice as symbols; a card's
# name, capitalised, may hold one: "Energy Drink").
FACE_WORDS = re.compile(r"\b(smash|energy|heart|ataque|energía|corazón)\b")


def said(language: str, state: GameState, action: object) -> str:
    return say(language, move_label(state, action))  # type: ignore[arg-type]


def without_card_names(language: str, state: GameState, told: str) -> str:
    """``told`` without the names of the cards on offer (a reason may name one)."""
    for card in state.face_up:
        told = told.replace(i18n.text(language, f"card-{card.key}"), "")
    return told


def a_roll(dice: tuple[Face, ...], seed: int = 7, monsters: int = 4) -> GameState:
    """The first roll question of a game, its dice showing ``dice``."""
    state, _ = create_game(Options(edition="2016"), seed, monsters)
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, dice=dice, kept=()))


def with_monster(state: GameState, seat: int, **changes: int) -> GameState:
    monsters = list(state.monsters)
    monsters[seat] = replace(monsters[seat], **changes)
    return replace(state, monsters=tuple(monsters))


def keep(state: GameState, *dice: int) -> Roll:
    return Roll(decision=state.pending[0].id, keep=dice)


@pytest.mark.parametrize("seed", range(3))
def test_every_move_compared_is_said_in_plain_words_in_every_language(seed: int) -> None:
    state, _ = create_game(Options(edition="2016"), seed, 4)
    state = replace(state, monsters=tuple(replace(m, energy=8 * seed) for m in state.monsters))
    player, heuristic = RandomPlayer(seed), HeuristicPlayer(seed)
    seen: set[str] = set()
    while not state.over:
        decision = state.pending[0]
        for move in candidates(state, decision, heuristic):
            reason = move_reason(state, decision, move)
            for language in LANGUAGES:
                label = said(language, state, move)
                why = say(language, reason) if reason is not None else ""
                assert label and "{" not in label + why, (language, move)
                if isinstance(move, Roll | StopRolling):
                    assert not FACE_WORDS.search(without_card_names(language, state, why)
                                                 + label), (language, label, why)
            if reason is not None:
                seen.add(reason.id)
        seat, action = player.choose(state)
        state, _ = apply(state, seat, action)
    assert {"advice-why-keep", "advice-why-stop", "advice-why-buy"} <= seen


def test_a_keep_is_its_dice_and_what_they_do_for_this_monster() -> None:
    state = a_roll(("heart", "3", "heart", "1", "3", "energy"))
    me = state.pending[0].seat
    state = with_monster(state, me, hearts=6, energy=1)
    move = keep(state, 0, 1, 2, 4)

    assert said("en", state, move) == "Keep 3 3 ❤️ ❤️ and reroll 2 dice"
    assert said("es", state, move) == "Guardar 3 3 ❤️ ❤️ y volver a tirar 2 dados"
    why = move_reason(state, state.pending[0], move)
    assert why is not None
    assert say("en", why) == "3 3 need one more to score 3★ and ❤️ ❤️ heal you (you have 6 of 10❤️)."
    # At full health the same hearts heal nothing: not given as a reason.
    full = with_monster(state, me, hearts=10)
    assert say("en", move_reason(full, full.pending[0], move) or why) == (
        "3 3 need one more to score 3★.")


def test_a_move_that_rerolls_dice_the_player_kept_says_it_releases_them() -> None:
    state = a_roll(("1", "1", "energy", "smash", "2", "3"))
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, kept=(0, 1)))

    assert said("en", state, keep(state, 2, 5)) == "Release 1 1, then keep 3 ⚡ and reroll 4 dice"
    assert said("es", state, keep(state)) == "Soltar 1 1 y volver a tirar los 6 dados"
    assert said("en", state, keep(state, 0, 1, 2)) == "Keep 1 1 ⚡ and reroll 3 dice"


def test_smashes_say_whom_they_hit_and_whom_they_can_knock_out() -> None:
    state = a_roll(("smash", "smash", "1", "2", "heart", "energy"))
    me = state.pending[0].seat
    other = (me + 1) % 4
    move = keep(state, 0, 1)
    inside = with_monster(replace(state, city=other), other, hearts=5)
    assert say("en", move_reason(inside, inside.pending[0], move) or move_label(state, move)) == (
        f"💥 💥 hit {state.monsters[other].name} in Tokyo, who may yield and let you in.")
    weak = with_monster(inside, other, hearts=2)
    assert say("es", move_reason(weak, weak.pending[0], move) or move_label(state, move)) == (
        f"💥 💥 pueden eliminar a {state.monsters[other].name} en Tokyo.")
    mine = replace(state, city=me)
    assert say("en", move_reason(mine, mine.pending[0], move) or move_label(state, move)) == (
        "💥 💥 hit the 3 monsters outside Tokyo.")


def test_stay_or_yield_says_what_tokyo_gives_and_costs_with_these_hearts() -> None:
    state, _ = create_game(Options(edition="2016", two_player_variant=False), 3, 2)
    attacker = state.pending[0].seat
    me = 1 - attacker
    state = with_monster(replace(state, city=me), me, hearts=5)
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, dice=("smash", "smash", "1", "2", "3",
                                                          "energy")))
    state, _ = apply(state, attacker, StopRolling(decision=state.pending[0].id))
    question = state.pending[0]
    assert question.kind == "yield" and question.seat == me
    name = state.monsters[attacker].name
    stay, leave = Stay(decision=question.id), Yield(decision=question.id)

    assert say("en", move_reason(state, question, leave) or "") == (
        "With 3❤️ left, staying risks a knockout; outside Tokyo ❤️ heal you again.")
    assert say("en", move_reason(state, question, stay) or "") == (
        f"Only 3❤️ left, but yielding lets {name} into Tokyo, where each turn gives 2★.")
    leader = with_monster(state, attacker, vp=19)
    assert say("en", move_reason(leader, question, stay) or "") == (
        f"Only 3❤️ left, but yielding lets {name} into Tokyo, and entering gives it the "
        "point it needs to win (it has 19★).")
    healthy = with_monster(state, me, hearts=9)
    assert say("es", move_reason(healthy, question, stay) or "") == (
        "Tienes 9 ❤️, suficientes para aguantar los próximos ataques, y cada turno que "
        "empiezas en Tokyo te da 2★.")


def test_buying_says_what_the_card_does_and_what_it_costs() -> None:
    state, _ = create_game(Options(edition="2016"), 5, 3)
    seat = state.pending[0].seat
    state = with_monster(state, seat, energy=4)
    card = state.face_up[0]
    reason = move_reason(state, state.pending[0], Buy(decision=0, slot=0))
    assert reason is not None
    text = say("en", reason)
    assert text.endswith(f"of your 4⚡: {i18n.text('en', f'cardtext-{card.key}')}")
    assert text.startswith(("It stays with you", "It works once")), card
    broke = with_monster(state, seat, energy=0)
    assert say("en", move_reason(broke, broke.pending[0], EndBuying(decision=0)) or "") == (
        "No card on offer is within your 0⚡: keep it for next turn.")


def test_the_hint_gives_the_move_why_and_the_next_best_with_its_chance() -> None:
    state = a_roll(("3", "3", "3", "smash", "heart", "energy"), monsters=2)
    hint = MonteCarloPlayer(1, playouts=40).hint(state, state.pending[0])

    for language in LANGUAGES:
        told = hint_text(hint.reason, language)
        lines = told.split("\n")
        assert len(lines) == 3, told
        assert lines[0].startswith("**" + said(language, state, hint.action) + "**"), told
        assert re.search(r"\(\d+ ?% ", lines[0]), told
        assert lines[2].startswith(("Next best: ", "About as good: ", "Siguiente mejor jugada: ",
                                    "Igual de buena: ")), told
        assert re.search(r"\d+ ?% ", lines[2]), told
        assert "playouts" not in told and "simuladas" not in told
        assert not FACE_WORDS.search(told), told
    # The next best is said inside the sentence: lower case.
    assert hint_text(hint.reason, "en").split("\n")[2].split(": ", 1)[1][0].islower()
