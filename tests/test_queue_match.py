"""The matchmaking queue's rule (bot.table.league.queue): who sits at one table."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.table.league.queue import (
    LARGEST_TABLE,
    SMALLEST_TABLE,
    WINDOW_OPEN_SECONDS,
    WINDOW_START,
    QueueEntry,
    find_match,
    rating_window,
    waiting,
)

NOW = 100_000.0


def entry(user_id: int, *, least: int = 3, most: int = 5, clock: str = "live",
          rating: float = 0.0, waited: float = 0.0, expires_in: float = 3600.0) -> QueueEntry:
    return QueueEntry(guild_id=1, user_id=user_id, name=f"p{user_id}", channel_id=9,
                      least=least, most=most, clock=clock,  # type: ignore[arg-type]
                      rating=rating, joined_at=NOW - waited, expires_at=NOW + expires_in)


def test_a_table_opens_as_soon_as_enough_players_accept_its_size() -> None:
    two = [entry(1, waited=60), entry(2, waited=30)]
    assert find_match(two, NOW) is None  # both want 3 at least
    match = find_match([*two, entry(3)], NOW)
    assert match is not None and [p.user_id for p in match.players] == [1, 2, 3]
    assert match.clock == "live"


def test_the_longest_waiting_player_is_seated_first_and_hosts() -> None:
    entries = [entry(1, least=4, most=4, waited=10), entry(2, least=3, most=3, waited=90),
               entry(3, least=3, most=4, waited=50), entry(4, least=3, most=4, waited=20)]
    match = find_match(entries, NOW)
    assert match is not None and [p.user_id for p in match.players] == [2, 3, 4]


def test_clocks_never_mix_and_expired_entries_never_sit() -> None:
    entries = [entry(1, clock="long"), entry(2), entry(3, expires_in=-1), entry(4)]
    assert find_match(entries, NOW) is None
    assert [e.user_id for e in waiting(entries, NOW)] == [1, 2, 4]


def test_a_far_rating_waits_until_the_window_has_widened() -> None:
    strong = entry(1, rating=30.0, waited=0)
    others = [entry(2, rating=1.0), entry(3, rating=2.0)]
    assert find_match([strong, *others], NOW) is None
    waited_long = entry(1, rating=30.0, waited=WINDOW_OPEN_SECONDS)
    match = find_match([waited_long, *others], NOW)
    assert match is not None and match.players[0].user_id == 1


def test_the_window_starts_narrow_and_widens_in_steps() -> None:
    assert rating_window(0) == WINDOW_START
    assert rating_window(299) == WINDOW_START < rating_window(300) < rating_window(900)
    assert rating_window(WINDOW_OPEN_SECONDS) == float("inf")


sizes = st.tuples(st.integers(SMALLEST_TABLE, LARGEST_TABLE),
                  st.integers(SMALLEST_TABLE, LARGEST_TABLE)).map(sorted)
entries_strategy = st.lists(
    st.tuples(sizes, st.sampled_from(["live", "long"]), st.floats(-10, 40),
              st.floats(0, 4000), st.floats(-100, 4000)),
    max_size=14,
).map(lambda rows: [entry(number, least=s[0], most=s[1], clock=clock, rating=rating,
                          waited=waited, expires_in=expires)
                    for number, (s, clock, rating, waited, expires) in enumerate(rows, 1)])


def can_host(live: list[QueueEntry], first: QueueEntry) -> bool:
    """An oracle: could a table be seated around ``first`` from the players waiting?"""
    window = rating_window(NOW - first.joined_at)
    for size in range(max(first.least, SMALLEST_TABLE), first.most + 1):
        takers = [e for e in live if e is not first and e.clock == first.clock
                  and abs(e.rating - first.rating) <= window and e.accepts(size)]
        if len(takers) >= size - 1:
            return True
    return False


@given(entries_strategy)
def test_a_match_seats_waiting_players_who_all_accept_it(entries: list[QueueEntry]) -> None:
    match = find_match(entries, NOW)
    live = waiting(entries, NOW)
    hosts = [first for first in live if can_host(live, first)]
    if match is None:
        assert hosts == []
        return
    # Hosted by the longest-waiting player who could have a table.
    assert match.players[0] is hosts[0]
    ids = [p.user_id for p in match.players]
    assert len(set(ids)) == len(ids) == match.size
    assert SMALLEST_TABLE <= match.size <= LARGEST_TABLE
    first = match.players[0]
    window = rating_window(NOW - first.joined_at)
    for player in match.players:
        assert player.expires_at > NOW and player.clock == match.clock
        assert player.least <= match.size <= player.most
        assert abs(player.rating - first.rating) <= window
