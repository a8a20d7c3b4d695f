"""``python -m bot --local`` / ``kot-local``: the real bot on an offline Discord, in a browser.

SimCord, our test Discord, runs ``KotBot`` against a Discord held in memory: one server, one
channel, the local players as its members. SimCord's preview serves that channel as a web
page on 127.0.0.1: buttons, menus, slash commands in the composer, private answers per
player, and a "Viewing as" switch between the local players. Nothing here plays the game:
every click goes through the bot's own code, as on Discord.

Two things SimCord does for tests are turned around here for people:

- Its clock is simulated (tests jump it forward). Here ``LocalTable.follow_wall_clock``
  moves it with the wall clock, so AI pauses and turn timers take their real time.
- Its page shows what was last published (after a click). The same task republishes the
  page when the bot has called Discord since, so AI moves and timeouts appear without
  anyone clicking.

The in-memory Discord is made the same way on every run (same ids), and the bot keeps its
games in ``--database``: a game in progress is shown again the next time, as after a restart
on Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import importlib.util
import logging
import os
import socket
import sqlite3
import sys
import threading
import time
import webbrowser
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from dotenv import load_dotenv

from bot import stopping
from bot.app import KotBot, StartupError
from bot.config import Settings, SettingsError
from bot.i18n import ENGLISH, LANGUAGES, text
from bot.table.lobbies import LEARN_AI_SEATS
from bot.table.model import AI_LEVEL_NAMES, GAME_CHOICES, AiLevel, Game, GameChoice
from bot.table.timers import AT_ONCE, MachineClock, on_clock
from engine import GAME_RULES

if TYPE_CHECKING:  # SimCord is an optional dependency: imported where it runs
    from simcord import ChannelHandle, Env, MemberActor

log = logging.getLogger(__name__)

DEFAULT_DATABASE = Path("kot-local.sqlite3")
DEFAULT_PORT = 8765
# How often the simulated clock catches up with the wall clock and the page is republished.
TICK = 0.25
# What the bot's deadlines say to SimCord when they sleep on its clock (``SimCordClock``).
DEADLINE_WAIT = "a deadline of the bot's (bot.table.timers): only advance_time moves it"
# A deadline closer than this has come: the bot sets those ``timers.AT_ONCE`` (1 ms) ahead.
DUE_NOW = 10 * AT_ONCE
# What the preview needs beyond the bot's own dependencies (module names).
PREVIEW_MODULES = ("simcord", "aiohttp", "av", "markdown_it", "linkify_it", "regex")
INSTALL_HINT = "pip install -e '.[local]'"
# A Discord client's locale for each language of the catalogs (another language's folder is
# named by its locale already: pt-BR).
CLIENT_LOCALES = {"en": "en-US", "es": "es-ES"}


# The options of the table's game, by LocalOptions' field: their flags.
TABLE_FLAGS = {"players": "--players", "ai": "--ai", "level": "--level", "game": "--game",
               "language": "--lang", "learn": "--learn"}


class LocalError(Exception):
    """The local table cannot start; the message says why in one line."""


@dataclass(frozen=True)
class LocalOptions:
    players: int = 1
    ai: int | None = None  # None: enough AI monsters for a table of three
    level: AiLevel = "easy"
    # The lobby's Game menu: "2016", "2011" or "origins".
    game: GameChoice = "2016"
    port: int = DEFAULT_PORT
    database: Path = DEFAULT_DATABASE
    browser: bool = True
    # The language the table speaks (its server's, so every game's; and its players').
    language: str = ENGLISH
    # A guided first game: the lobby /kot learn opens.
    learn: bool = False
    # The options of the table's game given on the command line (TABLE_FLAGS' fields): a
    # lobby kept from an earlier run takes those, and keeps what it has for the others.
    given: frozenset[str] = frozenset()

    @property
    def ai_monsters(self) -> int:
        return self.ai if self.ai is not None else max(0, 3 - self.players)

    def check(self) -> None:
        if not 1 <= self.players <= 6:
            raise LocalError("--players must be between 1 and 6")
        if self.ai_monsters < 0:
            raise LocalError("--ai cannot be negative")
        most = GAME_RULES["origins" if self.game == "origins" else "kot"].max_monsters
        if self.players + self.ai_monsters > most:
            raise LocalError(f"--players and --ai make at most {most} monsters")
        if self.players + self.ai_monsters < 2:
            raise LocalError("a game needs 2 monsters: add an AI monster (--ai 1) or a player")
        if not 0 <= self.port <= 65535:
            raise LocalError("--port must be between 0 and 65535")


def _flag(options: LocalOptions, name: str) -> str:
    """An option of the table's game as it was given: "--level hard", "--learn"."""
    value = {"players": options.players, "ai": options.ai, "level": options.level,
             "game": options.game, "language": options.language}.get(name)
    return TABLE_FLAGS[name] if value is None else f"{TABLE_FLAGS[name]} {value}"


def player_names(players: int, language: str = ENGLISH) -> list[str]:
    """The local players' names, in the table's language: "You" alone, else numbered."""
    if players == 1:
        return [text(language, "local-you")]
    return [text(language, "local-player", number=n) for n in range(1, players + 1)]


class LocalTable:
    """The offline Discord with its channel, the local players, and the page showing it."""

    def __init__(self, env: Env, channel: ChannelHandle, members: list[MemberActor]) -> None:
        self.env = env
        self.channel = channel
        self.members = members
        # Held by each click on the page and by each tick: SimCord runs one at a time.
        self.turn = asyncio.Lock()
        # How many Discord calls the bot had made when the page was last published.
        self.published = 0

    async def seat(self, options: LocalOptions) -> str | None:
        """Open a lobby with the local players and AI monsters seated; or, when the channel
        has a game kept from an earlier run, post its board (or lobby) again: its messages
        were in that run's memory, so the bot repairs it as a board deleted on Discord. A kept
        lobby, not started yet, takes the table's options given (``options.given``); a game
        in progress keeps its own. Returns a line for the terminal saying what became of the
        options given, or None."""
        bot = self.env.bot
        assert isinstance(bot, KotBot)
        kept = await bot.service.games.active_in_channel(self.channel.id)
        if kept is None:
            await self._open(options)
            return None
        if kept.board_message_id is not None:
            await bot.delivery.message_deleted(kept.id, kept.board_message_id)
        flags = ", ".join(_flag(options, name) for name in TABLE_FLAGS if name in options.given)
        if not flags:
            return None
        if kept.status != "lobby":
            return (f"{flags}: the game kept in {options.database} is in progress, so they are "
                    "for the next game (/kot end ends this one; another --database starts "
                    "afresh)")
        return await self._retake(kept, options, flags)

    async def _open(self, options: LocalOptions) -> None:
        """A new lobby, as people open one: the host's /kot start (or /kot learn), the other
        local players' Join, then the host's clicks for the AI monsters and the game."""
        host, *others = self.members
        lobby = await open_lobby(self.channel, host, others,
                                 command="kot learn" if options.learn else "kot start")
        await self._arrange(lobby, host, ["easy"] * LEARN_AI_SEATS if options.learn else [],
                            "2016", options)

    async def _retake(self, kept: Game, options: LocalOptions, flags: str) -> str:
        """The kept lobby ``kept`` with the options given: its AI monsters and game changed
        by its host's clicks; or, for other players, another language or a guided game (the
        local players' names and the lobby's kind are its opening's), opened again: the host
        cancels it and opens a new one, with the kept AI monsters and game unless given."""
        bot = self.env.bot
        assert isinstance(bot, KotBot)
        lobby = kept.lobby
        levels = [p.ai for p in lobby.players if p.ai is not None]
        people = [p.user_id for p in lobby.players if p.ai is None]
        wanted = replace(
            options,
            ai=options.ai if "ai" in options.given else len(levels),
            level=options.level if "level" in options.given or not levels else levels[-1],
            game=options.game if "game" in options.given else lobby.choice(),
            learn=options.learn if "learn" in options.given else lobby.learn)
        host = next((m for m in self.members if m.id == kept.host_id), None)
        again = (host is None or wanted.learn != lobby.learn
                 or ("language" in options.given and options.language != lobby.language)
                 or ("players" in options.given
                     and sorted(people) != sorted(m.id for m in self.members)))
        try:
            replace(wanted, players=len(self.members) if again else len(people)).check()
        except LocalError as error:
            return f"{flags}: the lobby kept in {options.database} stays as it was: {error}"
        if again:
            await bot.service.lobbies.cancel(kept.id, kept.host_id, bot.delivery.show)
            await self._open(wanted)
            return (f"{flags}: the lobby kept in {options.database} was opened again with "
                    "them (monsters picked there are picked again)")
        assert host is not None
        posted = (await bot.service.games.peek(kept.id)).board_message_id
        message = next(m for m in self.channel.history() if m.id == posted)
        await self._arrange(message, host, levels, lobby.choice(), wanted)
        return f"{flags}: taken by the lobby kept in {options.database}"

    async def _arrange(self, lobby: discord.Message, host: MemberActor, levels: list[AiLevel],
                       game: GameChoice, options: LocalOptions) -> None:
        """The host's clicks that make a lobby with AI monsters at ``levels``, for ``game``,
        the one ``options`` ask for: AI monsters of another level removed, then those too
        many, the game chosen, the AI monsters missing added (as the host, through the
        lobbies: the private 🤖 Add AI menu a click opens would stay on the page, under the
        lobby, at every start)."""
        if any(level != options.level for level in levels):
            for _ in levels:
                await host.click(lobby, custom_id=menu_id(lobby, "ai_remove"))
            levels = []
        for _ in range(len(levels) - options.ai_monsters):
            await host.click(lobby, custom_id=menu_id(lobby, "ai_remove"))
        if options.game != game:
            # (The Game menu's id predates Origins: "edition".)
            await host.select(lobby, [options.game], custom_id=menu_id(lobby, "edition"))
        bot = self.env.bot
        assert isinstance(bot, KotBot)
        game_id = int(menu_id(lobby, "ai").split(":")[2])  # (kot:l:<game id>:ai)
        for _ in range(options.ai_monsters - len(levels)):
            await bot.service.lobbies.add_ai(game_id, host.id, options.level, bot.delivery.show)

    def lock_page_clicks(self, preview: Any) -> None:
        """Make each click on the page wait for the tick in progress (SimCord refuses a
        click that overlaps another operation). ``Preview._action`` is the one entry of the
        page's clicks and commands (SimCord 3.2.1, pinned)."""
        act: Callable[..., Awaitable[Any]] = preview._action

        async def one_at_a_time(context_id: str | None, *args: Any, **kwargs: Any) -> Any:
            async with self.turn:
                try:
                    return await act(context_id, *args, **kwargs)
                finally:
                    # A click publishes its own page with what the bot did for it; the other
                    # tabs (another player's view, a second tab) are republished here.
                    if len(self.env.http_requests) != self.published:
                        self.publish(preview, but=context_id)
                        self.published = len(self.env.http_requests)

        preview._action = one_at_a_time

    async def follow_wall_clock(self, preview: Any, clock: SimCordClock) -> None:
        """Forever: move the simulated clock on to the wall clock (the bot's deadlines that
        are due run), then, if the bot called Discord meanwhile, republish the page. Only
        then: a click made on an older publication of the page is refused as stale.

        A tick runs the deadlines of one instant at most, and the page is republished
        before the clock moves past the next: moved straight to the wall clock, a tick that
        came late (a loaded machine) ran every deadline due meanwhile, and the page showed
        two AI moves at once."""
        from simcord import SetupError

        self.published = len(self.env.http_requests)
        while True:
            await asyncio.sleep(TICK)
            async with self.turn:
                try:
                    await self._catch_up(clock)
                    if len(self.env.http_requests) != self.published:
                        self.publish(preview)
                        self.published = len(self.env.http_requests)
                except (SetupError, TimeoutError) as error:
                    # Bot work still running (a Hard AI thinking): the next tick catches up.
                    log.debug("tick skipped: %s", error)

    async def _catch_up(self, clock: SimCordClock) -> None:
        """Move the clock to the wall clock, but not past the first deadline due (a
        millisecond past it, so that rounding cannot leave it asleep)."""
        wall = time.time()
        wake = clock.next_wake()
        target = wall if wake is None or wake > wall else wake + AT_ONCE
        behind = target - self.env.now().timestamp()
        if behind > 0:
            await self.env.advance_time(behind)

    def publish(self, preview: Any, but: str | None = None) -> None:
        """Republish every open page (``but`` one) as the bot has left it. Not
        ``Preview.refresh``: it first settles the bot's work, which waited out an AI monster's
        pause, and the next one, in real time, so that an AI turn appeared at once after
        seconds of nothing. The work due has run already (SimCord 3.2.1, pinned)."""
        self.env._begin_operation("preview.refresh")
        try:
            preview._advance_presentation_time()
            for page in tuple(preview._pages.values()):
                if page.id != but and page.id in preview._pages:  # (publishing prunes)
                    preview._publish(page, reason="refresh")
        finally:
            self.env._end_operation()


async def open_lobby(channel: ChannelHandle, host: MemberActor,
                     joiners: Sequence[MemberActor] = (), *,
                     command: str = "kot start") -> discord.Message:
    """A lobby opened as people open one: the host's ``/kot start`` (or ``command``: ``kot
    learn``), then each joiner's Join. (Also how the tools and the bot tests seat their
    tables.)"""
    await host.slash(channel, command)
    lobby = channel.last_message
    if lobby is None:
        raise LocalError("the bot did not open a lobby (see the log above)")
    for member in joiners:
        await member.click(lobby, custom_id=menu_id(lobby, "join"))
    return lobby


async def add_ai(host: MemberActor, lobby: discord.Message, level: AiLevel) -> None:
    """The host's two clicks that seat an AI monster of ``level``: the lobby's 🤖 Add AI,
    then the level's button in the private menu it answers with."""
    add = menu_id(lobby, "ai")
    shown = await host.click(lobby, custom_id=add)
    menu = shown.followups[0] if shown.followups else shown.response
    if menu is None:
        raise LocalError("the lobby's 🤖 Add AI showed no menu (see the log above)")
    await host.click(menu, custom_id=f"{add}_{level}")


def menu_id(message: discord.Message, field: str) -> str:
    """The custom id of the lobby's menu or button for ``field`` (``kot:l:<game
    id>:<field>``): found in whatever language the lobby speaks."""
    for row in message.components:
        for item in getattr(row, "children", []):
            custom_id = getattr(item, "custom_id", None) or ""
            if custom_id.startswith("kot:l:") and custom_id.endswith(f":{field}"):
                return custom_id
    raise LocalError(f"the lobby has no {field} menu")


def build_world(env: Env, names: Sequence[str],
                language: str = ENGLISH) -> tuple[ChannelHandle, list[MemberActor]]:
    """The server (speaking ``language``), its channel and its members, made in the same
    order on every run so that they get the same ids (a kept game finds its channel and
    players again)."""
    # SimCord calls every bot "TestBot"; its user record can be renamed before it connects.
    env.backend.bot_user.name = "King of Tokyo"
    guild = env.create_guild("King of Tokyo (local)",
                             preferred_locale=CLIENT_LOCALES.get(language, language))
    channel = guild.create_text_channel("king-of-tokyo")
    members = [guild.add_member(env.create_user(name.lower().replace(" ", ""), global_name=name))
               for name in names]
    # The local players own the table: they may change its settings (/kot settings needs
    # Manage Server). A role made after them, so that their ids stay as they were.
    hosts = guild.create_role(text(language, "names-local-role"),
                              permissions=discord.Permissions(manage_guild=True))
    for member in members:
        env.backend.add_member_role(guild.id, member.id, hosts.id)
    return channel, members


async def serve(options: LocalOptions, settings: Settings,
                announce: Callable[[str], None],
                tell: Callable[[str], None] = print) -> None:
    """Run the local table until cancelled; ``announce`` gets the page's address, ``tell``
    a line for the terminal (flags a kept game does not take)."""
    import simcord

    bot = KotBot(settings, sync_commands=True)
    env = simcord.Env(bot, check_errors=False)
    channel, members = build_world(env, player_names(options.players, options.language),
                                    options.language)
    set_to_the_wall_clock(env)
    clock = SimCordClock(env, ticking=True)
    with clients_speaking(options.language), on_clock(clock):
        await _play(env, clock, channel, members, options, announce, tell)


def set_to_the_wall_clock(env: Env) -> None:
    """SimCord's clock, before the bot starts, set to the wall clock: the table's time keeps
    increasing from run to run, as Discord's ids and dates do. (No timer waits on it yet.)"""
    behind = time.time() - env.now().timestamp()
    if behind > 0:
        env.backend.clock.advance(behind)


async def _play(env: Env, clock: SimCordClock, channel: ChannelHandle,
                members: list[MemberActor], options: LocalOptions,
                announce: Callable[[str], None], tell: Callable[[str], None]) -> None:
    async with _started(env):
        table = LocalTable(env, channel, members)
        with env.time_context():
            said = await table.seat(options)
            if said is not None:
                tell(f"kot-local: {said}")
            async with table_page(env, channel, members, options) as preview:
                table.lock_page_clicks(preview)
                announce(preview.url)
                await table.follow_wall_clock(preview, clock)


@contextlib.asynccontextmanager
async def table_page(env: Env, channel: ChannelHandle, members: list[MemberActor],
                     options: LocalOptions) -> AsyncIterator[Any]:
    """SimCord's preview of the table's channel for its players, served as the table's page
    (``bot.local_page``), while it is entered."""
    from bot.local_page import mentions_shown_in_embeds, serve_table_page

    preview = env.preview(channel, viewers=members, layout="channel", port=options.port,
                          locale=CLIENT_LOCALES.get(options.language, options.language))
    serve_table_page(preview, options.database, options.language)
    with mentions_shown_in_embeds():
        async with preview:
            yield preview


class SimCordClock(MachineClock):
    """SimCord's simulated clock for the bot's deadlines (``timers.on_clock``): the tests'
    and the local table's. Each sleep of a deadline is declared to SimCord as an intentional
    wait (``Env.external_wait``, public), so that it ends only when the clock is moved past
    it (``Env.advance_time``: a test's, or ``LocalTable.follow_wall_clock``'s), and a
    settle counts the sleeping task as parked. Otherwise SimCord runs such a timer at its
    simulated instant but also arms a fallback on the machine's clock, and every settle (a
    click's, a republication's: 5 s of real time) waits for the fallbacks due within its
    window: a click whose Discord call failed waited its 1 and 2 s retries out, and on the
    local table a click that handed the turn to the AI monsters showed their turns all at
    once, seconds later. (The time itself is ``time.monotonic``, which SimCord replaces
    with its own inside the bot's work.)

    A deadline that has come (one overdue at a start-up, an AI monster's move with no pause:
    the bot sets those ``timers.AT_ONCE`` ahead) runs at once, without the clock moving;
    unless ``ticking``: the local table's tick moves the clock, and each deadline, come or
    not, waits for it, so that the bot settles between ticks (AI monsters with no pause
    would otherwise play on within each settle) and the page shows each move."""

    def __init__(self, env: Env, *, ticking: bool = False) -> None:
        self.env = env
        self._ticking = ticking
        # When each sleep in progress ends: SimCord's instants (seconds since the epoch).
        self._wakes: list[float] = []

    async def sleep(self, delay: float) -> None:
        from simcord import SetupError

        if delay < DUE_NOW and not self._ticking:
            # A yield, not a sleep of ``delay``: SimCord would arm that timer on the
            # machine's clock too, and one falling due between two of a test's
            # ``advance_time`` calls starts an advance of SimCord's own, which can deadlock
            # with the test's (tests/bot/test_simcord_clock.py). The deadline fires all the
            # same: ``Deadlines`` counts a deadline it woke for as come.
            await asyncio.sleep(0)
            return
        wake = self.env.now().timestamp() + delay
        self._wakes.append(wake)
        try:
            await self.env.external_wait(asyncio.sleep(delay), reason=DEADLINE_WAIT)
        except SetupError:
            # Not the bot's work (a Deadlines of a test's own code, which SimCord does not
            # track, and whose waits it refuses to declare): on the machine's clock.
            await asyncio.sleep(delay)
        finally:
            self._wakes.remove(wake)

    def next_wake(self) -> float | None:
        """The instant the first sleep of a deadline ends (SimCord's, seconds since the
        epoch), if one sleeps."""
        return min(self._wakes, default=None)


@contextlib.contextmanager
def clients_speaking(language: str) -> Iterator[None]:
    """Every interaction SimCord sends meanwhile carries the Discord client locale of
    ``language``, as a player's client in that language would."""
    locale = CLIENT_LOCALES.get(language, language)
    with client_locales(lambda _user_id: locale):
        yield


@contextlib.contextmanager
def client_locales(locale_of: Callable[[int], str | None]) -> Iterator[None]:
    """Each interaction SimCord sends meanwhile carries the client locale ``locale_of`` gives
    its user (None: SimCord's en-US). SimCord sends them all as en-US and has no setting for
    it, so its one builder of interaction payloads (``simcord.interactions.base_payload``,
    SimCord 3.2.1, pinned) is wrapped."""
    import simcord.interactions

    build = simcord.interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = build(*args, **kwargs)
        locale = locale_of(kwargs["user_id"])
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    simcord.interactions.base_payload = with_locale
    try:
        yield
    finally:
        simcord.interactions.base_payload = build


@contextlib.asynccontextmanager
async def _started(env: Env) -> AsyncIterator[Env]:
    """``simcord.run`` for a world made before the bot connects (its games find their
    channel when they are restored). The bot is closed after as a stop closes it
    (``KotBot.close``: its work in hand finished on SimCord's Discord, then its database and
    the Hard AI's processes closed), and only then detached: SimCord's detaching cancels
    whatever still runs, and waits for the searches in the Hard AI's processes."""
    started = False
    try:
        await env.start()
        started = True
        yield env
    finally:
        try:
            await env.bot.close()
        finally:
            if started:
                await env.shutdown()


def local_settings(options: LocalOptions, environ: dict[str, str] | None = None) -> Settings:
    """The bot's settings from the environment (``KOT_TURN_TIMEOUT``, ``KOT_AI_PAUSE``...;
    no token), with the local database."""
    environ = dict(os.environ if environ is None else environ)
    settings = Settings.from_env(environ, token_required=False)
    # A local game waits for its one player however long they stay away: it holds no
    # channel that others need. And it draws in its own process (on its loop or threads)
    # unless told otherwise: one table has no bursts of clicks for drawing processes to
    # serve, and beside a browser on the same machine their start and their round trips
    # made its turns slower (a browser test with AI turns: 14-19 s against 8-10 s).
    drawing = settings.drawing_processes if "KOT_DRAWING_PROCESSES" in environ else 0
    return replace(settings, token="local", database=options.database, idle_days=0,
                   drawing_processes=drawing)


def require_preview() -> None:
    missing = [name for name in PREVIEW_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise LocalError(f"the local table needs SimCord's preview ({', '.join(missing)} "
                         f"missing): {INSTALL_HINT}")


def require_port(port: int) -> None:
    """The page's port is free: no process listens on it. Bound as the page's server binds
    (asyncio sets SO_REUSEADDR), so that the connections a stopped table closed, which wait
    a minute in TIME-WAIT, do not keep the same command from starting again at once."""
    if port == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise LocalError(f"port {port} is in use: choose another with --port "
                                 "(--port 0 picks a free one)") from error
            raise LocalError(f"cannot listen on port {port}: {error.strerror}") from error


def require_database(path: Path) -> None:
    """The database file can be created or opened for writing, with its folder (SQLite
    writes its journal beside it)."""
    folder = path.resolve().parent
    try:
        if path.is_dir():
            raise LocalError(f"the database {path} is a folder: give a file (--database)")
        if not folder.is_dir():
            raise LocalError(f"cannot write the database {path}: {folder} does not exist")
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise LocalError(f"cannot write the database {path}: permission denied")
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA user_version")
    except sqlite3.Error as error:
        raise LocalError(f"cannot open the database {path}: {error}") from error


def open_browser(url: str) -> threading.Thread | None:
    """In a thread (a browser may take its time to start, and the bot must not wait), and not
    where there is no screen: Python would start a text browser in this terminal."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        print("(No screen here: open the address in a browser yourself.)", flush=True)
        return None
    opener = threading.Thread(target=webbrowser.open, args=(url,), daemon=True)
    opener.start()
    return opener


def parse(argv: Sequence[str]) -> LocalOptions:
    parser = argparse.ArgumentParser(
        prog="python -m bot --local",
        description="Play King of Tokyo in your browser against AI monsters: the real bot on "
                    "an offline Discord (no token, no network).")
    parser.add_argument("--players", type=int, default=None,
                        help="people sharing this screen (the page's 'Viewing as' switch "
                             "changes who you are); default 1")
    parser.add_argument("--learn", action="store_true", default=None,
                        help="a guided first game (the lobby /kot learn opens): a coach's "
                             "note before each choice")
    parser.add_argument("--ai", type=int, default=None,
                        help="AI monsters seated in the lobby (default: enough for 3 monsters)")
    parser.add_argument("--level", choices=tuple(AI_LEVEL_NAMES), default=None,
                        help="the AI monsters' level: easy (rules of thumb), medium "
                             "(tries its best moves a few dozen times ahead) or hard "
                             "(searches ahead, about a second a move)")
    parser.add_argument("--game", choices=tuple(GAME_CHOICES), default=None,
                        help="King of Tokyo with the 2016 or 2011 rules, or King of Tokyo: "
                             "Origins (2-4 monsters); default 2016")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the page's port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any)")
    parser.add_argument("--database", type=Path, default=DEFAULT_DATABASE,
                        help=f"where games are kept (default {DEFAULT_DATABASE})")
    parser.add_argument("--no-browser", dest="browser", action="store_false",
                        help="print the page's address without opening a browser")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the language of the table: its games and its players' answers "
                             f"(default {ENGLISH})")
    args = parser.parse_args(argv)
    # The table's options given (a flag left out is None): a kept lobby takes only those.
    given = {"players": args.players, "ai": args.ai, "level": args.level, "game": args.game,
             "language": args.lang, "learn": args.learn}
    return LocalOptions(port=args.port, database=args.database, browser=args.browser,
                        given=frozenset(name for name, value in given.items()
                                        if value is not None),
                        **{name: value for name, value in given.items() if value is not None})


def main(argv: Sequence[str] | None = None) -> int:
    options = parse(sys.argv[1:] if argv is None else argv)
    # The bot's settings file, as `python -m bot` reads it (real environment variables win).
    load_dotenv(".env", override=False)
    try:
        options.check()
        require_preview()
        require_port(options.port)
        require_database(options.database)
        settings = local_settings(options)
    except (LocalError, SettingsError) as error:
        print(f"kot-local: error: {error}", file=sys.stderr)
        return 2 if isinstance(error, SettingsError) else 1
    logging.basicConfig(level=settings.log_level if "KOT_LOG_LEVEL" in os.environ else "WARNING",
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py's start-up warnings (voice libraries, intents) say nothing about a local table.
    logging.getLogger("discord").setLevel(logging.ERROR)

    def announce(url: str) -> None:
        print(f"King of Tokyo is on {url}\n"
              f"Games are kept in {options.database}; Ctrl-C stops the table.", flush=True)
        if options.browser:
            open_browser(url)

    try:
        # serve() runs until a signal stops it.
        stopping.run(serve(options, settings, announce, lambda line: print(line, flush=True)))
    except KeyboardInterrupt:  # Ctrl-C before the event loop listens for it
        pass
    except (LocalError, StartupError) as error:
        print(f"kot-local: error: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # the port taken meanwhile, a disk error...
        print(f"kot-local: error: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"Stopped. Run the same command again to go on with the game in {options.database}.",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
