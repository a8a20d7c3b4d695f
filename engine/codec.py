"""JSON encoding of states and actions, with the schema version checked on the way in."""

from __future__ import annotations

import msgspec

from engine.actions import Action
from engine.state import SCHEMA_VERSION, GameState

_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(GameState)
_action_decoder = msgspec.json.Decoder(Action)


class CorruptState(ValueError):
    """Stored bytes are not a game state this version can read."""


def encode_state(state: GameState) -> bytes:
    return _encoder.encode(state)


def decode_state(data: bytes | str) -> GameState:
    try:
        state = _state_decoder.decode(data)
    except msgspec.DecodeError as error:
        raise CorruptState(f"unreadable game state: {error}") from error
    if state.schema != SCHEMA_VERSION:
        raise CorruptState(
            f"game state schema {state.schema} is not supported (this version reads "
            f"{SCHEMA_VERSION})"
        )
    return state


def encode_action(action: Action) -> bytes:
    return _encoder.encode(action)


def decode_action(data: bytes | str) -> Action:
    try:
        action: Action = _action_decoder.decode(data)
        return action
    except msgspec.DecodeError as error:
        raise CorruptState(f"unreadable action: {error}") from error
