"""Seasons through the real bot on SimCord, the time owned by the test: an admin sets them, a
season's games rank its players, its end posts the podium in the league's channel and starts
the next season, its table is kept; turned off, the running season closes at once."""

from __future__ import annotations

from pathlib import Path

import discord
from bot_harness import Table, bot_of, make_bot, private_reply
from simcord import MemberActor
from test_records_commands import answer, play_to_the_end

from bot.table.league.ranks import RANKS
from bot.table.league.seasons import DAY

WEEK = 7


def admin_of(table: Table) -> MemberActor:
    guild = table.env.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(table.env.create_user("admin"), roles=[admins])


def season_posts(table: Table) -> list[discord.Embed]:
    return [embed for message in table.channel.history() for embed in message.embeds
            if (embed.title or "").startswith("🏆")]


async def test_a_season_ends_with_its_podium_and_the_next_begins(table: Table) -> None:
    league = bot_of(table.env).league
    guild_id = table.env.guild.id
    refused = await table.players[0].slash(table.channel, "kot league season", days=WEEK)
    assert "Manage Server" in (private_reply(refused) or "")
    assert await league.running(guild_id) is None

    admin = admin_of(table)
    began = table.env.now().timestamp()
    said = private_reply(await admin.slash(table.channel, "kot league season", days=WEEK,
                                           channel=table.channel))
    assert said is not None and "Seasons: 7 days each" in said
    assert "Season 1 is running, until <t:" in said and f"<#{table.channel.id}>" in said
    running = await league.running(guild_id)
    assert running is not None and running.number == 1
    assert running.ends_at is not None and abs(running.ends_at - (began + WEEK * DAY)) < 5

    for _game in range(3):
        await play_to_the_end(table)
    alice, bob = table.players[:2]
    board = answer(await alice.slash(table.channel, "kot leaderboard", season=0)).embeds[0]
    assert board.title == "Leaderboard · season 1"
    lines = (board.description or "").splitlines()
    assert lines[0].startswith("Since <t:") and ", until <t:" in lines[0]
    places = [line.split(" · ") for line in lines[2:]]
    assert [place[0].split(" ")[0] for place in places] == ["**1.**", "**2.**"]
    assert sorted(place[0].split(" ")[1] for place in places) == ["alice", "bob"]
    assert all(place[3] == "3 games" for place in places)  # (place[1]: the rank)
    stats = answer(await alice.slash(table.channel, "kot stats")).embeds[0]
    fields = {field.name: field.value for field in stats.fields}
    assert "after 3 rated games" in fields["Season 1"]

    assert season_posts(table) == []
    await table.env.advance_time(WEEK * DAY + 60)
    (post,) = season_posts(table)
    assert post.title == "🏆 Season 1 is over"
    podium = (post.description or "").splitlines()
    assert podium[0].startswith("🥇 **") and podium[1].startswith("🥈 **")
    assert {podium[0].split("**")[1], podium[1].split("**")[1]} == {"alice", "bob"}
    assert "2 players ranked this season." in podium
    assert any(line.startswith("Season 2 has begun: it ends <t:") for line in podium)

    seasons = await league.seasons(guild_id)
    assert [(s.number, s.running) for s in seasons] == [(1, False), (2, True)]
    assert seasons[1].started_at == seasons[0].closed_at
    # The closed season's table is the one kept; the new season starts afresh.
    kept = answer(await bob.slash(table.channel, "kot leaderboard", season=1)).embeds[0]
    assert kept.title == "Leaderboard · season 1"
    assert (kept.description or "").splitlines()[0].startswith("From <t:")
    assert len((kept.description or "").splitlines()) == 4
    now = answer(await bob.slash(table.channel, "kot leaderboard", season=0)).embeds[0]
    assert now.title == "Leaderboard · season 2"
    assert "Nobody has 3 rated games this season yet." in (now.description or "")
    stats = answer(await alice.slash(table.channel, "kot stats")).embeds[0]
    fields = {field.name: field.value for field in stats.fields}
    assert fields["Season 2"] == "Unranked: 0 of the 3 rated games a rank needs"
    missing = answer(await bob.slash(table.channel, "kot leaderboard", season=9))
    assert "no season 9 (seasons 1 to 2)" in (missing.content or "")
    # All time, as before.
    all_time = answer(await bob.slash(table.channel, "kot leaderboard")).embeds[0]
    assert all_time.title == "Leaderboard"


async def test_seasons_turned_off_close_the_running_one_now(table: Table) -> None:
    league = bot_of(table.env).league
    admin = admin_of(table)
    await admin.slash(table.channel, "kot league season", days=30)
    said = private_reply(await admin.slash(table.channel, "kot league season", days=0))
    assert said is not None and said.startswith("Seasons: off")
    (post,) = season_posts(table)
    assert post.title == "🏆 Season 1 is over"
    lines = (post.description or "").splitlines()
    assert lines[0] == "Nobody played the 3 rated games a season's ranking needs."
    assert lines[-1] == "No new season: this server's seasons are off."
    assert await league.running(table.env.guild.id) is None
    # On again: numbered after the last.
    await admin.slash(table.channel, "kot league season", days=30)
    running = await league.running(table.env.guild.id)
    assert running is not None and running.number == 2


async def test_a_season_overdue_at_start_up_closes_then(table: Table, database: Path) -> None:
    admin = admin_of(table)
    await admin.slash(table.channel, "kot league season", days=1)
    # The bot was down when the season's end came (made so in the store: the clock of a
    # bot that is not running cannot be moved).
    now = table.env.now().timestamp()
    old = bot_of(table.env)
    await old.league.store.backend.write(lambda tx: tx.execute(
        "UPDATE seasons SET ends_at = ?", (now - 2 * DAY,)))
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    await table.env.advance_time(1)
    (post,) = season_posts(table)
    assert post.title == "🏆 Season 1 is over"
    seasons = await bot_of(table.env).league.seasons(table.env.guild.id)
    assert [(s.number, s.running) for s in seasons] == [(1, False), (2, True)]
    # The next season starts when the late one closed, not at its missed end.
    assert seasons[1].started_at >= now and seasons[1].ends_at == seasons[1].started_at + DAY


def test_the_ranks_explained_match_the_thresholds() -> None:
    from bot.i18n import text

    for language in ("en", "es"):
        explained = text(language, "league-how-ranked", min=3)
        for _rank, floor in RANKS[1:]:
            assert f" {floor:.0f}," in explained or f" {floor:.0f}." in explained


