"""The end of a game on SimCord: the final standings, Rematch, and /kot end's standings."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import discord
import msgspec
from bot_harness import (
    TEST_AI_PAUSE,
    Table,
    bot_of,
    final_board,
    make_bot,
    private_reply,
    rewrite_state,
    service,
)
from simcord import MemberActor

from bot.local import add_ai
from bot.table.model import Game
from engine import GameState, Roll

PLACE = re.compile(r"^\*\*(\d+)\.\*\* (?:👑 |💀 )?\*\*(.+?)\*\* · (.+)$")


def with_points(points: dict[int, int]) -> Callable[[GameState], GameState]:
    """A state change: monsters (by seat offset from the active one) get these points."""

    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        for offset, vp in points.items():
            seat = (state.active + offset) % len(monsters)
            monsters[seat] = msgspec.structs.replace(monsters[seat], vp=vp)
        return msgspec.structs.replace(state, monsters=tuple(monsters))

    return change


async def win_this_turn(table: Table, points: dict[int, int] | None = None) -> Game:
    """The active monster starts its turn at 19★ (other monsters at ``points``, by seat
    offset), then everyone answers by default: entering the empty Tokyo makes it 20★, so it
    wins at the end of the turn. Returns the finished game."""
    game = await table.game()
    await rewrite_state(table.env, game.id, with_points({0: 19, **(points or {})}))
    games = service(table.env).games
    while (current := await games.active_in_channel(table.channel.id)) is not None:
        decision = current.playing_state().pending[0]
        if current.ai_level(decision.seat) is not None:
            await table.env.advance_time(TEST_AI_PAUSE + 0.1)
            continue
        await table.click(f"o{decision.options.index(decision.default)}")
    return await games.peek(game.id)


def standing_lines(message: discord.Message, field: str) -> list[tuple[int, str, str]]:
    """(place, monster, player) of each line of the standings field."""
    value = next(f.value for f in message.embeds[0].fields if f.name == field)
    assert value is not None
    return [(int(m[1]), m[2], m[3]) for line in value.splitlines()
            if (m := PLACE.match(line)) is not None]


def controls(message: discord.Message) -> list[str]:
    return [child.custom_id or "" for row in message.components
            for child in getattr(row, "children", [])]


async def test_the_final_board_shows_the_standings_with_a_tie(table: Table) -> None:
    alice, bob, carol = table.players[:3]
    game = await table.start_game(players=3)
    await table.env.advance_time(200)  # the game's length
    finished = await win_this_turn(table, {1: 5, 2: 5})

    state = finished.playing_state()
    assert finished.status == "over" and state.winners == (state.active,)
    final = final_board(table.channel)
    assert final.embeds[0].title == "Game over"
    lines = standing_lines(final, "Final standings")
    winner = state.monsters[state.winners[0]].name
    assert lines[0][:2] == (1, winner)
    assert [place for place, _monster, _player in lines] == [1, 2, 2]  # 5★ and 5★ share 2nd
    # By name: a mention in an embed shows raw on clients that have not loaded the member.
    names = {player.name for player in (alice, bob, carol)}
    assert {player for _place, _monster, player in lines} == names
    value = next(f.value for f in final.embeds[0].fields if f.name == "Final standings") or ""
    assert value.count("5★ · 10❤️") == 2
    fields = {f.name: f.value for f in final.embeds[0].fields}
    assert fields["Turns played"] == "1" and fields["Game length"] == "3 min"
    assert final.attachments[0].filename == "board.png"
    assert controls(final) == [f"kot:r:{game.id}"]


async def finished_with_options(table: Table) -> tuple[Game, discord.Message]:
    """Alice hosts Bob and a Hard AI under the 2011 rules, 2-player variant off, Bob with a
    monster of his choice; the game is played to its end."""
    alice, bob = table.players[:2]
    await alice.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    lobby_id = (await table.game()).id
    await bob.select(lobby, ["Gigazaur"], custom_id=f"kot:l:{lobby_id}:monster")
    await add_ai(alice, lobby, "hard")
    await alice.select(lobby, ["2011"], custom_id=f"kot:l:{lobby_id}:edition")
    await alice.select(lobby, ["off"], custom_id=f"kot:l:{lobby_id}:variant")
    await alice.click(lobby, label="Start")
    finished = await win_this_turn(table)
    final = final_board(table.channel)
    assert controls(final) == [f"kot:r:{finished.id}"]
    return finished, final


async def test_rematch_opens_a_lobby_with_the_players_and_the_options(table: Table) -> None:
    alice, bob = table.players[:2]
    finished, final = await finished_with_options(table)

    clicked = await bob.click(final, label="🔁 Rematch")
    assert private_reply(clicked) is None  # the lobby is the answer, in the channel

    rematch = await table.game()
    assert rematch.status == "lobby" and rematch.id != finished.id
    assert rematch.host_id == bob.id  # who clicked
    players = rematch.lobby.players
    assert [p.user_id for p in players] == [bob.id, alice.id, finished.seats[2]]
    assert [p.ai for p in players] == [None, None, "hard"]
    assert all(p.monster is None for p in players)  # everyone picks again
    assert rematch.lobby.edition == "2011" and rematch.lobby.two_player_variant is False
    assert rematch.lobby.rematch_of == finished.id
    lobby = table.channel.last_message
    assert lobby is not None and lobby.id == rematch.board_message_id
    assert f"Rematch of game #{finished.id}" in (lobby.embeds[0].description or "")
    assert f"kot:l:{rematch.id}:start" in controls(lobby)

    await bob.click(lobby, label="Start")  # the rematch plays
    started = await table.game()
    assert started.status == "playing" and started.playing_state().options.edition == "2011"


async def test_rematch_is_for_the_players_and_once_per_channel(table: Table) -> None:
    alice, bob, carol = table.players[:3]
    finished, final = await finished_with_options(table)

    stranger = await carol.click(final, label="🔁 Rematch")
    assert private_reply(stranger) == (
        f"Only the players of game #{finished.id} can ask for a rematch.")
    assert await service(table.env).games.active_in_channel(table.channel.id) is None

    await alice.click(final, label="🔁 Rematch")
    rematch = await table.game()
    second = await bob.click(final, label="🔁 Rematch")
    url = (f"https://discord.com/channels/{table.env.guild.id}/{table.channel.id}/"
           f"{rematch.board_message_id}")
    assert private_reply(second) == f"The rematch lobby is already open: {url}"
    assert (await table.game()).id == rematch.id  # still the one lobby


async def test_rematch_works_after_a_restart(table: Table, database: Path) -> None:
    _alice, bob = table.players[:2]
    finished, final = await finished_with_options(table)
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()

    await bob.click(final, label="🔁 Rematch")
    rematch = await table.game()
    assert rematch.status == "lobby" and rematch.lobby.rematch_of == finished.id
    assert rematch.host_id == bob.id and len(rematch.lobby.players) == 3


async def end_by_hand(host: MemberActor, table: Table) -> None:
    asked = await host.slash(table.channel, "kot end")
    assert asked.response is not None
    await host.click(asked.response, label="End the game")


async def test_kot_end_posts_the_standings_with_the_board(table: Table) -> None:
    alice, bob = table.players[:2]
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, with_points({0: 7, 1: 9}))
    await table.option(Roll)
    await table.env.advance_time(90)
    await end_by_hand(alice, table)

    ended = table.channel.last_message
    assert ended is not None and ended.content == (
        f"🛑 King of Tokyo game #{game.id} was stopped before its end.")
    embed = ended.embeds[0]
    assert embed.title == "Game ended"
    assert embed.description == f"🛑 {alice.name} ended King of Tokyo game #{game.id} at turn 1."
    lines = standing_lines(ended, "Standings when it ended")
    state = game.playing_state()
    first, second = (state.monsters[(state.active + n) % 2].name for n in (0, 1))  # 7★, 9★
    assert [(place, monster) for place, monster, _player in lines] == [(1, second), (2, first)]
    assert {player for _place, _monster, player in lines} == {alice.name, bob.name}
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Turns played"] == "1" and fields["Game length"] == "1 min"
    assert ended.attachments[0].filename == "board.png"
    assert controls(ended) == [f"kot:r:{game.id}"]  # 🔁 Rematch, as a finished game's
    assert not ended.mentions  # it pings nobody


async def test_a_game_ended_by_kot_end_offers_a_rematch(table: Table) -> None:
    alice, bob = table.players[:2]
    game = await table.start_game(players=2)
    await end_by_hand(alice, table)
    ended = table.channel.last_message
    assert ended is not None and ended.embeds[0].title == "Game ended"
    assert [getattr(child, "label", "") for row in ended.components
            for child in getattr(row, "children", [])] == ["🔁 Rematch"]

    await bob.click(ended, label="🔁 Rematch")
    rematch = await table.game()
    assert rematch.status == "lobby" and rematch.lobby.rematch_of == game.id
    assert rematch.host_id == bob.id
    assert [p.user_id for p in rematch.lobby.players] == [bob.id, alice.id]
    lobby = table.channel.last_message
    assert lobby is not None and lobby.id == rematch.board_message_id
