"""The turn clock (one budget per turn, a shorter one for questions out of turn, deadlines
every client counts down), pings for questions out of turn, and players who go away, come
back or leave."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import msgspec
import pytest
from bot_harness import TEST_AI_PAUSE, Table, make_bot, private_reply, rewrite_state, service

from bot.app import KotBot
from bot.discord.messages import refusal_text
from bot.i18n import say
from bot.local import open_lobby
from bot.table.model import ClickRefused, Game
from engine import EndBuying, GameState, Roll, Yield

MY_MONSTER = "📋 My monster"
STORY = "📜 Story"

TURN = 120
REACTION = 30
QUIET_DICE = ["1", "2", "3", "1", "2", "energy"]  # nothing to hit, nobody to ask


def said_log(game: Game) -> list[str]:
    """The narration of the game's turn in play, in English."""
    return [say("en", line) for line in game.chronicle.narration.log]


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    return make_bot(database, turn_timeout=TURN, reaction_timeout=REACTION)


def board_deadlines(table: Table, game: Game) -> list[int]:
    """The deadlines (``<t:UNIX:R>``) the live board's text shows."""
    assert game.board_message_id is not None
    content = table.message(game.board_message_id).content
    return [int(value) for value in re.findall(r"<t:(\d+):R>", content)]


async def end_quiet_turn(table: Table) -> None:
    """The active player rolls nothing that hits anyone and ends the turn."""
    await table.roll_and_stop(QUIET_DICE)
    game = await table.game()
    if game.playing_state().pending[0].kind == "buy":
        await table.option(EndBuying)


async def into_tokyo_and_smashed(table: Table, *, smasher_energy: int = 0) -> Game:
    """The first player enters Tokyo on their turn; the second smashes them on theirs: the
    first is asked to stay or yield, out of their turn."""
    await end_quiet_turn(table)  # the first player enters the empty Tokyo

    def give_energy(state: GameState) -> GameState:
        assert state.turn is not None
        seat = state.turn.seat
        rich = msgspec.structs.replace(state.monsters[seat], energy=smasher_energy)
        return msgspec.structs.replace(
            state, monsters=(*state.monsters[:seat], rich, *state.monsters[seat + 1:]))

    await rewrite_state(table.env, (await table.game()).id, give_energy)
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "energy"])
    game = await table.game()
    assert game.playing_state().pending[0].kind == "yield"
    return game


async def test_the_active_player_has_one_turn_time_for_the_whole_turn(table: Table) -> None:
    game = await table.start_game(players=2)
    started = table.env.now().timestamp()
    alice_seat = game.playing_state().turn.seat  # type: ignore[union-attr]
    [deadline] = board_deadlines(table, game)
    assert abs(deadline - (started + TURN)) <= 2
    await table.env.advance_time(50)
    await table.click("h0")  # keeping a die does not buy more time
    await table.option(Roll)
    game = await table.game()
    assert board_deadlines(table, game) == [deadline]
    await table.env.advance_time(TURN - 50 + 1)
    game = await table.game()
    state = game.playing_state()
    # The autopilot played the rest of the turn at once: it is the other monster's turn.
    assert state.turn is not None and state.turn.seat != alice_seat
    notes = [line for line in said_log(game) if "ran out of time" in line]
    closed = [m for m in table.channel.history() if m.content.startswith("Turn 1 is over")]
    assert not notes and closed  # the note is on the closed board of turn 1, once
    assert sum("ran out of time" in (e.description or "") for e in closed[0].embeds) == 1
    assert game.chronicle.activity.idle_timeouts == 1


async def test_a_question_out_of_turn_pings_its_player_until_answered(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, first = await table.asked()
    game = await into_tokyo_and_smashed(table)
    _game, _decision, asked = await table.asked()
    assert asked is first
    [other] = [p for p in table.players[:2] if p is not first]
    pings = [m for m in table.channel.history() if m.content.startswith("🔔")]
    assert len(pings) == 1
    ping = pings[0]
    assert f"<@{first.id}>" in ping.content and "stay in Tokyo City or yield?" in ping.content
    assert f"<@{other.id}>" not in ping.content
    assert re.search(r"<t:\d+:R>", ping.content)
    assert first.id in {user.id for user in ping.mentions}  # a new message: it notifies
    assert [p.message_id for p in game.chronicle.prompts.pings] == [ping.id]
    await table.option(Yield)
    assert not any(m.id == ping.id for m in table.channel.history())  # tidied up
    game = await table.game()
    assert game.chronicle.prompts.pings == ()


async def test_a_question_out_of_turn_has_the_reaction_time_and_pauses_the_turn(
        table: Table) -> None:
    await table.start_game(players=2)
    game = await into_tokyo_and_smashed(table, smasher_energy=20)  # a buy step follows
    asked_at = table.env.now().timestamp()
    [deadline] = board_deadlines(table, game)
    assert abs(deadline - (asked_at + REACTION)) <= 2
    await table.env.advance_time(REACTION + 1)
    game = await table.game()
    state = game.playing_state()
    assert state.pending[0].kind == "buy"  # the autopilot answered for alice; bob buys
    assert not [m for m in table.channel.history() if m.content.startswith("🔔")]
    # Bob's turn time did not run while alice was asked.
    [buy_deadline] = board_deadlines(table, game)
    assert abs(buy_deadline - (asked_at + REACTION + TURN)) <= 3


async def test_two_missed_turns_hand_the_monster_to_the_autopilot_until_a_click(
        table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()  # the first player
    alice_seat = game.seat_of(alice.id)
    await table.env.advance_time(TURN + 1)  # alice's turn runs out
    await end_quiet_turn(table)             # bob plays his
    await table.env.advance_time(TURN + 1)  # alice's second turn runs out
    game = await table.game()
    assert game.chronicle.presence.away == (alice_seat,)
    assert any("missed 2 turns in a row" in line for line in said_log(game))
    assert board_deadlines(table, game) == []  # nobody waits for her clock now
    # Away: the autopilot plays the rest of her questions at an AI monster's pace.
    for _ in range(20):
        if game.playing_state().pending[0].seat != alice_seat:
            break
        seq = game.playing_state().seq
        await table.env.advance_time(TEST_AI_PAUSE + 1)
        game = await table.game()
        assert game.playing_state().seq > seq
    await end_quiet_turn(table)  # bob's turn; then alice's, with her buttons
    # Any click of hers brings her back.
    _game, decision, asked = await table.asked()
    assert asked is alice
    if decision.kind == "roll":
        await table.click("h0")
    else:
        await table.click("o0")
    game = await table.game()
    assert game.chronicle.presence.away == ()
    assert any("player is back" in line for line in said_log(game))


async def test_a_player_who_leaves_is_played_by_the_autopilot(table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, alice = await table.asked()  # the first player
    [bob] = [p for p in table.players[:2] if p is not alice]
    alice_seat = game.seat_of(alice.id)
    answer = await alice.slash(table.channel, "kot leave")
    assert "autopilot" in (private_reply(answer) or "")
    game = await table.game()
    assert game.chronicle.presence.left == (alice_seat,)
    assert any("left the game" in line for line in said_log(game))
    # Her board has no buttons left: the autopilot plays; a click from an old copy is refused.
    board = table.message(game.board_message_id or 0)
    labels = [c.label for row in board.components for c in row.children]  # type: ignore[attr-defined]
    assert len(labels) == 3 and "thinking" in (labels[0] or "")
    assert labels[1:] == [MY_MONSTER, STORY]
    with pytest.raises(ClickRefused) as refused:
        service(table.env).check_click(game, alice.id, game.playing_state().pending[0].id)
    assert refusal_text(refused.value, game, "en") == (
        "You left this game: the autopilot plays your monster to the end.")
    seq = game.playing_state().seq
    await table.env.advance_time(TEST_AI_PAUSE + 1)
    game = await table.game()
    assert game.playing_state().seq > seq
    logged = await service(table.env).games.action_log(game.id)
    assert all(entry.user_id is None for entry in logged)
    again = await alice.slash(table.channel, "kot leave")
    assert "already left" in (private_reply(again) or "")
    await bob.slash(table.channel, "kot leave")  # the last player: the game ends
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    assert any("every player has left" in (e.description or "")
               for m in table.channel.history() for e in m.embeds)



async def test_a_player_gone_from_the_server_has_left_the_game(table: Table) -> None:
    game = await table.start_game(players=3)
    _game, _decision, first = await table.asked()
    seat = game.seat_of(first.id)
    table.channel.guild.remove_member(first)
    await table.env.advance_time(TURN + 1)
    game = await table.game()
    assert game.chronicle.presence.left == (seat,)
    assert any("left the game" in (e.description or "")
               for m in table.channel.history() for e in m.embeds)


async def test_the_host_sets_the_clock_in_the_lobby(table: Table) -> None:
    host, guest = table.players[:2]
    lobby = await open_lobby(table.channel, host, [guest])
    refused = await guest.click(lobby, label="⏱️ Clock")
    assert private_reply(refused) == "Only the host can change the clock."
    menus = await host.click(lobby, label="⏱️ Clock")
    panel = menus.followups[0] if menus.followups else menus.response
    assert panel is not None
    game = await table.game()
    await host.select(panel, custom_id=f"kot:l:{game.id}:turn", values=["60"])
    await host.select(panel, custom_id=f"kot:l:{game.id}:reaction", values=["0"])
    game = await table.game()
    assert (game.lobby.turn_seconds, game.lobby.reaction_seconds) == (60, 0)
    shown = table.message(game.board_message_id or 0)
    assert "1 min a turn · no clock out of turn" in str(shown.embeds[0].to_dict())
    await host.click(shown, label="Start")
    game = await table.game()
    started = table.env.now().timestamp()
    assert [abs(d - (started + 60)) <= 2 for d in board_deadlines(table, game)] == [True]


async def test_server_settings_need_manage_server_and_set_new_lobbies(table: Table) -> None:
    host, guest = table.players[:2]
    refused = await guest.slash(table.channel, "kot settings", turn_seconds=90)
    assert "Manage Server" in (private_reply(refused) or "")
    guild = table.env.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(table.env.create_user("admin"), roles=[admins])
    saved = await admin.slash(table.channel, "kot settings", turn_seconds=90,
                             reaction_seconds=20)
    assert "1 min 30 s a turn and 20 s" in (private_reply(saved) or "")
    shown = await guest.slash(table.channel, "kot settings")
    assert "Manage Server" in (private_reply(shown) or "")
    await open_lobby(table.channel, guest, [host])
    game = await table.game()
    assert (game.lobby.turn_seconds, game.lobby.reaction_seconds) == (90, 20)


async def test_the_first_board_tells_each_player_their_monster(table: Table) -> None:
    game = await table.start_game(players=3)
    state = game.playing_state()
    first_board = table.message(game.board_message_id or 0)
    roster = first_board.content.splitlines()[0]
    for seat, user_id in enumerate(game.seats):
        assert f"**{state.monsters[seat].name}** (<@{user_id}>)" in roster
    assert {user.id for user in first_board.mentions} == set(game.seats)  # all notified
    await end_quiet_turn(table)
    game = await table.game()
    assert "🎲" not in table.message(game.board_message_id or 0).content  # turn 1 only
