"""Simulated players for the crash campaign: they open lobbies, join, start, and answer the
board's questions by clicking the buttons they see in the channel, in several channels.

Players look at the store only to know who is being asked (a real player reads the board's
mention); what they click is always a live button on a message in the channel. When there is
none to click they do what a person would: ``/kot board`` for a game, ``/kot end`` for a lobby
nobody can join. Each click they see accepted is journaled (fsynced) before they go on.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from simcord import (
    ChannelHandle,
    Env,
    GuildHandle,
    InteractionResult,
    MemberActor,
    ResponseMessage,
    SetupError,
    UserHandle,
)
from simcord.backend.models import Message

from tools.chaos.crash_checks import (
    JournalEntry,
    StoredGame,
    connect_read_only,
    read_games,
)
from tools.chaos.journal import Journal
from tools.chaos.world import Cast

# Per step: the chance that the players wait out the turn timer instead of clicking.
WAIT_CHANCE = 0.03
TOGGLE_CHANCE = 0.25
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PLAYERS_PER_CHANNEL = MAX_PLAYERS

_CUSTOM_ID = re.compile(r"kot:g:(\d+):(\d+):([kos])(\d+)")


@dataclass
class PlayStats:
    steps: int = 0
    clicks: int = 0
    accepted: int = 0
    refused: int = 0
    misses: int = 0  # the button was gone by the time the player clicked
    recoveries: int = 0  # /kot board or /kot end because nothing could be clicked
    lobbies: int = 0
    starts: int = 0
    waits: int = 0

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


@dataclass(frozen=True)
class Answer:
    game_id: int
    seconds: float
    answered: bool


def build_cast(env: Env, channels: int) -> Cast:
    """A fresh world: one guild, ``channels`` text channels, four players in each."""
    guild = env.create_guild("Crash campaign")
    cast: dict[int, tuple[int, ...]] = {}
    for number in range(channels):
        channel = guild.create_text_channel(f"kot-{number}")
        cast[channel.id] = tuple(
            guild.add_member(env.create_user(f"p{number}-{seat}")).id
            for seat in range(PLAYERS_PER_CHANNEL))
    return Cast(guild.id, cast)


def accepted(result: InteractionResult) -> bool:
    """Acknowledged, and no private reply (a refusal or "something went wrong")."""
    if not result.acknowledged or (result.ephemeral and result.response is not None):
        return False
    return not any(f.ephemeral for f in result.followups)


class Players:
    def __init__(self, env: Env, cast: Cast, database: Path, journal: Journal, *,
                 rng: random.Random, run: int, turn_timeout: float,
                 time_moved: Callable[[], None]) -> None:
        backend = env.backend
        self.env = env
        self.guild = GuildHandle(env, backend.guilds[cast.guild_id])
        self.channels = {c: ChannelHandle(env, self.guild, backend.channels[c])
                         for c in cast.channels}
        self.seated = cast.channels
        self.members = {u: MemberActor(env, self.guild, UserHandle(env, backend.users[u]))
                        for users in cast.channels.values() for u in users}
        self.database = database
        self.journal = journal
        self.rng = rng
        self.run = run
        self.turn_timeout = turn_timeout
        self.time_moved = time_moved
        self.stats = PlayStats()

    # --- what the store says -------------------------------------------------------

    def active_game(self, channel_id: int) -> StoredGame | None:
        with closing(connect_read_only(self.database)) as db:
            games = read_games(db, "WHERE channel_id = ? AND status IN ('lobby', 'playing')",
                               (channel_id,))
        return games[0] if games else None

    def live(self, channel_id: int, prefix: str) -> list[tuple[Message, dict[str, Any]]]:
        """Enabled components whose custom id starts with ``prefix``, newest message first."""
        messages = self.env.backend.messages.get(channel_id, {})
        found: list[tuple[Message, dict[str, Any]]] = []
        for message in sorted(messages.values(), key=lambda m: m.id, reverse=True):
            if message.is_ephemeral:
                continue
            found.extend((message, c) for c in _components(message.components)
                         if str(c.get("custom_id", "")).startswith(prefix)
                         and not c.get("disabled"))
        return found

    # --- playing -------------------------------------------------------------------

    async def step(self) -> None:
        self.stats.steps += 1
        if self.rng.random() < WAIT_CHANCE:
            await self.wait_for_timers()
            return
        channel_id = self.rng.choice(sorted(self.channels))
        game = self.active_game(channel_id)
        try:
            if game is None:
                await self.open_lobby(channel_id)
            elif game.status == "lobby":
                await self.lobby_step(game)
            else:
                await self.game_step(game)
        except SetupError:
            self.stats.misses += 1  # what the player meant to click changed meanwhile

    async def wait_for_timers(self) -> None:
        self.stats.waits += 1
        await self.env.advance_time(self.turn_timeout + 1)
        # Time never runs backwards for Discord, even if nothing was posted meanwhile.
        self.time_moved()

    async def open_lobby(self, channel_id: int) -> None:
        host = self.members[self.seated[channel_id][0]]
        result = await host.slash(self.channels[channel_id], "kot start")
        response = result.response
        if response is None or response.ephemeral:
            return
        game_id = next((int(m[1]) for c in _components(response.components)
                        if (m := re.match(r"kot:l:(\d+):", str(c.get("custom_id", ""))))), None)
        if game_id is not None:
            self.stats.lobbies += 1
            self.journal.append(JournalEntry("open", game_id, host.id, run=self.run))

    async def lobby_step(self, game: StoredGame) -> None:
        if not self.live(game.channel_id, f"kot:l:{game.id}:"):
            await self.recover(game, self.members[game.host_id], "kot end")
            return
        target = MIN_PLAYERS + game.id % (MAX_PLAYERS - MIN_PLAYERS + 1)
        waiting = [u for u in self.seated[game.channel_id] if u not in game.lobby_players]
        if len(game.lobby_players) < target and waiting:
            await self.lobby_click(game, self.members[waiting[0]], "join")
        else:
            await self.lobby_click(game, self.members[game.host_id], "start")

    async def lobby_click(self, game: StoredGame, actor: MemberActor, verb: str) -> None:
        message, _component = self.live(game.channel_id, f"kot:l:{game.id}:{verb}")[0]
        result = await self.click(actor, message, f"kot:l:{game.id}:{verb}")
        if accepted(result):
            self.stats.starts += verb == "start"
            self.journal.append(JournalEntry(verb, game.id, actor.id, run=self.run))

    async def game_step(self, game: StoredGame) -> None:
        assert game.state is not None
        decision = self.rng.choice(game.state.pending)
        actor = self.members[game.seats[decision.seat]]
        choices = self.live(game.channel_id, f"kot:g:{game.id}:{decision.id}:")
        if not choices:
            await self.recover(game, actor, "kot board")
            return
        newest = choices[0][0].id
        await self.answer(game, actor, self.pick([c for c in choices if c[0].id == newest]))

    def pick(self, choices: list[tuple[Message, dict[str, Any]]]
             ) -> tuple[Message, dict[str, Any]]:
        toggles = [c for c in choices if _code(c[1]).startswith("k")]
        others = [c for c in choices if not _code(c[1]).startswith("k")]
        if toggles and (not others or self.rng.random() < TOGGLE_CHANCE):
            return self.rng.choice(toggles)
        return self.rng.choice(others)

    async def answer(self, game: StoredGame, actor: MemberActor,
                     choice: tuple[Message, dict[str, Any]]) -> InteractionResult:
        message, component = choice
        custom_id = str(component["custom_id"])
        if _code(component).startswith("s"):
            value = self.rng.choice(component["options"])["value"]
            result = await actor.select(ResponseMessage(self.env, message), [value],
                                        custom_id=custom_id)
            code = f"o{value}"
        else:
            result = await self.click(actor, message, custom_id)
            code = _code(component)
        if accepted(result):
            decision = int(custom_id.split(":")[3])
            self.journal.append(JournalEntry("click", game.id, actor.id, decision, code,
                                             run=self.run))
        return result

    async def click(self, actor: MemberActor, message: Message,
                    custom_id: str) -> InteractionResult:
        self.stats.clicks += 1
        result = await actor.click(ResponseMessage(self.env, message), custom_id=custom_id)
        if accepted(result):
            self.stats.accepted += 1
        else:
            self.stats.refused += 1
        return result

    async def recover(self, game: StoredGame, actor: MemberActor, command: str) -> None:
        """Nothing to click: ask for the board again, or end a lobby nobody can join."""
        self.stats.recoveries += 1
        result = await actor.slash(self.channels[game.channel_id], command)
        if command != "kot end":
            return
        confirm = result.response
        if confirm is not None and any(c.get("label") == "End the game"
                                       for c in _components(confirm.components)):
            await actor.click(confirm, label="End the game")

    # --- after a restart -----------------------------------------------------------

    async def answer_time(self, game: StoredGame) -> Answer | None:
        """Click a live button on the game's live board; None when it shows none."""
        assert game.state is not None
        messages = self.env.backend.messages.get(game.channel_id, {})
        board = messages.get(game.board_message_id or 0)
        if board is None:
            return None
        live = [(board, c) for c in _components(board.components)
                if str(c.get("custom_id", "")).startswith(f"kot:g:{game.id}:")
                and not c.get("disabled") and not _code(c).startswith("s")]
        if not live:
            return None
        pending = {d.id: d for d in game.state.pending}
        choice = self.pick(live)
        decision = pending.get(int(str(choice[1]["custom_id"]).split(":")[3]),
                               game.state.pending[0])
        actor = self.members[game.seats[decision.seat]]
        started = time.perf_counter()
        result = await self.answer(game, actor, choice)
        return Answer(game.id, time.perf_counter() - started,
                      result.acknowledged or result.response is not None)


async def play_forever(players: Players, progress: Callable[[], None], every: int = 10) -> None:
    """Play until killed, reporting progress every ``every`` steps."""
    while True:
        await players.step()
        if players.stats.steps % every == 0:
            progress()


def _components(rows: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for component in rows or ():
        found.append(component)
        found.extend(_components(component.get("components")))
    return found


def _code(component: dict[str, Any]) -> str:
    match = _CUSTOM_ID.match(str(component.get("custom_id", "")))
    return f"{match[3]}{match[4]}" if match else ""
