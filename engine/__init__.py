"""King of Tokyo rules engine: pure functions of (state, action) -> (state, events).

No I/O, no asyncio, no Discord. See docs/engine.md for the contract.
"""

from engine.actions import (
    Action,
    Buy,
    Choose,
    EndBuying,
    Keep,
    Roll,
    Stay,
    StopRolling,
    Sweep,
    Timeout,
    Yield,
)
from engine.codec import decode_state, encode_state
from engine.core import IllegalAction, NotYourDecision, StaleDecision
from engine.rules import (
    advance,
    apply,
    card_cost,
    create_game,
    legal_actions,
    max_hearts,
    replay,
)
from engine.state import Decision, GameState, Monster, Options

__all__ = [
    "Action",
    "Buy",
    "Choose",
    "Decision",
    "EndBuying",
    "GameState",
    "IllegalAction",
    "Keep",
    "Monster",
    "NotYourDecision",
    "Options",
    "Roll",
    "StaleDecision",
    "Stay",
    "StopRolling",
    "Sweep",
    "Timeout",
    "Yield",
    "advance",
    "apply",
    "card_cost",
    "create_game",
    "decode_state",
    "encode_state",
    "legal_actions",
    "max_hearts",
    "replay",
]
