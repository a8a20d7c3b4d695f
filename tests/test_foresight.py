"""engine.knocks_out_self / needs_confirmation: an answer that certainly knocks out the monster
giving it, decided without the coming dice or the deck's order."""

from __future__ import annotations

import tomllib

import msgspec

from engine import (
    Action,
    Buy,
    Choose,
    EndBuying,
    GameState,
    Options,
    RandomPlayer,
    Sweep,
    TopCard,
    UseCard,
    apply,
    create_game,
    knocks_out_self,
    needs_confirmation,
    secret,
)
from engine.rules import advance
from tools.scenario import _Builder, _parse_action

ALIENOID = 0


def _buy_step(hearts: int, *, energy: int = 9, cards: str = "", poison: int = 0,
              face_up: str = '"Jet Fighters", "High Altitude Bombing", "Heal"',
              deck: str = '"Energize"') -> GameState:
    """Alienoid's buy step (two monsters, Gigazaur in Tokyo), after a roll that changes
    nothing."""
    data = tomllib.loads(f'''
[[monster]]
name = "Alienoid"
hearts = {hearts}
energy = {energy}
poison = {poison}
cards = [{cards}]
[[monster]]
name = "Gigazaur"
[setup]
city = "Gigazaur"
face_up = [{face_up}]
deck = [{deck}]
dice = ["1", "2", "3", "1", "2", "3"]
''')
    state, _ = advance(_Builder(data).build())
    state, _ = apply(state, ALIENOID, _parse_action(state, ALIENOID, "stop", "test"))
    assert state.pending[0].kind == "buy"
    return state


def _option(state: GameState, label: str) -> Action:
    """The pending question's option for ``buy <card>``, ``end``, ``sweep``..."""
    return _parse_action(state, state.pending[0].seat, label, "test")


def test_buying_jet_fighters_with_4_hearts_knocks_out_the_buyer_with_5_it_does_not() -> None:
    at_four = _buy_step(4)
    jets = _option(at_four, "buy Jet Fighters")
    assert knocks_out_self(at_four, ALIENOID, jets)
    assert needs_confirmation(at_four, ALIENOID, jets)
    at_five = _buy_step(5)
    assert not knocks_out_self(at_five, ALIENOID, _option(at_five, "buy Jet Fighters"))
    # Nothing was applied: the question is still there.
    assert at_four.pending[0].kind == "buy"


def test_high_altitude_bombing_at_3_hearts_knocks_out_the_buyer_too() -> None:
    state = _buy_step(3)
    bombing = _option(state, "buy High Altitude Bombing")
    assert knocks_out_self(state, ALIENOID, bombing)
    assert not knocks_out_self(state, ALIENOID, _option(state, "buy Heal"))
    assert not knocks_out_self(state, ALIENOID, _option(state, "end"))


def test_a_way_out_is_no_certain_knock_out() -> None:
    # Camouflage may roll hearts; Wings and Rapid Healing are asked first; It Has a Child!
    # brings the monster back.
    for card in ("Camouflage", "Wings", "Rapid Healing", "It Has a Child!"):
        state = _buy_step(4, energy=12, cards=f'"{card}"')
        assert not knocks_out_self(state, ALIENOID, _option(state, "buy Jet Fighters")), card
    # Armor Plating only cancels a loss of exactly 1: Jet Fighters' 4 still knock it out.
    armored = _buy_step(4, cards='"Armor Plating"')
    assert knocks_out_self(armored, ALIENOID, _option(armored, "buy Jet Fighters"))


def test_the_answer_does_not_depend_on_the_seed_or_the_deck() -> None:
    state = _buy_step(4, cards='"Camouflage"')
    jets = _option(state, "buy Jet Fighters")
    # A real game whose next Camouflage dice would all miss: still no certain knock-out.
    unlucky = msgspec.structs.replace(state, forced_dice=("smash",) * 8)
    assert not knocks_out_self(unlucky, ALIENOID, jets)
    certain = _buy_step(4)
    jets = _option(certain, "buy Jet Fighters")
    answers = {
        knocks_out_self(msgspec.structs.replace(certain, seed=seed, deck=deck), ALIENOID, jets)
        for seed in range(5) for deck in (("energize",), ("heal", "tank"), ("tank", "heal"))
    }
    assert answers == {True}


def test_end_turn_with_poison_asks_only_when_another_answer_saves_the_monster() -> None:
    # 1 heart, 1 poison token: ending the turn knocks it out; buying Heal first does not.
    with_heal = _buy_step(1, poison=1, energy=3, face_up='"Heal", "Jet Fighters", "Tank"')
    end = _option(with_heal, "end")
    assert isinstance(end, EndBuying)
    assert knocks_out_self(with_heal, ALIENOID, end)
    assert needs_confirmation(with_heal, ALIENOID, end)
    assert not knocks_out_self(with_heal, ALIENOID, _option(with_heal, "buy Heal"))
    # With only a sweep to do besides, every answer leads to the poison: no confirmation.
    no_way_out = _buy_step(1, poison=1, energy=2, face_up='"Energize", "Jet Fighters", "Tank"')
    [sweep, end] = no_way_out.pending[0].options
    assert isinstance(sweep, Sweep) and isinstance(end, EndBuying)
    assert knocks_out_self(no_way_out, ALIENOID, end)
    assert not needs_confirmation(no_way_out, ALIENOID, end)


def test_only_the_seat_asked_and_only_a_legal_answer() -> None:
    state = _buy_step(4)
    jets = _option(state, "buy Jet Fighters")
    assert not needs_confirmation(state, 1, jets)
    assert not knocks_out_self(state, 1, jets)  # refused: not Gigazaur's question
    assert not knocks_out_self(state, ALIENOID, Buy(decision=9999, slot=0))


def test_made_in_a_lab_the_card_looked_at_counts_the_rest_of_the_deck_does_not() -> None:
    state = _buy_step(4, cards='"Made in a Lab"', deck='"Jet Fighters", "Heal"')
    lab = next(o for o in state.pending[0].options
               if isinstance(o, Choose) and isinstance(o.choice, UseCard))
    # Looking at the top card knocks out nobody (what is under it is not used).
    assert not knocks_out_self(state, ALIENOID, lab)
    looking, _ = apply(state, ALIENOID, lab)
    [question] = looking.pending
    buy_top = next(o for o in question.options
                   if isinstance(o, Choose) and isinstance(o.choice, TopCard))
    # The player sees Jet Fighters: buying it knocks the monster out, and it may leave it.
    assert knocks_out_self(looking, ALIENOID, buy_top)
    assert needs_confirmation(looking, ALIENOID, buy_top)


def test_over_whole_games_the_answer_never_depends_on_hidden_things() -> None:
    """At every question of random games, each answer's verdict is the same with another
    seed, another generator counter and the deck in another order (the card a player is
    looking at aside): nothing hidden leaks into it. And it finds knock-outs."""
    found = 0
    for seed in range(1, 7):
        state, _ = create_game(Options(), seed, 4)
        player = RandomPlayer(seed)
        while not state.over:
            decision = state.pending[0]
            looking = secret(state, decision) is not None
            kept = state.deck[:1] if looking else ()
            other = msgspec.structs.replace(
                state, seed=seed + 1000, rng=state.rng + 7,
                deck=(*kept, *reversed(state.deck[len(kept):])))
            for option in decision.options:
                verdict = knocks_out_self(state, decision.seat, option)
                assert verdict == knocks_out_self(other, decision.seat, option), (seed, option)
                found += verdict
            seat, action = player.choose(state)
            state, _ = apply(state, seat, action)
    assert found > 0
