"""A game nobody plays ends by itself after two weeks (a game with no clock has no timeouts
to end it), on SimCord across days and a restart."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from bot_harness import Table, bot_of, make_bot, service

from bot.app import KotBot
from bot.table.idle_games import IdleGames, idle_tag
from bot.table.model import Activity, Chronicle, Game, Life, Lobby

MINUTE = 60.0
DAY = 86400.0


@pytest.fixture
def simcord_bot(database: Path) -> KotBot:
    return make_bot(database, turn_timeout=0, reaction_timeout=0)  # no clock


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False, turn_timeout=0,
                                         reaction_timeout=0))
    await old.service.close()


async def test_a_game_nobody_plays_ends_14_days_after_the_last_action(
        table: Table, database: Path) -> None:
    game = await table.start_game(players=2)
    await table.env.advance_time(10 * DAY)
    await table.click("h0")  # a player acts: two weeks from now
    await restart(table, database)
    await table.env.advance_time(14 * DAY - MINUTE)
    assert (await table.game()).status == "playing"

    await table.env.advance_time(2 * MINUTE)

    assert await service(table.env).games.active_in_channel(table.channel.id) is None
    assert (await service(table.env).games.peek(game.id)).status == "ended"
    said = [(e.description or "") + m.content for m in table.channel.history()
            for e in m.embeds]
    notice = f"🛑 Nobody played King of Tokyo game #{game.id} for 14 days: it ended at turn"
    assert any(notice in text for text in said)


async def test_only_games_in_play_have_an_idle_deadline_from_their_last_action() -> None:
    async def expire(game_id: int, tag: tuple[int, ...]) -> None:
        raise AssertionError("no deadline should pass in this test")

    playing = Game(id=1, guild_id=1, channel_id=10, host_id=100, status="playing",
                   lobby=Lobby(), seats=(100, 200), state=None,
                   chronicle=Chronicle(life=Life(started_at=1000.0)), board_message_id=None)
    idle = IdleGames(lambda: 2000.0, expire)
    idle.schedule(playing)
    assert idle.timers.waiting_on(1) == idle_tag(playing) == (1_000_000,)
    acted = replace(playing, chronicle=Chronicle(life=Life(started_at=1000.0),
                                               activity=Activity(acted_at=1500.0)))
    idle.schedule(acted)  # a player acted: a new deadline
    assert idle.timers.waiting_on(1) == (1_500_000,)
    for status in ("lobby", "over", "ended"):
        idle.schedule(replace(acted, status=status))
        assert idle.timers.waiting_on(1) == ()
        idle.schedule(acted)
    idle.close()
