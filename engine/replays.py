"""A finished game as a file: its setup and every action, replayed and checked step by step.

``check`` plays each action of such a file (the bot's ``/kot replay`` attaches one) again from
the setup, and checks that each was legal and that the game ends in the state recorded in the
file (when the file has one); ``report`` words the result as a table of the turns and a JSON
summary line. ``python -m tools.replay FILE`` is the command (the engine does no I/O).

(The module is not called ``engine.replay``: that name is the engine's ``replay`` function,
which a submodule of the same name would shadow.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine import events as ev
from engine.actions import Action
from engine.codec import CorruptState, decode_state, encode_state
from engine.core import IllegalAction
from engine.describe import narrate
from engine.phrases import Phrase, phrase
from engine.rules import apply, create_game
from engine.state import GameState, Options

FORMAT = "kot-replay"
VERSION = 1


class Move(msgspec.Struct, frozen=True):
    seat: int
    action: Action


class ReplayFile(msgspec.Struct, frozen=True, kw_only=True):
    """What a replay file holds. ``options`` are the game's stored setup's; an option a file
    leaves to the default (one written before the option existed) is read as its game played
    it, from the final state. ``final_state`` is the state the game was stored with
    (``encode_state``'s JSON object, upgraded like any stored state when read), to compare
    with the end of the replay; None: not checked."""

    format: str = FORMAT
    version: int = VERSION
    game_id: int | None = None
    seed: int
    options: Options
    monsters: tuple[str, ...]
    moves: tuple[Move, ...]
    final_state: dict[str, Any] | None = None


_file_decoder = msgspec.json.Decoder(ReplayFile)


def encode_replay(replay: ReplayFile) -> bytes:
    return msgspec.json.format(msgspec.json.encode(replay), indent=1)


def decode_replay(data: bytes) -> ReplayFile:
    """A replay file; raises ``CorruptState`` (with the reason) when it is not one."""
    try:
        replay = _file_decoder.decode(data)
    except msgspec.DecodeError as error:
        raise CorruptState(f"not a replay file: {error}") from error
    if replay.format != FORMAT or replay.version != VERSION:
        raise CorruptState(f"not a {FORMAT} file of version {VERSION}")
    return msgspec.structs.replace(replay, options=_options_as_played(replay))


def _options_as_played(replay: ReplayFile) -> Options:
    """The file's options, with those it leaves to the default (None) as its game played
    them: a file written before a rule became an option (such as ``attack_needs_damage``)
    replays with the rule of its stored state, which the state's schema upgrade names."""
    if replay.final_state is None:
        return replay.options
    played = decode_state(msgspec.json.encode(replay.final_state)).options
    left_out = {name: getattr(played, name) for name in Options.__struct_fields__
                if getattr(replay.options, name) is None}
    return msgspec.structs.replace(replay.options, **left_out)


@dataclass
class TurnRow:
    number: int
    monster: str
    moves: int = 0


@dataclass
class Check:
    """What replaying a file found."""

    moves: int = 0
    legal: int = 0
    # The step that was refused (1-based) and why; None when every step was legal.
    refused_at: int | None = None
    refusal: str = ""
    # "match", "differs" or "absent" (the file has no final state).
    final_state: str = "absent"
    over: bool = False
    turns: list[TurnRow] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.refused_at is None and self.final_state != "differs"


def check(replay: ReplayFile) -> Check:
    """Play the file's moves again from its setup, checking each step."""
    state, happened = create_game(replay.options, replay.seed, replay.monsters)
    result = Check(moves=len(replay.moves))
    _note_turns(result, state, happened)
    for step, move in enumerate(replay.moves, start=1):
        try:
            state, happened = apply(state, move.seat, move.action)
        except IllegalAction as refusal:
            result.refused_at, result.refusal = step, str(refusal)
            return result
        result.legal += 1
        _note_turns(result, state, happened)
    result.over = state.over
    if replay.final_state is not None:
        recorded = decode_state(msgspec.json.encode(replay.final_state))
        result.final_state = "match" if encode_state(recorded) == encode_state(state) \
            else "differs"
    return result


def _note_turns(result: Check, state: GameState, happened: Sequence[ev.Event]) -> None:
    for event in happened:
        if isinstance(event, ev.TurnStarted):
            result.turns.append(TurnRow(len(result.turns) + 1, state.monsters[event.seat].name))
    if result.turns:
        result.turns[-1].moves += 1


def transcript(replay: ReplayFile, title: str, say: Callable[[Phrase], str]) -> str:
    """The game as readable text: turn by turn, what happened, in the engine's words said
    by ``say`` (the bot's catalogs, in the language of whoever asks)."""
    state, happened = create_game(replay.options, replay.seed, replay.monsters)
    lines = [title, say(phrase("narrate-transcript-monsters",
                               names=", ".join(replay.monsters)))]
    if replay.options.power_up:
        lines.append(say(phrase("narrate-transcript-power-up")))
    lines.append("")
    lines += _story(state, happened, say)
    for move in replay.moves:
        try:
            state, happened = apply(state, move.seat, move.action)
        except IllegalAction as refusal:
            lines.append(say(phrase("narrate-transcript-refused", refusal=refusal.phrase)))
            break
        lines += _story(state, happened, say)
    return "\n".join(lines) + "\n"


def _story(state: GameState, happened: Sequence[ev.Event],
           say: Callable[[Phrase], str]) -> list[str]:
    lines: list[str] = []
    for event in happened:
        if isinstance(event, ev.TurnStarted):
            turn = state.turn.number if state.turn is not None else 0
            lines += ["", say(phrase("narrate-transcript-turn", number=turn,
                                     name=state.monsters[event.seat].name))]
        line = narrate(state, event)
        if line is not None:
            lines.append(say(line))
    return lines


def report(check_result: Check, path: str) -> str:
    """The table of turns, then the summary as one JSON line."""
    rows = [f"{'turn':>5}  {'monster':<16} {'moves':>5}"]
    rows += [f"{row.number:>5}  {row.monster:<16} {row.moves:>5}" for row in check_result.turns]
    refused = ("" if check_result.refused_at is None
               else f"move {check_result.refused_at} refused: {check_result.refusal}")
    rows.append(f"{check_result.legal}/{check_result.moves} moves legal; final state: "
                f"{check_result.final_state}; {'OK' if check_result.ok else 'FAILED'}"
                + (f" ({refused})" if refused else ""))
    summary = {"file": path, "moves": check_result.moves, "legal": check_result.legal,
               "turns": len(check_result.turns), "over": check_result.over,
               "final_state": check_result.final_state, "refused_at": check_result.refused_at,
               "ok": check_result.ok}
    return "\n".join(rows) + "\n" + json.dumps(summary)
