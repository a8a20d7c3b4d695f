"""Answers owed to commands left "thinking…" (``bot.discord.io.OwedAnswers``) are kept in the
store: a restart gives them while their token lasts, else tells the channel once; a 403
through the token tells the channel too; each process gives those of its own servers."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from bot_harness import TEST_AI_PAUSE, Table, bot_of, make_bot, simulated
from simcord import Env, InteractionResult
from test_records_commands import play_to_the_end
from test_shards import GUILD_OF_SHARD_1

from bot.app import KotBot
from bot.config import Settings, Shards
from bot.discord.io import PRIVATE_ANSWER_LOST
from bot.i18n import text
from bot.store.store import Store
from bot.table.timers import MAX_RETRY
from tools.chaos.sim import clear_faults, pending_faults

FOLLOW_UP = ("POST", "/webhooks/*")
# An interaction token works for 15 minutes.
TOKEN_LIFETIME = 15 * 60


def discord_fails(env: Env, method: str, path: str, *, times: int | None = None) -> None:
    """Discord answers these calls 503 (failing), until the test clears its faults."""
    env.inject_error(method, path, status=503, message="Service Unavailable", times=times)


async def restart(table: Table, database: Path) -> None:
    """A new bot process on the same database (commands were synced by the first one)."""
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()
    await table.env.settle()


def owed_rows(database: Path) -> list[tuple[int, int]]:
    """(interaction id, seq) of every answer the store still keeps."""
    with sqlite3.connect(database) as db:
        return db.execute(
            "SELECT interaction_id, seq FROM owed_answers ORDER BY interaction_id, seq"
        ).fetchall()


def thinking(result: InteractionResult) -> bool:
    """The command's answer still shows Discord's "thinking…"."""
    return result.deferred


def said(table: Table, content: str) -> int:
    """How many messages of the channel say ``content``."""
    return sum(message.content == content for message in table.channel.history())


def webhook_calls(table: Table) -> int:
    """The calls made so far through an interaction's token (follow-ups, edits, reads)."""
    return sum(entry.path.startswith("/webhooks/")
               for entry in table.env.backend.http_requests)


async def test_an_owed_answer_survives_a_restart_and_is_given_while_its_token_lasts(
    table: Table, database: Path,
) -> None:
    await table.start_game(players=2)
    _game, _decision, asked = await table.asked()
    discord_fails(table.env, *FOLLOW_UP)
    result = await asked.slash(table.channel, "kot hint")
    assert thinking(result) and len(owed_rows(database)) == 1

    await restart(table, database)  # Discord still fails: tried again from the new process
    assert thinking(result) and len(owed_rows(database)) == 1
    clear_faults(table.env)
    await table.env.advance_time(61)  # retries are at most a minute apart

    assert not thinking(result)
    assert result.response is not None and result.response.content.startswith("💡")
    assert owed_rows(database) == []
    lost = text("en", PRIVATE_ANSWER_LOST, mention=asked.mention)
    assert said(table, lost) == 0


async def test_an_owed_edit_of_a_public_answer_is_made_after_a_restart(
    table: Table, database: Path,
) -> None:
    """/kot start in a new thread answers publicly by editing its "thinking…" answer: after
    a restart, without the interaction, the edit names that message."""
    host = table.players[0]
    discord_fails(table.env, "PATCH", "/webhooks/*")
    result = await host.slash(table.channel, "kot start", thread=True)
    [thread] = table.channel.threads
    assert thinking(result) and len(owed_rows(database)) == 1

    clear_faults(table.env)
    await restart(table, database)

    assert not thinking(result) and not result.ephemeral
    assert result.response is not None and f"<#{thread.id}>" in result.response.content
    assert result.followups == []  # the answer itself, not a message after it
    assert owed_rows(database) == []


async def test_an_owed_answer_keeps_its_files_across_a_restart(
    table: Table, database: Path,
) -> None:
    game = await play_to_the_end(table)
    alice = table.players[0]
    given = await alice.slash(table.channel, "kot replay", game=game.id)
    assert given.response is not None
    expected = {a.filename: await a.read() for a in given.response.attachments}
    assert len(expected) == 2

    discord_fails(table.env, *FOLLOW_UP)
    owed = await alice.slash(table.channel, "kot replay", game=game.id)
    assert thinking(owed) and len(owed_rows(database)) == 1
    clear_faults(table.env)
    await restart(table, database)

    assert not thinking(owed) and owed.response is not None and owed.ephemeral
    assert owed.response.content == given.response.content
    assert {a.filename: await a.read() for a in owed.response.attachments} == expected
    assert owed_rows(database) == []


async def test_an_answer_whose_token_ran_out_while_the_bot_was_down_is_told_once(
    table: Table, database: Path, client_locales: dict[int, str],
) -> None:
    alice = table.players[0]
    client_locales[alice.id] = "es-ES"
    discord_fails(table.env, *FOLLOW_UP)
    result = await alice.slash(table.channel, "kot stats")
    assert thinking(result) and len(owed_rows(database)) == 1

    # The process stops answering (as one that died), and is back after the token's 15
    # minutes, with Discord well again.
    bot_of(table.env).io.owed.close()
    await table.env.advance_time(TOKEN_LIFETIME + 60)
    clear_faults(table.env)
    calls = webhook_calls(table)
    # Private: only a note that it was lost, in the user's language, kept with the answer.
    lost = text("es", PRIVATE_ANSWER_LOST, mention=alice.mention)
    assert said(table, lost) == 0

    await restart(table, database)

    assert said(table, lost) == 1
    assert owed_rows(database) == []
    assert webhook_calls(table) == calls  # the lapsed token was not tried
    assert thinking(result)  # nobody can complete it any more: the channel has the note

    await restart(table, database)
    await table.env.advance_time(120)
    assert said(table, lost) == 1  # told once, not again by the next process


async def test_a_403_on_a_retried_answer_is_tried_again_and_answers(
    table: Table, database: Path,
) -> None:
    alice = table.players[0]
    discord_fails(table.env, *FOLLOW_UP, times=1)  # owed...
    table.env.inject_error(*FOLLOW_UP, status=403, code=50001, message="Missing Access")
    result = await alice.slash(table.channel, "kot stats")

    await table.env.advance_time(10)  # refused once more, then given, while the token lasts

    assert pending_faults(table.env) == []  # (the 403 was answered)
    assert not thinking(result)
    assert said(table, text("en", PRIVATE_ANSWER_LOST, mention=alice.mention)) == 0
    assert owed_rows(database) == []


@pytest.mark.parametrize("channel_refuses", [False, True])
async def test_a_403_until_the_token_lapses_tells_the_channel_once(
    table: Table, database: Path, channel_refuses: bool,
) -> None:
    alice = table.players[0]
    discord_fails(table.env, *FOLLOW_UP, times=1)  # owed...
    table.env.inject_error(*FOLLOW_UP, status=403, code=50001, message="Missing Access",
                           times=None)  # ...and refused at every try
    if channel_refuses:
        table.env.inject_error("POST", "/channels/*/messages", status=403, code=50013,
                               message="Missing Permissions")
    result = await alice.slash(table.channel, "kot stats")
    await table.env.advance_time(2)
    assert thinking(result) and owed_rows(database) != []

    # The token lapses 15 minutes after the command; the bot finds so at its next try, at
    # most a minute later (tries back off to MAX_RETRY).
    await table.env.advance_time(TOKEN_LIFETIME + MAX_RETRY)

    lost = text("en", PRIVATE_ANSWER_LOST, mention=alice.mention)
    assert said(table, lost) == (0 if channel_refuses else 1)
    assert owed_rows(database) == []  # ended: told, or dropped where nothing can be said
    calls = len(table.env.backend.http_requests)
    await table.env.advance_time(120)
    assert said(table, lost) == (0 if channel_refuses else 1)
    assert len(table.env.backend.http_requests) == calls  # nothing is tried again


async def test_each_process_gives_the_owed_answers_of_its_own_servers(tmp_path: Path) -> None:
    database = tmp_path / "kot.sqlite3"

    def shard_0_bot(*, sync: bool) -> KotBot:
        settings = Settings(token="offline", database=database, ai_pause=TEST_AI_PAUSE,
                            shards=Shards(2, (0,)))
        return KotBot(settings, sync_commands=sync)

    first = shard_0_bot(sync=True)
    async with simulated(first) as env:
        guild = env.create_guild("near", shard_id=0)
        channel = guild.create_text_channel("kot")
        alice = guild.add_member(env.create_user("alice"))
        discord_fails(env, *FOLLOW_UP)
        result = await alice.slash(channel, "kot stats")
        assert thinking(result)
        # An answer owed by the process of shard 1, for a server of its own.
        store = await Store.open(database)
        [owed] = await store.owed_answers()
        await store.add_owed_answer(replace(
            owed, interaction_id=owed.interaction_id + 1, guild_id=GUILD_OF_SHARD_1,
            channel_id=GUILD_OF_SHARD_1 + 1))
        await store.close()

        clear_faults(env)
        await env.restart_bot(shard_0_bot(sync=False))
        await first.service.close()
        await env.settle()

        assert not thinking(result)
        store = await Store.open(database)
        kept = await store.owed_answers()
        await store.close()
        assert [(row.guild_id, row.interaction_id) for row in kept] == [
            (GUILD_OF_SHARD_1, owed.interaction_id + 1)]
        assert not any(entry.path.startswith(f"/channels/{GUILD_OF_SHARD_1 + 1}/")
                       for entry in env.backend.http_requests)
    await bot_of(env).service.close()
