"""``python -m tools.old_stores [SCHEMA ...]``: the stores older bots wrote, one per stored
schema version, for the tests of what a deploy finds (``tests/bot/test_old_stores.py``).

For each schema version it checks out the commit of this repository pinned in ``OLD_BOTS`` in
a temporary ``git worktree``, and runs ``tests/fixtures/stores/play_old_store.py`` there, with
that commit's own code in the environment's Python: it plays a handful of games into a new
store through that commit's service and store (a short game, a Stay/Yield question pending, a
long game stopped at a buy step, a game played to its end, a lobby, and from the outbox on a
move saved but never shown). The store is then checked to be of that schema version, compacted
(``VACUUM``: effects carried out leave free pages) and written as
``tests/fixtures/stores/schema<N>.sqlite3`` beside ``schema<N>.json``, which says which commit
wrote it and what each game is (id, status, moves, seq, the questions pending).

The games are played with seeded choices, so a commit writes the same games every time (the
file's bytes differ: its times are the clock's). With no SCHEMA every version is made again.
A new migration gets a line in ``OLD_BOTS`` (see docs/bot.md "Tests").
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STORES = ROOT / "tests" / "fixtures" / "stores"
PLAY = STORES / "play_old_store.py"
# Generous: a commit plays its games in 2-5 s here.
PLAY_SECONDS = 300


@dataclass(frozen=True)
class OldBot:
    """The commit whose bot writes the store of one schema version."""

    schema: int
    commit: str
    # How play_old_store.py drives that commit's service: "service" (the first bot),
    # "plans" (lobbies apart, publish plans) or "outbox" (effects queued in the store).
    api: str
    why: str


OLD_BOTS = (
    OldBot(1, "0355c3134ec21c690fb58a7b47b873ba40cfb886", "service",
           "the first bot, as issue 38 names it: tables games and actions, engine states of "
           "schema 1"),
    OldBot(2, "170097bbca19ab2bc7b3a6a58faa7426ccbb9d40", "plans",
           "the last commit before the outbox (migration 3, 4c74369)"),
    OldBot(3, "c9f31658a099a5010203b09fa300772681daaf6c", "outbox",
           "the last commit before server settings (migration 4, 0c90700)"),
    OldBot(4, "ad338dd97b2a28cf01f7322194217d80f52e7a67", "outbox",
           "the last commit before records (migration 5, 05b0547)"),
    OldBot(5, "74bff775d62b56fdb2ff95066009ff68cf27f45f", "outbox",
           "the last commit before the game's version and bot/store/schema.py (migration 6, "
           "c7751ac)"),
    OldBot(6, "9c6d2ea4b94b9d5b3e0cc3874ec3968d89468cb7", "outbox",
           "the last commit of main before people's settings (migration 7, c787b00, merged "
           "by 54b538d)"),
    OldBot(7, "54b538db000cd31556b958704c11587091ef1a08", "outbox",
           "the last commit of main before the start-up stopped keeping games "
           "(8010f10, merged by fcc1c43): no chronicle stamp yet"),
    OldBot(8, "3c8af32cbe1b5f2cf7afe0d9ea56b627907334cb", "outbox",
           "the last commit of main before the shard leases (migration 9, merged by "
           "cec6c37): the owed answers' table, the start-up storing setups and stamps"),
    OldBot(9, "4c4fca3b2313f4be27e34ba467999b9717968e2f", "outbox",
           "the last commit of main before the leagues' tables (the matchmaking queue, "
           "migration 10): shard leases, Power Up! states of schema 8"),
    OldBot(10, "95da34ab73ebaba1d8cb0978c59ea9a2894102db", "outbox",
           "the last commit of main before Swiss nights (migration 11): the matchmaking "
           "queue's entries"),
    OldBot(11, "a33c1f84d4af1e0d55015ee1c1fb33cacf14779d", "outbox",
           "the last commit of main before achievements (migration 12): Swiss nights' "
           "tables, records without the seats' facts"),
    OldBot(12, "d0da9b9ffa7030aa3995f87b6141d733f8a20ef5", "outbox",
           "the last commit of main before seasons, rank roles, crowns and bulletins "
           "(migration 13): achievements and their seats' facts"),
    OldBot(13, "961bb2c61e2e6d1e7bd7cfaf382778b1cb684c10", "outbox",
           "the last commit of main before the outbox's count of attempts went (migration "
           "14): seasons, rank roles, crowns and bulletins"),
)


class OldStoreFailed(Exception):
    """An older commit could not write its store; the message says why."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.old_stores",
        description="Write the stores older bots wrote (one per schema version) into "
                    f"{STORES.relative_to(ROOT)}, each with that commit's own code.")
    parser.add_argument("schemas", nargs="*", type=int, metavar="SCHEMA",
                        help="the schema versions to make again (default: all)")
    args = parser.parse_args(argv)
    chosen = [bot for bot in OLD_BOTS if not args.schemas or bot.schema in args.schemas]
    unknown = set(args.schemas) - {bot.schema for bot in OLD_BOTS}
    if unknown:
        parser.error(f"no commit is pinned for schema {sorted(unknown)}")
    for bot in chosen:
        try:
            made = write_store(bot, STORES)
        except OldStoreFailed as error:
            print(f"schema {bot.schema}: {error}", file=sys.stderr)
            return 1
        print(f"schema {bot.schema}: {made.name} ({made.stat().st_size // 1024} KB) by "
              f"{bot.commit[:7]}")
    return 0


def write_store(bot: OldBot, folder: Path) -> Path:
    """Plays the games with ``bot``'s commit in a temporary worktree; the store written."""
    with tempfile.TemporaryDirectory(prefix=f"kot-schema{bot.schema}-") as temporary:
        work = Path(temporary)
        checkout = work / "checkout"
        _git("worktree", "add", "--detach", str(checkout), bot.commit)
        try:
            shutil.copy(PLAY, checkout / PLAY.name)
            played = subprocess.run(
                [sys.executable, PLAY.name, bot.api, str(work / "store.sqlite3"),
                 str(work / "store.json")],
                cwd=checkout, capture_output=True, text=True, timeout=PLAY_SECONDS)
            if played.returncode != 0:
                raise OldStoreFailed(f"{bot.commit[:7]} could not play its games:\n"
                                     f"{played.stderr[-3000:]}")
        finally:
            _git("worktree", "remove", "--force", str(checkout))
        store = work / "store.sqlite3"
        with closing(sqlite3.connect(store)) as db:
            schema = db.execute("PRAGMA user_version").fetchone()[0]
            if schema != bot.schema:
                raise OldStoreFailed(f"{bot.commit[:7]} wrote schema {schema}, not "
                                     f"{bot.schema}")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.execute("VACUUM")
        described = json.loads((work / "store.json").read_text())
        subject = _git("log", "-1", "--format=%s", bot.commit).strip()
        sidecar = {"commit": bot.commit, "subject": subject, "why": bot.why,
                   "made_by": "python -m tools.old_stores", **described}
        target = folder / f"schema{bot.schema}.sqlite3"
        shutil.copy(store, target)
        target.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n")
        return target


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise OldStoreFailed(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


if __name__ == "__main__":
    sys.exit(main())
