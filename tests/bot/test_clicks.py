"""Who may click what, and when: wrong users, passed prompts, simultaneous clicks, yields."""

from __future__ import annotations

import re
from typing import Any

from bot_harness import Table, click_together, private_reply, service

from engine import Roll


async def test_a_click_by_someone_not_asked_is_refused_privately(table: Table) -> None:
    game = await table.start_game(players=2)
    _game, _decision, asked = await table.asked()
    other = next(p for p in table.players[:2] if p is not asked)
    before = (await table.game()).state

    result = await table.option(Roll, by=other)

    assert result.ephemeral and result.response is not None
    assert result.response.content.startswith("This question is for")
    assert asked.mention in result.response.content
    assert (await table.game()).state == before

    spectator = table.players[2]
    result = await table.option(Roll, by=spectator)
    assert result.ephemeral and result.response is not None
    assert result.response.content == "You are not playing in this game."
    assert (await table.game()).state == before
    assert game.id == (await table.game()).id


async def test_a_click_on_a_passed_prompt_never_acts_and_refreshes_the_board(
    table: Table,
) -> None:
    await table.start_game(players=2)
    game, _decision, asked = await table.asked()
    # The board edit after this Roll fails, and so do the retries, so the board still shows
    # the old buttons.
    table.env.inject_error("PATCH", "*/messages/*", status=503, message="Service Unavailable",
                           times=None)
    await table.option(Roll)
    table.env.backend.faults.clear()
    game, current, _asked = await table.asked()
    after_roll = game.state
    board = table.message(game.board_message_id or 0)
    result = await asked.click(board, label="Done rolling")
    assert (private_reply(result) or "").startswith("That moment has passed")
    assert (await table.game()).state == after_roll
    # The live board now offers the current question again.
    refreshed = table.message(game.board_message_id or 0)
    ids = [getattr(c, "custom_id", "") for row in refreshed.components for c in row.children]
    assert any(i.startswith(f"kot:g:{game.id}:{current.id}:") for i in ids)
    assert not any(i.startswith(f"kot:g:{game.id}:{_decision.id}:") for i in ids)


async def test_two_clicks_at_the_same_moment_apply_one_action(table: Table) -> None:
    await table.start_game(players=2)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    seq = game.state.seq if game.state else 0
    roll = f"kot:g:{game.id}:{decision.id}:o0"
    assert isinstance(decision.options[0], Roll)

    results = await click_together(table.env, [(asked, board, roll), (asked, board, roll)])

    after = await table.game()
    assert after.state is not None and after.state.seq == seq + 1
    # Both were acknowledged at once; the loser learns privately that it came too late.
    assert all(r.acknowledged for r in results)
    refused = [r for r in results if r.followups and r.followups[0].ephemeral]
    assert len(refused) == 1
    assert refused[0].followups[0].content.startswith("That moment has passed")
    assert len(await service(table.env).games.action_log(game.id)) == 1


async def test_simultaneous_dice_keeps_both_count(table: Table) -> None:
    await table.start_game(players=2)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    await click_together(table.env, [
        (asked, board, f"kot:g:{game.id}:{decision.id}:h0"),
        (asked, board, f"kot:g:{game.id}:{decision.id}:h3"),
    ])
    after = await table.game()
    assert after.state is not None and after.state.turn is not None
    assert after.state.turn.kept == (0, 3)
    components = table.message(game.board_message_id or 0).components
    release = [b.custom_id for row in components for b in row.children
               if b.label and b.label.endswith("release")]
    assert release == [f"kot:g:{game.id}:{decision.id}:r0", f"kot:g:{game.id}:{decision.id}:r3"]


async def test_a_die_button_does_what_it_said_even_on_an_out_of_date_board(
    table: Table,
) -> None:
    """Defect 9: a toggle clicked on a board a restart left out of date flipped the stored
    dice, the opposite of what the player saw. Keep and release say what they do."""
    await table.start_game(players=2)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    keep_first = f"kot:g:{game.id}:{decision.id}:h0"
    # The board is not updated after the first keep: it still offers "keep" for die 0.
    table.env.inject_error("PATCH", "*/messages/*", status=503, message="Service Unavailable",
                           times=None)
    await asked.click(board, custom_id=keep_first)
    table.env.backend.faults.clear()
    result = await asked.click(board, custom_id=keep_first)
    after = await table.game()
    assert after.state is not None and after.state.turn is not None
    assert after.state.turn.kept == (0,)
    assert result.acknowledged and not result.ephemeral
    assert len(await service(table.env).games.action_log(game.id)) == 1
    # The board is up to date again, and releasing the die releases it.
    await asked.click(table.message(board.id), custom_id=f"kot:g:{game.id}:{decision.id}:r0")
    after = await table.game()
    assert after.state is not None and after.state.turn is not None
    assert after.state.turn.kept == ()


async def test_a_die_toggle_from_an_older_version_is_refused_and_the_board_redrawn(
    table: Table,
) -> None:
    await table.start_game(players=2)
    game, decision, asked = await table.asked()
    board = table.message(game.board_message_id or 0)
    # The board as the previous version drew it: its die buttons toggled ("k").
    stored: Any = table.env.backend
    for row in stored.get_message(board.channel.id, board.id).components:
        for button in row["components"]:
            button["custom_id"] = re.sub(r":h(\d+)$", r":k\1", button["custom_id"])
    [result] = await click_together(table.env,
                                    [(asked, board, f"kot:g:{game.id}:{decision.id}:k0")])
    assert (private_reply(result) or "").startswith("That moment has passed")
    after = await table.game()
    assert after.state == game.state
    ids = [b.custom_id for row in table.message(board.id).components for b in row.children]
    assert f"kot:g:{game.id}:{decision.id}:h0" in ids


async def test_both_monsters_in_tokyo_get_their_own_stay_and_yield(table: Table) -> None:
    await table.start_game(players=5)
    await table.smash_turn(smashes=2)  # the first monster enters Tokyo City
    await table.smash_turn(smashes=2)  # the next one hits it (it stays), takes Tokyo Bay
    await table.roll_and_stop(["smash"] * 2 + ["1", "2", "energy", "1"])

    game = await table.game()
    assert game.state is not None
    yields = [d for d in game.state.pending if d.kind == "yield"]
    assert len(yields) == 2
    board = table.message(game.board_message_id or 0)
    labels = [b.label or "" for row in board.components for b in row.children]
    for pending in yields:
        name = game.state.monsters[pending.seat].name
        assert f"{name}: Stay in Tokyo" in labels and f"{name}: Yield Tokyo" in labels

    city, bay = (table.player(game.seats[d.seat]) for d in yields)
    # The Bay monster cannot answer for the City monster.
    result = await table.click("o1", index=0, by=bay)
    assert result.ephemeral
    await table.click("o1", index=0, by=city)  # City yields
    game = await table.game()
    assert game.state is not None and [d.kind for d in game.state.pending] == ["yield"]
    await table.click("o0", index=0, by=bay)  # Bay stays
    game = await table.game()
    assert game.state is not None
    assert game.state.bay == yields[1].seat and game.state.city != yields[0].seat
