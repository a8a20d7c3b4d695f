"""/kot start and the lobby: joining, monsters, options, starting, cancelling."""

from __future__ import annotations

from bot_harness import Table, private_reply, service


async def test_lobby_join_pick_options_and_start(table: Table) -> None:
    alice, bob, carol = table.players[:3]
    opened = await alice.slash(table.channel, "kot start")
    assert opened.response is not None and not opened.ephemeral
    lobby = table.channel.last_message
    assert lobby is not None

    await bob.click(lobby, label="Join")
    again = await bob.click(lobby, label="Join")
    assert private_reply(again) == "You are already in this game."

    await bob.select(lobby, ["Gigazaur"], custom_id=f"kot:l:{(await table.game()).id}:monster")
    game = await table.game()
    taken = await carol.select(lobby, ["Gigazaur"], custom_id=f"kot:l:{game.id}:monster")
    assert "already taken" in (private_reply(taken) or "")
    # Carol's pick (of a free monster) joins her too.
    await carol.select(lobby, ["The King"], custom_id=f"kot:l:{game.id}:monster")

    not_host = await bob.select(lobby, ["2011"], custom_id=f"kot:l:{game.id}:edition")
    assert private_reply(not_host) == "Only the host can change the options."
    await alice.select(lobby, ["2011"], custom_id=f"kot:l:{game.id}:edition")
    await alice.select(lobby, ["on"], custom_id=f"kot:l:{game.id}:variant")
    await carol.click(lobby, label="Leave")
    game = await table.game()
    assert [p.user_id for p in game.lobby.players] == [alice.id, bob.id]
    assert game.lobby.edition == "2011" and game.lobby.two_player_variant is True
    embed = table.message(lobby.id).embeds[0]
    assert "2011" in str(embed.fields[0].value) and "2. bob — " in (embed.description or "")

    refused = await bob.click(lobby, label="Start")
    assert refused.followups and refused.followups[0].ephemeral
    await alice.click(lobby, label="Start")

    game = await table.game()
    assert game.status == "playing" and game.state is not None
    assert game.state.options.edition == "2011" and game.state.options.two_player_variant
    assert game.state.monsters[1].name == "Gigazaur"
    assert table.message(lobby.id).components == []
    assert table.channel.last_message is not None
    assert table.channel.last_message.id == game.board_message_id


async def test_one_game_per_channel_and_a_start_needs_two(table: Table) -> None:
    alice, bob = table.players[:2]
    await alice.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    second = await bob.slash(table.channel, "kot start")
    assert second.ephemeral and second.response is not None
    assert "already has a lobby" in second.response.content

    alone = await alice.click(lobby, label="Start")
    assert alone.followups and "2 to 6 players" in alone.followups[0].content

    await alice.click(lobby, label="Cancel")
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    assert table.message(lobby.id).embeds[0].title == "King of Tokyo — cancelled"
    reopened = await bob.slash(table.channel, "kot start")
    assert not reopened.ephemeral


async def test_a_lobby_holds_six_monsters(table: Table) -> None:
    await table.players[0].slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    for player in table.players[1:6]:
        await player.click(lobby, label="Join")
    seventh = await table.players[6].click(lobby, label="Join")
    assert "full" in (private_reply(seventh) or "")
    await table.players[0].click(lobby, label="Start")
    game = await table.game()
    assert game.state is not None and len(game.state.monsters) == 6
    assert len({m.name for m in game.state.monsters}) == 6


async def test_the_hosts_join_says_privately_they_are_in_and_join_is_for_others(
        table: Table, client_locales: dict[int, str]) -> None:
    """A lobby's buttons are one set for everyone who sees it (Discord has no buttons per
    viewer), so its host sees Join too: their click answers that they are in already, and
    what Join and Start are for; the lobby does not change."""
    alice, bob = table.players[:2]
    await alice.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    before = (await table.game()).lobby

    joined = await alice.click(lobby, label="Join")
    assert private_reply(joined) == ("You host this lobby, so you are in it already: **Join** "
                                     "is for the other players. Press **Start** when everyone "
                                     "is in.")
    assert (await table.game()).lobby.players == before.players
    client_locales[alice.id] = "es-ES"
    joined = await alice.click(lobby, label="Join")
    assert private_reply(joined) == ("Eres el anfitrión de esta sala, así que ya estás dentro: "
                                     "**Unirse** es para los demás jugadores. Pulsa "
                                     "**Empezar** cuando estén todos.")
    again = await bob.click(lobby, label="Join")
    assert private_reply(again) is None
    assert private_reply(await bob.click(lobby, label="Join")) == "You are already in this game."
