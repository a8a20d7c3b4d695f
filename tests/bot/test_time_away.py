"""Time away, on SimCord across days: /kot away stops a player's clock (the autopilot
waits), told to the table and on the board, bounded, ended by a click, kept across a
restart; and a long game's lobby stays open a day."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bot_harness import Table, bot_of, make_bot, private_reply, service
from simcord import MemberActor

from bot.app import KotBot
from bot.i18n import say
from bot.local import open_lobby
from bot.table.model import Game
from engine import EndBuying, Roll

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0
TURN = HOUR  # a long game
REACTION = 10 * MINUTE


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    return make_bot(database, turn_timeout=TURN, reaction_timeout=REACTION)


def said_log(game: Game) -> list[str]:
    return [say("en", line) for line in game.chronicle.narration.log]


def board_text(table: Table, game: Game) -> str:
    assert game.board_message_id is not None
    return table.message(game.board_message_id).content


def board_deadlines(table: Table, game: Game) -> list[int]:
    return [int(value) for value in re.findall(r"<t:(\d+):R>", board_text(table, game))]


def notices(table: Table) -> list[str]:
    return [m.content for m in table.channel.history() if m.content.startswith("⏸️")]


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False, turn_timeout=TURN,
                                         reaction_timeout=REACTION))
    await old.service.close()


async def away(player: MemberActor, table: Table, days: int) -> str:
    return private_reply(await player.slash(table.channel, "kot away", days=days)) or ""


async def test_kot_away_stops_the_clock_and_the_autopilot_plays_after_it(table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    seq = game.playing_state().seq
    await table.env.advance_time(20 * MINUTE)  # 40 minutes of her turn left
    now = table.env.now().timestamp()

    answer = await away(alice, table, 2)

    until = int(now + 2 * DAY)
    assert f"Your clock in game #{game.id} is stopped until <t:{until}:f> (<t:{until}:R>)" \
        in answer
    assert "You may still take 5 days of time away in this game (7 in all)." in answer
    [notice] = notices(table)
    seat = game.seat_of(alice.id) or 0
    assert notice.startswith(f"⏸️ Away until <t:{until}:f> (<t:{until}:R>): "
                             f"{game.player_name(seat)} "
                             f"({game.playing_state().monsters[seat].name}). ")
    game = await table.game()
    assert f"⏸️ away until <t:{until}:f>" in board_text(table, game)
    assert any("is away until" in line for line in said_log(game))
    # Her clock stopped: the 40 minutes left of her turn run after the time away.
    [deadline] = board_deadlines(table, game)
    assert abs(deadline - (until + 40 * MINUTE)) <= 2

    await table.env.advance_time(2 * DAY + 39 * MINUTE)
    game = await table.game()
    assert game.playing_state().seq == seq  # the autopilot waited for her
    # Her time away is over: the board no longer says she is away, and shows the 40
    # minutes left of her turn.
    assert "⏸️" not in board_text(table, game)
    assert board_deadlines(table, game) == [deadline]

    await table.env.advance_time(2 * MINUTE)
    game = await table.game()
    state = game.playing_state()
    assert state.turn is not None and game.seats[state.turn.seat] != alice.id
    closed = [m for m in table.channel.history() if m.content.startswith("Turn 1 is over")]
    assert any("ran out of time" in (e.description or "") for e in closed[0].embeds)


async def test_time_away_is_bounded_per_game_and_a_refusal_changes_nothing(
        table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    assert "You may still take 2 days" in await away(alice, table, 5)
    # Asked again while away: the time away ends at the new end instead.
    assert "You may still take 4 days" in await away(alice, table, 3)
    await table.env.advance_time(DAY)
    before = (await table.game()).chronicle

    refused = await away(alice, table, 7)

    assert refused == ("You can take at most 7 days of time away in a game, and you have 6 "
                       "days left in this one: ask for 6 or fewer.")
    assert (await table.game()).chronicle == before
    assert "You may still take 0 days of" in await away(alice, table, 6)
    await table.env.advance_time(6 * DAY)  # over; her turn has its hour still
    assert (await away(alice, table, 1)).endswith("and you have none left in this one.")


async def test_a_click_ends_the_time_away_and_the_clock_runs_on_from_where_it_was(
        table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    await table.env.advance_time(20 * MINUTE)
    await away(alice, table, 3)
    await table.env.advance_time(DAY)

    await table.click("h0")

    game = await table.game()
    assert any("is back from their time away" in line for line in said_log(game))
    assert "⏸️" not in board_text(table, game)
    # Her turn had 40 minutes left when she went away: it has them still.
    [deadline] = board_deadlines(table, game)
    assert abs(deadline - (table.env.now().timestamp() + 40 * MINUTE)) <= 2
    await table.option(Roll)  # the next question of her turn keeps that time too
    game = await table.game()
    [deadline] = board_deadlines(table, game)
    assert abs(deadline - (table.env.now().timestamp() + 40 * MINUTE)) <= 2
    assert "you are not on time away" in (await away(alice, table, 0)).lower()


async def test_back_with_days_0_tells_the_table(table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    await away(alice, table, 1)
    assert await away(alice, table, 0) == (
        f"▶️ You are back in game #{game.id}: your clock runs again.")
    assert notices(table)  # the first notice
    name = game.player_name(game.seat_of(alice.id) or 0)
    assert any(m.content.startswith(f"▶️ Back: {name} (") for m in table.channel.history())
    assert "⏸️" not in board_text(table, await table.game())


async def test_the_time_away_survives_a_restart(table: Table, database: Path) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    seq = game.playing_state().seq
    await away(alice, table, 1)
    await table.env.advance_time(HOUR)
    await restart(table, database)
    await table.env.advance_time(DAY - MINUTE)  # her turn's hour is long gone, but for it
    assert (await table.game()).playing_state().seq == seq
    await table.env.advance_time(2 * MINUTE)
    assert (await table.game()).playing_state().seq > seq


async def test_who_cannot_take_time_away(table: Table) -> None:
    alice, bob, carol = table.players[:3]
    nothing_here = await away(alice, table, 1)
    assert nothing_here.startswith("There is no game in this channel: use `/kot away`")
    game = await table.start_game(players=2)
    assert await away(carol, table, 1) == "You are not playing in this game."
    await bob.slash(table.channel, "kot leave")
    assert await away(bob, table, 1) == "You have already left this game."
    guild = table.channel.guild
    assert guild is not None
    other = guild.create_text_channel("elsewhere")
    from_elsewhere = private_reply(await alice.slash(other, "kot away", days=1, game=game.id))
    assert from_elsewhere is not None and from_elsewhere.startswith("⏸️ Your clock in game")
    unknown = private_reply(await alice.slash(other, "kot away", days=1, game=game.id + 99))
    assert unknown == f"This server has no game #{game.id + 99}."


async def test_a_long_games_lobby_stays_open_a_day(table: Table) -> None:
    host, guest = table.players[:2]
    lobby = await open_lobby(table.channel, host, [guest])
    assert (await table.game()).lobby.turn_seconds == TURN
    await table.env.advance_time(16 * MINUTE)
    assert (await table.game()).status == "lobby"
    await table.env.advance_time(DAY - 16 * MINUTE + 1)
    closed = table.message(lobby.id)
    assert closed.embeds[0].title == "King of Tokyo — closed: nobody started it within 24 hours"
    assert await service(table.env).games.active_in_channel(table.channel.id) is None


async def test_a_question_out_of_turn_waits_for_a_player_on_time_away(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    await table.roll_and_stop(["1", "2", "3", "1", "2", "energy"])  # alice enters Tokyo
    if (await table.game()).playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)
    until = int(table.env.now().timestamp() + DAY)
    await away(alice, table, 1)
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "energy"])  # bob smashes her
    game, decision, asked = await table.asked()
    assert asked is alice and decision.kind == "yield"
    # Her reaction time runs after the time away; the ping says when.
    [ping] = [m for m in table.channel.history() if m.content.startswith("🔔")]
    [deadline] = [int(v) for v in re.findall(r"<t:(\d+):R>", ping.content)]
    assert abs(deadline - (until + REACTION)) <= 2
    assert f"⏸️ away until <t:{until}:f>" in board_text(table, game)

    await table.env.advance_time(DAY + REACTION - 2 * MINUTE)
    assert (await table.game()).playing_state().pending[0].id == decision.id

    await table.env.advance_time(3 * MINUTE)
    assert (await table.game()).playing_state().pending[0].id != decision.id
