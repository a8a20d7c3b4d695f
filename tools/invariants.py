"""What must hold after every action of any game: the property tests and the simulator
(``python -m tools.simulate --check``) check each state they reach with it."""

from __future__ import annotations

from functools import lru_cache

from engine import GameState, Options, base_deck, deck_size, max_hearts


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
    uids = [c.uid for m in state.monsters for c in m.cards] + [c.uid for c in state.face_up]
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
