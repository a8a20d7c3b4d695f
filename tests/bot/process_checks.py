"""What a test reads of another process on Linux (``/proc``): whether it runs, and what it
does with Ctrl-C. (A distinct module name, so it never clashes with another conftest.)"""

from __future__ import annotations

import signal
from pathlib import Path


def running(pid: int) -> bool:
    """Whether the process runs (an exited one may stay a zombie: nobody reaps an orphan in
    some containers)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def ctrl_c_in(pid: int, mask: str) -> bool:
    """Whether SIGINT is in the process's ``mask`` (its status lists the signals ignored,
    SigIgn, and blocked, SigBlk)."""
    with open(f"/proc/{pid}/status") as status:
        signals = next(line for line in status if line.startswith(f"{mask}:"))
    return bool(int(signals.split()[1], 16) & (1 << (signal.SIGINT - 1)))


def ignores_ctrl_c(pid: int) -> bool:
    return ctrl_c_in(pid, "SigIgn")
