"""Power Up! (engine.evolution, engine.evolutions): random games of every monster with a deck,
2 to 6 of them, both editions, keep the invariants and replay exactly; what a monster looks
at and keeps is never told to the table; the setups the expansion does not play are refused."""

from __future__ import annotations

import random

import pytest

from bot.i18n import ENGLISH, say, text
from engine import Options, apply, create_game, decode_state, encode_state, legal_actions, replay
from engine.actions import Action, Timeout
from engine.core import IllegalAction
from engine.describe import narrate, option_label, prompt
from engine.evolution import implemented_evolutions
from engine.evolution_table import EVOLUTIONS
from engine.state import MONSTER_NAMES, POWER_UP_MONSTER_NAMES, GameState
from tools.invariants import check_invariants

# Each Evolution's English name, as the table would read it.
NAMES = {key: text(ENGLISH, f"evo-{key}") for key in EVOLUTIONS}


def play(seed: int) -> tuple[GameState, list[tuple[int, Action]], list[str]]:
    """A random Power Up! game (``legal_actions``, timeouts included); its log, and every
    sentence the table was told (the narration, the prompts and the public labels)."""
    rnd = random.Random(seed)
    names = rnd.sample(POWER_UP_MONSTER_NAMES, rnd.randint(2, 6))
    edition = rnd.choice(["2016", "2011"])
    state, events = create_game(Options(edition=edition, power_up=True), seed, names)
    told = [say(ENGLISH, p) for e in events if (p := narrate(state, e)) is not None]
    log: list[tuple[int, Action]] = []
    while not state.over:
        decision = rnd.choice(state.pending)
        told.append(say(ENGLISH, prompt(state, state.pending.index(decision))))
        told.extend(say(ENGLISH, option_label(state, o)) for o in decision.options)
        if rnd.random() < 0.05:
            action: Action = Timeout(decision=decision.id)
        else:
            action = rnd.choice(legal_actions(state, decision.seat))
        state, events = apply(state, decision.seat, action)
        told.extend(say(ENGLISH, p) for e in events if (p := narrate(state, e)) is not None)
        log.append((decision.seat, action))
        check_invariants(state)
        assert len(log) < 20_000, "the game does not end"
    return state, log, told


@pytest.mark.parametrize("first", range(0, 60, 20))
def test_random_power_up_games_keep_the_invariants_and_replay(first: int) -> None:
    for seed in range(first, first + 20):
        state, log, _told = play(seed)
        assert state.over
        assert decode_state(encode_state(state)) == state
        names = [m.name for m in state.monsters]
        assert replay(state.options, seed, names, log) == state


def test_the_table_is_told_an_evolution_only_once_it_is_played() -> None:
    """Every Evolution named to the table (story, prompts, public labels) was played, in
    that game, before or in the same action: what is looked at, kept or held never shows."""
    for seed in range(100, 130):
        _state, _log, told = play(seed)
        played: set[str] = set()
        for sentence in told:
            for key, name in NAMES.items():
                if name in sentence and f"plays the Evolution {name}" in sentence:
                    played.add(key)
            leaked = [key for key, name in NAMES.items()
                      if name in sentence and key not in played]
            assert not leaked, (seed, sentence)


def test_power_up_is_played_by_monsters_with_a_deck() -> None:
    with pytest.raises(IllegalAction) as refused:
        create_game(Options(game="origins", power_up=True), 1, 2)
    assert refused.value.phrase.id == "refusal-power-up-monsters"
    state, _ = create_game(Options(power_up=True), 1, ["Pandakaï", "Cyber Bunny", "Kraken"])
    assert [len(m.evolution_hand) for m in state.monsters] == [0, 0, 0]
    assert [d.question for d in state.pending] == ["first_evolution"] * 3


def test_without_power_up_nobody_has_evolutions() -> None:
    state, _ = create_game(Options(), 1, list(MONSTER_NAMES))
    assert all(not (m.evolution_pile or m.evolution_hand) for m in state.monsters)
    assert implemented_evolutions()


def _with_hand(state: GameState, seat: int, hand: tuple[str, ...]) -> GameState:
    """The state with ``seat``'s hand changed for ``hand``, its pile taking what the hand
    gives back (the same sizes: the public state is the same)."""
    from msgspec.structs import replace

    monster = state.monsters[seat]
    pool = [*monster.evolution_hand, *monster.evolution_pile]
    for key in hand:
        pool.remove(key)
    monsters = list(state.monsters)
    monsters[seat] = replace(monster, evolution_hand=hand, evolution_pile=tuple(pool))
    return replace(state, monsters=tuple(monsters))


def test_the_monte_carlo_player_never_peeks_at_a_hidden_hand() -> None:
    """Two games the deciding monster cannot tell apart (an opponent holds other Evolutions,
    drawn from the same cards) get the same search, move for move."""
    from engine.ai.mc import MonteCarloPlayer

    state, _ = create_game(Options(power_up=True), 11, ["Gigazaur", "Pandakaï", "Kraken"])
    while state.pending and state.pending[0].question == "first_evolution":
        decision = state.pending[0]
        state, _ = apply(state, decision.seat, decision.default)
    me = state.pending[0].seat
    other = next(seat for seat in range(3) if seat != me)
    monster = state.monsters[other]
    cards = sorted([*monster.evolution_hand, *monster.evolution_pile])
    worlds = [_with_hand(state, other, (cards[0],)), _with_hand(state, other, (cards[-1],))]
    assert worlds[0] != worlds[1]
    searches = []
    for world in worlds:
        player = MonteCarloPlayer(5, seconds=None, playouts=48)
        decision = world.pending[0]
        searches.append([(s.action, s.count, round(s.mean, 9))
                         for s in player._searched(world, decision)])
    assert searches[0] == searches[1]
    assert len(searches[0]) > 1  # (a real search, not a lone candidate)
