"""Rule scenarios: small TOML files that anyone can check against the rulebook.

Run ``python -m tools.scenario PATH...`` (files or folders). The exit code is 0 only if every
scenario passes; each failure names the file, the line of the step and the expectation.
The format is documented in docs/scenarios.md.
"""

from tools.scenario.actions import parse_action as _parse_action
from tools.scenario.build import Builder as _Builder
from tools.scenario.common import ScenarioError
from tools.scenario.events import EVENT_KINDS, show_event
from tools.scenario.run import Result, collect, main, run_file

# Tests build states and actions as the runner does: _Builder(data).build(), _parse_action().
__all__ = ["EVENT_KINDS", "Result", "ScenarioError", "_Builder", "_parse_action", "collect",
           "main", "run_file", "show_event"]
