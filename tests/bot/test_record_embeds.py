"""The records' embeds without Discord: numbers written in each language as English always
wrote them, and the longest answers within Discord's limits in every language."""

from __future__ import annotations

import discord
import pytest

from bot.discord.record_embeds import (
    achievements_embed,
    game_line,
    history_embed,
    leaderboard_embed,
    stats_embed,
)
from bot.i18n import LANGUAGES, text
from bot.table.league.achievements import ACHIEVEMENTS, Earned
from bot.table.ratings import PlayerRating
from bot.table.records import AgainstAi, GameRecord, PlayerStats, SeatRecord
from engine import MONSTER_NAMES, ORIGINS_MONSTER_NAMES, Options

# Discord's embed limits (docs: resources/message, embed limits).
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000

LONGEST_MONSTER = max((*MONSTER_NAMES, *ORIGINS_MONSTER_NAMES), key=len)
LONGEST_ID = 2**63 - 1
# Discord's longest display name (32 characters); and the same made only of markdown
# characters, each escaped (a history page of it is cut to fit).
LONGEST_NAME = "W" * 32
LONGEST_ESCAPED_NAME = "_" * 32
USER = 123456789012345678


BASE_GAME = Options()

def seat(number: int, *, user_id: int | None, place: int = 1, points: int = 20,
         name: str | None = None) -> SeatRecord:
    return SeatRecord(seat=number, user_id=user_id, ai=None if user_id else "hard", name=name,
                      monster=LONGEST_MONSTER, place=place, winner=True, points=points,
                      hearts=3, out_turn=None, cards_bought=None, left_game=False,
                      autopiloted=False)


def record(game_id: int, seats: tuple[SeatRecord, ...], *, rated: bool = True,
           length: float = 0.0, options: Options = BASE_GAME) -> GameRecord:
    return GameRecord(game_id=game_id, guild_id=1, channel_id=2, status="over",
                      game_type="kot", edition="2016", options=options,
                      started_at=1e9 if length else 0.0, finished_at=1e9 + length, turns=40,
                      rated=rated, seats=seats)


def stats(average_place: float, average_points: float, *, games: int = 3,
          wins: int = 1) -> PlayerStats:
    best = record(7, (seat(0, user_id=USER),))
    return PlayerStats(games=games, wins=wins, average_place=average_place,
                       average_points=average_points, favourite_monster="The King",
                       best_game=best)


def fields(embed: discord.Embed) -> dict[str, str]:
    return {field.name or "": field.value or "" for field in embed.fields}


@pytest.mark.parametrize(("language", "place", "points", "win_rate", "rating"), [
    # Halves as the float holds them: 1.15 is a little under, so it was always "1.1".
    ("en", "1.1", "0.1★", "33%", "-0.5 after 1 rated game (the leaderboard lists players "
                                 "from 3)"),
    ("es", "1,1", "0,1★", "33\u00a0%", "-0,5 tras 1 partida puntuada (la clasificación "
                                       "muestra a los jugadores desde 3 partidas)"),
])
def test_figures_are_rounded_as_english_always_was_and_written_per_language(
        language: str, place: str, points: str, win_rate: str, rating: str) -> None:
    figures = fields(stats_embed(USER, "alice", stats(1.15, 0.05, games=3, wins=1),
                                 PlayerRating(USER, mu=1.0, sigma=0.5, games=1), (), (),
                                 language))
    assert list(figures.values())[2:5] == [win_rate, place, points]
    assert figures[text(language, "records-stats-rating")] == rating


def longest_answers(language: str, name: str = LONGEST_NAME) -> list[discord.Embed]:
    """The longest answer of each command: ten games of six winners (players and AI
    monsters) with the longest monster name, ten leaders on the last page, and the stats of
    a player with thousands of games."""
    six = tuple(seat(n, user_id=None if n % 2 else LONGEST_ID - n, name=name)
                for n in range(6))
    games = [record(LONGEST_ID - n, six, rated=False) for n in range(10)]
    leaders = [PlayerRating(LONGEST_ID - n, mu=-1234.56, sigma=0.0, name=name,
                            games=123456)
               for n in range(10_000)]
    best = record(LONGEST_ID, tuple(seat(n, user_id=USER if n == 5 else None, place=6,
                                         points=12345) for n in range(6)),
                  length=99 * 3600 + 59 * 60)
    figures = PlayerStats(games=123456, wins=123456, average_place=6.0,
                          average_points=12345.6, favourite_monster=LONGEST_MONSTER,
                          best_game=best)
    rating = PlayerRating(USER, mu=-1234.56, sigma=0.0, games=2)
    every = tuple(Earned(a.key, LONGEST_ID, 4e9, against_ai=True) for a in ACHIEVEMENTS)
    return [history_embed(games, 1000, 10_000, language),
            leaderboard_embed(leaders, 1000, language),
            stats_embed(USER, name, figures, rating,
                        tuple(AgainstAi(level, 123456, 123456)
                              for level in ("easy", "medium", "hard")),
                        every, language),
            stats_embed(USER, name, None, None, (), (), language),
            achievements_embed(USER, name, every, language),
            achievements_embed(USER, name, every[:1], language),
            achievements_embed(USER, name, (), language)]


# Every real language, not the pseudo-language: it lengthens the whole message said,
# verbatim names and mentions included, once more at each message nested in another (a
# winner in a history line), which no language does.
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", [LONGEST_NAME, LONGEST_ESCAPED_NAME])
def test_the_longest_answers_fit_discords_limits(language: str, name: str) -> None:
    for embed in longest_answers(language, name):
        assert len(embed.title or "") <= TITLE_LIMIT
        assert 0 < len(embed.description or "") <= DESCRIPTION_LIMIT
        assert len(embed.footer.text or "") <= FOOTER_LIMIT
        for field, value in fields(embed).items():
            assert 0 < len(field) <= FIELD_NAME_LIMIT and 0 < len(value) <= FIELD_VALUE_LIMIT
        assert len(embed) <= EMBED_TOTAL_LIMIT
    history = longest_answers(language, name)[0].description or ""
    # (A page of names made of markdown characters only is cut short of its last winners.)
    assert len(history.splitlines()) == 10
    assert history.count(LONGEST_MONSTER) == 60 or name == LONGEST_ESCAPED_NAME


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_power_up_game_says_so_in_the_history(language: str) -> None:
    seats = (seat(0, user_id=USER), seat(1, user_id=None, place=2))
    plain = game_line(record(7, seats), language)
    power_up = game_line(record(8, seats, options=Options(power_up=True)), language)
    assert "Power Up!" not in plain and power_up.endswith("· 🧬 Power Up!")
