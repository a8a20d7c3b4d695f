"""What a failed Discord call means: gone, forbidden, retry later, or a request we got wrong."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from bot_harness import Table

from bot.discord.io import DiscordFailure, FailureKind, classify, discord_call
from engine import Roll

GONE, FORBIDDEN = FailureKind.GONE, FailureKind.FORBIDDEN
RETRY_LATER, REJECTED = FailureKind.RETRY_LATER, FailureKind.REJECTED


def http_error(status: int, code: int = 0, message: str = "") -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="reason")
    return discord.HTTPException(response, {"code": code, "message": message})  # type: ignore[arg-type]


@pytest.mark.parametrize(("status", "code", "kind"), [
    (404, 10003, GONE),  # Unknown Channel: deleted
    (404, 10008, GONE),  # Unknown Message: deleted
    (404, 10062, GONE),  # Unknown Interaction: answered too late
    (404, 10015, GONE),  # Unknown Webhook: an interaction's token that ran out (SimCord)
    (401, 50027, GONE),  # Invalid Webhook Token: the same on Discord
    (403, 50001, FORBIDDEN),  # Missing Access: the bot cannot see the channel
    (403, 50013, FORBIDDEN),  # Missing Permissions
    (429, 0, RETRY_LATER),
    (500, 0, RETRY_LATER),
    (503, 0, RETRY_LATER),
    (403, 0, FORBIDDEN),
    (404, 0, GONE),
    (400, 50035, REJECTED),  # Invalid Form Body: our request was wrong
])
def test_failures_are_classified_by_discords_codes(status: int, code: int,
                                                   kind: FailureKind) -> None:
    assert classify(http_error(status, code)) is kind


@pytest.mark.parametrize("error", [
    http_error(403, 50013, "Missing Permissions"),
    aiohttp.ClientConnectionError("connection reset"),
    TimeoutError(),
])
def test_a_failed_call_becomes_a_discord_failure_with_a_reason(error: Exception) -> None:
    with pytest.raises(DiscordFailure) as caught, discord_call():
        raise error
    failure = caught.value
    assert failure.reason and failure.__cause__ is error
    if isinstance(error, discord.HTTPException):
        assert failure.kind is FORBIDDEN and failure.reason == "Missing Permissions"
        assert (failure.status, failure.code) == (403, 50013)
    else:
        assert failure.kind is RETRY_LATER


async def test_failed_edits_are_logged_as_loud_as_they_deserve(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    await table.start_game(players=2)
    # A board deleted meanwhile is nothing to worry about (it is posted again)...
    for method, path in (("PATCH", "/webhooks/*/messages/@original"),
                         ("GET", "/channels/*/messages/*")):  # gone when looked for too
        table.env.inject_error(method, path, status=404, code=10008, message="Unknown Message")
    with caplog.at_level(logging.INFO, logger="bot"):
        await table.click("h0")
    [gone] = [r for r in caplog.records if "is gone" in r.getMessage()]
    assert gone.levelno == logging.INFO and gone.exc_info is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    # ...a request Discord finds malformed is a bug on our side: an error, with its trace.
    caplog.clear()
    table.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=400, code=50035,
                           message="Invalid Form Body")
    with caplog.at_level(logging.INFO, logger="bot"):
        await table.option(Roll)
    [rejected] = [r for r in caplog.records if "could not carry out" in r.getMessage()]
    assert rejected.levelno == logging.ERROR and rejected.exc_info is not None
