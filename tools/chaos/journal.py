"""The players' journal: every click they saw accepted, on disk before they go on.

One JSON object a line, appended and fsynced, so a SIGKILL can cut at most the line being
written (a torn last line is skipped when read back).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

from tools.chaos.crash_checks import JournalEntry


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._end_torn_line()

    def _end_torn_line(self) -> None:
        """A kill mid-append leaves a line without its newline: end it, so the next entry
        starts a line of its own."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return
        with self.path.open("rb+") as file:
            file.seek(-1, os.SEEK_END)
            if file.read(1) != b"\n":
                file.write(b"\n")

    def append(self, entry: JournalEntry) -> None:
        line = json.dumps(asdict(entry), separators=(",", ":")) + "\n"
        with self.path.open("a", encoding="utf-8") as file:
            file.write(line)
            file.flush()
            os.fsync(file.fileno())

    def entries(self) -> list[JournalEntry]:
        if not self.path.exists():
            return []
        entries = []
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                entries.append(JournalEntry(**json.loads(line)))
            except (ValueError, TypeError):
                continue  # the line a kill cut short: the player never went on from it
        return entries
