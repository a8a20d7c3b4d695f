"""The monsters' crowns, pure (bot.table.league.crowns): the latest winner at the top rank
with a monster holds its crown; a lower-ranked winner takes none; games outside a season
count for nothing; a crown changing hands is one change, a holder winning again none."""

from __future__ import annotations

from bot.table.league.crowns import Crown, changes, decode_crowns, encode_crowns, holders
from bot.table.league.ranks import TOP_RANK, rank_of
from bot.table.league.seasons import Season
from bot.table.ratings import rate
from bot.table.records import GameRecord, SeatRecord
from engine import Options

GUILD = 7
START = 1_800_000_000.0
# Enough wins in a row over a pool of four for the top rank (openskill: 18 two-player wins).
WINS_TO_THE_TOP = 20


def duel(game_id: int, winner: int, loser: int, monster: str, *,
         at: float | None = None) -> GameRecord:
    def seat(number: int, user_id: int, place: int, played: str) -> SeatRecord:
        return SeatRecord(number, user_id, None, f"p{user_id}", played, place, place == 1, 10,
                          0, None, 0, False, False)

    finished = START + game_id if at is None else at
    return GameRecord(game_id, GUILD, 100 + game_id, "over", "2016", "2016", Options(),
                      finished - 60, finished, 10, True,
                      (seat(0, winner, 1, monster), seat(1, loser, 2, "The King")))


def dominant(first_id: int, player: int, pool: range, monster: str) -> list[GameRecord]:
    """``player`` beats the pool in turn, ``WINS_TO_THE_TOP`` times, with ``monster``."""
    return [duel(first_id + n, player, pool[n % len(pool)], monster)
            for n in range(WINS_TO_THE_TOP)]


SEASON = Season(GUILD, 1, START, None)


def test_the_top_rank_winner_holds_the_crown_and_another_takes_it() -> None:
    games = dominant(0, 1, range(10, 14), "Alienoid")
    assert rank_of(rate(games)[1]) == TOP_RANK
    crowns = holders(games, [SEASON])
    assert crowns == {"Alienoid": Crown("Alienoid", 1, "p1", games[-1].game_id,
                                        games[-1].channel_id)}
    # Player 2 climbs with Cyber Kitty, then beats player 1 with Alienoid: taken.
    games += dominant(100, 2, range(20, 24), "Cyber Kitty")
    games.append(duel(200, 2, 1, "Alienoid"))
    after = holders(games, [SEASON])
    assert after["Alienoid"].user_id == 2 and after["Alienoid"].game_id == 200
    assert after["Cyber Kitty"].user_id == 2
    said = changes(crowns, after, "es")
    assert [(c.crown.monster, c.before, c.language) for c in said] == [
        ("Alienoid", crowns["Alienoid"], "es"), ("Cyber Kitty", None, "es")]
    assert changes(after, after, "en") == []
    assert decode_crowns(encode_crowns(after)) == after


def test_a_winner_below_the_top_rank_takes_no_crown() -> None:
    games = dominant(0, 1, range(10, 14), "Alienoid")
    # A newcomer's win with Alienoid, over the holder, does not take it.
    games.append(duel(300, 50, 1, "Alienoid"))
    assert holders(games, [SEASON])["Alienoid"].user_id == 1


def test_only_a_seasons_games_count() -> None:
    games = dominant(0, 1, range(10, 14), "Alienoid")
    assert holders(games, []) == {}
    later = Season(GUILD, 2, START + 10_000, None)
    assert holders(games, [later]) == {}
    # Each season rates afresh: the top rank must be reached again within it.
    split = Season(GUILD, 1, START, START + 10, closed_at=START + 10)
    rest = Season(GUILD, 2, START + 10, None)
    assert holders(games, [split, rest]) == {}
