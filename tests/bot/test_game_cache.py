"""What the process keeps in memory of its games (``bot.table.game_cache``), on its own: the
bound and what it never lets go, the versions, the live messages both ways, the locks."""

from __future__ import annotations

import pytest

from bot.table import game_cache
from bot.table.game_cache import GameCache
from bot.table.model import Chronicle, Game, Lobby


def lobby(game_id: int, message_id: int | None = None) -> Game:
    return Game(game_id, 1, 10 + game_id, 7, "lobby", Lobby(), (), None, Chronicle(),
                message_id)


def test_a_lock_is_the_same_while_it_is_held_or_awaited() -> None:
    cache = GameCache()
    lock = cache.lock(1)
    assert cache.lock(1) is lock and cache.lock(2) is not lock


async def test_the_least_recent_games_go_first_but_never_one_whose_lock_is_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_cache, "CACHED_MOST", 2)
    cache = GameCache()
    for game_id in (1, 2):
        cache.set_version(game_id, 5)
        cache.keep(lobby(game_id, message_id=100 + game_id))
    async with cache.lock(1):
        cache.keep(lobby(3))
        # 1 is the least recent, but held: 2 goes instead, with its version.
        assert [cache.get(game_id) is not None for game_id in (1, 2, 3)] == [True, False, True]
        assert cache.version(1) == 5 and cache.version(2) is None
    cache.keep(lobby(4))
    assert 1 not in cache and 3 in cache and 4 in cache
    # A game let go keeps its live message known: a deleted message is still found.
    assert cache.with_live_message(102) == 2 and cache.with_live_message(101) == 1


def test_a_game_kept_again_is_the_most_recent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_cache, "CACHED_MOST", 2)
    cache = GameCache()
    for game_id in (1, 2, 1, 3):  # 1 written again after 2
        cache.keep(lobby(game_id))
    assert [game_id in cache for game_id in (1, 2, 3)] == [True, False, True]


def test_a_finished_game_is_forgotten_with_its_live_message() -> None:
    cache = GameCache()
    cache.set_version(1, 3)
    cache.remember(lobby(1, message_id=101))
    assert cache.with_live_message(101) == 1
    cache.remember(Game(1, 1, 11, 7, "over", Lobby(), (), None, Chronicle(), 101))
    assert cache.get(1) is None and cache.version(1) is None
    assert cache.with_live_message(101) is None


def test_a_new_live_message_replaces_the_old_one() -> None:
    cache = GameCache()
    cache.keep(lobby(1, message_id=101))
    cache.note_live(lobby(1, message_id=202))
    assert cache.with_live_message(202) == 1 and cache.with_live_message(101) is None
    cache.note_live(lobby(1))  # no live message any more (being posted again)
    assert cache.with_live_message(202) is None
