"""The architecture's contracts (pyproject.toml, ``[tool.importlinter]``), checked by
``lint-imports``: the repository keeps every one, and each one refuses a copy of the code with
one import that breaks it, so no contract passes for want of checking anything."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTRACTS = ("rooms", "drawn-above-the-table", "engine-public", "engine-alone",
             "bot-without-tools", "no-circles")


def lint_imports(root: Path, *contracts: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache", "--no-logo"]
    for contract in contracts:
        command += ["--contract", contract]
    # The packages under ``root`` are the ones analysed, not the installed ones.
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_repository_keeps_every_contract() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The packages and the contracts, copied once; each case changes one file and puts it
    back."""
    root = tmp_path_factory.mktemp("contracts")
    for package in ("engine", "bot", "tools"):
        shutil.copytree(ROOT / package, root / package, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "fonts"))
    shutil.copy(ROOT / "pyproject.toml", root)
    return root


# One import that breaks the contract, and where it is written.
BREAKS = [
    ("rooms", "bot/store/schema.py", "import bot.discord.messages"),  # store -> Discord
    ("rooms", "bot/table/model.py", "import bot.app"),  # table -> process
    ("rooms", "bot/render/palette.py", "import bot.table.model"),  # render -> table
    ("rooms", "bot/cellar.py", "import bot.store.store"),  # a room nobody placed
    ("drawn-above-the-table", "bot/table/publish.py", "import bot.render"),
    ("engine-public", "bot/table/model.py", "import engine.state"),
    ("engine-public", "bot/discord/views.py", "from engine.ai.dice import count"),
    ("engine-alone", "engine/rng.py", "import bot.table.model"),
    ("engine-alone", "engine/rng.py", "import tools.samples"),
    ("bot-without-tools", "bot/config.py", "import tools.samples"),
    ("no-circles", "bot/store/schema.py", "import bot.store.store"),  # store <-> schema
    ("no-circles", "engine/state.py", "import engine.rules"),  # rules -> ... -> state
]


@pytest.mark.parametrize(("contract", "path", "line"), BREAKS)
def test_each_contract_refuses_an_import_that_breaks_it(copy: Path, contract: str, path: str,
                                                         line: str) -> None:
    target = copy / path
    before = target.read_text() if target.exists() else None
    target.write_text((before or '"""A module."""\n') + f"\n{line}\n")
    try:
        result = lint_imports(copy, contract)
    finally:
        if before is None:
            target.unlink()
        else:
            target.write_text(before)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "BROKEN" in result.stdout
    assert "Contracts: 0 kept, 1 broken." in result.stdout


def test_every_contract_has_a_break_shown() -> None:
    assert {contract for contract, _path, _line in BREAKS} == set(CONTRACTS)
