"""``/kot games``: the caller's lobbies and games in progress on the server, in any channel
or thread, through SimCord."""

from __future__ import annotations

from pathlib import Path

import discord
from bot_harness import Table, service
from simcord import InteractionResult, MemberActor
from test_clock_and_pings import end_quiet_turn, into_tokyo_and_smashed

from bot.discord.messages import jump_url
from bot.local import menu_id
from bot.store.store import Store
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



async def test_a_question_out_of_turn_is_listed_with_its_own_deadline(table: Table) -> None:
    await table.start_game(players=2)
    game = await into_tokyo_and_smashed(table)
    yielding = game.playing_state().pending[0]
    asked, smasher = (table.player(game.seats[seat]) for seat in
                      (yielding.seat, game.playing_state().turn.seat))  # type: ignore[union-attr]
    deadline = int(question_deadlines(game, 0)[yielding.id])
    [entry] = (_listed(await asked.slash(table.channel, "kot games")).description or "").split(
        "\n\n")
    assert f"\n**A question for you** · ⏰ <t:{deadline}:R> · [board](" in entry
    [entry] = (_listed(await smasher.slash(table.channel, "kot games")).description
               or "").split("\n\n")
    assert f"\nWaiting for {asked.name} (" in entry and f"<t:{deadline}:R>" in entry


async def test_kot_games_shows_ten_games_a_page_in_the_askers_language(
    table: Table, client_locales: dict[int, str],
) -> None:
    alice = table.players[0]
    for _ in range(11):
        await alice.slash(table.channel, "kot start", thread=True)
    client_locales[alice.id] = "es-ES"

    first = _listed(await alice.slash(table.channel, "kot games"))
    assert first.title == "Tus partidas en este servidor"
    entries = (first.description or "").split("\n\n")
    assert len(entries) == 10 and all("\nSala: 1/6 jugadores · ⏰ <t:" in e for e in entries)
    assert first.footer.text == "Página 1 de 2 · /kot games page: para ver otra"
    # Past the last page: the last one.
    last = _listed(await alice.slash(table.channel, "kot games", page=5))
    assert len((last.description or "").split("\n\n")) == 1
    assert last.footer.text == "Página 2 de 2 · /kot games page: para ver otra"
    shown = {e.split("**")[1] for e in entries + (last.description or "").split("\n\n")}
    assert len(shown) == 11  # every game once


async def test_the_store_reads_who_plays_the_active_games_of_one_server(
    store_target: str | Path,
) -> None:
    store = await Store.open(store_target)
    try:
        ids = [(await store.create_lobby(guild_id=guild, channel_id=channel, host_id=1,
                                         lobby=b'{"players":[{"user_id":1}]}')).game_id
               for guild, channel in ((10, 100), (10, 101), (10, 102), (20, 200))]
        ended = await store.get(ids[1])
        assert ended is not None
        await store.update_game(ids[1], version=ended.version, status="ended")
        playing = await store.get(ids[2])
        assert playing is not None
        await store.update_game(ids[2], version=playing.version, status="playing",
                                seats=b"[1,2]")
        found = await store.active_players_in_guild(10)
        assert [(row.id, row.seats) for row in found] == [(ids[0], b"[]"), (ids[2], b"[1,2]")]
        assert found[0].lobby == b'{"players":[{"user_id":1}]}'
    finally:
        await store.close()
