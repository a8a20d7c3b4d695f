"""A short seeded fuzz campaign (``tools.chaos``): the real bot on SimCord under hostile
traffic (stale, duplicate, late and forged clicks, injected Discord errors, deleted messages,
missing permissions, restarts, time passing) must keep its channels in step with its store.
``python -m tools.fuzz`` runs the long version."""

from __future__ import annotations

import pytest_asyncio

from tools.chaos.fuzz import Config, Report, run_campaign

# After the heal at each checkpoint, none of these may happen.
MUST_BE_ZERO = (
    "unanswered_clicks", "unhandled_errors", "stranded_games", "needed_board_command",
    "stranded_lobbies", "finished_with_live_buttons", "unannounced_results", "lost_actions",
    "replay_mismatches", "commands_left_thinking", "games_waiting_on_ai",
)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def report() -> Report:
    return await run_campaign(Config(seed=1, interactions=500, checkpoint_every=100))


def test_the_campaign_plays_real_games_under_fire(report: Report) -> None:
    counts = report.counts
    assert counts["interactions"] == 500
    assert counts["games_started"] >= 2 and counts["accepted_actions"] >= 200
    assert counts["faults_fired"] > 0 and counts["restarts"] > 0
    assert counts["checkpoints"] >= 2
    assert counts["harness_errors"] == 0, report.samples


def test_hostile_traffic_leaves_no_drift(report: Report) -> None:
    drift = {key: report.counts[key] for key in MUST_BE_ZERO if report.counts[key]}
    assert not drift, "\n".join([str(drift), *report.samples[:10]])
