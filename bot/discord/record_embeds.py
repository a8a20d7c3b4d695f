"""The answers of ``/kot stats``, ``/kot leaderboard`` and ``/kot history``, as embeds.

Long lists are cut into pages of ``PAGE_SIZE`` lines; the command's ``page`` option picks
one (an option rather than buttons: nothing to keep working across a restart).
"""

from __future__ import annotations

import discord

from bot.discord.messages import COLOUR, ai_name, game_length, mention
from bot.i18n import ENGLISH
from bot.render.chart import MIN_CHART_POINTS
from bot.table.ratings import MIN_GAMES, PlayerRating
from bot.table.records import GameRecord, PlayerStats, SeatRecord

PAGE_SIZE = 10
RATING_CHART_FILENAME = "rating.png"
GAME_NAMES = {"kot": "King of Tokyo", "origins": "King of Tokyo: Origins"}


def page_count(items: int) -> int:
    return max(1, -(-items // PAGE_SIZE))


def _footer(embed: discord.Embed, page: int, pages: int, command: str) -> None:
    if pages > 1:
        embed.set_footer(text=f"Page {page} of {pages} · /kot {command} page: for another")


def seat_tag(seat: SeatRecord) -> str:
    """Who played a seat: a mention, or the AI monster's level."""
    if seat.user_id is None:
        return ai_name(seat.ai or "easy", ENGLISH)
    return mention(seat.user_id)


def game_line(record: GameRecord) -> str:
    """One game of the history: number, date, table, and how it ended."""
    winners = [seat for seat in record.seats if seat.winner]
    if record.status == "ended":
        result = "stopped before its end"
    elif winners:
        result = "won by " + ", ".join(f"{seat_tag(s)} ({s.monster})" for s in winners)
    else:
        result = "no winner"
    marks = "" if record.rated else " · unrated"
    return (f"**#{record.game_id}** · <t:{int(record.finished_at)}:d> · "
            f"{len(record.seats)} monsters · {result}{marks}")


def history_embed(records: list[GameRecord], page: int, total: int) -> discord.Embed:
    embed = discord.Embed(title="Last games on this server", colour=COLOUR)
    embed.description = ("\n".join(game_line(r) for r in records) if records
                         else "No game has been finished on this server yet.")
    _footer(embed, page, page_count(total), "history")
    return embed


def leaderboard_embed(board: list[PlayerRating], page: int) -> discord.Embed:
    embed = discord.Embed(title="Leaderboard", colour=COLOUR)
    shown = board[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
    if not shown:
        embed.description = (f"Nobody has {MIN_GAMES} rated games yet. Rated games: played "
                             "to their end, with no AI monster.")
    else:
        embed.description = "\n".join(
            f"**{(page - 1) * PAGE_SIZE + n}.** {mention(p.user_id)} · "
            f"**{p.conservative:.1f}** · {_games(p.games, 'game')}"
            for n, p in enumerate(shown, start=1))
    embed.add_field(name="How it is rated", inline=False, value=(
        "A skill rating from each game's finishing order (openskill, Plackett-Luce); the "
        f"score is the cautious estimate (mean − 3 × uncertainty). At least {MIN_GAMES} rated "
        "games; games with AI monsters or stopped before the end are not rated."))
    _footer(embed, page, page_count(len(board)), "leaderboard")
    return embed


def stats_embed(user_id: int, stats: PlayerStats | None,
                rating: PlayerRating | None) -> discord.Embed:
    embed = discord.Embed(title="Stats", colour=COLOUR)
    if stats is None:
        embed.description = f"{mention(user_id)} has not finished a game on this server yet."
        return embed
    embed.description = mention(user_id)
    best = stats.best_game
    best_seat = next(s for s in best.seats if s.user_id == user_id)
    for name, value in (
        ("Games", str(stats.games)),
        ("Wins", str(stats.wins)),
        ("Win rate", f"{stats.win_rate:.0%}"),
        ("Average place", f"{stats.average_place:.1f}"),
        ("Average points", f"{stats.average_points:.1f}★"),
        ("Favourite monster", stats.favourite_monster),
        ("Best game", f"#{best.game_id}: place {best_seat.place} of {len(best.seats)}, "
                      f"{best_seat.points}★ with {best_seat.monster}"
                      + (f", {game_length(best.length, ENGLISH)}" if best.length else "")),
        ("Rating", "not rated yet" if rating is None else
                   f"{rating.conservative:.1f} after {_games(rating.games, 'rated game')}"
                   + ("" if rating.games >= MIN_GAMES
                      else f" (the leaderboard lists players from {MIN_GAMES})")),
    ):
        embed.add_field(name=name, value=value)
    if chart_values(rating):
        embed.set_image(url=f"attachment://{RATING_CHART_FILENAME}")
    return embed


def chart_values(rating: PlayerRating | None) -> list[float]:
    """The ratings ``/kot stats`` charts, one a rated game; none below ``MIN_CHART_POINTS``
    games (one point is no trend)."""
    values = [] if rating is None else [value for _when, value in rating.history]
    return values if len(values) >= MIN_CHART_POINTS else []


def _games(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")
