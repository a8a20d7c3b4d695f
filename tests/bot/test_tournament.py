"""Swiss nights through the real bot: ``/kot tournament`` create, join, add_ai, leave,
start, cancel, standings; rounds of tables opened in threads, standings posted after each
round and a final post, carried on by the games' own ends, across a restart."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import discord
from bot_harness import TEST_AI_PAUSE, Table, bot_of, make_bot, private_reply, service
from simcord import MemberActor

from bot.table.league.tournaments import StoredTournament


async def _night(table: Table) -> StoredTournament:
    stored = await service(table.env).tournaments.last_in_channel(table.channel.id)
    assert stored is not None
    return stored


def _posts(table: Table, title: str) -> list[discord.Message]:
    return [m for m in table.channel.history()
            if m.embeds and title in (m.embeds[0].title or "")]


async def _play_until(table: Table, done: object, limit: int = 3000) -> None:
    """Let AI pauses pass until ``done()`` (an async predicate) holds."""
    for _ in range(limit):
        if await done():  # type: ignore[operator]
            return
        await table.env.advance_time(TEST_AI_PAUSE + 0.1)
    raise AssertionError("the Swiss night never got there")


async def _ai_night(table: Table, host: MemberActor, ais: int, **options: object) -> None:
    created = await host.slash(table.channel, "kot tournament create", **options)
    assert created.response is not None and not created.response.ephemeral
    for _ in range(ais):
        await host.slash(table.channel, "kot tournament add_ai")


async def test_a_three_round_swiss_night_of_ai_entrants_plays_to_its_final_post(
    table: Table,
) -> None:
    host = table.players[0]
    await _ai_night(table, host, 6, rounds=3, size=3)
    created = [m for m in table.channel.history() if "is open, hosted by alice" in m.content]
    assert len(created) == 1 and "3 rounds, tables of 3, live clock" in created[0].content
    # The host organises without playing.
    assert "You left Swiss night" in (
        private_reply(await host.slash(table.channel, "kot tournament leave")) or "")
    started = private_reply(await host.slash(table.channel, "kot tournament start")) or ""
    assert "6 entrants at 2 tables, 3 rounds" in started

    async def over() -> bool:
        return (await _night(table)).tournament.status == "finished"

    await _play_until(table, over)
    night = (await _night(table)).tournament
    assert night.round == 3 and all(len(tables) == 2 for tables in night.tables)
    games = await bot_of(table.env).service.games._store.tournament_games((await _night(table)).id)
    assert sorted(games) == [(r, i) for r in (1, 2, 3) for i in (0, 1)]
    threads = {thread.id for thread in table.channel.threads}
    for game_id in games.values():
        game = await service(table.env).games.peek(game_id)
        assert game.status == "over" and game.channel_id in threads
        assert game.lobby.tournament == (await _night(table)).id
    assert len(_posts(table, "round ")) == 3 + 2  # three rounds' tables, two standings
    final = _posts(table, "is over: final standings")
    assert len(final) == 1
    podium = final[0].embeds[0].fields[0]
    assert podium.name == "Podium" and podium.value.count("🤖") == 3
    lines = await service(table.env).tournaments.standings(await _night(table))
    # Every table's points average 3 a seat: 18 seats in all.
    assert sum((line.points for line in lines), Fraction(0)) == 3 * 18
    assert [line.games for line in lines] == [3] * 6
    # The opponents' average, counted here from the tables themselves.
    points = {line.player: line.points for line in lines}
    for line in lines:
        met = [other for tables in night.tables for players in tables
               if line.player in players for other in players if other != line.player]
        assert line.opponents_points == sum((points[o] for o in met), Fraction(0)) / len(met)
    shown = await host.slash(table.channel, "kot tournament standings")
    assert shown.response is not None and "is over" not in (shown.response.content or "")
    assert "over" in (shown.response.embeds[0].title or "")


async def test_players_join_and_are_called_to_their_tables_and_a_restart_carries_on(
    table: Table, database: Path,
) -> None:
    host, bob, carol = table.players[:3]
    await _ai_night(table, host, 3, rounds=2, size=3)
    for player in (bob, carol):
        joined = private_reply(await player.slash(table.channel, "kot tournament join")) or ""
        assert "You are in Swiss night #" in joined
    again = private_reply(await bob.slash(table.channel, "kot tournament join")) or ""
    assert "You are in this Swiss night already." in again
    refused = private_reply(await bob.slash(table.channel, "kot tournament start")) or ""
    assert "Only the Swiss night's host can do that." in refused
    await host.slash(table.channel, "kot tournament start")
    late = table.players[3]
    assert "has begun" in (
        private_reply(await late.slash(table.channel, "kot tournament join")) or "")

    night = await _night(table)
    games = await bot_of(table.env).service.games._store.tournament_games(night.id)
    assert len(games) == 2  # six entrants at two tables of three
    for player in (host, bob, carol):
        seated = next(i for i, players in enumerate(night.tournament.tables[0])
                      if player.id in players)
        game = await service(table.env).games.peek(games[(1, seated)])
        assert game.status == "playing" and player.id in game.seats
        thread = next(t for t in table.channel.threads if t.id == game.channel_id)
        called = [m for m in thread.history() if "Swiss night, round 1" in m.content]
        assert len(called) == 1 and f"<@{player.id}>" in called[0].content

    # A restart while round 1 is played: the night goes on by itself.
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()

    # Carol drops out while round 1 is played: her game goes on, her next rounds do not.
    dropped = private_reply(await carol.slash(table.channel, "kot tournament leave")) or ""
    assert "you will not be seated in its next rounds" in dropped

    async def round_two() -> bool:
        return (await _night(table)).tournament.round == 2

    # Nobody answers: the turn clock (300 s) plays for the people, the AIs play themselves.
    await _play_until(table, round_two)
    assert len(_posts(table, "standings after round 1 of 2")) == 1
    night = await _night(table)
    assert [len(t) for t in night.tournament.tables[1]] == [5]  # five left: one table
    assert carol.id not in night.tournament.tables[1][0]
    lines = await service(table.env).tournaments.standings(night)
    assert len(lines) == 6 and next(line for line in lines if line.player == carol.id).games == 1


async def test_a_night_cannot_start_with_fewer_than_two_and_the_host_may_cancel(
    table: Table,
) -> None:
    host, bob = table.players[:2]
    none = private_reply(await bob.slash(table.channel, "kot tournament join")) or ""
    assert "This channel has no Swiss night." in none
    await host.slash(table.channel, "kot tournament create")
    refused = private_reply(await host.slash(table.channel, "kot tournament start")) or ""
    assert "needs 2 entrants or more" in refused
    assert (await _night(table)).tournament.status == "open"
    busy = private_reply(await bob.slash(table.channel, "kot tournament create")) or ""
    assert "has a Swiss night open or in play already" in busy
    too_big = private_reply(await host.slash(table.channel, "kot tournament create",
                                             game="origins", size=6)) or ""
    assert "seats 4 monsters at most" in too_big
    cancelled = await host.slash(table.channel, "kot tournament cancel")
    assert cancelled.response is not None and "is cancelled" in cancelled.response.content
    assert (await _night(table)).tournament.status == "cancelled"


async def test_standings_are_read_in_pages(table: Table) -> None:
    host = table.players[0]
    await _ai_night(table, host, 29)  # the host and 29 AI entrants: two pages of 25
    first = await host.slash(table.channel, "kot tournament standings")
    assert first.response is not None
    embed = first.response.embeds[0]
    assert (embed.description or "").count("\n") == 24 and embed.footer.text is not None
    assert "Page 1 of 2" in embed.footer.text
    second = await host.slash(table.channel, "kot tournament standings", page=2)
    assert second.response is not None
    assert (second.response.embeds[0].description or "").count("🤖") == 5


async def test_a_damaged_tournament_row_is_refused_clearly_and_changes_nothing(
    table: Table, database: Path,
) -> None:
    host, bob = table.players[:2]
    await host.slash(table.channel, "kot tournament create")
    night = await _night(table)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE tournaments SET tournament = ? WHERE id = ?", (b'{"oops', night.id))
    for player, command in ((bob, "kot tournament join"), (host, "kot tournament standings")):
        said = private_reply(await player.slash(table.channel, command)) or ""
        assert f"Swiss night #{night.id} cannot be read" in said
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT tournament FROM tournaments").fetchone()[0] == b'{"oops'


async def test_a_post_discord_refuses_is_posted_later_once(table: Table) -> None:
    host = table.players[0]
    await _ai_night(table, host, 6, rounds=1, size=3)
    await host.slash(table.channel, "kot tournament leave")
    # Discord fails the channel's next two posts (the round's tables): tried again later.
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503,
                           times=2)
    await host.slash(table.channel, "kot tournament start")
    assert _posts(table, "round 1 of 1") == []
    assert (await _night(table)).tournament.announced == 1  # noted, and queued with it
    await table.env.advance_time(5)
    assert len(_posts(table, "round 1 of 1")) == 1
    await table.env.advance_time(60)
    assert len(_posts(table, "round 1 of 1")) == 1
