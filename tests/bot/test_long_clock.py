"""Games played over days through SimCord, its clock driven across hours: turn times of hours
and days, reminders at half time and an hour before (and no more, none for a question
answered, none sent twice across a restart), and each ping telling what happened since the
player's last move."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import discord
import msgspec
import pytest
from bot_harness import Table, bot_of, make_bot, private_reply, rewrite_state

from bot.app import KotBot
from bot.discord.messages import clock_words
from bot.local import open_lobby
from bot.table import reminders
from bot.table.model import (
    LONG_CLOCK_SECONDS,
    Chronicle,
    ClockTimes,
    Game,
    Lobby,
    LobbyPlayer,
    ServerSettings,
)
from engine import EndBuying, GameState, Options, Yield, create_game

HOUR = 3600
TURN = 12 * HOUR
REACTION = 3 * HOUR
QUIET_DICE = ["1", "2", "3", "1", "2", "energy"]  # nothing to hit, nobody to ask


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    return make_bot(database, turn_timeout=TURN, reaction_timeout=REACTION)


async def restart(table: Table, database: Path) -> None:
    """A new bot process on the same database."""
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False, turn_timeout=TURN,
                                         reaction_timeout=REACTION))
    await old.service.close()


def mentioning(table: Table, user_id: int) -> list[discord.Message]:
    """The channel's messages that notify this player (they mention them)."""
    return [m for m in table.channel.history() if user_id in {u.id for u in m.mentions}]


def reminders_of(table: Table, user_id: int) -> list[discord.Message]:
    return [m for m in mentioning(table, user_id) if m.content.startswith("⏳")]


async def end_quiet_turn(table: Table) -> None:
    await table.roll_and_stop(QUIET_DICE)
    game = await table.game()
    if game.playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)


def test_long_clocks_are_an_hour_or_more_and_bring_a_quarter_as_reaction_time() -> None:
    assert Lobby(turn_seconds=LONG_CLOCK_SECONDS).long_clock()
    assert not Lobby(turn_seconds=600).long_clock() and not Lobby(turn_seconds=0).long_clock()
    assert Lobby().with_turn_time(4 * HOUR, 30).reaction_seconds == HOUR
    assert Lobby().with_turn_time(72 * HOUR, 30).reaction_seconds == 12 * HOUR  # at most
    # Back to a short turn: a long reaction time goes back to the default, a short one stays.
    assert Lobby(reaction_seconds=HOUR).with_turn_time(120, 30).reaction_seconds == 30
    assert Lobby(reaction_seconds=45).with_turn_time(120, 30).reaction_seconds == 45
    # A server's long turn time with no reaction time of its own brings one too.
    assert ServerSettings(turn_seconds=24 * HOUR).clock(120, 30) == (24 * HOUR, 6 * HOUR)
    assert ServerSettings(turn_seconds=24 * HOUR, reaction_seconds=60).clock(120, 30) == (
        24 * HOUR, 60)
    assert ServerSettings().clock(24 * HOUR, 30) == (24 * HOUR, 30)  # the bot's own setting
    # /kot settings with a turn time only: as the lobby's menu.
    short = ServerSettings(turn_seconds=120, reaction_seconds=20)
    assert short.with_turn_time(24 * HOUR).clock(120, 30) == (24 * HOUR, 6 * HOUR)
    long = ServerSettings(turn_seconds=24 * HOUR, reaction_seconds=HOUR)
    assert long.with_turn_time(120).clock(120, 30) == (120, 30)
    assert short.with_turn_time(90).clock(120, 30) == (90, 20)


def test_clock_words_speak_hours_and_days() -> None:
    assert [clock_words(s, "en") for s in (90, HOUR, 90 * 60, 24 * HOUR, 72 * HOUR)] == [
        "1 min 30 s", "1 h", "1 h 30 min", "24 h", "3 days"]
    assert [clock_words(s, "es") for s in (12 * HOUR, 72 * HOUR)] == ["12 h", "3 días"]


def test_a_turn_of_two_hours_or_less_is_reminded_once() -> None:
    deadline = 100 * HOUR
    assert reminders._turn_moments(deadline, HOUR) == (deadline - HOUR / 2,)
    assert reminders._turn_moments(deadline, 2 * HOUR) == (deadline - HOUR,)
    assert reminders._turn_moments(deadline, 4 * HOUR) == (deadline - 2 * HOUR,
                                                           deadline - HOUR)


def waiting_game(turn_seconds: float, *, seats: tuple[int, ...] = (100, 200)) -> Game:
    """A game whose first player was asked to roll at ``ASKED`` (seat user ids: negative
    for an AI monster)."""
    state, _events = create_game(Options(), seed=3, monsters=len(seats))
    ai = tuple(LobbyPlayer(user_id, ai="easy") for user_id in seats if user_id < 0)
    return Game(id=1, guild_id=1, channel_id=10, host_id=100, status="playing",
                lobby=Lobby(players=ai, turn_seconds=turn_seconds), seats=seats, state=state,
                chronicle=Chronicle(clock=ClockTimes(asked_at=ASKED, turn_asked_at=ASKED)),
                board_message_id=5)


ASKED = 1_000_000.0


def test_reminder_moments_come_from_the_deadline_and_each_is_sent_once() -> None:
    game = waiting_game(24 * HOUR)
    deadline = ASKED + 24 * HOUR
    assert [(m.number, m.at) for m in reminders.moments(game, ASKED)] == [
        (1, deadline - 12 * HOUR), (2, deadline - HOUR)]
    assert reminders.next_moment(game, ASKED) == deadline - 12 * HOUR
    assert reminders.due(game, deadline - 12 * HOUR - 1) == []
    [half] = reminders.due(game, deadline - 12 * HOUR)
    sent = replace(game, chronicle=reminders.with_reminder(game.chronicle, half, 42))
    assert reminders.due(sent, deadline - 2 * HOUR) == []
    assert reminders.next_moment(sent, deadline - 2 * HOUR) == deadline - HOUR
    assert reminders.answered(sent) == ()
    # Both moments passed unseen: only the latest is due.
    [latest] = reminders.due(game, deadline - 30 * 60)
    assert latest.number == 2


def test_no_reminder_in_a_short_game_nor_for_an_ai_monster() -> None:
    assert reminders.moments(waiting_game(10 * 60), ASKED) == []
    assert reminders.moments(waiting_game(24 * HOUR, seats=(-1, -2)), ASKED) == []


async def test_the_clock_menus_offer_hours_and_days_and_store_them(table: Table) -> None:
    host, guest = table.players[:2]
    lobby = await open_lobby(table.channel, host, [guest])
    menus = await host.click(lobby, label="⏱️ Clock")
    panel = menus.followups[0] if menus.followups else menus.response
    assert panel is not None
    # (A private answer's rows, as Discord sends them.)
    turn_labels, reaction_labels = ([option["label"] for option in row["components"][0]["options"]]
                                    for row in panel.components)
    for label in ("1 h", "4 h", "12 h", "24 h", "3 days", "2 min"):
        assert any(label in shown for shown in turn_labels), label
    assert len(turn_labels) <= 25
    for label in ("15 min", "1 h", "4 h", "12 h", "30 s"):
        assert any(label in shown for shown in reaction_labels), label
    game = await table.game()
    await host.select(panel, custom_id=f"kot:l:{game.id}:turn", values=[str(24 * HOUR)])
    game = await table.game()
    assert (game.lobby.turn_seconds, game.lobby.reaction_seconds) == (24 * HOUR, 6 * HOUR)
    shown = table.message(game.board_message_id or 0)
    assert "24 h a turn · 6 h out of turn" in str(shown.embeds[0].to_dict())
    await host.select(panel, custom_id=f"kot:l:{game.id}:reaction", values=[str(HOUR)])
    game = await table.game()
    assert (game.lobby.turn_seconds, game.lobby.reaction_seconds) == (24 * HOUR, HOUR)
    # Back to minutes: the reaction time of hours goes back to the bot's.
    await host.select(panel, custom_id=f"kot:l:{game.id}:turn", values=["120"])
    game = await table.game()
    assert (game.lobby.turn_seconds, game.lobby.reaction_seconds) == (120, REACTION)


async def test_kot_settings_takes_turn_times_of_days(table: Table) -> None:
    guild = table.env.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(table.env.create_user("admin"), roles=[admins])
    await admin.slash(table.channel, "kot settings", turn_seconds=90, reaction_seconds=20)
    # A long turn time brings its reaction time, as the lobby's menu does.
    saved = await admin.slash(table.channel, "kot settings", turn_seconds=72 * HOUR)
    assert "3 days a turn and 12 h" in (private_reply(saved) or "")
    await open_lobby(table.channel, admin, table.players[:1])
    game = await table.game()
    assert (game.lobby.turn_seconds, game.lobby.reaction_seconds) == (72 * HOUR, 12 * HOUR)


async def test_the_active_player_is_reminded_at_half_time_and_an_hour_before(
        table: Table) -> None:
    await table.start_game(players=2)
    game, _decision, alice = await table.asked()
    bob = next(p for p in table.players[:2] if p is not alice)
    assert [m.id for m in mentioning(table, alice.id)
            if m.id >= (game.board_message_id or 0)] == [game.board_message_id]
    await table.env.advance_time(TURN / 2 - 60)
    assert reminders_of(table, alice.id) == []
    await table.env.advance_time(120)
    [half] = reminders_of(table, alice.id)
    assert "roll" in half.content.lower()
    assert f"<t:{int(game.chronicle.clock.asked_at + TURN)}:R>" in half.content
    await table.env.advance_time(TURN / 2 - HOUR - 120)
    assert len(reminders_of(table, alice.id)) == 1
    await table.env.advance_time(120)
    [hour_before] = reminders_of(table, alice.id)  # it replaced the first
    assert hour_before.id != half.id
    assert [m.id for m in mentioning(table, alice.id) if m.id > (game.board_message_id or 0)
            ] == [hour_before.id]  # the board, and one reminder standing
    assert reminders_of(table, bob.id) == []
    await table.env.advance_time(HOUR - 120)
    assert len(reminders_of(table, alice.id)) == 1  # no more than two
    await table.env.advance_time(121)  # her time ran out: the autopilot played
    game = await table.game()
    assert game.playing_state().turn.seat == game.seat_of(bob.id)  # type: ignore[union-attr]
    assert reminders_of(table, alice.id) == []  # deleted with its question
    assert game.chronicle.prompts.reminders == ()


async def test_no_reminder_for_an_answered_question(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    await table.env.advance_time(HOUR)
    await end_quiet_turn(table)
    await table.env.advance_time(TURN / 2)
    assert reminders_of(table, alice.id) == []
    game = await table.game()
    assert all(r.seat != game.seat_of(alice.id) for r in game.chronicle.prompts.reminders)


async def test_a_question_out_of_turn_is_reminded_at_half_its_time_until_answered(
        table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    await end_quiet_turn(table)  # alice enters the empty Tokyo
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "energy"])  # bob hits her
    _game, decision, asked = await table.asked()
    assert asked is alice and decision.kind == "yield"
    await table.env.advance_time(REACTION / 2 + 1)
    [reminder] = reminders_of(table, alice.id)
    assert "stay in Tokyo" in reminder.content
    await table.env.advance_time(REACTION / 4)
    assert len(reminders_of(table, alice.id)) == 1  # once
    await table.option(Yield)
    assert reminders_of(table, alice.id) == []
    assert not any(m.id == reminder.id for m in table.channel.history())


async def test_a_restart_neither_resends_nor_loses_a_reminder(
        table: Table, database: Path) -> None:
    await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    await table.env.advance_time(TURN / 2 + 1)
    [half] = reminders_of(table, alice.id)
    await restart(table, database)
    await table.env.advance_time(60)
    assert [m.id for m in reminders_of(table, alice.id)] == [half.id]  # not sent again
    await table.env.advance_time(TURN / 2 - HOUR - 120)
    await restart(table, database)
    await table.env.advance_time(120)
    [hour_before] = reminders_of(table, alice.id)  # armed again from the store
    assert hour_before.id != half.id
    game = await table.game()
    assert [(r.moment, r.message_id) for r in game.chronicle.prompts.reminders] == [
        (2, hour_before.id)]


async def give_hearts(table: Table, seat: int, hearts: int) -> None:
    def change(state: GameState) -> GameState:
        monster = msgspec.structs.replace(state.monsters[seat], hearts=hearts)
        return msgspec.structs.replace(
            state, monsters=(*state.monsters[:seat], monster, *state.monsters[seat + 1:]))

    await rewrite_state(table.env, (await table.game()).id, change)


async def test_each_ping_says_what_happened_since_the_last_move_and_offers_orders_once(
        table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    state = game.playing_state()
    alice_seat = game.seat_of(alice.id)
    assert alice_seat is not None
    first_board = table.message(game.board_message_id or 0)
    assert "**📋 My monster** sets standing orders" in first_board.content
    assert "Since your last move" not in first_board.content  # nothing happened yet
    await end_quiet_turn(table)  # alice enters the empty Tokyo
    game = await table.game()
    bob_board = table.message(game.board_message_id or 0)
    assert "**📋 My monster** sets standing orders" in bob_board.content  # bob's first ping
    assert f"Turn 1: {state.monsters[alice_seat].name}" in bob_board.content
    await give_hearts(table, alice_seat, 10)
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "energy"])  # bob hits her
    ping = next(m for m in table.channel.history() if m.content.startswith("🔔"))
    assert "standing orders" not in ping.content  # told once already
    await table.click("o0")  # she stays
    if (await table.game()).playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)
    game = await table.game()
    board = table.message(game.board_message_id or 0).content
    alice_monster = state.monsters[alice_seat].name
    news = board[board.index("📰 Since your last move:"):]
    assert f"{alice_monster}: −2❤️ (8❤️)" in news  # the hit on her, in bob's turn
    assert "Turn 1:" not in news  # her own turn is not news to her
    assert "standing orders" not in board
    assert len(board) <= 2000


async def test_a_short_game_keeps_no_news(table: Table) -> None:
    # A table sitting together (the host chose 2 min): the same pings as ever, no news kept
    # (the closed turns' notes are, for 📜 Story, and not told).
    host, guest = table.players[:2]
    lobby = await open_lobby(table.channel, host, [guest])
    menus = await host.click(lobby, label="⏱️ Clock")
    panel = menus.followups[0] if menus.followups else menus.response
    assert panel is not None
    game = await table.game()
    await host.select(panel, custom_id=f"kot:l:{game.id}:turn", values=["120"])
    await host.click(table.message(game.board_message_id or 0), label="Start")
    await end_quiet_turn(table)
    game = await table.game()
    assert not game.lobby.long_clock()
    assert len(game.chronicle.news.recent_turns) == 1
    assert (game.chronicle.news.moved_in_turn, game.chronicle.news.offered_orders) == ((), ())
    board = table.message(game.board_message_id or 0).content
    assert "📰" not in board and "standing orders" not in board and ":f>" not in board


async def test_a_moment_that_came_while_the_bot_was_down_is_reminded_at_start_up(
        table: Table, database: Path) -> None:
    await table.start_game(players=2)
    _game, _decision, alice = await table.asked()
    bot_of(table.env).reminders.close()  # the process is gone: nothing wakes it
    await table.env.advance_time(TURN - HOUR + 60)  # both moments came meanwhile
    assert reminders_of(table, alice.id) == []
    await restart(table, database)
    [reminder] = reminders_of(table, alice.id)  # one, the latest moment's
    game = await table.game()
    standing = game.chronicle.prompts.reminders
    assert [(r.moment, r.message_id) for r in standing] == [(2, reminder.id)]
    await table.env.advance_time(HOUR - 120)
    assert [m.id for m in reminders_of(table, alice.id)] == [reminder.id]
