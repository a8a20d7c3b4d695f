"""``/kot games``: the caller's lobbies and games in progress on the server, in any channel
or thread, through SimCord."""

from __future__ import annotations

import discord
from bot_harness import Table, service
from simcord import InteractionResult, MemberActor
from test_clock_and_pings import end_quiet_turn

from bot.discord.messages import jump_url
from bot.local import menu_id
from bot.table.model import Game
from bot.table.timers import question_deadlines


def _listed(result: InteractionResult) -> discord.Embed:
    assert result.ephemeral and result.response is not None
    [embed] = result.response.embeds
    return embed


async def _turn_of(table: Table, user: MemberActor) -> Game:
    """The table's game, on ``user``'s turn (the others end theirs quietly)."""
    game = await table.game()
    while game.seats[game.playing_state().pending[0].seat] != user.id:
        await end_quiet_turn(table)
        game = await table.game()
    return game


def _deadline(game: Game) -> str:
    return f"<t:{int(min(question_deadlines(game, 0).values()))}:R>"


async def test_kot_games_lists_the_callers_games_in_every_channel_and_thread(
    table: Table,
) -> None:
    alice, bob, carol, dave, erin = table.players[:5]
    env, games = table.env, service(table.env).games
    await table.start_game(players=2)  # alice and bob, in the table's channel
    first = await _turn_of(table, alice)
    second_table = Table(env, env.guild.create_text_channel("kot-2"), [carol, alice])
    await second_table.start_game(players=2)
    second = await _turn_of(second_table, carol)
    # A lobby in a thread of the first channel, hosted by dave, alice in it.
    await dave.slash(table.channel, "kot start", thread=True)
    [thread] = table.channel.threads
    lobby_message = thread.last_message
    assert lobby_message is not None
    await alice.click(lobby_message, custom_id=menu_id(lobby_message, "join"))
    lobby = await games.active_in_channel(thread.id)
    assert lobby is not None
    # Not alice's: bob and erin's game.
    await Table(env, env.guild.create_text_channel("kot-3"), [bob, erin]).start_game()

    embed = _listed(await alice.slash(env.guild.create_text_channel("chat"), "kot games"))
    entries = (embed.description or "").split("\n\n")
    assert len(entries) == 3
    mine, waiting, lobby_entry = entries  # her turn first, then a game, then the lobby
    assert mine.startswith(f"**Game {first.id}** · King of Tokyo (2016) · "
                           f"<#{table.channel.id}>\n**Your turn** · ⏰ {_deadline(first)}")
    assert f"[board]({jump_url(first)})" in mine
    second_monster = second.playing_state().monsters[second.seat_of(carol.id) or 0].name
    assert f"<#{second_table.channel.id}>\nWaiting for carol ({second_monster})" in waiting
    assert _deadline(second) in waiting and f"[board]({jump_url(second)})" in waiting
    closes = int(lobby.lobby.changed_at + 15 * 60)
    assert lobby_entry == (f"**Game {lobby.id}** · King of Tokyo (2016) · <#{thread.id}>\n"
                           f"Lobby: 2/6 players · ⏰ <t:{closes}:R> · "
                           f"[lobby]({jump_url(lobby)})")
    assert embed.footer.text is None  # one page

    nothing = _listed(await table.players[5].slash(thread, "kot games"))
    assert nothing.description == ("You have no lobby or game in progress on this server. "
                                   "`/kot start` opens one.")

