"""The bench's players (``tools.bench_bot`` and ``tools.bench_shards``): tables of SimCord
members around the real bot, each playing one game, and the clicks they make.

A click goes in one of two ways. ``Bench.click`` is a SimCord user action (``click``), which
waits until the bot is idle: one at a time. ``Bench.click_payload`` builds the
INTERACTION_CREATE of a click without sending it, and ``Answers`` sends such payloads
(simcord 3.2.1 internals: the backend's ``emit``) and tells when the bot's handler for each
has finished, so that many clicks can be in flight at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcord import ChannelHandle, Env, MemberActor, ResponseMessage
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import ComponentType, InteractionType
from simcord.interactions import base_payload

from bot.app import KotBot, make_bot
from bot.config import Settings
from bot.discord.request import Request
from bot.local import open_lobby
from bot.store.store import ACTIVE_STATUSES
from bot.table.model import Game
from bot.table.service import GameService
from engine import Buy, Decision, Roll, StopRolling

# Seconds between two sweeps of SimCord's list of the bot's timers (see Answers.sweep).
_SWEEP_SECONDS = 0.05
# How long a burst's clicks may take before the bench gives up on them.
_BURST_SECONDS = 30.0

def bench_bot(store: Path | str, **settings: Any) -> KotBot:
    """The real bot on ``store`` (a SQLite file or a PostgreSQL URL), with no clock.

    No clock: SimCord's clock stands still here, but a timer falls due anyway once as much
    real time has passed (30 s for a reaction), and then every timer up to it fires at
    once: a dozen autopilot turns in one settle, which outlasts SimCord's 5 s window and
    aborts the run ("did not settle while advancing time"). Clicks are what is measured.
    Its cycle collector is tuned as ``python -m bot`` tunes it (``tune_collector``)."""
    where = {"database_url": store} if isinstance(store, str) else {"database": store}
    return make_bot(Settings(token="bench", turn_timeout=0, reaction_timeout=0,
                             lobby_minutes=0, **where, **settings), sync_commands=True,
                    tune_collector=True)


@dataclass(frozen=True)
class Place:
    """Where one bench game is played."""

    guild_id: int
    channel_id: int


class Bench:
    """Tables of players, each at its own game, and the clicks they choose.

    ``Bench.seat`` creates the guilds, channels and members (``open_game`` and ``click``
    need them); a bench made from ``places`` alone (a world restored from a snapshot) only
    builds payloads for ``Answers``."""

    def __init__(self, env: Env, places: list[Place], seed: int) -> None:
        self.env = env
        self.places = places
        self.rng = random.Random(seed)
        self.channels: list[ChannelHandle] = []
        self.members: dict[int, MemberActor] = {}
        self.tables: list[list[MemberActor]] = []
        # The game in progress at each table, once known.
        self.game_ids: dict[int, int] = {}
        # (milliseconds, whether the click redraws the board: not a die toggle)
        self.clicks: list[tuple[float, bool]] = []
        # The event loop's CPU time each of those clicks took (the bot's and SimCord's), ms.
        self.click_loop_cpu_ms: list[float] = []
        self.burst_clicks: list[float] = []
        # The event loop's CPU time while burst clicks were in flight (the bot's and SimCord's).
        self.burst_loop_cpu_s = 0.0
        self.games_finished = 0

    @classmethod
    def seat(cls, env: Env, games: int, players: int, seed: int, *,
             shard_id: int | None = None, games_per_guild: int | None = None) -> Bench:
        """``games`` tables of ``players`` new members, each in a channel of its own, over
        guilds of ``games_per_guild`` channels (one guild for all when None) belonging to
        shard ``shard_id``."""
        per_guild = games_per_guild or max(1, games)
        guilds = [env.create_guild(f"bench-{shard_id or 0}-{number}", shard_id=shard_id)
                  for number in range(-(-games // per_guild))]
        channels = [guilds[number // per_guild].create_text_channel(f"kot-{number}")
                    for number in range(games)]
        bench = cls(env, [Place(channel.guild.id, channel.id)  # type: ignore[union-attr]
                          for channel in channels], seed)
        bench.channels = channels
        for number, channel in enumerate(channels):
            guild = guilds[number // per_guild]
            assert channel.guild is guild
            table = [guild.add_member(env.create_user(f"p{number}-{seat}"))
                     for seat in range(players)]
            bench.members.update({m.id: m for m in table})
            bench.tables.append(table)
        return bench

    @property
    def service(self) -> GameService:
        bot = self.env.bot
        assert isinstance(bot, KotBot)
        return bot.service

    async def open_game(self, number: int) -> None:
        host, *others = self.tables[number]
        lobby = await open_lobby(self.channels[number], host, others)
        await host.click(lobby, label="Start")

    async def game(self, number: int) -> Game | None:
        """The game in progress at this table (from the bot's cache once known), or None."""
        known = self.game_ids.get(number)
        if known is None:
            game = await self.service.games.active_in_channel(self.places[number].channel_id)
        else:
            game = await self.service.games.peek(known)
        if game is None or game.status not in ACTIVE_STATUSES:
            self.game_ids.pop(number, None)
            return None
        self.game_ids[number] = game.id
        return game

    def wish(self, game: Game) -> tuple[Decision, str]:
        """A plausible click: mostly moves that redraw the board."""
        state = game.state
        assert state is not None and state.turn is not None
        decision = self.rng.choice(state.pending)
        if decision.kind == "roll":
            can_roll = any(isinstance(o, Roll) for o in decision.options)
            draw = self.rng.random()
            if draw < 0.3:
                die = self.rng.randrange(len(state.turn.dice))
                return decision, f"{'r' if die in state.turn.kept else 'h'}{die}"
            if draw < 0.65 and can_roll and len(state.turn.kept) < len(state.turn.dice):
                return decision, f"o{_index(decision.options, Roll)}"
            return decision, f"o{_index(decision.options, StopRolling)}"
        choices = list(range(len(decision.options)))
        # Buy a little less often than anything else so games keep moving.
        weights = [0.5 if isinstance(o, Buy) else 1.0 for o in decision.options]
        return decision, f"o{self.rng.choices(choices, weights)[0]}"

    def pick(self, game: Game, board: Any, *, toggle: bool = False) -> tuple[int, str] | None:
        """The wished click if the board offers its button, else one of the buttons it
        offers (a question answered from a menu or privately has other buttons); None when
        it offers none. Returns the player's user id and the button's custom id. With
        ``toggle``, a die's keep or release button where the board has one (a click that
        does not redraw the board)."""
        state = game.state
        assert state is not None
        decision, code = self.wish(game)
        offered = _buttons(board, game.id)
        custom_id = f"kot:g:{game.id}:{decision.id}:{code}"
        toggles = sorted(offered_id for offered_id in offered if not redraws(offered_id))
        if toggle and toggles:
            custom_id = toggles[0]
        if custom_id not in offered:
            if not offered:
                return None
            custom_id = self.rng.choice(sorted(offered))
            decision_id = int(custom_id.split(":")[3])
            found = state.decision(decision_id)
            assert found is not None, f"a button for a decision not pending: {custom_id}"
            decision = found
        return game.seats[decision.seat], custom_id

    def board(self, number: int, game: Game) -> Any:
        """The game's live board as SimCord stores it."""
        assert game.state is not None and game.board_message_id is not None
        return self.env.backend.get_message(self.places[number].channel_id,
                                            game.board_message_id)

    async def _chosen(self, number: int, *,
                      toggle: bool = False) -> tuple[Any, int, str] | None:
        """The live board at this table and a plausible click on it (the player's user id
        and the button's custom id); None when the game is over (counted) or its board
        offers no button."""
        game = await self.game(number)
        if game is None:
            self.games_finished += 1
            return None
        stored = self.board(number, game)
        picked = self.pick(game, stored, toggle=toggle)
        return None if picked is None else (stored, *picked)

    async def click(self, number: int) -> None:
        """One click at this table as a SimCord user action, timed until the bot is idle
        (a finished game's table opens a new game instead)."""
        chosen = await self._chosen(number)
        if chosen is None:
            if await self.game(number) is None:
                await self.open_game(number)
            return
        stored, user_id, custom_id = chosen
        board = ResponseMessage(self.env, stored)
        started, loop_cpu = time.perf_counter(), time.thread_time()
        await self.members[user_id].click(board, custom_id=custom_id)
        self.clicks.append(((time.perf_counter() - started) * 1000, redraws(custom_id)))
        self.click_loop_cpu_ms.append((time.thread_time() - loop_cpu) * 1000)

    async def click_payload(self, number: int, *,
                            toggle: bool = False) -> tuple[str, dict[str, Any]] | None:
        """The INTERACTION_CREATE of a plausible click at this table (``toggle``: a die's
        keep or release where the board offers one), not sent yet, with its custom id; None
        when the game is over (counted) or its board offers no button."""
        chosen = await self._chosen(number, toggle=toggle)
        if chosen is None:
            return None
        stored, user_id, custom_id = chosen
        backend: Any = self.env.backend
        place = self.places[number]
        record, payload = base_payload(
            backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=place.channel_id,
            guild_id=place.guild_id, user_id=user_id,
            data={"custom_id": custom_id, "component_type": ComponentType.BUTTON},
        )
        payload["message"] = dict(serializers.message_payload(backend, stored))
        record.source_message_id = stored.id
        return custom_id, payload

    async def burst(self, numbers: list[int], answers: Answers) -> None:
        """One click in each of these games, all sent in the same instant; each timed from
        that instant until the bot's handler for it has finished (a finished game's table
        opens a new game instead)."""
        payloads = []
        for number in numbers:
            prepared = await self.click_payload(number)
            if prepared is None:
                if await self.game(number) is None:
                    await self.open_game(number)
                continue
            payloads.append(prepared[1])
        started, loop_cpu = time.perf_counter(), time.thread_time()
        answered = [answers.send(payload) for payload in payloads]
        async with answers.sweeping():
            finished = await asyncio.wait_for(asyncio.gather(*answered), _BURST_SECONDS)
        self.burst_loop_cpu_s += time.thread_time() - loop_cpu
        await self.env.settle()  # what the clicks left running, before the next burst
        self.burst_clicks.extend((moment - started) * 1000 for moment in finished)


class Answers:
    """Sends click payloads straight to the bot (SimCord's backend emits them) and tells
    when the bot's game-click handler for each has finished, without waiting for the bot
    to be idle: clicks on many games can be in flight at once. Install it on each new bot."""

    def __init__(self) -> None:
        self._waiting: dict[int, asyncio.Future[float]] = {}
        self.env: Env | None = None

    def install(self, env: Env) -> None:
        """Watch the handler of ``env``'s bot (now, and again after a restart)."""
        bot = env.bot
        assert isinstance(bot, KotBot)
        self.env = env
        handler = bot.clicks.game_click

        async def timed(request: Request, game_id: int, decision_id: int, code: str) -> None:
            try:
                await handler(request, game_id, decision_id, code)
            finally:
                waiting = self._waiting.pop(request.interaction.id, None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(time.perf_counter())

        bot.clicks.game_click = timed  # type: ignore[method-assign]

    def send(self, payload: dict[str, Any]) -> asyncio.Future[float]:
        """Send one click; its future is the ``time.perf_counter()`` at which the bot's
        handler for it finished. (No timeout here: under SimCord every timer of the loop is
        tracked in a list until it falls due, and a cancelled one per click would make that
        list long and every callback slow; the callers bound the wait.)"""
        assert self.env is not None, "Answers.install first"
        answered = asyncio.get_running_loop().create_future()
        self._waiting[int(payload["id"])] = answered
        self.env.backend.emit("INTERACTION_CREATE", payload)
        return answered

    async def time(self, payload: dict[str, Any]) -> float:
        """Send one click; milliseconds until the bot's handler for it finished."""
        started = time.perf_counter()
        return (await self.send(payload) - started) * 1000

    async def sweep(self) -> None:
        """Forever: forget the bot's cancelled timers, as each SimCord operation's settle
        does (simcord 3.2.1 internals). SimCord keeps a list of the bot's timers, and each
        timer that runs is removed from it by a linear search; a cancelled one stays until
        a settle. asyncpg's pool arms a timer at each release of a connection and cancels it
        at the next acquire, so with clicks sent outside operations (no settle) that list
        grew by a few entries a click and each callback of the bot's loop got slower: 70 ms
        of CPU a click after a minute, all SimCord's, none the bot's.

        Also forget SimCord's logs of every HTTP request and gateway event, which the bench
        never reads: they only grow, and every full collection of Python's cycle collector
        walks them, pausing the bot's loop longer as the run goes on."""
        assert self.env is not None, "Answers.install first"
        backend = self.env.backend
        while True:
            work: Any = self.env._work
            work.callbacks = [record for record in work.callbacks
                              if record.handle is not None and not record.handle.cancelled()]
            forget_logs(backend)
            await asyncio.sleep(_SWEEP_SECONDS)

    @contextlib.asynccontextmanager
    async def sweeping(self) -> AsyncIterator[None]:
        """``sweep`` while the block runs."""
        sweeper = asyncio.create_task(self.sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper


def forget_logs(backend: Any) -> None:
    """Empty SimCord's logs of every HTTP request and gateway event (simcord 3.2.1
    internals), which the benches never read."""
    backend.http_requests.clear()
    backend.transcript.clear()


def _index(options: tuple[Any, ...], kind: type) -> int:
    return next(i for i, option in enumerate(options) if isinstance(option, kind))


def _buttons(message: Any, game_id: int) -> set[str]:
    """The custom ids of the game's enabled buttons on this stored message."""
    prefix = f"kot:g:{game_id}:"
    return {component["custom_id"] for component in walk_components(list(message.components))
            if component.get("type") == ComponentType.BUTTON and not component.get("disabled")
            and str(component.get("custom_id", "")).startswith(prefix)}


def redraws(custom_id: str) -> bool:
    """Whether the click redraws the board: anything but a die toggle."""
    return not custom_id.rsplit(":", 1)[1].startswith(("h", "r"))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]
