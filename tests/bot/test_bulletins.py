"""A server's bulletins (bot.table.league.bulletins): queued in the store, posted in order by
a pass, each removed once posted; failures kept or dropped by the module's rule, never
swallowed. On both stores, with a carrier that says what a test wants it to."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.store import BulletinRow, Store
from bot.table.carrier import Attempt, Failure, Forbidden, Gone, Rejected, RetryLater, Sent
from bot.table.league.bulletins import (
    FORBIDDEN_DAYS,
    Bulletin,
    BulletinBoard,
    PodiumPlace,
    Queued,
    SeasonClosed,
    decode_bulletin,
    encode_bulletin,
)

GUILD, OTHER_GUILD = 1_234_567_890_123_456_789, 42
NEWS, GAMES = 900_000_000_000_000_001, 900_000_000_000_000_002
DAY = 24 * 3600.0


class Note(Bulletin, frozen=True, kw_only=True):
    """A bulletin kind of the tests' own: a kind defined anywhere is known by its tag."""

    words: str


class FakeCarrier:
    """Posts what it is given, or fails as ``answers`` says for a bulletin's words."""

    def __init__(self) -> None:
        self.posted: list[tuple[int, str]] = []
        self.attempts: list[tuple[str, bool]] = []
        self.answers: dict[str, Failure] = {}

    async def post_bulletin(self, channel_id: int, guild_id: int, bulletin: Bulletin,
                            attempt: Attempt) -> Sent | Failure:
        assert isinstance(bulletin, Note)
        self.attempts.append((bulletin.words, attempt.maybe_sent))
        await attempt.note()
        failure = self.answers.get(bulletin.words)
        if failure is not None:
            return failure
        self.posted.append((channel_id, bulletin.words))
        return Sent()


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def store(store_target: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(store_target)
    yield opened
    await opened.close()


def note(words: str, channel: int = NEWS, guild: int = GUILD) -> Queued:
    return Queued(guild, channel, Note(words=words))


async def left(store: Store, guild: int = GUILD) -> list[str]:
    return [decode_bulletin(row.bulletin).words  # type: ignore[attr-defined]
            for row in await store.bulletins(guild)]


def test_a_bulletin_reads_back_as_it_was_written() -> None:
    closed = SeasonClosed(season=3, podium=(PodiumPlace(1, 7, "ann", 25.5, 12, "king"),),
                          players=4, next_season=4, next_ends_at=1.0e9, language="es")
    assert decode_bulletin(encode_bulletin(closed)) == closed
    assert decode_bulletin(encode_bulletin(Note(words="hi"))) == Note(words="hi")


async def test_bulletins_are_posted_in_order_and_removed(store: Store) -> None:
    carrier = FakeCarrier()
    board = BulletinBoard(store, carrier, clock=Clock())
    await board.post(note("one"), note("two"), note("three", GAMES))
    assert carrier.posted == [(NEWS, "one"), (NEWS, "two"), (GAMES, "three")]
    assert await store.bulletins(GUILD) == []
    assert not board.retries.pending(GUILD)
    board.close()


async def test_retry_later_stops_the_pass_and_keeps_the_rest(store: Store) -> None:
    carrier = FakeCarrier()
    carrier.answers["two"] = RetryLater("Discord is busy")
    board = BulletinBoard(store, carrier, clock=Clock())
    await board.post(note("one"), note("two"), note("three", GAMES))
    assert carrier.posted == [(NEWS, "one")]
    assert await left(store) == ["two", "three"]
    assert board.retries.pending(GUILD)
    # The next pass finds "two" attempted once: the carrier looks for it before posting.
    del carrier.answers["two"]
    await board.show(GUILD)
    assert carrier.posted[1:] == [(NEWS, "two"), (GAMES, "three")]
    assert ("two", True) in carrier.attempts
    assert await left(store) == [] and not board.retries.pending(GUILD)
    board.close()


async def test_a_forbidden_channel_waits_without_holding_up_the_others(store: Store) -> None:
    carrier, clock = FakeCarrier(), Clock()
    carrier.answers["closing"] = Forbidden("Missing Permissions")
    board = BulletinBoard(store, carrier, clock=clock)
    await board.post(note("closing"), note("after it"), note("elsewhere", GAMES))
    # Its channel's later bulletin waits behind it (order kept); another channel's goes on.
    assert carrier.posted == [(GAMES, "elsewhere")]
    assert await left(store) == ["closing", "after it"]
    assert board.retries.pending(GUILD)
    # Forbidden for longer than FORBIDDEN_DAYS: dropped (logged), and the next one goes.
    clock.now += FORBIDDEN_DAYS * DAY + 1
    await board.show(GUILD)
    assert carrier.posted[-1] == (NEWS, "after it")
    assert await left(store) == [] and not board.retries.pending(GUILD)
    board.close()


async def test_a_gone_channel_or_a_rejected_post_is_dropped_and_logged(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    carrier = FakeCarrier()
    carrier.answers["gone"] = Gone("Unknown Channel", channel=True)
    carrier.answers["bug"] = Rejected("Invalid Form Body")
    board = BulletinBoard(store, carrier, clock=Clock())
    with caplog.at_level(logging.INFO, logger="bot.table.league.bulletins"):
        await board.post(note("gone"), note("bug"), note("fine"))
    assert carrier.posted == [(NEWS, "fine")]
    assert await left(store) == []
    said = [(record.levelname, record.getMessage()) for record in caplog.records]
    assert any(level == "INFO" and "channel" in words and "is gone" in words
               for level, words in said)
    assert any(level == "ERROR" and "rejected: Invalid Form Body" in words
               for level, words in said)
    board.close()


async def test_a_bulletin_of_no_known_kind_is_dropped_as_an_error(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    await store.add_bulletins([BulletinRow(0, GUILD, NEWS, b'{"type":"Vanished"}', 1.0, 0)])
    board = BulletinBoard(store, FakeCarrier(), clock=Clock())
    await board.show(GUILD)
    assert await store.bulletins(GUILD) == []
    assert any(r.levelname == "ERROR" and "cannot be read" in r.getMessage()
               for r in caplog.records)
    board.close()


async def test_the_start_up_posts_what_is_left_of_its_own_servers(store: Store) -> None:
    await store.add_bulletins([note("mine").row(1.0), note("theirs", guild=OTHER_GUILD).row(1.0)])
    carrier = FakeCarrier()
    board = BulletinBoard(store, carrier, owns=lambda guild_id: guild_id == GUILD,
                          clock=Clock())
    await board.restore()
    assert carrier.posted == [(NEWS, "mine")]
    assert await left(store, OTHER_GUILD) == ["theirs"]
    board.close()
