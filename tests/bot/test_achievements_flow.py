"""Achievements as players meet them on SimCord: a game played to its end announces what it
earned in its channel, once (not again after a restart, nor after a crash between the post
and its note), and ``/kot stats`` and ``/kot me`` show them; a store written by an older bot
gets the facts of its records at the first start, and announces nothing of its old games."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import discord
import msgspec
import pytest
from bot_harness import Table, bot_of, final_board, make_bot, rewrite_state, service
from test_game_end import with_points
from test_old_stores import fixtures, old_store, start_bot
from test_records_commands import answer

from bot.i18n import ENGLISH, text
from bot.table.league.achievements import BY_KEY, earned, earned_in
from bot.table.model import Game
from bot.table.publish import AnnounceAchievements
from bot.table.records import GameRecord
from engine import phrase

TITLE = "🎖️ Achievements earned in game #{game}:"


def notices(table: Table) -> list[discord.Message]:
    """The achievement notices in the table's channel."""
    return [m for m in table.channel.history() if m.content.startswith("🎖️")]


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()


async def win_at_once(table: Table) -> Game:
    """A game of two: the first monster starts at 19★, rolls three 1s (20★) and wins; every
    other question is answered by default. Returns the finished game."""
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, with_points({0: 19}))
    await table.roll_and_stop(["1", "1", "1", "2", "2", "3"])
    games = service(table.env).games
    while (current := await games.active_in_channel(table.channel.id)) is not None:
        decision = current.playing_state().pending[0]
        await table.click(f"o{decision.options.index(decision.default)}")
    finished = await games.peek(game.id)
    assert finished.status == "over"
    return finished


def earned_lines(records: list[GameRecord], game: Game) -> list[str]:
    """The notice's line of each achievement the game earned its players, in seat order."""
    state = game.playing_state()
    return [text(ENGLISH, "achievement-announced", emoji=BY_KEY[each.key].emoji,
                 player=seat.name or "", monster=state.monsters[seat.seat].name,
                 name=phrase(f"achievement-{each.key}"),
                 about=phrase(f"achievement-{each.key}-about"))
            for seat in records[-1].seats if seat.user_id is not None
            for each in earned_in(records, seat.user_id, game.id)]


async def test_a_win_is_announced_once_after_the_final_board_and_shows_in_stats(
        table: Table, database: Path) -> None:
    finished = await win_at_once(table)

    [seat] = finished.playing_state().winners
    winner = table.player(finished.seats[seat])
    monster = finished.playing_state().monsters[seat].name
    records = await service(table.env).record_book.records(table.channel.guild.id)
    [notice] = notices(table)
    # Posted after the final board, which keeps its place just above.
    *_before, board, last = table.channel.history()
    assert last.id == notice.id and board.id == final_board(table.channel).id
    lines = notice.content.splitlines()
    assert lines == [TITLE.format(game=finished.id), *earned_lines(records, finished)]
    assert lines[1:3] == [f"🏆 {winner.name} ({monster}): **First win**. Win a game.",
                          f"⭐ {winner.name} ({monster}): **Twenty stars**. Win with 20★."]
    assert not notice.mentions  # (it pings nobody)

    await restart(table, database)
    await table.env.settle()
    assert [n.id for n in notices(table)] == [notice.id]

    won = earned(records, winner.id)
    stats = answer(await winner.slash(table.channel, "kot stats"))
    fields = {field.name: field.value for field in stats.embeds[0].fields}
    assert (fields[f"Achievements ({len(won)} of 9)"] or "").splitlines()[:2] == [
        f"🏆 **First win** · #{finished.id}", f"⭐ **Twenty stars** · #{finished.id}"]

    mine = answer(await winner.slash(table.channel, "kot me")).embeds[0]
    assert mine.title == "Achievements"
    said = (mine.description or "").splitlines()
    assert said[0].startswith(f"{winner.name}: {len(won)} of 9 on this server.")
    assert said[2].startswith(f"🏆 **First win**: Win a game. Game #{finished.id}, <t:")
    assert said[-1] == "🔒 All of Tokyo: Win a game of each type: King of Tokyo 2016, " \
        "King of Tokyo 2011, Origins and Power Up!"
    assert len(said) == 2 + 9


async def test_a_player_without_achievements_is_shown_how_to_earn_them(table: Table) -> None:
    finished = await win_at_once(table)
    [seat] = finished.playing_state().winners
    loser = table.player(finished.seats[1 - seat])
    # (A game of two earns its loser nothing: every achievement but knocking out three
    # monsters, or playing ten games, needs a win.)
    stats = answer(await loser.slash(table.channel, "kot stats"))
    assert {field.name: field.value for field in stats.embeds[0].fields}[
        "Achievements (0 of 9)"] == "None yet: `/kot me` lists them, and how each is earned."


async def test_a_notice_posted_before_a_crash_is_not_posted_again(
        table: Table, database: Path) -> None:
    finished = await win_at_once(table)
    [notice] = notices(table)
    # A crash after the notice was posted, before the pass noted it: the effect is still
    # queued, and nothing noted as announced.
    with closing(sqlite3.connect(database)) as db, db:
        told = db.execute("SELECT user_id, achievement, game_id FROM "
                          "achievements_announced").fetchall()
        assert {"first-win", "twenty-points"} <= {key for _user, key, _game in told}
        db.execute("DELETE FROM achievements_announced")
        db.execute("INSERT INTO outbox (game_id, seq, effect, created_at) "
                   "VALUES (?, 1000, ?, 0)",
                   (finished.id, msgspec.json.encode(AnnounceAchievements())))

    await restart(table, database)
    await table.env.settle()

    assert [n.id for n in notices(table)] == [notice.id]
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 0
        assert sorted(db.execute("SELECT user_id, achievement, game_id FROM "
                                 "achievements_announced").fetchall()) == sorted(told)


async def test_a_game_stopped_by_hand_announces_nothing(table: Table) -> None:
    host = table.players[0]
    await table.start_game(players=2)
    asked = await host.slash(table.channel, "kot end")
    assert asked.response is not None
    await host.click(asked.response, label="End the game")
    assert (await service(table.env).record_book.records(table.channel.guild.id))
    assert notices(table) == []


# (Stores from schema 5 on: their finished game has a record the older bot kept.)
@pytest.mark.parametrize("fixture", [f for f in fixtures() if int(str(f.id)[6:]) >= 5])
async def test_an_older_bots_records_get_their_facts_and_announce_nothing(
        table: Table, tmp_path: Path, fixture: Path) -> None:
    store = old_store(table, fixture, tmp_path)
    finished = store["finished"]
    with closing(sqlite3.connect(store.database)) as db:
        assert db.execute("SELECT COUNT(*) FROM records WHERE game_id = ?",
                          (finished.id,)).fetchone()[0] == 1  # kept by the older bot

    await start_bot(table, store.database)
    await table.env.settle()

    record = await service(table.env).record_book.record(finished.id)
    assert record is not None and record.status == "over"
    assert all(seat.entered_tokyo is not None and seat.knocked_out is not None
               and seat.lowest_hearts is not None for seat in record.seats)
    assert all(not m.content.startswith("🎖️") for m in finished.channel.history())
    winner = next(seat for seat in record.seats if seat.winner)
    assert winner.user_id is not None
    stats = answer(await table.player(winner.user_id).slash(finished.channel, "kot stats"))
    field = next(f for f in stats.embeds[0].fields if (f.name or "").startswith("Achievements"))
    assert f"🏆 **First win** · #{finished.id}" in (field.value or "")
