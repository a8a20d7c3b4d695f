"""/kot board, /kot end, /kot rules, /kot help and /kot card."""

from __future__ import annotations

import discord
from bot_harness import Table, service


async def test_board_reposts_with_live_buttons_and_retires_the_old_copy(table: Table) -> None:
    game = await table.start_game(players=2)
    old_board = game.board_message_id
    result = await table.players[0].slash(table.channel, "kot board")
    assert result.ephemeral and result.response is not None
    assert result.response.content == "Board posted below."

    game = await table.game()
    assert game.board_message_id != old_board
    assert table.message(old_board or 0).components == []
    new_board = table.message(game.board_message_id or 0)
    assert new_board.components and new_board.attachments
    await table.click("h0")  # the new copy's buttons work
    assert (await table.game()).state.turn.kept == (0,)  # type: ignore[union-attr]


async def test_end_needs_the_host_or_manage_channels_and_a_confirmation(table: Table) -> None:
    alice, bob = table.players[:2]
    game = await table.start_game(players=2)

    refused = await bob.slash(table.channel, "kot end")
    assert refused.ephemeral and refused.response is not None
    assert "Only the host" in refused.response.content

    asked = await alice.slash(table.channel, "kot end")
    assert asked.ephemeral and asked.response is not None
    kept = await alice.click(asked.response, label="Keep playing")
    assert kept.response is not None and kept.response.content == "The game goes on."
    assert (await table.game()).status == "playing"

    asked = await alice.slash(table.channel, "kot end")
    assert asked.response is not None
    await alice.click(asked.response, label="End the game")
    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    assert (await service(table.env).games.peek(game.id)).status == "ended"
    assert table.message(game.board_message_id or 0).components == []
    last = table.channel.last_message
    assert last is not None and f"game #{game.id} was stopped" in last.content
    # The standings are in tests/bot/test_game_end.py; here, who ended it and when.
    assert last.embeds[0].description == (
        f"🛑 {alice.name} ended King of Tokyo game #{game.id} at turn 1.")


async def test_a_moderator_may_end_someone_elses_game(table: Table) -> None:
    await table.start_game(players=2)
    guild = table.env.guild
    moderators = guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    moderator = guild.add_member(table.env.create_user("mod"), roles=[moderators])
    asked = await moderator.slash(table.channel, "kot end")
    assert asked.response is not None
    await moderator.click(asked.response, label="End the game")
    assert await service(table.env).games.active_in_channel(table.channel.id) is None


async def test_rules_help_and_card(table: Table) -> None:
    alice = table.players[0]
    rules = await alice.slash(table.channel, "kot rules")
    assert rules.ephemeral and rules.response is not None and "20★" in rules.response.content
    help_text = await alice.slash(table.channel, "kot help")
    assert help_text.response is not None and "/kot start" in help_text.response.content
    assert "/kot help topic:league" in help_text.response.content
    league = await alice.slash(table.channel, "kot help", topic="help-league")
    assert league.response is not None and league.ephemeral
    assert "/kot queue join" in league.response.content
    assert "/kot tournament create" in league.response.content

    choices = await alice.autocomplete(table.channel, "kot card", "name", "acid")
    assert choices[0] == {"name": "Acid Attack", "value": "acid_attack"}
    assert len(await alice.autocomplete(table.channel, "kot card", "name", "")) == 25

    card = await alice.slash(table.channel, "kot card", name="acid_attack")
    assert card.response is not None
    assert card.response.embeds[0].title == "Acid Attack"
    assert card.response.attachments[0].filename == "acid_attack.png"
    # A 2011 name typed by hand works too.
    old_name = await alice.slash(table.channel, "kot card", name="Alien Metabolism")
    assert old_name.response is not None and old_name.response.embeds[0].title == "Alien Origin"
    fields = {f.name: f.value for f in card.response.embeds[0].fields}
    assert fields["Box"] == "King of Tokyo, and King of Tokyo: Origins."
    # An Origins card: its picture, and where it is played.
    orb = await alice.slash(table.channel, "kot card", name="Orb of Doom")
    assert orb.response is not None and orb.response.embeds[0].title == "Orb of Doom"
    assert orb.response.attachments[0].filename == "orb_of_doom.png"
    fields = {f.name: f.value for f in orb.response.embeds[0].fields}
    assert (fields["Box"] or "").startswith("New in King of Tokyo: Origins")
    unknown = await alice.slash(table.channel, "kot card", name="Banana")
    assert unknown.response is not None and "No power card" in unknown.response.content


async def test_board_and_end_without_a_game(table: Table) -> None:
    for command in ("kot board", "kot end"):
        result = await table.players[0].slash(table.channel, command)
        assert result.ephemeral and result.response is not None
        assert "no game in this channel" in result.response.content
