"""Running scenario files: each step's action, then its expectations; the command line."""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from bot.i18n import ENGLISH, say
from engine.actions import Action
from engine.codec import encode_state
from engine.core import IllegalAction
from engine.describe import narrate
from engine.events import Event
from engine.rules import apply
from engine.state import GameState
from tools.scenario.actions import parse_action
from tools.scenario.build import Builder, SetupRefused
from tools.scenario.common import ScenarioError, StepFailure, faces
from tools.scenario.events import check_events
from tools.scenario.expect import check_state
from tools.scenario.schema import check_shape


@dataclass
class Result:
    path: Path
    title: str
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def _step_lines(text: str) -> list[int]:
    return [i + 1 for i, line in enumerate(text.splitlines())
            if re.match(r"\s*\[\[step\]\]", line)]


def run_file(path: Path) -> Result:
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Result(path, path.stem, [f"{path}: not valid TOML: {error}"])
    result = Result(path, data.get("title", path.stem))
    lines = _step_lines(text)
    try:
        check_shape(data, text, path)
        builder = Builder(data)
        refused = _setup_refusal(builder, data.get("setup_error"))
        if refused is not None:
            if refused:
                result.failures.append(f"{path}: {refused}")
            return result
        state, events = builder.start()
        log = _narrate_all(state, events)
        answered: list[int] = []  # the decision ids answered so far, in order
        for number, step in enumerate(data.get("step", [])):
            where = f"{path}:{lines[number] if number < len(lines) else '?'} (step {number + 1})"
            if "dice" in step:
                state = replace(state, forced_dice=(*state.forced_dice,
                                                    *faces(step["dice"], where)))
            if "do" in step:
                seat = builder.seat(step["by"], where)
                action = parse_action(state, seat, step["do"], where,
                                      refusal_expected="error" in step or "refused" in step)
                if "decision" in step:
                    action = replace(action, decision=_decision_id(step["decision"], answered,
                                                                   where))
                outcome = _attempt(state, seat, action)
                refusal = outcome if isinstance(outcome, IllegalAction) else None
                problem = _refusal_problem(step, refusal, where)
                if problem:
                    result.failures.append(problem)
                    return result
                if not isinstance(outcome, IllegalAction):
                    state, events = outcome
                    answered.append(action.decision)
                    log = _narrate_all(state, events)
            if "expect" in step:
                expect = step["expect"]
                problems = [*check_state(state, log, expect, builder.names),
                            *check_events(events, expect, builder.names, where)]
                for problem in problems:
                    result.failures.append(f"{where}: {problem}")
            if result.failures:
                return result
    except (ScenarioError, StepFailure) as error:
        said = str(error)
        result.failures.append(said if said.startswith(str(path)) else f"{path}: {said}")
    except (KeyError, ValueError, IndexError) as error:
        result.failures.append(f"{path}: malformed scenario ({type(error).__name__}: {error})")
    return result


def _decision_id(raw: Any, answered: list[int], where: str) -> int:
    """A step's ``decision``: "stale" (the question answered last) or a number."""
    if raw == "stale":
        if not answered:
            raise ScenarioError(f"{where}: decision = \"stale\" needs an earlier answer")
        return answered[-1]
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise ScenarioError(f"{where}: decision must be \"stale\" or a number, not {raw!r}")


def _attempt(state: GameState, seat: int, action: Action
             ) -> tuple[GameState, list[Event]] | IllegalAction:
    """What the action leads to, or the engine's refusal; a refused action must leave the
    state exactly as it was (checked: the step's expectations then read the same state)."""
    before = encode_state(state)
    try:
        return apply(state, seat, action)
    except IllegalAction as refusal:
        if encode_state(state) != before:
            raise ScenarioError("a refused action changed the state") from refusal
        return refusal


def _refusal_problem(step: dict[str, Any], refusal: IllegalAction | None,
                     where: str) -> str | None:
    """What is wrong with how the action was taken, against the step's ``error`` (words of
    the refusal) and ``refused`` (its code)."""
    wanted_code, wanted_text = step.get("refused"), step.get("error")
    if wanted_code is True:   # refused = true: any refusal
        wanted_code = None
    elif wanted_code is not None and wanted_code not in _REFUSAL_CODES:
        raise ScenarioError(f"{where}: refused must be true or one of "
                            f"{', '.join(_REFUSAL_CODES)}")
    expected = "refused" in step or wanted_text is not None
    if refusal is None:
        return f"{where}: expected a refusal, but the action was accepted" if expected else None
    said = say(ENGLISH, refusal.phrase)
    if not expected:
        return f"{where}: the action was refused: {said}"
    if wanted_code is not None and refusal.code != wanted_code:
        return f"{where}: refused as {refusal.code} ({said}), not {wanted_code}"
    if wanted_text is not None and str(wanted_text) not in said:
        return f"{where}: refused with {said!r}, not {wanted_text!r}"
    return None


_REFUSAL_CODES = ("illegal_move", "stale_decision", "not_your_decision", "game_over")



def _setup_refusal(builder: Builder, wanted: Any) -> str | None:
    """With ``setup_error`` (words the refusal must contain): "" when the setup is refused
    so, else what went wrong; None when the scenario expects no refusal."""
    if wanted is None:
        return None
    try:
        builder.build()
    except SetupRefused as refusal:
        return "" if str(wanted) in str(refusal) else (
            f"setup refused with {str(refusal)!r}, not {wanted!r}")
    return f"the setup was accepted, not refused with {wanted!r}"


def _narrate_all(state: GameState, events: list[Event]) -> list[str]:
    """The events' narration in English (the language scenarios are written in)."""
    return [say(ENGLISH, line) for line in (narrate(state, e) for e in events)
            if line is not None]


def collect(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        elif path.exists():
            files.append(path)
        else:
            raise ScenarioError(f"{raw}: no such file or folder")
    return files


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m tools.scenario PATH [PATH ...]", file=sys.stderr)
        return 2
    try:
        files = collect(args)
    except ScenarioError as error:
        print(error, file=sys.stderr)
        return 2
    results = [run_file(f) for f in files]
    failed = [r for r in results if not r.passed]
    for result in failed:
        print(f"FAIL {result.path} — {result.title}")
        for failure in result.failures:
            print(f"  {failure}")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 0 if results and not failed else 1

