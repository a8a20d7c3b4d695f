"""A short crash campaign: the bot's process is SIGKILLed three times (at random moments and
at a named point of the publishing path) and restarted on the same database and the same
simulated Discord; nothing may be lost and every channel must show the truth."""

from __future__ import annotations

from pathlib import Path

from tools.chaos.crash import CampaignConfig, run_campaign
from tools.chaos.crash_checks import CHECKS


class ChannelsDisagree(AssertionError):
    """A check found something after a restart."""


def test_three_kills_lose_nothing_and_leave_channels_truthful(tmp_path: Path) -> None:
    summary, issues = run_campaign(CampaignConfig(seed=1, kills=3, directory=tmp_path,
                                                  delay=(0.5, 1.5)))

    # The campaign itself worked: every life reported, every restart was checked.
    assert summary["worker_errors"] == 0, summary["worker_error_logs"]
    assert summary["restarts_checked"] == 3
    assert summary["play"]["accepted"] > 0
    found = {check: summary[check] for check in CHECKS if summary[check]}
    if found:
        raise ChannelsDisagree(f"{found}: " + "; ".join(i["detail"] for i in issues[:5]))
