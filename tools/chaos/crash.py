"""Crash campaign: kill the bot's process again and again, and check what survives.

Each life of the bot is a worker process (``tools.chaos.crash_worker``): the real bot and
simulated players on a SimCord world that is kept on disk (``tools.chaos.world``), so that
Discord's side survives the kill as it would in reality. The campaign starts a worker, waits
for its report (written after its post-restart checks), then kills it:

- at a random moment: SIGKILL after a seeded random delay of play;
- at a named point of the publishing path (``tools.chaos.kill_points``): the worker kills
  itself the Nth time it passes the point. A point not reached in time, or not found in the
  code, falls back to a kill at a random moment (and is reported so).

The next worker restarts on the same SQLite file and world, and checks
(``tools.chaos.crash_checks``) before anyone plays on. After the last kill a final worker only
checks. A problem that several restarts see (same check, same game at the same moment) is
counted once, for the kill after which it was first seen.

Where the simulation is not Discord:
- Discord's commit and the bot's view of it are in one process: the world is written inside
  the REST call, before the bot sees the answer. "Applied but the answer was lost" happens
  only when a kill lands between the two (random kills can; ``after_post_before_id_saved``
  does on purpose); requests still in flight on the network when the bot dies, applied
  later or twice, are not modelled.
- SimCord's interaction records and tokens die with the worker: an old interaction cannot be
  answered after a restart (the restarted bot never tries; Discord would accept its token for
  15 minutes). Picture bytes are not kept (nothing reads them back).
- The virtual clock stops while the bot is down (well under a second of wall time, against
  turn timers of minutes), and no gateway event is missed during the downtime because the
  players die with the bot.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.chaos.crash_checks import CHECKS
from tools.chaos.crash_worker import DATABASE, JOURNAL, WORLD, progress_path, report_path
from tools.chaos.kill_points import BY_NAME, POINTS

ROOT = Path(__file__).resolve().parents[2]
RANDOM = "random"


class CampaignError(Exception):
    """The campaign cannot run as asked; the message says why."""


@dataclass(frozen=True)
class CampaignConfig:
    seed: int = 1
    kills: int = 30
    # Where the store, the world, the journal and the workers' logs go; a temporary folder
    # (removed afterwards unless ``keep``) when None.
    directory: Path | None = None
    keep: bool = False
    channels: int = 3
    turn_timeout: float = 300.0
    # Named points, used in turn for every other kill (the others are at random moments).
    points: tuple[str, ...] = tuple(p.name for p in POINTS)
    # Seconds of play before a random kill.
    delay: tuple[float, float] = (0.2, 3.0)
    point_timeout: float = 30.0
    ready_timeout: float = 120.0


@dataclass(frozen=True)
class KillPlan:
    run: int
    point: str | None  # None: a random moment
    nth: int
    delay: float


@dataclass
class KillRecord:
    plan: KillPlan
    outcome: str  # "killed", "reached", "not_reached", "point not found: ...", "worker_error"
    detail: str = ""

    @property
    def kind(self) -> str:
        """How the worker actually died: at its point, or at a random moment."""
        return self.plan.point if self.outcome == "reached" and self.plan.point else RANDOM


@dataclass
class Lives:
    """What the workers left behind, by run number."""

    records: list[KillRecord] = field(default_factory=list)
    reports: dict[int, dict[str, Any]] = field(default_factory=dict)
    worker_errors: list[str] = field(default_factory=list)


def plan_kills(config: CampaignConfig) -> list[KillPlan]:
    rng = random.Random(config.seed)
    plans = []
    for run in range(config.kills):
        named = run % 2 == 1 and config.points
        point = config.points[(run // 2) % len(config.points)] if named else None
        known = BY_NAME.get(point or "")
        nth = rng.randint(1, known.max_nth if known else 1)
        plans.append(KillPlan(run, point, nth, rng.uniform(*config.delay)))
    return plans


class Worker:
    """One life of the bot, in its own process."""

    def __init__(self, config: CampaignConfig, directory: Path, run: int,
                 plan: KillPlan | None) -> None:
        self.directory = directory
        self.run = run
        self.log = directory / "logs" / f"run-{run:04d}.log"
        self.log.parent.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable, "-m", "tools.chaos.crash_worker", "--dir", str(directory),
            "--run", str(run), "--seed", str(config.seed), "--channels", str(config.channels),
            "--turn-timeout", str(config.turn_timeout), "--spawned-at", repr(time.time()),
        ]
        if plan is None:
            command.append("--final")
        elif plan.point is not None:
            command += ["--point", plan.point, "--nth", str(plan.nth)]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=log,
                                            stderr=subprocess.STDOUT)

    def wait_report(self, timeout: float) -> dict[str, Any] | None:
        """The worker's report, once written; None if it died or hung first."""
        path = report_path(self.directory, self.run)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if path.exists():
                report: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
                return report
            if self.process.poll() is not None:
                return None
            time.sleep(0.02)
        return None

    def wait_exit(self, timeout: float) -> int | None:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def log_tail(self, lines: int = 8) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(text[-lines:])


def live_and_kill(config: CampaignConfig, directory: Path, plan: KillPlan,
                  lives: Lives) -> None:
    worker = Worker(config, directory, plan.run, plan)
    try:
        _live_and_kill(config, plan, worker, lives)
    finally:
        worker.kill()  # also when the campaign itself is interrupted


def _live_and_kill(config: CampaignConfig, plan: KillPlan, worker: Worker,
                   lives: Lives) -> None:
    report = worker.wait_report(config.ready_timeout)
    if report is None:
        outcome = "worker_error"
    else:
        lives.reports[plan.run] = report
        armed = report.get("point")
        if plan.point is not None and armed == "armed":
            outcome = _await_point(config.point_timeout, worker)
        else:
            outcome = _kill_after(plan.delay, worker)
            if outcome == "killed" and plan.point is not None:
                outcome = str(armed)  # the point could not be armed: killed at random
    if outcome == "worker_error":
        lives.worker_errors.append(f"run {plan.run}: {worker.log_tail()}")
    lives.records.append(KillRecord(plan, outcome))


def _await_point(timeout: float, worker: Worker) -> str:
    """The worker kills itself at its point; one that does not in time is killed."""
    code = worker.wait_exit(timeout)
    if code is None:
        return "not_reached"
    return "reached" if code == -signal.SIGKILL else "worker_error"


def _kill_after(delay: float, worker: Worker) -> str:
    """Let the worker play for ``delay`` seconds, then SIGKILL it."""
    code = worker.wait_exit(delay)
    worker.kill()
    return "killed" if code is None else "worker_error"


def final_check(config: CampaignConfig, directory: Path, lives: Lives) -> None:
    run = config.kills
    worker = Worker(config, directory, run, None)
    try:
        report = worker.wait_report(config.ready_timeout)
        if report is None or worker.wait_exit(config.ready_timeout) != 0:
            lives.worker_errors.append(f"final run {run}: {worker.log_tail()}")
    finally:
        worker.kill()
    if report is not None:
        lives.reports[run] = report


def run_campaign(config: CampaignConfig) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the campaign; returns the summary (the JSON line) and every issue found."""
    started = time.perf_counter()
    directory = config.directory or Path(tempfile.mkdtemp(prefix="kot-crash-"))
    directory.mkdir(parents=True, exist_ok=True)
    if any(directory.iterdir()):
        # A campaign's lives number from 0: another campaign's world and reports would mix in.
        raise CampaignError(f"{directory} is not empty: give each campaign a folder of its own")
    lives = Lives()
    try:
        for plan in plan_kills(config):
            live_and_kill(config, directory, plan, lives)
        final_check(config, directory, lives)
        summary, issues = summarise(config, directory, lives)
    finally:
        if config.directory is None and not config.keep:
            shutil.rmtree(directory, ignore_errors=True)
    summary["elapsed_s"] = round(time.perf_counter() - started, 1)
    summary["directory"] = str(directory) if config.directory or config.keep else None
    return summary, issues


# --- the summary -----------------------------------------------------------------------


def summarise(config: CampaignConfig, directory: Path,
              lives: Lives) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    by_kill = _by_kill(config, lives.records)
    issues = _attribute_issues(lives, by_kill)
    totals = Counter(issue["check"] for issue in issues)
    summary: dict[str, Any] = {
        "seed": config.seed, "kills": config.kills,
        "restarts_checked": sum("checks" in lives.reports.get(r, {})
                                for r in range(1, config.kills + 1)),
        "worker_errors": len(lives.worker_errors),
        **{check: totals[check] for check in CHECKS},
        "seconds_to_answer": _answer_times(lives),
        "restart_s": _spread([r["restart_s"] for run, r in lives.reports.items() if run > 0]),
        "by_kill": by_kill,
        "bot_errors": sum(len(r.get("bot_errors", ())) for r in lives.reports.values()),
        "logged_errors": _logged_errors(directory),
        "play": _play(directory, config.kills),
        "snapshot": _snapshot(directory, config.kills, lives),
        "games": _games(directory),
        "journal_entries": _lines(directory / JOURNAL),
        "worker_error_logs": lives.worker_errors[:3],
    }
    return summary, issues


def _by_kill(config: CampaignConfig, records: Sequence[KillRecord]) -> dict[str, Any]:
    """A row per kind of kill: planned, done (a point not reached, or not found, is a kill
    at a random moment instead), and the checks' counts (filled in by the attribution)."""
    empty = {"planned": 0, "killed": 0, "not_reached": 0, "not_found": 0,
             **{check: 0 for check in CHECKS}}
    rows = {name: dict(empty) for name in (RANDOM, *config.points)}
    for record in records:
        planned = rows[record.plan.point or RANDOM]
        planned["planned"] += 1
        if record.outcome == "not_reached":
            planned["not_reached"] += 1
        elif record.outcome.startswith("point not found"):
            planned["not_found"] += 1
        if record.outcome != "worker_error":
            rows[record.kind]["killed"] += 1
    return rows


def _attribute_issues(lives: Lives, by_kill: dict[str, Any]) -> list[dict[str, Any]]:
    """Every distinct issue, with the kill after which it was first seen."""
    seen: set[tuple[str, str]] = set()
    issues = []
    for record in lives.records:
        report = lives.reports.get(record.plan.run + 1, {})
        for check, found in report.get("checks", {}).items():
            for issue in found:
                if (check, issue["key"]) in seen:
                    continue
                seen.add((check, issue["key"]))
                by_kill[record.kind][check] += 1
                issues.append(issue | {"after_kill": record.plan.run, "kill": record.kind})
    return issues


def _answer_times(lives: Lives) -> dict[str, Any]:
    """Per kill: from the new process's start until the slowest game's board answered."""
    per_kill = []
    unanswered = 0
    for run, report in sorted(lives.reports.items()):
        answers = report.get("answers", []) if run > 0 else []
        times = [a["seconds"] for a in answers if a["answered"]]
        unanswered += len(answers) - len(times)
        if times:
            per_kill.append(report["restart_s"] + max(times))
    return {**_spread(per_kill), "kills_measured": len(per_kill), "unanswered": unanswered}


def _spread(values: Sequence[float]) -> dict[str, float | None]:
    if not values:
        return {"max": None, "p50": None}
    return {"max": round(max(values), 3), "p50": round(statistics.median(values), 3)}


def _play(directory: Path, runs: int) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for run in range(runs + 1):
        path = progress_path(directory, run)
        if path.exists():
            totals.update(json.loads(path.read_text(encoding="utf-8"))["play"])
    return dict(totals)


def _snapshot(directory: Path, runs: int, lives: Lives) -> dict[str, Any]:
    commits, seconds, worst, size = 0, 0.0, 0.0, 0
    for run in range(runs + 1):
        path = progress_path(directory, run)
        if path.exists():
            world = json.loads(path.read_text(encoding="utf-8"))["world"]
            commits += world["commits"]
            seconds += world["seconds"]
            worst = max(worst, world["max_ms"])
            size += world["bytes"]
    last = lives.reports.get(max(lives.reports, default=0), {})
    world_file = directory / WORLD
    return {
        "commits": commits,
        "mean_ms": round(1000 * seconds / commits, 3) if commits else None,
        "max_ms": worst,
        "mean_bytes": size // commits if commits else None,
        "world_messages": last.get("world_messages"),
        "world_load_s": _spread([r["world_load_s"] for run, r in lives.reports.items() if run]),
        "world_file_bytes": world_file.stat().st_size if world_file.exists() else None,
    }


def _games(directory: Path) -> dict[str, int]:
    path = directory / DATABASE
    if not path.exists():
        return {}
    with closing(sqlite3.connect(path)) as db:
        rows = db.execute("SELECT status, count(*) FROM games GROUP BY status").fetchall()
    return {status: count for status, count in rows}


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


def _logged_errors(directory: Path) -> int:
    """Errors the bot logged (its own failures, not the workers' deaths)."""
    count = 0
    for log in (directory / "logs").glob("*.log"):
        text = log.read_text(encoding="utf-8", errors="replace")
        count += sum(" ERROR " in line and "the worker failed" not in line
                     for line in text.splitlines())
    return count


# --- the table -------------------------------------------------------------------------

_SHORT = {
    "lost_actions": "lost", "replay_mismatches": "replay", "stranded_games": "strand.g",
    "stranded_lobbies": "strand.l", "finished_with_live_buttons": "fin.live",
    "unannounced_results": "unannounced", "duplicate_boards": "dup.boards",
    "stale_lobby_buttons": "stale.lobby", "stale_live_boards": "stale.board",
}


def format_table(summary: dict[str, Any], issues: Sequence[dict[str, Any]]) -> str:
    """Per kill kind: how many were planned and done, and what the next restart found."""
    head = ["kill", "planned", "killed", *(_SHORT[c] for c in CHECKS)]
    rows = [[name, str(row["planned"]), str(row["killed"]), *(str(row[c]) for c in CHECKS)]
            for name, row in summary["by_kill"].items()]
    rows.append(["total", str(summary["kills"]),
                 str(sum(r["killed"] for r in summary["by_kill"].values())),
                 *(str(summary[c]) for c in CHECKS)])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in [head, *rows]]
    answer, restart = summary["seconds_to_answer"], summary["restart_s"]
    lines += [
        "",
        f"restart: p50 {restart['p50']} s, max {restart['max']} s; first answer after a "
        f"restart: p50 {answer['p50']} s, max {answer['max']} s (target < 3 s); "
        f"{answer['unanswered']} live boards gave no answer",
        f"snapshot of the world per REST call: {summary['snapshot']['mean_ms']} ms mean, "
        f"{summary['snapshot']['max_ms']} ms max; worker errors: {summary['worker_errors']}",
    ]
    for check in CHECKS:
        examples = [i for i in issues if i["check"] == check][:2]
        lines += [f"  {check}: {i['detail']} (after kill {i['after_kill']}, {i['kill']})"
                  for i in examples]
    return "\n".join(lines)
