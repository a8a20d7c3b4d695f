"""A whole game through the real bot: /kot start, lobby, turns, a winner."""

from __future__ import annotations

from bot_harness import Table, final_board, service


async def test_whole_game_from_start_to_winner(table: Table) -> None:
    game = await table.start_game(players=2)
    assert game.status == "playing" and game.state is not None
    first_board = table.message(game.board_message_id or 0)
    assert first_board.attachments and first_board.attachments[0].filename == "board.png"
    asked = table.player(game.seats[game.state.pending[0].seat])
    assert asked.mention in first_board.content

    for _turn in range(12):
        current = await service(table.env).games.active_in_channel(table.channel.id)
        if current is None:
            break
        await table.smash_turn()
    assert await service(table.env).games.active_in_channel(table.channel.id) is None

    final = await service(table.env).games.peek(game.id)
    assert final.status == "over" and final.state is not None and final.state.over
    announcement = final_board(table.channel)
    winner = table.player(final.seats[final.state.winners[0]])
    assert announcement.content.startswith("👑") and winner.mention in announcement.content
    embed = announcement.embeds[0]
    assert embed.title == "Game over"
    fields = {field.name: field.value for field in embed.fields}
    assert fields["Turns played"] == str(final.state.turn.number if final.state.turn else 0)
    assert "💀" in fields["Final standings"] and "out turn" in fields["Final standings"]
    assert announcement.attachments[0].filename == "board.png"
    # No game controls left: only the Rematch button.
    assert [child.custom_id for row in announcement.components
            for child in getattr(row, "children", [])] == [f"kot:r:{game.id}"]

    log = await service(table.env).games.action_log(game.id)
    assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
