"""What ``pip install .`` (without the dev extras, as the Docker image runs it) installs: the
packages engine and bot, the renderer's fonts as package data of ``bot.render`` and no
top-level package of a generic name (such as ``images``); an installed copy draws a board."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DRAW_A_BOARD = """
import bot.render, engine
from engine import Options, create_game
state, _ = create_game(Options(), seed=1, monsters=4)
print(bot.render.__file__)
print(bot.render.render_board(state)[:4] == b"\\x89PNG")
"""


def test_an_installed_copy_holds_its_fonts_and_draws_a_board(tmp_path: Path) -> None:
    # Built from a copy of what the Dockerfile copies (links kept as links), so the build
    # writes nothing into the repository; with the dev extra's setuptools, offline.
    source, wheels, target = tmp_path / "source", tmp_path / "wheels", tmp_path / "installed"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("engine", "bot", "images"):
        shutil.copytree(ROOT / folder, source / folder, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir",
                    str(wheels), str(source)], check=True, capture_output=True, timeout=300)
    (wheel,) = wheels.glob("*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    top_level = sorted(p.name for p in target.iterdir() if not p.name.endswith(".dist-info"))
    assert top_level == ["bin", "bot", "engine"]
    fonts = sorted(p.name for p in (target / "bot" / "render" / "fonts").iterdir())
    assert "DejaVuSans.ttf" in fonts and "LICENSE.txt" in fonts
    assert not (target / "bot" / "render" / "fonts").is_symlink()
    # Run from elsewhere, so that the repository's own packages are not the ones imported.
    drawn = subprocess.run([sys.executable, "-c", DRAW_A_BOARD], cwd=tmp_path, text=True,
                           capture_output=True, timeout=120, check=True,
                           env={**os.environ, "PYTHONPATH": str(target)})
    assert drawn.stdout.split() == [str(target / "bot" / "render" / "__init__.py"), "True"]
