"""The answers of ``/kot stats``, ``/kot leaderboard`` and ``/kot history``, and a player's
achievements (``/kot me`` outside a game), as embeds, in the asker's language (``records-``
and ``achievement-`` messages of the catalogs).

Long lists are cut into pages of ``PAGE_SIZE`` lines; the command's ``page`` option picks
one (an option rather than buttons: nothing to keep working across a restart).
"""

from __future__ import annotations

import discord

from bot.discord.bulletins import rank_name
from bot.discord.messages import COLOUR, ai_name, fitted, game_length, named
from bot.i18n import text
from bot.render.chart import MIN_CHART_POINTS
from bot.table.league.achievements import ACHIEVEMENTS, BY_KEY, Achievement, Earned
from bot.table.league.crowns import Crown
from bot.table.league.ranks import rank_of, rank_of_score
from bot.table.league.seasons import Season, Standing, ranked
from bot.table.level_ratings import level_ratings
from bot.table.ratings import MIN_GAMES, PlayerRating
from bot.table.records import AgainstAi, GameRecord, PlayerStats, SeatRecord
from engine import Phrase, phrase

PAGE_SIZE = 10
RATING_CHART_FILENAME = "rating.png"


def page_count(items: int) -> int:
    return max(1, -(-items // PAGE_SIZE))


def page_footer(embed: discord.Embed, page: int, pages: int, command: str,
                language: str) -> None:
    """Which page this is, and the command's option for another (when there are several)."""
    if pages > 1:
        embed.set_footer(text=text(language, "records-page", page=str(page), pages=str(pages),
                                   command=command))


def one_decimal(value: float) -> float:
    """``value`` rounded as ``f"{value:.1f}"`` rounds it (half to even, on the float itself),
    for the catalogs' NUMBER() to write: Babel, given the float, rounds its decimal
    spelling instead (1.15 would become 1.2 where English always showed 1.1)."""
    return round(value, 1)


def seat_tag(seat: SeatRecord, language: str) -> str:
    """Who played a seat: the name they joined with, or the AI monster's level."""
    if seat.user_id is None:
        return ai_name(seat.ai or "easy", language)
    return named(seat.name, seat.user_id)


def game_line(record: GameRecord, language: str) -> str:
    """One game of the history: number, date, table, and how it ended."""
    winners = [seat for seat in record.seats if seat.winner]
    if record.status == "ended":
        result = text(language, "records-result-stopped")
    elif winners:
        result = text(language, "records-result-won", winners=", ".join(
            text(language, "records-winner", player=seat_tag(s, language), monster=s.monster)
            for s in winners))
    else:
        result = text(language, "records-result-no-winner")
    line = text(language, "records-game-line", game=str(record.game_id),
                date=f"<t:{int(record.finished_at)}:d>", monsters=len(record.seats),
                result=result, rated="yes" if record.rated else "no")
    return f"{line} · {text(language, 'records-power-up')}" if record.options.power_up else line


def history_embed(records: list[GameRecord], page: int, total: int,
                  language: str) -> discord.Embed:
    embed = discord.Embed(title=text(language, "records-history-title"), colour=COLOUR)
    embed.description = (fitted([game_line(r, language) for r in records]) if records
                         else text(language, "records-history-empty"))
    page_footer(embed, page, page_count(total), "history", language)
    return embed


def leaderboard_embed(board: list[PlayerRating], page: int, language: str) -> discord.Embed:
    embed = discord.Embed(title=text(language, "records-leaderboard-title"), colour=COLOUR)
    shown = board[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
    if not shown:
        embed.description = text(language, "records-leaderboard-empty", min=MIN_GAMES)
    else:
        embed.description = "\n".join(
            text(language, "records-leaderboard-line", rank=str((page - 1) * PAGE_SIZE + n),
                 player=named(p.name, p.user_id), score=one_decimal(p.conservative), games=p.games)
            for n, p in enumerate(shown, start=1))
    embed.add_field(name=text(language, "records-how-rated"), inline=False,
                    value=text(language, "records-how-rated-text", min=MIN_GAMES))
    page_footer(embed, page, page_count(len(board)), "leaderboard", language)
    return embed


def stats_embed(user_id: int, name: str, stats: PlayerStats | None,
                rating: PlayerRating | None, against: tuple[AgainstAi, ...],
                achievements: tuple[Earned, ...], language: str) -> discord.Embed:
    """A player's stats (``name``: their display name), their rating, and apart from it,
    their games ``against`` AI monsters, then the achievements they earned."""
    embed = discord.Embed(title=text(language, "records-stats-title"), colour=COLOUR)
    if stats is None:
        embed.description = text(language, "records-stats-none", player=named(name, user_id))
        return embed
    embed.description = named(name, user_id)
    for field, value in (
        ("games", text(language, "records-count", count=stats.games)),
        ("wins", text(language, "records-count", count=stats.wins)),
        ("win-rate", text(language, "records-percent", percent=round(stats.win_rate * 100))),
        ("average-place", text(language, "records-average",
                               value=one_decimal(stats.average_place))),
        ("average-points", text(language, "records-average-points",
                                value=one_decimal(stats.average_points))),
        ("favourite", stats.favourite_monster),
        ("best-game", _best_game(user_id, stats.best_game, language)),
        ("rating", _rating(rating, language)),
    ):
        embed.add_field(name=text(language, f"records-stats-{field}"), value=value)
    if against:
        ratings = level_ratings()
        embed.add_field(name=text(language, "names-stats-against-ai"), inline=False,
                        value="\n".join(text(language, "names-against-ai",
                                             ai=ai_name(row.level, language),
                                             rating=one_decimal(ratings[row.level]),
                                             games=row.games, wins=row.wins)
                                        for row in against))
    embed.add_field(name=text(language, "achievement-stats-field", earned=len(achievements),
                              total=len(ACHIEVEMENTS)), inline=False,
                    value="\n".join(text(language, "achievement-stats-earned",
                                         **_achievement(each), game=str(each.game_id),
                                         ai="yes" if each.against_ai else "no")
                                    for each in achievements)
                    or text(language, "achievement-stats-none"))
    if chart_values(rating):
        embed.set_image(url=f"attachment://{RATING_CHART_FILENAME}")
    return embed


def achievements_embed(user_id: int, name: str, achievements: tuple[Earned, ...],
                       language: str) -> discord.Embed:
    """Every achievement, those the player earned first (with the game that earned each),
    then how to earn the others."""
    embed = discord.Embed(title=text(language, "achievement-me-title"), colour=COLOUR)
    earned = {each.key: each for each in achievements}
    lines = [text(language, "achievement-me-summary", player=named(name, user_id),
                  earned=len(achievements), total=len(ACHIEVEMENTS)), ""]
    lines += [text(language, "achievement-me-earned", **_achievement(each),
                   game=str(each.game_id), date=f"<t:{int(each.finished_at)}:d>",
                   ai="yes" if each.against_ai else "no") for each in achievements]
    lines += [text(language, "achievement-me-missing", **_achievement(achievement))
              for achievement in ACHIEVEMENTS if achievement.key not in earned]
    embed.description = fitted(lines)
    return embed


def _achievement(achievement: Achievement | Earned) -> dict[str, Phrase | str]:
    """An achievement's emoji, name and how it is earned, as a message's arguments."""
    key = achievement.key
    return {"emoji": BY_KEY[key].emoji, "name": phrase(f"achievement-{key}"),
            "about": phrase(f"achievement-{key}-about")}


def _best_game(user_id: int, best: GameRecord, language: str) -> str:
    seat = next(s for s in best.seats if s.user_id == user_id)
    return text(language, "records-best-game", game=str(best.game_id), place=seat.place,
                seats=len(best.seats), points=seat.points, monster=seat.monster,
                length=game_length(best.length, language) if best.length else "none")


def _rating(rating: PlayerRating | None, language: str) -> str:
    if rating is None:
        return text(language, "records-not-rated")
    return text(language, "records-rating", score=one_decimal(rating.conservative),
                games=rating.games, listed="yes" if rating.games >= MIN_GAMES else "no",
                min=MIN_GAMES)


def chart_values(rating: PlayerRating | None) -> list[float]:
    """The ratings ``/kot stats`` charts, one a rated game; none below ``MIN_CHART_POINTS``
    games (one point is no trend)."""
    values = [] if rating is None else [value for _when, value in rating.history]
    return values if len(values) >= MIN_CHART_POINTS else []


# --- leagues: a season's leaderboard, a player's season rank (issue 43) -------------------


def season_leaderboard_embed(season: Season, standings: tuple[Standing, ...], page: int,
                             language: str) -> discord.Embed:
    """A season's table (``/kot leaderboard season:``): its ranked players, each with their
    rank; when it ran."""
    board = ranked(standings)
    embed = discord.Embed(title=text(language, "league-leaderboard-title",
                                     season=str(season.number)), colour=COLOUR)
    shown = board[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
    lines = [_season_dates(season, language), ""]
    if not shown:
        lines.append(text(language, "league-leaderboard-empty", min=MIN_GAMES))
    lines += [text(language, "league-leaderboard-line", place=str((page - 1) * PAGE_SIZE + n),
                   player=named(s.name, s.user_id),
                   rank=rank_name(rank_of_score(s.score), language),
                   score=one_decimal(s.score), games=s.games)
              for n, s in enumerate(shown, start=1)]
    embed.description = fitted(lines)
    embed.add_field(name=text(language, "records-how-rated"), inline=False,
                    value=text(language, "league-how-ranked", min=MIN_GAMES))
    page_footer(embed, page, page_count(len(board)), "leaderboard", language)
    return embed


def _season_dates(season: Season, language: str) -> str:
    start = f"<t:{int(season.started_at)}:d>"
    if season.closed_at is not None:
        return text(language, "league-season-ran", start=start,
                    end=f"<t:{int(season.closed_at)}:d>")
    return text(language, "league-season-runs", start=start,
                end="none" if season.ends_at is None else f"<t:{int(season.ends_at)}:d>")


def add_season_rank(embed: discord.Embed, season: Season, rating: PlayerRating | None,
                    language: str) -> None:
    """A player's rank in the running season, as a field of their stats."""
    rank = rank_of(rating)
    games = 0 if rating is None else rating.games
    value = (text(language, "league-stats-unranked", games=games, min=MIN_GAMES)
             if rating is None or rank == "unranked" else
             text(language, "league-stats-rank", rank=rank_name(rank, language),
                  score=one_decimal(rating.conservative), games=games))
    embed.add_field(name=text(language, "league-stats-season", season=str(season.number)),
                    value=value, inline=False)


def add_crowns(embed: discord.Embed, crowns: list[Crown], language: str) -> None:
    """The monsters' crowns a player holds, as a field of their stats."""
    if crowns:
        embed.add_field(name=text(language, "league-stats-crowns"), inline=False,
                        value="\n".join(text(language, "league-crown", monster=crown.monster)
                                        for crown in crowns))
