"""Helpers for driving the real bot through SimCord: a table of players, clicks by decision,
simultaneous clicks. (A distinct module name, so it never clashes with another conftest.)"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import discord
import msgspec
import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor
from simcord.results import ResponseMessage

from bot.app import KotBot
from bot.config import Settings
from bot.local import menu_id, open_lobby
from bot.store.store import NewLobby
from bot.table.model import Game
from bot.table.service import GameService
from engine import Decision, EndBuying, Face, GameState, Roll, StopRolling, Yield
from tools.chaos.sim import click_at_once, run

# An AI monster's pause in tests: longer than SimCord's settle window (5 s), so that a test
# moves it with advance_time instead of each click waiting it out in real time.
TEST_AI_PAUSE = 10.0
# The harness's bots draw on threads of the test process: the suite runs three such
# processes on two cores, where a board's round trip to a drawing process waits for the
# scheduler (tests/bot with drawing processes took 156-164 s against 149 s). Drawing in
# processes, the default, has tests of its own: tests/bot/test_drawing.py,
# test_process_cpu.py, and the crash campaign's bots, started as processes (test_crash.py).
TEST_DRAWING_PROCESSES = 0


def make_bot(database: Path | str, *, sync: bool = True, turn_timeout: float = 300,
             reaction_timeout: float | None = None) -> KotBot:
    """The bot on a test database (a SQLite file, or a PostgreSQL URL); out-of-turn
    questions get the turn's time unless ``reaction_timeout`` says otherwise."""
    reaction = turn_timeout if reaction_timeout is None else reaction_timeout
    where = ({"database_url": database} if isinstance(database, str)
             else {"database": database})
    settings = Settings(token="not-used-offline", **where, turn_timeout=turn_timeout,
                        reaction_timeout=reaction, ai_pause=TEST_AI_PAUSE,
                        hard_ai_seconds=0.05, drawing_processes=TEST_DRAWING_PROCESSES)
    return KotBot(settings, sync_commands=sync)


# ``simcord.run`` for a test that starts a bot of its own: the bot's deadlines on SimCord's
# clock alone, as the ``env`` fixture's (tools.chaos.sim.run, bot.local.SimCordClock).
simulated = run


def bot_of(env: Env) -> KotBot:
    bot = env.bot
    assert isinstance(bot, KotBot)
    return bot


def service(env: Env) -> GameService:
    return bot_of(env).service


def slow_lobby_writes(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Storing a new lobby takes 4 s on SimCord's clock, which the test moves (a long write
    by another game, a slow disk): /kot start's answer is deferred after 2 s of them."""
    store = service(env).games._store
    create_lobby = store.create_lobby

    async def slow_create_lobby(**fields: Any) -> NewLobby:
        await env.external_wait(asyncio.sleep(4), reason="a slow disk")
        return await create_lobby(**fields)

    monkeypatch.setattr(store, "create_lobby", slow_create_lobby)


async def rewrite_state(env: Env, game_id: int,
                        change: Callable[[GameState], GameState]) -> None:
    """Replace a game's state, as if play had reached it (a position the dice would take
    long to reach). Its action log no longer replays to it."""
    games = service(env).games
    async with games.lock(game_id):
        game = await games.game(game_id)
        await games.save(replace(game, state=change(game.playing_state())), "state")


async def force_dice(env: Env, game_id: int, faces: Iterable[Face]) -> None:
    """The next dice rolled in this game show ``faces``."""
    forced = tuple(faces)
    await rewrite_state(env, game_id,
                        lambda state: msgspec.structs.replace(state, forced_dice=forced))


@dataclass
class Table:
    """A guild channel with players, ready for games."""

    env: Env
    channel: ChannelHandle
    players: list[MemberActor]

    def player(self, user_id: int) -> MemberActor:
        return next(p for p in self.players if p.id == user_id)

    def message(self, message_id: int) -> discord.Message:
        return next(m for m in self.channel.history() if m.id == message_id)

    async def game(self) -> Game:
        game = await service(self.env).games.active_in_channel(self.channel.id)
        assert game is not None
        return game

    async def start_game(self, players: int = 2) -> Game:
        host, *others = self.players[:players]
        lobby = await open_lobby(self.channel, host, others)
        await host.click(lobby, custom_id=menu_id(lobby, "start"))
        return await self.game()

    async def roll_and_stop(self, faces: Iterable[Face]) -> None:
        """The active monster's roll shows ``faces`` and it stops rolling (to its buy step,
        or what the dice lead to first)."""
        await force_dice(self.env, (await self.game()).id, faces)
        await self.option(Roll)
        await self.option(StopRolling)

    async def asked(self, index: int = 0) -> tuple[Game, Decision, MemberActor]:
        """The current game, its index-th pending decision and the player who must answer."""
        game = await self.game()
        assert game.state is not None
        decision = game.state.pending[index]
        return game, decision, self.player(game.seats[decision.seat])

    async def click(self, code: str, *, by: MemberActor | None = None,
                    decision: int | None = None, index: int = 0) -> InteractionResult:
        """Click button ``code`` of a pending decision on the current board."""
        game, pending, asked = await self.asked(index)
        assert game.board_message_id is not None
        custom_id = f"kot:g:{game.id}:{pending.id if decision is None else decision}:{code}"
        return await (by or asked).click(self.message(game.board_message_id),
                                         custom_id=custom_id)

    async def option(self, kind: type, *, index: int = 0,
                     by: MemberActor | None = None) -> InteractionResult:
        _game, decision, _asked = await self.asked(index)
        number = next(i for i, o in enumerate(decision.options) if isinstance(o, kind))
        return await self.click(f"o{number}", index=index, by=by)

    async def smash_turn(self, *, smashes: int = 6, stay: bool = True) -> None:
        """The active monster rerolls into ``smashes`` smashes (and no scoring dice), stops,
        answers the yields, and ends its turn without buying."""
        _game, decision, _asked = await self.asked()
        assert decision.kind == "roll"
        filler = ["1", "2", "energy", "1", "2", "energy"]
        await self.roll_and_stop(["smash"] * smashes + filler[smashes:])
        games = service(self.env).games
        while (game := await games.active_in_channel(self.channel.id)) is not None:
            assert game.state is not None
            kind = game.state.pending[0].kind
            if kind == "yield":
                await (self.click("o0") if stay else self.option(Yield))
            elif kind == "buy":
                await self.option(EndBuying)
            else:
                return


def final_board(channel: ChannelHandle) -> discord.Message:
    """A game's final board, just after the game ended: the channel's last message, or the
    one before the notice of the achievements the game earned (posted after it, with no
    embed)."""
    history = channel.history()
    board = history[-1]
    if not board.embeds and board.content.startswith("🎖️") and len(history) > 1:
        board = history[-2]
    assert board.embeds, "no board is the channel's last message"
    return board


def private_menu(panel: ResponseMessage, custom_id: str) -> dict[str, Any]:
    """A menu of a private reply (SimCord gives its components as Discord's JSON)."""
    found = [menu for row in panel.components for menu in row.get("components", [])
             if menu.get("custom_id") == custom_id]
    assert found, f"no menu {custom_id}"
    menu: dict[str, Any] = found[0]
    return menu


def private_reply(result: InteractionResult) -> str | None:
    """The text of the private (ephemeral) reply to an interaction, whether it came as the
    response or, after an acknowledgement, as a follow-up; None when there was none."""
    if result.ephemeral and result.response is not None:
        return result.response.content
    return next((f.content for f in result.followups if f.ephemeral), None)


async def click_together(
    env: Env, clicks: Sequence[tuple[MemberActor, discord.Message, str]]
) -> list[InteractionResult]:
    """Dispatch several button clicks in the same instant, then let the bot settle (the
    chaos tools' ``click_at_once``, given the messages as the bot's client sees them)."""
    return await click_at_once(env, [
        (actor, env.backend.get_message(message.channel.id, message.id), custom_id)
        for actor, message, custom_id in clicks
    ])
