"""Stopping ``python -m bot`` and ``python -m bot --local`` (bot/stopping.py): SIGINT (Ctrl-C)
and SIGTERM (docker stop, systemd) close the bot in order, with one line and exit code 0,
and leave no process behind, not even the Hard AI's; the same command then starts again at
once, on the same port. Each test runs the command as a child process."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from bot_harness import make_bot
from process_checks import running
from simcord import Env

from bot import local

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads the process table in /proc")

ROOT = Path(__file__).resolve().parents[2]
# Seconds a stop may take, Hard AI processes included ("within a few seconds").
STOP_SECONDS = 5.0
# Seconds for a child to start (imports, the database, the page) or to start its Hard AI.
START_SECONDS = 30.0
# `python -m bot` with the gateway left out: the bot logs in to no Discord, runs its real
# set-up (the store, the cogs, the restored games) and waits as a connected bot does.
OFFLINE_BOT = """
import asyncio, discord, sys
from bot.__main__ import main

async def start(self, token, *, reconnect=True):
    await self._async_setup_hook()
    await self.setup_hook()
    print("connected", flush=True)
    await asyncio.Event().wait()

discord.Client.start = start
sys.exit(main())
"""


def _hear_ctrl_c() -> None:
    """In the child: SIGINT back to its default (a suite started with ``cmd &`` ignores it,
    and the child would keep ignoring it, as Python and the bot leave an inherited ignore)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Child:
    """A command running in a child process, started and watched as a terminal would."""

    def __init__(self, argv: list[str], ready: str, **environment: str) -> None:
        # Unbuffered: what is read before the stop is not also held in a buffer.
        self.process = subprocess.Popen(
            argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
            env={**os.environ, "PYTHONPATH": str(ROOT), **environment},
            preexec_fn=_hear_ctrl_c)
        self.started = self._until_line(ready)
        assert ready in self.started, self.stop(signal.SIGKILL)

    def _until_line(self, ready: str) -> str:
        """What it prints up to the end of the line with ``ready`` (or up to its end)."""
        assert self.process.stdout is not None
        printed = b""
        while not (printed.endswith(b"\n") and ready.encode() in printed.splitlines()[-1]):
            byte = self.process.stdout.read(1)
            if not byte:
                break
            printed += byte
        return printed.decode()

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self, signum: int) -> tuple[str, str]:
        """Sends ``signum``; what it printed since it started, on stdout and stderr."""
        self.process.send_signal(signum)
        self.process.wait(timeout=30)
        try:
            out, err = self.process.communicate(timeout=STOP_SECONDS)
            return out.decode(), err.decode()
        except subprocess.TimeoutExpired:
            raise AssertionError("its output is held open by processes left behind") from None


@pytest.fixture
def children() -> Iterator[list[Child]]:
    started: list[Child] = []
    yield started
    for child in started:
        if child.process.poll() is None:
            child.process.kill()
            child.process.communicate()


def local_table(database: Path, port: int = 0, **environment: str) -> Child:
    return Child([sys.executable, "-m", "bot", "--local", "--no-browser", "--port", str(port),
                  "--database", str(database)], "Ctrl-C stops the table",
                 KOT_TURN_TIMEOUT="0", **environment)


def descendants(pid: int) -> set[int]:
    """The processes started by ``pid`` and by those, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # ended meanwhile
                continue
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def left_running(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running after STOP_SECONDS (a child of a process that exits
    may take a moment to notice)."""
    deadline = time.monotonic() + STOP_SECONDS
    while (alive := {pid for pid in pids if running(pid)}) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


def until_hard_ai_processes(pid: int) -> set[int]:
    """Waits for the Hard AI's worker process (with multiprocessing's resource tracker)."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        found = descendants(pid)
        commands = [Path(f"/proc/{child}/cmdline").read_bytes() for child in found
                    if running(child)]
        if any(b"spawn_main" in command for command in commands):
            return found
        time.sleep(0.05)
    raise AssertionError(f"no Hard AI process under {pid}")


def assert_stopped_cleanly(out: str, err: str, code: int | None, took: float) -> None:
    assert code == 0, err
    assert "Traceback" not in err and "Error" not in err, err
    assert len(out.splitlines()) + len(err.splitlines()) == 1, (out, err)
    assert took < STOP_SECONDS


async def seat_hard_ai_game(database: Path) -> None:
    """A game in play at the local table kept in ``database``: the local player and two
    Hard AI monsters, started in this process (the next run goes on with it, and an AI
    monster's move or the autopilot's starts the Hard AI's processes)."""
    options = local.LocalOptions(players=1, ai=2, level="hard", database=database)
    env = Env(make_bot(database), check_errors=False)
    channel, members = local.build_world(env, local.player_names(options.players))
    async with local._started(env):
        with env.time_context():
            await local.LocalTable(env, channel, members).seat(options)
            lobby = channel.last_message
            assert lobby is not None
            await members[0].click(lobby, label="Start")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_the_local_table_stops_on_a_signal_with_its_hard_ai(
        tmp_path: Path, children: list[Child], signum: signal.Signals) -> None:
    import asyncio

    database = tmp_path / "kot.sqlite3"
    asyncio.run(seat_hard_ai_game(database))
    table = local_table(database, KOT_AI_PAUSE="0", KOT_HARD_AI_SECONDS="0.3")
    children.append(table)
    processes = until_hard_ai_processes(table.pid)

    started = time.monotonic()
    out, err = table.stop(signum)
    assert_stopped_cleanly(out, err, table.process.returncode, time.monotonic() - started)
    assert out.startswith("Stopped. Run the same command again")
    assert not left_running(processes), "no Hard AI process nor resource tracker is left"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_the_bot_stops_on_a_signal(tmp_path: Path, children: list[Child],
                                   signum: signal.Signals) -> None:
    bot = Child([sys.executable, "-c", OFFLINE_BOT], "connected",
                DISCORD_TOKEN="offline", KOT_DATABASE=str(tmp_path / "kot.sqlite3"),
                KOT_LOG_LEVEL="WARNING")
    children.append(bot)
    started = time.monotonic()
    out, err = bot.stop(signum)
    assert_stopped_cleanly(out, err, bot.process.returncode, time.monotonic() - started)
    assert out == f"kot-bot: stopped ({signum.name})\n"


def test_the_same_command_starts_again_at_once_on_the_same_port(
        tmp_path: Path, children: list[Child]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    database = tmp_path / "kot.sqlite3"
    table = local_table(database, port)
    children.append(table)
    # A browser's connection, kept open until the table closes it: the table's side of it
    # then waits in TIME-WAIT on the port (for a minute on Linux).
    page = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    page.request("GET", "/")
    page.getresponse().read()
    table.stop(signal.SIGINT)
    page.close()

    again = local_table(database, port)
    children.append(again)
    assert f"127.0.0.1:{port}/" in again.started


# A program whose close never ends, with a process of its own (as the Hard AI's).
STUCK_CLOSE = """
import asyncio, multiprocessing, time
from bot import stopping

async def main():
    helper = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(60,))
    helper.start()
    print("started", helper.pid, flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await asyncio.Event().wait()

if __name__ == "__main__":
    stopping.run(main())
"""


def test_a_second_signal_during_the_close_exits_at_once(tmp_path: Path,
                                                        children: list[Child]) -> None:
    script = tmp_path / "stuck.py"
    script.write_text(STUCK_CLOSE)
    stuck = Child([sys.executable, str(script)], "started")
    children.append(stuck)
    helper = int(stuck.started.split()[1])
    processes = descendants(stuck.pid)
    assert helper in processes
    stuck.process.send_signal(signal.SIGTERM)
    with pytest.raises(subprocess.TimeoutExpired):
        stuck.process.wait(timeout=0.5)  # closing, for ever
    started = time.monotonic()
    stuck.process.send_signal(signal.SIGTERM)
    stuck.process.wait(timeout=STOP_SECONDS)
    assert time.monotonic() - started < STOP_SECONDS
    assert stuck.process.returncode == 128 + signal.SIGTERM
    assert not left_running(processes), "its processes are ended with it"
