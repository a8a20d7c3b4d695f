"""What must hold after every action of any game: the property tests and the simulator
(``python -m tools.simulate --check``) check each state they reach with it."""

from __future__ import annotations

from functools import lru_cache

from engine import GameState, Options, base_deck, deck_size, max_hearts
from engine.evolution import evolution_of, implemented_evolutions
from engine.evolution_table import EVOLUTIONS, deck_of


@lru_cache(maxsize=64)
def dealt(options: Options) -> int:
    """How many cards a game with these options dealt (no cards named: King of Tokyo's base
    deck). Kept for each options: counting the deck again after every action was a fifth of
    the property tests' time."""
    return deck_size(options.deck() or base_deck())


def check_invariants(state: GameState) -> None:
    alive = state.alive_seats()
    for seat, monster in enumerate(state.monsters):
        assert 0 <= monster.hearts <= max_hearts(state, seat), (seat, monster)
        assert monster.energy >= 0 and monster.vp >= 0
        assert monster.poison >= 0 and monster.shrink >= 0
        if not monster.alive:
            assert monster.hearts == 0 and not monster.cards and monster.energy == 0
        else:
            assert monster.hearts > 0, f"{monster.name} is alive at 0 hearts"
    occupants = [s for s in (state.city, state.bay) if s is not None]
    assert len(set(occupants)) == len(occupants), "one monster in two places"
    assert all(state.monsters[s].alive for s in occupants), "a dead monster in Tokyo"
    if not state.bay_open:
        assert state.bay is None, "someone in a closed Tokyo Bay"
    if state.bay_open:
        assert len(alive) >= 5
    uids = ([c.uid for m in state.monsters for c in (*m.cards, *m.evolutions)]
            + [c.uid for c in state.face_up])
    assert len(set(uids)) == len(uids), "a card in two places"
    assert len(state.face_up) <= 3
    if state.over:
        assert not state.pending
        assert all(state.monsters[s].alive for s in state.winners)
    else:
        assert state.pending, "the game waits for nobody"
        ids = [d.id for d in state.pending]
        assert len(set(ids)) == len(ids)
        for decision in state.pending:
            assert state.monsters[decision.seat].alive, "a question for a dead monster"
            assert decision.default in decision.options or decision.kind == "roll"
    total = (len(state.deck) + len(state.face_up) + len(state.discard)
             + sum(len(m.cards) for m in state.monsters))
    assert total <= dealt(state.options), "more cards than the game dealt"
    if not state.options.rules().has_bay:
        assert not state.bay_open, "Tokyo Bay in a game without it"
    assert len(state.monsters) <= state.options.rules().max_monsters
    _check_evolutions(state)


def _check_evolutions(state: GameState) -> None:
    """Power Up!: each monster's Evolutions are its own deck's, each in one place (its
    pile, hand, discard pile or face up, or lent to another monster); a monster out of the
    game holds none; face up are permanent ones, and temporary ones while their effect
    lasts. Without Power Up!, no monster has any."""
    # A lent one (Freeze Ray) is face up in front of its holder but counts as its owner's.
    lent: dict[int, list[str]] = {}
    for holder, monster in enumerate(state.monsters):
        for card in monster.evolutions:
            lender = evolution_of(card.key).lender(card)
            if lender is not None:
                assert lender != holder, (monster.name, card)
                lent.setdefault(lender, []).append(card.key)
    for seat, monster in enumerate(state.monsters):
        held = [*monster.evolution_pile, *monster.evolution_hand, *monster.evolution_discard,
                *(c.key for c in monster.evolutions
                  if evolution_of(c.key).lender(c) is None), *lent.get(seat, [])]
        if not state.options.power_up:
            assert not held, f"{monster.name} has Evolutions without Power Up!"
            continue
        assert sorted(held) == sorted(_own_deck(monster.name)), (monster.name, held)
        if not monster.alive:
            assert not monster.evolution_hand and not monster.evolutions
        assert all(EVOLUTIONS[c.key].kind == "permanent" or evolution_of(c.key).lasts != "now"
                   for c in monster.evolutions), monster.evolutions


@lru_cache(maxsize=16)
def _own_deck(name: str) -> tuple[str, ...]:
    """The Evolutions a monster's pile was dealt (those implemented of its deck)."""
    implemented = set(implemented_evolutions())
    return tuple(key for key in deck_of(name) if key in implemented)
