"""JSON encoding of states and actions.

A stored state carries its schema version. States written by an older version of the engine
are upgraded on the way in by the functions in ``UPGRADES`` (one per version step, working on
the plain JSON object), so a deploy that changes the state's shape does not break the games in
progress. A state from a newer engine, or bytes that are not a state, raise ``CorruptState``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine.actions import Action
from engine.state import SCHEMA_VERSION, GameState

# UPGRADES[n] turns a schema-n state (as a JSON object) into a schema-(n + 1) one. To change
# the state's shape: raise SCHEMA_VERSION and add the step from the previous version here,
# with a test that decodes a state stored by the previous version.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(GameState)
_action_decoder = msgspec.json.Decoder(Action)


class CorruptState(ValueError):
    """Stored bytes are not a game state (or action) this version can read."""


def encode_state(state: GameState) -> bytes:
    return _encoder.encode(state)


def decode_state(data: bytes | str) -> GameState:
    try:
        state = _state_decoder.decode(data)
    except msgspec.ValidationError:
        state = None  # perhaps an older shape: read it as plain JSON and upgrade it
    except msgspec.DecodeError as error:
        raise CorruptState(f"unreadable game state: {error}") from error
    if state is not None and state.schema == SCHEMA_VERSION:
        return state
    return _upgrade(data)


def _upgrade(data: bytes | str) -> GameState:
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise CorruptState(f"unreadable game state: {error}") from error
    schema = raw.get("schema") if isinstance(raw, dict) else None
    if not isinstance(schema, int):
        raise CorruptState("unreadable game state: no schema version")
    if schema > SCHEMA_VERSION or any(v not in UPGRADES for v in range(schema, SCHEMA_VERSION)):
        oldest = min(UPGRADES, default=SCHEMA_VERSION)
        raise CorruptState(
            f"game state schema {schema} is not supported (this version reads schemas "
            f"{oldest} to {SCHEMA_VERSION})"
        )
    while schema < SCHEMA_VERSION:
        raw = UPGRADES[schema](raw)
        schema += 1
        raw["schema"] = schema
    try:
        return msgspec.convert(raw, GameState)
    except msgspec.ValidationError as error:
        raise CorruptState(f"unreadable game state: {error}") from error


def encode_action(action: Action) -> bytes:
    return _encoder.encode(action)


def decode_action(data: bytes | str) -> Action:
    try:
        action: Action = _action_decoder.decode(data)
    except msgspec.DecodeError as error:
        raise CorruptState(f"unreadable action: {error}") from error
    return action
