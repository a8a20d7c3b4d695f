"""The delivery's passes run outside the game's lock (``bot.table.delivery``): a click on a
game is played and stored while a pass of that game waits on Discord, two passes of a game
never run at once (nothing is posted twice), and what a change queued while a pass was
replacing the board shows on the new board."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from bot_harness import Table, bot_of, service
from simcord import InteractionResult

from bot.app import KotBot
from bot.table import publish
from bot.table.model import Game
from engine import EndBuying, Keep
from tools.chaos.sim import deliver_click

# Real seconds a test waits for the bot before it calls it stuck.
PATIENCE = 10.0


class Held:
    """The bot's next call of ``name`` on Discord (``bot.discord.io.DiscordIO``) held before
    it reaches Discord, as a slow upload or a rate limit would, until ``release``."""

    def __init__(self, bot: KotBot, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reached = asyncio.Event()
        self._released = asyncio.Event()
        self.calls = 0
        call: Callable[..., Awaitable[Any]] = getattr(bot.io, name)

        async def held(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == 1:
                self.reached.set()
                await self._released.wait()
            return await call(*args, **kwargs)

        monkeypatch.setattr(bot.io, name, held)

    def release(self) -> None:
        self._released.set()


class Written:
    """Each write of moves to the store (``SavedGames.record_actions``: a click's)."""

    def __init__(self, bot: KotBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.moves = asyncio.Event()
        games = bot.service.games
        record: Callable[..., Awaitable[Game]] = games.record_actions

        async def written(*args: Any, **kwargs: Any) -> Game:
            game = await record(*args, **kwargs)
            self.moves.set()
            return game

        monkeypatch.setattr(games, "record_actions", written)

    async def next(self) -> None:
        """Wait for the next write of moves (a click stored)."""
        self.moves.clear()
        await asyncio.wait_for(self.moves.wait(), PATIENCE)


def click_on(table: Table, game: Game, code: str) -> InteractionResult:
    """The player asked clicks button ``code`` of the game's board, delivered without
    waiting for the bot."""
    assert game.state is not None and game.board_message_id is not None
    decision = game.state.pending[0]
    player = table.player(game.seats[decision.seat])
    board = table.env.backend.get_message(table.channel.id, game.board_message_id)
    return deliver_click(table.env, player, board, f"kot:g:{game.id}:{decision.id}:{code}")


def buttons(table: Table, message_id: int) -> list[str]:
    message = table.message(message_id)
    return [getattr(item, "custom_id", "") or "" for row in message.components
            for item in row.children]


async def test_a_click_is_played_while_a_pass_of_its_game_waits_on_discord(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await table.start_game(players=2)
    bot = bot_of(table.env)
    held, written = Held(bot, "edit", monkeypatch), Written(bot, monkeypatch)
    click_on(table, game, "h0")  # its pass edits the board: held on Discord
    await asyncio.wait_for(held.reached.wait(), PATIENCE)
    click_on(table, game, "h1")
    await written.next()  # the second click is stored while the first pass waits

    stored = (await service(table.env).games.action_log(game.id))[-1].action
    assert isinstance(stored, Keep) and stored.dice == (0, 1)
    held.release()
    await table.env.settle()
    board = buttons(table, game.board_message_id or 0)
    assert any(i.endswith(":r0") for i in board) and any(i.endswith(":r1") for i in board)
    assert not await service(table.env).games.outbox(game.id)


async def test_two_passes_at_once_post_the_board_once(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await table.start_game(players=2)
    bot = bot_of(table.env)
    games = service(table.env).games
    async with games.lock(game.id):  # a fresh copy of the board asked for (/kot board)
        await games.save(await games.game(game.id), effects=publish.repost(game).effects)
    messages = len(table.channel.history())
    held = Held(bot, "post", monkeypatch)
    first = asyncio.create_task(bot.delivery.show(game.id))
    await asyncio.wait_for(held.reached.wait(), PATIENCE)
    second = asyncio.create_task(bot.delivery.show(game.id))
    for _ in range(20):  # the second pass's turn to run, had it not to wait
        await asyncio.sleep(0)
    assert held.calls == 1
    held.release()
    await asyncio.wait_for(asyncio.gather(first, second), PATIENCE)

    assert held.calls == 1 and len(table.channel.history()) == messages + 1
    after = await table.game()
    assert after.board_message_id not in (None, game.board_message_id)
    assert not buttons(table, game.board_message_id or 0)


async def test_a_click_on_the_board_being_replaced_shows_on_the_new_board(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The click was planned on the board it saw; the pass that replaced that board drew the
    game as it was before the click: the click's edit goes to the new board."""
    game = await table.start_game(players=2)
    bot = bot_of(table.env)
    held, written = Held(bot, "post", monkeypatch), Written(bot, monkeypatch)
    repost = asyncio.create_task(
        service(table.env).show_board(game.id, publish.repost, bot.delivery.show))
    await asyncio.wait_for(held.reached.wait(), PATIENCE)
    click_on(table, game, "h0")
    await written.next()
    held.release()
    await asyncio.wait_for(repost, PATIENCE)
    await table.env.settle()

    after = await table.game()
    assert after.board_message_id not in (None, game.board_message_id)
    assert any(i.endswith(":r0") for i in buttons(table, after.board_message_id or 0))
    assert not buttons(table, game.board_message_id or 0)
    assert not await service(table.env).games.outbox(game.id)


async def test_a_turn_ended_while_the_board_was_replaced_closes_the_new_board(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.start_game(players=2)
    await table.roll_and_stop(["energy"] * 6)  # no smash: the buy step
    game, decision, _asked = await table.asked()
    assert decision.kind == "buy"
    bot = bot_of(table.env)
    held, written = Held(bot, "post", monkeypatch), Written(bot, monkeypatch)
    repost = asyncio.create_task(
        service(table.env).show_board(game.id, publish.repost, bot.delivery.show))
    await asyncio.wait_for(held.reached.wait(), PATIENCE)
    end = next(i for i, o in enumerate(decision.options) if isinstance(o, EndBuying))
    click_on(table, game, f"o{end}")
    await written.next()
    held.release()
    await asyncio.wait_for(repost, PATIENCE)
    await table.env.settle()

    after = await table.game()
    assert after.state is not None and after.state.turn is not None
    assert after.state.turn.number == 2
    reposted = [m for m in table.channel.history()
                if m.id not in (game.board_message_id, after.board_message_id)
                and m.id > (game.board_message_id or 0) and m.attachments]
    assert [m.content.split("\n")[0] for m in reposted] == ["Turn 1 is over."]
    live = [m.id for m in table.channel.history()
            if any(f":{after.state.pending[0].id}:" in i for i in buttons(table, m.id))]
    assert live == [after.board_message_id]
