"""Each monster's chance to win from a position, for the Monte-Carlo player's playouts.

A conditional logit: every monster still in the game gets a score, a weighted sum of a few
public features (points, hearts, energy, cards, Tokyo, tokens), and its chance is its share
of the softmax of the scores. The weights were fitted on positions at the start of a turn in
games between heuristic players (both editions, 2 to 4 monsters), one set for a duel and one
for a bigger table; ``FEATURES`` names the features in order.
"""

from __future__ import annotations

from math import exp

from engine.card_table import CARDS
from engine.core import POWERS
from engine.state import WINNING_VP, GameState

FEATURES = (
    "vp", "vp_late", "hearts", "hearts_low", "energy", "cards", "tokyo", "tokyo_variant",
    "tokyo_low", "poison", "shrink", "active",
)

# Fitted weights (see the module docstring), for two monsters left and for three or more.
DUEL = (1.062, 2.085, 1.585, -1.034, 0.655, 0.986, 0.198, -0.128, -1.681, -0.733, -0.723, 0.404)
TABLE = (2.438, 2.527, 1.680, -1.321, 0.562, 0.706, -0.130, 0.000, -1.106, -0.302, 0.039, 0.274)


def features(state: GameState, seat: int) -> tuple[float, ...]:
    """The features of ``seat``'s position, in the order of ``FEATURES``."""
    m = state.monsters[seat]
    in_tokyo = 1.0 if state.in_tokyo(seat) else 0.0
    low = max(0, 6 - m.hearts) / 6
    cards = sum(POWERS[c.key].ai_worth for c in m.cards if CARDS[c.key].kind == "keep")
    active = 1.0 if state.turn is not None and state.turn.seat == seat else 0.0
    return (
        m.vp / WINNING_VP,
        max(0, m.vp - 12) ** 2 / 64,
        m.hearts / 10,
        low * low,
        min(m.energy, 15) / 10,
        cards / 10,
        in_tokyo,
        in_tokyo if state.two_player_variant() else 0.0,
        in_tokyo * low,
        m.poison / 5,
        m.shrink / 5,
        active,
    )


def score(state: GameState, seat: int, weights: tuple[float, ...]) -> float:
    return sum(w * f for w, f in zip(weights, features(state, seat), strict=True))


def win_chances(state: GameState) -> dict[int, float]:
    """Each living monster's chance to win (they add up to 1); the winners' shares once the
    game is over."""
    if state.over:
        return {s: 1 / len(state.winners) for s in state.winners}
    alive = state.alive_seats()
    weights = DUEL if len(alive) <= 2 else TABLE
    scores = {s: score(state, s, weights) for s in alive}
    top = max(scores.values())
    shares = {s: exp(v - top) for s, v in scores.items()}
    total = sum(shares.values())
    return {s: v / total for s, v in shares.items()}


def win_chance(state: GameState, seat: int) -> float:
    """``seat``'s chance to win from this position (0 once it is out)."""
    if not state.monsters[seat].alive:
        return 0.0
    return win_chances(state).get(seat, 0.0)
