"""``python -m tools.local_screens``: the local table's page as docs/images shows it.

The table of ``python -m bot --local`` (the real bot on SimCord, the page of
``bot/local_page``) with "You" and AI monsters, driven to each situation, each taken at a
phone's size and a desktop's: ``local-<situation>-400.png`` (400×860) and
``local-<situation>-1280.png`` (1280×900), reduced to 128 colours, in ``--out``
(docs/images by default). The situations:

- ``lobby``: the lobby with two Easy AI monsters;
- ``roll``: the person's first roll (their question's buttons under the board);
- ``shop``: their buy step, with energy to spend;
- ``stay-or-yield``: in Tokyo, hit by an AI monster: stay or yield;
- ``standings``: the game won, its final standings;
- ``six``: a six-monster game late in play (every monster with cards: the tallest board),
  the person's roll with the most controls (eight dice, dice tools);
- ``coach``: the person's coach turned on (📋 My monster's toggle), and their next roll: its
  note under the board, in place of the first one.

The AI monsters play scripted moves (they stop rolling, stay in Tokyo, end their buy step)
on dice the tool forces, so every run shows the same games. Needs SimCord's preview,
Playwright (``pip install -e '.[screens]'``) and Debian's Chromium.
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import msgspec
import simcord
from PIL import Image
from playwright.async_api import Page, async_playwright
from simcord import ChannelHandle, Env, MemberActor

from bot.app import KotBot
from bot.i18n import say, text
from bot.local import (
    LocalOptions,
    LocalTable,
    SimCordClock,
    build_world,
    clients_speaking,
    local_settings,
    menu_id,
    player_names,
    table_page,
)
from bot.table.model import Game
from bot.table.timers import on_clock
from engine import (
    Action,
    Card,
    Decision,
    EndBuying,
    Face,
    GameState,
    Roll,
    Stay,
    StopRolling,
    prompt,
)
from engine.ai import HeuristicPlayer
from tools.screens import CHROMIUM_FLAGS, FACE_UP, owning, screens_command

SIZES = {"400": (400, 860), "1280": (1280, 900)}
COLOURS = 128
SITUATIONS = ("lobby", "roll", "shop", "stay-or-yield", "standings", "six", "coach")
# An AI monster's pause (seconds of the table's clock, which the tool moves).
AI_PAUSE = 2.0
# Seconds to wait for the page to show a situation.
PATIENCE = 30.0
# The game the lobbies deal (the same games every run): the person plays first.
SEED = 1
# Dice that score nothing and hit nobody: an AI monster's quiet turn.
QUIET: list[Face] = ["1", "2", "3", "1", "2", "energy"]
# Late in a six-monster game: each monster's cards, points and hearts (by seat offset from
# the person's), and who is in Tokyo City and Tokyo Bay.
LATE_CARDS = {
    0: ["extra_head", "extra_head", "plot_twist", "stretchy", "energy_drink", "jets"],
    1: ["even_bigger", "regeneration", "wings", "herbivore", "giant_brain", "gourmet",
        "urbavore", "rapid_healing", "spiked_tail"],
    2: ["mimic", "poison_quills", "shrink_ray"],
    3: ["alpha_monster", "were_only_making_it_stronger", "camouflage"],
    4: ["smoke_cloud", "acid_attack", "armor_plating"],
    5: ["fire_breathing", "background_dweller"],
}
LATE_POINTS = {0: 14, 1: 11, 2: 8, 3: 17, 4: 6, 5: 12}
LATE_HEARTS = {0: 7, 1: 11, 2: 5, 3: 9, 4: 2, 5: 6}


async def scripted(_level: str, state: GameState, decision: Decision, _asker: Any) -> Action:
    """An AI monster's move here: stop rolling, stay in Tokyo, end the buy step; any other
    question as the Easy AI answers it."""
    for option in decision.options:
        if isinstance(option, StopRolling | Stay | EndBuying):
            return option
    return HeuristicPlayer(SEED).answer(state, decision)


@dataclass
class Table:
    """The local table in this process, its page, and the browser's tabs showing it."""

    env: Env
    bot: KotBot
    channel: ChannelHandle
    you: MemberActor
    local: LocalTable
    preview: Any
    tabs: dict[str, Page]
    out: Path
    language: str
    taken: list[Path] = field(default_factory=list)

    async def game(self) -> Game:
        found = await self.bot.service.games.active_in_channel(self.channel.id)
        assert found is not None, "no game in the channel"
        return found

    async def change(self, change: Callable[[GameState], GameState]) -> None:
        games = self.bot.service.games
        game_id = (await self.game()).id
        async with games.lock(game_id):
            game = await games.game(game_id)
            await games.save(replace(game, state=change(game.playing_state())), "state")

    async def dice(self, faces: Sequence[Face]) -> None:
        """The next dice rolled show ``faces`` (then the game's own)."""
        await self.change(lambda s: msgspec.structs.replace(s, forced_dice=tuple(faces)))

    async def mine(self) -> Decision | None:
        """The person's question now (None: none, or no game in play)."""
        game = await self.bot.service.games.active_in_channel(self.channel.id)
        if game is None or game.state is None:
            return None
        return next((d for d in game.state.pending if game.seats[d.seat] == self.you.id), None)

    async def until_asked(self) -> Decision:
        """The AI monsters play (their pauses passed on the table's clock) until the person
        is asked something."""
        for _ in range(200):
            decision = await self.mine()
            if decision is not None:
                await self.bot.coach.sent()
                return decision
            await self.env.advance_time(AI_PAUSE + 0.1)
        raise AssertionError("the person was never asked")

    async def answer(self, wanted: Callable[[object], bool]) -> None:
        """The person clicks the option of their question that ``wanted`` picks."""
        game = await self.game()
        decision = await self.until_asked()
        number = next(i for i, o in enumerate(decision.options) if wanted(o))
        board = next(m for m in self.channel.history() if m.id == game.board_message_id)
        await self.you.click(board, custom_id=f"kot:g:{game.id}:{decision.id}:o{number}")

    async def shoot(self, name: str, shown: str) -> None:
        """Each tab once it shows ``shown`` (a regex on the page's text) with its pictures
        loaded and the conversation settled: ``local-<name>-<width>.png``."""
        self.local.publish(self.preview)
        for width, page in self.tabs.items():
            await page.bring_to_front()  # (a tab out of sight draws no frame)
            deadline = asyncio.get_running_loop().time() + PATIENCE
            while not (re.search(shown, said := await page.locator("body").inner_text())
                       and await page.evaluate(PICTURES_LOADED)):
                assert asyncio.get_running_loop().time() < deadline, \
                    f"{name}: the page never showed {shown!r}; it shows:\n{said[-1500:]}"
                await page.wait_for_timeout(200)
            await page.wait_for_timeout(800)  # (the page follows a frame after it draws)
            picture = Image.open(io.BytesIO(await page.screenshot()))
            path = self.out / f"local-{name}-{width}.png"
            picture.convert("RGB").quantize(COLOURS).save(path, optimize=True)
            self.taken.append(path)

    def prompt_of(self, state: GameState) -> str:
        """The question's words as the board says them (a regex)."""
        return re.escape(say(self.language, prompt(state, 0)))


FITS_THE_WINDOW = ("() => { const app = document.getElementById('preview-app');"
                   " return app !== null && app.getBoundingClientRect().width === innerWidth; }")
PICTURES_LOADED = "() => Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"


async def play(table: Table, only: Sequence[str]) -> None:
    """The situations, in the order one game reaches them (each is shot if asked for)."""
    language = table.language
    left = set(only)

    async def shoot(name: str, shown: str) -> bool:
        """Shoot ``name`` if asked for; whether any situation asked for is still ahead."""
        if name in left:
            await table.shoot(name, shown)
            left.discard(name)
        return bool(left)

    if not await shoot("lobby", re.escape(text(language, "lobby-title", game="King of Tokyo"))):
        return
    lobby = table.channel.last_message
    assert lobby is not None
    await table.you.click(lobby, custom_id=menu_id(lobby, "start"))
    await table.until_asked()
    state = (await table.game()).playing_state()
    if not await shoot("roll", table.prompt_of(state)):
        return

    # Into Tokyo, with energy to spend: the buy step.
    await table.dice(["smash", "energy", "energy", "3", "3", "heart"])
    await table.answer(lambda o: isinstance(o, Roll))
    await table.change(owning({}, energy={0: 7}, face_up=FACE_UP))
    await table.answer(lambda o: isinstance(o, StopRolling))
    state = (await table.game()).playing_state()
    if not await shoot("shop", table.prompt_of(state)):
        return
    # The next monster hits the person in Tokyo: stay or yield (the other one's turn is
    # quiet).
    await table.dice(["smash", "smash", "smash", "1", "2", "heart", *QUIET])
    await table.answer(lambda o: isinstance(o, EndBuying))
    decision = await table.until_asked()
    assert decision.kind == "yield", decision
    state = (await table.game()).playing_state()
    if not await shoot("stay-or-yield", table.prompt_of(state)):
        return

    # The person stays, scores at the start of their turn, and wins with three 3s.
    await table.change(lambda s: msgspec.structs.replace(s, monsters=tuple(
        msgspec.structs.replace(m, vp=17) if seat == decision.seat else m
        for seat, m in enumerate(s.monsters))))
    await table.answer(lambda o: isinstance(o, Stay))
    await table.until_asked()
    await table.dice(["3", "3", "3", "1", "2", "heart"])
    await table.answer(lambda o: isinstance(o, Roll))
    game_id = (await table.game()).id
    await table.answer(lambda o: isinstance(o, StopRolling))
    while (asked := await table.mine()) is not None and asked.kind == "buy":
        await table.answer(lambda o: isinstance(o, EndBuying))
    assert (await table.bot.service.games.game(game_id)).playing_state().over
    if not await shoot("standings", re.escape(text(language, "final-standings"))):
        return

    # A six-monster game late in play: the person's roll with the most controls.
    await table.local.seat(LocalOptions(ai=5, language=language))
    lobby = table.channel.last_message
    assert lobby is not None
    await table.you.click(lobby, custom_id=menu_id(lobby, "start"))
    await table.until_asked()
    await table.change(late_game)
    await table.dice(["1", "1", "2", "2", "3", "smash"])
    await table.answer(lambda o: isinstance(o, Roll))
    state = (await table.game()).playing_state()
    if await shoot("six", table.prompt_of(state)):
        # The person's coach turned on (📋 My monster's toggle, its panel dismissed): it
        # notes the question pending now (its rules, told once), through their last click;
        # they roll again, and the note for that roll takes the first one's place.
        game = await table.game()
        await table.bot.service.set_coach(game.id, table.you.id, True, table.bot.delivery.show)
        await table.bot.coach.sent()
        await table.dice(["1", "2", "2", "3", "smash", "smash"])
        await table.answer(lambda o: isinstance(o, Roll))
        await table.bot.coach.sent()
        said = text(language, "coach-roll", rolls=0).replace("**", "")  # (bold on the page)
        await table.shoot("coach", re.escape(said))


def late_game(state: GameState) -> GameState:
    """Every monster with cards, points and hearts of a late game; the person in Tokyo Bay
    with dice tools and the energy to use them."""
    person = state.active
    count = len(state.monsters)
    monsters = list(state.monsters)
    for offset, keys in LATE_CARDS.items():
        seat = (person + offset) % count
        cards = tuple(Card(uid=4000 + 100 * offset + i, key=key,
                           tokens=3 if key == "smoke_cloud" else 0)
                      for i, key in enumerate(keys))
        monsters[seat] = msgspec.structs.replace(
            monsters[seat], cards=cards, vp=LATE_POINTS[offset], hearts=LATE_HEARTS[offset],
            energy=6 if offset == 0 else offset + 1)
    return msgspec.structs.replace(state, monsters=tuple(monsters), bay=person,
                                   city=(person + 3) % count, bay_open=True)


async def run(out: Path, chromium: str, only: Sequence[str], language: str) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        options = LocalOptions(ai=2, database=Path(folder) / "local.sqlite3", port=0,
                               browser=False, language=language)
        settings = replace(local_settings(options, environ={}), ai_pause=AI_PAUSE,
                           turn_timeout=0, reaction_timeout=0, hard_ai_seconds=0.1)
        bot = KotBot(settings, sync_commands=True)
        env = simcord.Env(bot, check_errors=False)
        channel, members = build_world(env, player_names(1, language), language)
        with clients_speaking(language), on_clock(SimCordClock(env, ticking=True)):
            await env.start()
            bot.service._think = scripted
            try:
                return await _shoot(env, bot, channel, members, options, out, chromium, only)
            finally:
                await env.shutdown()
                await bot.close()


async def _shoot(env: Env, bot: KotBot, channel: ChannelHandle, members: list[MemberActor],
                 options: LocalOptions, out: Path, chromium: str,
                 only: Sequence[str]) -> list[Path]:
    local = LocalTable(env, channel, members)
    language = options.language
    with env.time_context():
        bot.service.lobbies._seed_source = lambda: SEED
        await local.seat(options)
        # (The page as the table serves it: bot.local.table_page.)
        async with table_page(env, channel, members, options) as preview, \
                async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium,
                                                       args=list(CHROMIUM_FLAGS))
            tabs = {}
            for width, (wide, high) in SIZES.items():
                context = await browser.new_context(viewport={"width": wide, "height": high})
                tabs[width] = page = await context.new_page()
                await page.goto(preview.url)
                # (The page tells the preview its size once it has loaded.)
                while not await page.evaluate(FITS_THE_WINDOW):
                    await page.wait_for_timeout(100)
            table = Table(env, bot, channel, members[0], local, preview, tabs, out, language)
            try:
                await play(table, only)
            finally:
                await browser.close()
            return table.taken


def main(argv: list[str] | None = None) -> int:
    return screens_command(argv, prog="python -m tools.local_screens", description=__doc__,
                           situations=list(SITUATIONS), default_out=Path("docs/images"),
                           lang_help="the table's language", run=run)


if __name__ == "__main__":
    sys.exit(main())
