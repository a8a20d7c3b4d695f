"""The rank roles' reconciliation (bot.table.league.rank_roles) with a carrier that answers what
a test wants, on the real store: only what the bot gave is taken, a member gone is forgotten,
a busy Discord leaves the rest for a retry, and nothing is half-done in the end."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store.store import Store
from bot.table.carrier import Failure, Gone, RetryLater
from bot.table.league.bulletins import BulletinBoard
from bot.table.league.rank_roles import RankRoles, wanted_roles
from bot.table.league.seasons import LeagueSettings, Season
from bot.table.ratings import MIN_GAMES, PlayerRating

GUILD = 77
HATCHLING_ROLE, KING_ROLE, OTHER_ROLE = 501, 506, 999


class FakeLeague:
    """The league as the reconciliation reads it: settings, a running season, ratings."""

    def __init__(self, ratings: dict[int, PlayerRating], store: Store,
                 bulletins: BulletinBoard) -> None:
        self.ratings = ratings
        self.store = store
        self.bulletins = bulletins
        self.stored = LeagueSettings(rank_roles={"hatchling": HATCHLING_ROLE, "king": KING_ROLE})
        self._lock = asyncio.Lock()

    async def settings(self, guild_id: int) -> LeagueSettings:
        return self.stored

    async def save_settings(self, guild_id: int, settings: LeagueSettings) -> None:
        self.stored = settings

    async def running(self, guild_id: int) -> Season | None:
        return Season(GUILD, 1, 0.0, None)

    async def season_ratings(self, season: Season) -> dict[int, PlayerRating]:
        return self.ratings

    def lock(self, guild_id: int) -> asyncio.Lock:
        return self._lock

    def clock(self) -> float:
        return 1.0


class FakeRoles:
    def __init__(self) -> None:
        self.held: set[tuple[int, int]] = set()
        self.answers: dict[tuple[str, int], Failure] = {}

    async def give_role(self, guild_id: int, user_id: int, role_id: int) -> Failure | None:
        failure = self.answers.get(("give", user_id))
        if failure is None:
            self.held.add((user_id, role_id))
        return failure

    async def take_role(self, guild_id: int, user_id: int, role_id: int) -> Failure | None:
        failure = self.answers.get(("take", user_id))
        if failure is None:
            self.held.discard((user_id, role_id))
        return failure


@pytest.fixture
async def store(store_target: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(store_target)
    yield opened
    await opened.close()


def rating(score: float, games: int = MIN_GAMES) -> PlayerRating:
    return PlayerRating(0, score + 3.0, 1.0, games=games)


def league_of(store: Store, ratings: dict[int, PlayerRating]) -> FakeLeague:
    board = BulletinBoard(store, FakeRoles())  # type: ignore[arg-type]  (never posts here)
    return FakeLeague(ratings, store, board)


def roles(league: Any, carrier: FakeRoles) -> RankRoles:
    return RankRoles(league, carrier)


def test_the_wanted_roles_are_the_mapped_ranks_of_ranked_players() -> None:
    assert wanted_roles({1: "king", 2: "titan", 3: "hatchling"},
                        {"king": 6, "hatchling": 1}) == {(1, 6), (3, 1)}


async def test_roles_follow_the_ranks_and_only_the_bots_are_taken(store: Store) -> None:
    league = league_of(store, {1: rating(30.0), 2: rating(0.0), 3: rating(30.0, games=1)})
    carrier = FakeRoles()
    carrier.held.add((2, OTHER_ROLE))  # given by an admin
    keeper = roles(league, carrier)
    await keeper.reconcile(GUILD)
    assert carrier.held == {(1, KING_ROLE), (2, HATCHLING_ROLE), (2, OTHER_ROLE)}
    assert set(await store.given_roles(GUILD)) == {(1, KING_ROLE), (2, HATCHLING_ROLE)}
    # Player 1 falls to Hatchling, player 2 leaves the server (Discord: Unknown Member).
    league.ratings = {1: rating(0.0)}
    carrier.answers[("take", 2)] = Gone("Unknown Member")
    await keeper.reconcile(GUILD)
    assert (1, HATCHLING_ROLE) in carrier.held and (1, KING_ROLE) not in carrier.held
    assert await store.given_roles(GUILD) == [(1, HATCHLING_ROLE)]
    keeper.close()


async def test_a_busy_discord_leaves_the_rest_for_a_retry(store: Store) -> None:
    league = league_of(store, {1: rating(30.0), 2: rating(30.0)})
    carrier = FakeRoles()
    carrier.answers[("give", 1)] = RetryLater("Discord is busy")
    keeper = roles(league, carrier)
    await keeper.reconcile(GUILD)
    assert carrier.held == set() and await store.given_roles(GUILD) == []
    assert keeper.retries.pending(GUILD)
    del carrier.answers[("give", 1)]
    await keeper.reconcile(GUILD)  # (the retry's call)
    assert carrier.held == {(1, KING_ROLE), (2, KING_ROLE)}
    assert not keeper.retries.pending(GUILD)
    keeper.close()
