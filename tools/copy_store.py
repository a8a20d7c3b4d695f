"""``python -m tools.copy_store SOURCE TARGET``: copy every game, log, outbox entry, server
setting and record from one store into another, e.g. a SQLite file into PostgreSQL:

    python -m tools.copy_store kot.sqlite3 postgresql://kot:secret@localhost/kot

SOURCE and TARGET are each a SQLite file or a postgresql:// URL. Stop the bot first. Both are
opened (and so migrated to this bot's schema); TARGET must be empty. The copy is one
transaction, verified before it commits (``bot.store.copying``). Prints a table of the rows
copied per table and a JSON last line. Exit code 0 when copied, 1 when it failed (a store
that cannot be opened, a copy that did not verify), 2 when refused (a target that is not
empty, a missing source file, a value that fits no column): nothing is written then.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import asyncpg

from bot.config import Settings
from bot.store.copying import DEFAULT_CHUNK_ROWS, CopyMismatch, CopyRefused, CopyReport, copy_store
from bot.store.store import Store, is_postgres_url


class StoreUnavailable(Exception):
    """A store cannot be opened; the message names it (without its password)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.copy_store",
        description="Copy every row of one King of Tokyo store into another, empty one "
                    "(stop the bot first).")
    parser.add_argument("source", help="the store to copy: a SQLite file or a postgresql:// URL")
    parser.add_argument("target", help="an empty store (a new SQLite file, or a PostgreSQL "
                                       "database with no games): a file or a URL")
    parser.add_argument("--chunk", type=int, default=DEFAULT_CHUNK_ROWS, metavar="ROWS",
                        help=f"rows read and written at a time (default {DEFAULT_CHUNK_ROWS})")
    args = parser.parse_args(argv)
    if args.chunk < 1:
        parser.error("--chunk must be at least 1")
    refusal = _refusal(args.source, args.target)
    if refusal:
        return _fail(f"refused: {refusal}", 2)
    started = time.perf_counter()
    try:
        report = asyncio.run(_copy(args.source, args.target, args.chunk))
    except CopyRefused as error:
        return _fail(f"refused, nothing written: {error}", 2)
    except CopyMismatch as error:
        return _fail(f"the copy did not verify, nothing written: {error}", 1)
    except StoreUnavailable as error:
        return _fail(str(error), 1)
    print(_summary(report, _shown(args.source), _shown(args.target),
                   time.perf_counter() - started))
    return 0


def _refusal(source: str, target: str) -> str | None:
    if _same_store(source, target):
        return "SOURCE and TARGET are the same database"
    if not is_postgres_url(source) and not Path(source).is_file():
        return f"there is no SQLite file {source} to copy"
    return None


def _same_store(source: str, target: str) -> bool:
    if is_postgres_url(source) or is_postgres_url(target):
        return source == target
    return Path(source).resolve() == Path(target).resolve()


async def _copy(source_target: str, target_target: str, chunk_rows: int) -> CopyReport:
    source = await _open("source", source_target)
    try:
        target = await _open("target", target_target)
        try:
            return await copy_store(source, target, chunk_rows=chunk_rows)
        finally:
            await target.close()
    finally:
        await source.close()


async def _open(role: str, target: str) -> Store:
    try:
        return await Store.open(target)
    except (OSError, sqlite3.Error, asyncpg.PostgresError, RuntimeError) as error:
        raise StoreUnavailable(f"cannot open the {role} {_shown(target)}: {error}") from error


def _shown(target: str) -> str:
    """The store's name for messages (a URL without its password)."""
    if is_postgres_url(target):
        return Settings(token="", database_url=target).store_name
    return target


def _summary(report: CopyReport, source: str, target: str, seconds: float) -> str:
    lines = [f"{source} -> {target}", f"{'table':<14}{'rows':>10}  checksum (sha256)"]
    lines += [f"{table.name:<14}{table.rows:>10}  {table.checksum[:16]}"
              for table in report.tables]
    lines.append(f"{'total':<14}{report.rows:>10}")
    lines.append("verified: each table has as many rows as the source and reads back with "
                 "the checksum of the rows copied")
    if report.last_game_id is not None:
        lines.append(f"new games are numbered from {report.last_game_id + 1}")
    lines.append(json.dumps({
        "source": source, "target": target,
        "tables": {table.name: table.rows for table in report.tables},
        "rows": report.rows, "verified": True, "last_game_id": report.last_game_id,
        "seconds": round(seconds, 3),
    }))
    return "\n".join(lines)


def _fail(message: str, code: int) -> int:
    print(f"copy_store: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
