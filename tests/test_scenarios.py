"""Every rule scenario under scenarios/ passes (the same check as python -m tools.scenario)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.scenario import collect, main, run_file

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = collect([str(SCENARIOS)])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.passed, "\n".join(result.failures)


def test_runner_reports_the_failing_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(
        'title = "a wrong expectation"\n'
        '[[monster]]\nname = "A"\n[[monster]]\nname = "B"\n'
        '[setup]\ndice = ["1", "1", "1", "2", "2", "heart"]\n'
        "[[step]]\n"
        'by = "A"\ndo = "stop"\n'
        "expect.monster.A = { vp = 5 }\n",
        encoding="utf-8",
    )
    result = run_file(broken)
    assert not result.passed
    assert result.failures == [f"{broken}:8 (step 1): A.vp: expected 5, got 1"]
    assert main([str(broken)]) == 1
