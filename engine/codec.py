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
from engine.card_table import CARD_RULES
from engine.cards import FIRST_DECK
from engine.core import POWERS
from engine.state import SCHEMA_VERSION, GameState, Options

Json = dict[str, Any]


class CorruptState(ValueError):
    """Stored bytes are not a game state (or action) this version can read."""


def _choice_from_text(text: str) -> Json:
    """Schema 1 wrote a card question's answer as text ("use:12", "tokens:1:0"); schema 2
    as a tagged struct (engine.actions.Choice)."""
    kind, _, rest = text.partition(":")
    numbers = [int(n) for n in rest.split(":")] if rest else []
    if kind in ("pass", "take"):
        return {"kind": kind}
    if kind == "use":
        return {"kind": "use", "uid": numbers[0]}
    if kind == "die":
        return {"kind": "die", "die": numbers[0]}
    if kind in ("copy", "buy"):
        return {"kind": "card", "uid": numbers[0]}
    if kind == "tokens":
        return {"kind": "hearts", "poison": numbers[0], "shrink": numbers[1]}
    raise CorruptState(f"unreadable choice {text!r}")


def _upgrade_action(action: Json) -> Json:
    if action.get("type") == "choose" and isinstance(action.get("choice"), str):
        return {**action, "choice": _choice_from_text(action["choice"])}
    return action


# The questions the rules ask; schema 1 asked every other question (a card's) under a kind
# of the card's own, which schema 2 keeps as the decision's ``question``.
_RULES_KINDS = ("roll", "hearts", "react", "yield", "buy")


def _window_step(step: Json) -> Json:
    """Schema 1 had a step of its own for each of the two card windows: the one offering
    revealed cards carried them ("revealed"), the other offered the final dice."""
    window = "card_revealed" if "revealed" in step else "dice_final"
    return {"step": "window", "window": window, "seat": step["seat"], "uid": step["uid"],
            "cards": step.get("revealed", [])}


def _upgrade_1_to_2(state: Json) -> Json:
    """Typed choices, card questions of kind "card", generic card windows, and the turn a card
    was used kept on the card instead of a per-card field of the monster (each card that had
    such a field moves it: ``Power.upgrade_stored_monster``)."""
    for monster in state.get("monsters", []):
        for power in POWERS.values():
            power.upgrade_stored_monster(1, monster)
    for decision in state.get("pending", []):
        if decision.get("kind") not in _RULES_KINDS:
            decision["question"] = decision["kind"]
            decision["kind"] = "card"
        if "card" in decision:
            decision["power"] = decision.pop("card")
        decision["options"] = [_upgrade_action(o) for o in decision.get("options", [])]
        decision["default"] = _upgrade_action(decision["default"])
    # Only the card windows' steps carried a card's uid.
    state["steps"] = [_window_step(step) if "uid" in step else step
                      for step in state.get("steps", [])]
    return state


def _upgrade_2_to_3(state: Json) -> Json:
    """Schema 2 left two options to "the default" of the version playing them: the cards
    dealt (every card implemented then: the first 33) and the 2-player variant (on for two
    monsters, both editions). Schema 3 states name what they were played with."""
    options = msgspec.convert(state.get("options", {}), Options)
    played = options.resolved_as_before(len(state.get("monsters", [])), FIRST_DECK)
    state["options"] = msgspec.to_builtins(played)
    return state


def _upgrade_3_to_4(state: Json) -> Json:
    """Schema 3 games ended only at the end of a turn, even with one monster left standing;
    schema 4 ends them at once, and says which rule a game plays."""
    options = state.setdefault("options", {})
    options.setdefault("last_standing_at_once", False)
    return state


def _upgrade_4_to_5(state: Json) -> Json:
    """Schema 5 adds the game type and each card's copies; their defaults (King of Tokyo,
    each card as often as in the base deck) are what every older game played."""
    return state


def _upgrade_5_to_6(state: Json) -> Json:
    """Schema 5 games played the 2011 cards that act on their owner's attack on the claws
    rolled (ruling 64), and no card's rule option (``CARD_RULES``: the first came with
    schema 6, ruling 65); schema 6 plays them, and says which rules a game plays."""
    options = state.setdefault("options", {})
    options.setdefault("attack_needs_damage", False)
    for rule in CARD_RULES:
        options.setdefault(rule, False)
    return state


def _upgrade_6_to_7(state: Json) -> Json:
    """Schema 7 adds Power Up! (``Options.power_up``, each monster's Evolutions): off, and
    none, for every older game. (Raised so that an older bot refuses a Power Up! game as
    newer than itself, rather than as unreadable.)"""
    return state


def _upgrade_7_to_8(state: Json) -> Json:
    """Schema 8 adds Power Up!'s moments: what each monster lost and gained in the turn
    (``Turn.tallies``, ``Turn.entered_tokyo``), the steps that ask for Evolutions out of
    the roll and buy questions, and a UFO token on a power card (``Card.ufo_token``). An
    older game has none of them. (Raised so that an older bot refuses a game with them as
    newer than itself, rather than as unreadable.)"""
    return state


# UPGRADES[n] turns a schema-n state (as a JSON object) into a schema-(n + 1) one. To change
# the state's shape: raise SCHEMA_VERSION and add the step from the previous version here,
# with a test that decodes a state stored by the previous version.
UPGRADES: dict[int, Callable[[Json], Json]] = {
    1: _upgrade_1_to_2, 2: _upgrade_2_to_3, 3: _upgrade_3_to_4, 4: _upgrade_4_to_5,
    5: _upgrade_5_to_6,
    6: _upgrade_6_to_7, 7: _upgrade_7_to_8,
}

_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(GameState)
_action_decoder = msgspec.json.Decoder(Action)


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
    try:
        while schema < SCHEMA_VERSION:
            raw = UPGRADES[schema](raw)
            schema += 1
            raw["schema"] = schema
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CorruptState(f"unreadable game state (schema {schema}): {error!r}") from error
    try:
        return msgspec.convert(raw, GameState)
    except msgspec.ValidationError as error:
        raise CorruptState(f"unreadable game state: {error}") from error


def encode_action(action: Action) -> bytes:
    return _encoder.encode(action)


def decode_action(data: bytes | str) -> Action:
    """An action from the log; actions logged by older schemas are upgraded on the way in."""
    try:
        action: Action = _action_decoder.decode(data)
        return action
    except msgspec.ValidationError:
        pass  # perhaps an older shape
    except msgspec.DecodeError as error:
        raise CorruptState(f"unreadable action: {error}") from error
    try:
        raw = msgspec.json.decode(data)
        upgraded: Action = msgspec.convert(_upgrade_action(raw), Action)
    except (msgspec.DecodeError, msgspec.ValidationError, AttributeError, TypeError) as error:
        raise CorruptState(f"unreadable action: {error}") from error
    return upgraded
