"""``python -m tools.screens``: pictures of what players see when a card asks something.

The real bot runs on SimCord; each situation (Stretchy's die picker, Made in a Lab's private
question, Metamorph's sale, a buy step with many cards...) is reached by building the game
state directly, as the bot tests do, then clicking as a player would. SimCord's preview serves
the channel as a local web page, and headless Chromium saves it as ``<name>-phone.png``
(400 px wide) and ``<name>-desktop.png`` (1000 px) in ``--out``, with ``<name>.txt``: the
last message's text, buttons and menu options, as that player sees them.

Needs SimCord's preview and Playwright (``pip install -e '.[screens]'``; Playwright's own
browser is not needed) and Debian's Chromium (``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import discord
import msgspec
import simcord
from playwright.async_api import async_playwright
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, UserHandle
from simcord.results import ResponseMessage

from bot.app import KotBot
from bot.config import DEFAULT_AI_PAUSE, Settings
from bot.i18n import ENGLISH, LANGUAGES, text
from bot.local import CLIENT_LOCALES, add_ai, clients_speaking, menu_id, open_lobby
from bot.table.idle_games import IDLE_DAYS
from bot.table.model import AiLevel, Elimination, Game
from bot.table.time_away import DAY
from engine import (
    Buy,
    Card,
    Choose,
    Decision,
    EndBuying,
    EvolutionMomentQuestion,
    Face,
    GameState,
    Options,
    Roll,
    Stay,
    StopRolling,
    UseCard,
    Yield,
)
from tools.scenario.build import Builder

SIZES = {"phone": (400, 1000), "desktop": (1000, 900)}
# The real seconds SimCord gives a click or an advance of its clock to settle.
SETTLE_SECONDS = 20.0
# Headless Chromium as root, with none of its calls home (the network is closed here).
CHROMIUM_FLAGS = (
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")
QUIET: list[Face] = ["1", "2", "3", "1", "2", "3"]
FILLER: list[Face] = ["2", "2", "3", "heart", "energy", "smash"]
# Cards that come with tokens (as when bought).
TOKENS = {"smoke_cloud": 3}
FACE_UP = (Card(uid=2001, key="heal"), Card(uid=2002, key="tank"),
           Card(uid=2003, key="skyscraper"))


def owning(seat_cards: dict[int, Sequence[str]], *, energy: dict[int, int] | None = None,
           hearts: dict[int, int] | None = None,
           **changes: object) -> Callable[[GameState], GameState]:
    """A state change: monsters (by seat offset from the active one: 0 is the active
    monster) get these cards, energy and hearts; ``changes`` sets fields of the state."""

    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        for offset, keys in seat_cards.items():
            seat = (state.active + offset) % len(monsters)
            cards = tuple(Card(uid=3000 + 100 * offset + i, key=key, tokens=TOKENS.get(key, 0))
                          for i, key in enumerate(keys))
            monsters[seat] = msgspec.structs.replace(monsters[seat], cards=cards)
        for offset, amount in (energy or {}).items():
            seat = (state.active + offset) % len(monsters)
            monsters[seat] = msgspec.structs.replace(monsters[seat], energy=amount)
        for offset, amount in (hearts or {}).items():
            seat = (state.active + offset) % len(monsters)
            monsters[seat] = msgspec.structs.replace(monsters[seat], hearts=amount)
        return msgspec.structs.replace(state, monsters=tuple(monsters), **changes)

    return change


def message_text(message: discord.Message) -> str:
    """A message's text and controls, one line each (a menu's options indented)."""
    lines = [message.content]
    for row_number, row in enumerate(message.components):
        for item in getattr(row, "children", []):
            if isinstance(item, discord.Button):
                lines.append(f"row {row_number + 1}: [{item.label}]")
            elif isinstance(item, discord.SelectMenu):
                lines.append(f"row {row_number + 1}: menu \"{item.placeholder}\"")
                lines += [f"    {option.label}" for option in item.options]
    return "\n".join(lines) + "\n"


@dataclass
class Scene:
    """One game in its own channel, and the shots taken of it."""

    shots: Shots
    channel: ChannelHandle
    players: list[MemberActor]
    game_id: int = 0

    async def game(self) -> Game:
        games = self.shots.bot.service.games
        found = await games.active_in_channel(self.channel.id)
        assert found is not None
        return found

    async def asked(self) -> tuple[Decision, MemberActor]:
        game = await self.game()
        decision = game.playing_state().pending[0]
        return decision, next(p for p in self.players if p.id == game.seats[decision.seat])

    async def change(self, change: Callable[[GameState], GameState]) -> None:
        games = self.shots.bot.service.games
        async with games.lock(self.game_id):
            game = await games.game(self.game_id)
            await games.save(replace(game, state=change(game.playing_state())), "state")

    async def dice(self, faces: Sequence[Face]) -> None:
        await self.change(lambda s: msgspec.structs.replace(s, forced_dice=tuple(faces)))

    async def click(self, code: str) -> None:
        """The player asked clicks button ``o<n>`` of the first pending question."""
        game = await self.game()
        decision, asked = await self.asked()
        board = next(m for m in self.channel.history() if m.id == game.board_message_id)
        await asked.click(board, custom_id=f"kot:g:{game.id}:{decision.id}:{code}")

    async def option(self, wanted: Callable[[object], bool]) -> None:
        decision, _asked = await self.asked()
        number = next(i for i, o in enumerate(decision.options) if wanted(o))
        await self.click(f"o{number}")

    async def roll(self, faces: Sequence[Face]) -> None:
        await self.dice(faces)
        await self.option(lambda o: isinstance(o, Roll))

    async def to_buy_step(self, faces: Sequence[Face] = QUIET) -> None:
        await self.roll(faces)
        await self.option(lambda o: isinstance(o, StopRolling))

    async def into_tokyo(self) -> None:
        """The player asked rolls a smash into Tokyo and ends the turn's buy step."""
        await self.to_buy_step(["smash", "1", "2", "3", "energy", "heart"])
        decision, _asked = await self.asked()
        if decision.kind == "buy":
            await self.option(lambda o: isinstance(o, EndBuying))

    async def shoot(self, name: str, viewer: MemberActor | None = None,
                    target: discord.Message | None = None) -> None:
        """The channel as ``viewer`` sees it (by default the player asked), down to
        ``target`` (by default its last message)."""
        if viewer is None:
            _decision, viewer = await self.asked()
        await self.shots.shoot(name, self.channel, [viewer, *(p for p in self.players
                                                              if p is not viewer)], target)


@dataclass
class Shots:
    env: Env
    bot: KotBot
    guild: GuildHandle
    out: Path
    chromium: str
    members: list[MemberActor] = field(default_factory=list)
    taken: list[Path] = field(default_factory=list)
    # The language of the server and of every player's client.
    language: str = ENGLISH

    def words(self, message_id: str) -> str:
        """A label as the players see it, in the shots' language."""
        return text(self.language, message_id)

    async def scene(self, name: str, players: int = 2,
                    change: Callable[[GameState], GameState] | None = None) -> Scene:
        """A new channel with a started game of ``players`` (its state changed by
        ``change``)."""
        channel = self.guild.create_text_channel(name)
        scene = Scene(self, channel, self.members[:players])
        host, *others = scene.players
        lobby = await open_lobby(channel, host, others)
        await host.click(lobby, custom_id=menu_id(lobby, "start"))
        scene.game_id = (await scene.game()).id
        if change is not None:
            await scene.change(change)
        return scene

    async def shoot(self, name: str, channel: ChannelHandle,
                    viewers: Sequence[MemberActor | UserHandle],
                    target: discord.Message | None = None) -> None:
        """``channel`` as ``viewers[0]`` sees it (a direct message channel: its user's
        ``UserHandle``), down to ``target`` (by default its last message)."""
        async with self.env.preview(channel, viewers=viewers, layout="channel") as preview:
            # SimCord's capture drives Playwright's own browser build, which cannot be
            # downloaded here: hand it this machine's Chromium instead (it closes both).
            capture = preview._capture_manager
            capture._playwright = await async_playwright().start()
            capture._browser = await capture._playwright.chromium.launch(
                executable_path=self.chromium, args=list(CHROMIUM_FLAGS))
            for size, viewport in SIZES.items():
                path = self.out / f"{name}-{size}.png"
                await preview.screenshot(path, viewer=viewers[0], viewport=viewport,
                                         layout="channel", mode="viewport", target=target)
                self.taken.append(path)
        # A closed menu shows none of its options: write them down beside the pictures.
        text = self.out / f"{name}.txt"
        shown = target or channel.history(viewer=viewers[0])[-1]
        text.write_text(message_text(shown), encoding="utf-8")
        self.taken.append(text)


def _uses_card(uid: int) -> Callable[[object], bool]:
    """The option that uses the card ``uid`` (the active monster's cards are 3000, 3001...)."""
    return lambda o: isinstance(o, Choose) and o.choice == UseCard(uid=uid)


# --- the situations -------------------------------------------------------------------


async def dice_tools(shots: Shots) -> None:
    cards = ["plot_twist", "stretchy", "herd_culler", "background_dweller", "energy_drink"]
    scene = await shots.scene("dice-tools", change=owning({0: cards}, energy={0: 5}))
    await scene.roll(FILLER)
    await scene.shoot("dice-tools")
    await scene.option(_uses_card(3001))   # Stretchy
    await scene.shoot("stretchy-die")
    await scene.click("o2")                # die 3
    await scene.shoot("stretchy-face")
    await scene.click("o5")                # Cancel
    await scene.option(_uses_card(3000))   # Plot Twist
    await scene.shoot("plot-twist-die")
    await scene.click("o6")                # Cancel
    await scene.option(_uses_card(3002))   # Herd Culler
    await scene.shoot("herd-culler-die")


async def energy_drink(shots: Shots) -> None:
    scene = await shots.scene("energy-drink", change=owning(
        {0: ["energy_drink", "smoke_cloud", "background_dweller"]}, energy={0: 3}))
    await scene.roll(FILLER)
    await scene.roll(["3", "3", "1", "1", "2", "smash"])   # the last normal roll
    await scene.shoot("energy-drink-roll")


def with_green_dice(state: GameState) -> GameState:
    """The first roll had six dice (the cards came after it): two green dice join them."""
    assert state.turn is not None
    dice: tuple[Face, ...] = (*FILLER, "heart", "heart")
    return msgspec.structs.replace(state, turn=msgspec.structs.replace(state.turn, dice=dice,
                                                                       green=2))


async def keep_by_face(shots: Shots) -> None:
    """The roll's face buttons and its keep-and-roll button: on six dice, then on the most
    dice (two Extra Heads) with every card that acts on the dice, with a roll left and once
    the normal rolls are used up."""
    scene = await shots.scene("keep-by-face")
    await scene.roll(["smash", "1", "heart", "1", "smash", "1"])
    await scene.click("h2")
    await scene.shoot("keep-by-face")
    cards = ["extra_head", "extra_head", "plot_twist", "stretchy", "herd_culler",
             "background_dweller", "energy_drink", "smoke_cloud"]
    most = await shots.scene("most-dice", change=owning({0: cards}, energy={0: 10}))
    await most.change(with_green_dice)
    pairs: list[Face] = ["1", "1", "2", "2", "3", "3", "heart", "heart"]
    await most.roll(pairs)
    await most.shoot("most-dice-roll-left")
    await most.roll(pairs)
    await most.shoot("most-dice")


async def made_in_a_lab(shots: Shots) -> None:
    scene = await shots.scene("made-in-a-lab", change=owning(
        {0: ["made_in_a_lab"]}, energy={0: 10}, face_up=FACE_UP,
        deck=("energize", "corner_store", "frenzy")))
    await scene.to_buy_step()
    await scene.shoot("lab-buy-step")
    _decision, owner = await scene.asked()
    await scene.option(_uses_card(3000))
    other = next(p for p in scene.players if p is not owner)
    await scene.shoot("lab-public", viewer=other)
    await scene.shoot("lab-private", viewer=owner)


async def parasitic_tentacles(shots: Shots) -> None:
    scene = await shots.scene("parasitic-tentacles", players=3, change=owning(
        {0: ["parasitic_tentacles"], 1: ["jets", "acid_attack"], 2: ["giant_brain"]},
        energy={0: 8}, face_up=FACE_UP))
    await scene.to_buy_step()
    await scene.shoot("parasitic-tentacles")


async def many_cards_buy_step(shots: Shots) -> None:
    others = ["jets", "acid_attack", "giant_brain", "extra_head", "armor_plating"]
    scene = await shots.scene("buy-many", players=4, change=owning(
        {0: ["parasitic_tentacles", "made_in_a_lab"], 1: others[:3], 2: others[3:],
         3: ["camouflage", "wings"]}, energy={0: 30}, face_up=FACE_UP))
    await scene.to_buy_step()
    await scene.shoot("buy-many")


async def metamorph(shots: Shots) -> None:
    many = ["metamorph", *(["extra_head", "giant_brain", "jets"] * 4)]
    for name, keys in (("metamorph", ["metamorph", "jets", "armor_plating", "giant_brain"]),
                       ("metamorph-many", many)):
        scene = await shots.scene(name, change=owning({0: keys}, energy={0: 0}))
        await scene.to_buy_step()
        decision, _owner = await scene.asked()
        if decision.kind == "buy":
            await scene.option(lambda o: isinstance(o, EndBuying))
        await scene.shoot(name)


async def healing_ray(shots: Shots) -> None:
    hurt = {1: 5, 2: 6, 3: 7, 4: 5}
    for name, players in (("healing-ray", 4), ("healing-ray-many", 5)):
        scene = await shots.scene(name, players=players, change=owning(
            {0: ["healing_ray"]}, energy={1: 6, 2: 1, 3: 0, 4: 3},
            hearts={seat: n for seat, n in hurt.items() if seat < players}, face_up=FACE_UP))
        await scene.to_buy_step(["heart", "heart", "heart", "1", "2", "3"])
        await scene.shoot(name)


async def monster_batteries(shots: Shots) -> None:
    scene = await shots.scene("monster-batteries", change=owning(
        {}, energy={0: 14}, options=Options(edition="2011"),
        face_up=(Card(uid=2001, key="battery_monster"), *FACE_UP[1:])))
    await scene.to_buy_step()
    await scene.option(lambda o: isinstance(o, Buy) and o.slot == 0)
    await scene.shoot("monster-batteries")


async def freeze_time(shots: Shots) -> None:
    scene = await shots.scene("freeze-time", change=owning({0: ["freeze_time"]}, energy={0: 0}))
    await scene.to_buy_step(["1", "1", "1", "2", "2", "heart"])
    decision, _owner = await scene.asked()
    if decision.kind == "buy":
        await scene.option(lambda o: isinstance(o, EndBuying))
    await scene.shoot("freeze-time")


async def opportunist(shots: Shots) -> None:
    scene = await shots.scene("opportunist", change=owning(
        {1: ["opportunist"]}, energy={0: 10, 1: 10}, face_up=FACE_UP,
        deck=("energize", "corner_store", "frenzy")))
    await scene.to_buy_step()
    await scene.option(lambda o: isinstance(o, Buy) and o.slot == 1)
    await scene.shoot("opportunist")


async def mimic(shots: Shots) -> None:
    scene = await shots.scene("mimic", players=3, change=owning(
        {1: ["jets", "acid_attack"], 2: ["giant_brain"]}, energy={0: 10},
        face_up=(Card(uid=2001, key="mimic"), *FACE_UP[1:])))
    await scene.to_buy_step()
    await scene.option(lambda o: isinstance(o, Buy) and o.slot == 0)
    await scene.shoot("mimic")
    keys = ["extra_head", "giant_brain"] * 7
    many = await shots.scene("mimic-many", change=owning(
        {1: keys}, energy={0: 10}, face_up=(Card(uid=2001, key="mimic"), *FACE_UP[1:])))
    await many.to_buy_step()
    await many.option(lambda o: isinstance(o, Buy) and o.slot == 0)
    await many.shoot("mimic-many")


async def ai_monsters(shots: Shots) -> None:
    """The host's private 🤖 Add AI menu (each level, its rating, what it is like), the lobby
    with AI seats of every level, then the board while an AI monster plays."""
    channel = shots.guild.create_text_channel("ai-monsters")
    host = shots.members[0]
    lobby = await open_lobby(channel, host)
    await host.click(lobby, custom_id=menu_id(lobby, "ai"))
    await shots.shoot("ai-menu", channel, [host])
    for level in ("easy", "medium", "hard"):
        await add_ai(host, lobby, level)
    await shots.shoot("ai-lobby", channel, [host])
    await host.click(lobby, custom_id=menu_id(lobby, "start"))
    games = shots.bot.service.games
    for _ in range(50):  # until an AI monster is asked
        game = await games.active_in_channel(channel.id)
        assert game is not None
        if any(game.ai_level(d.seat) is not None for d in game.playing_state().pending):
            break
        decision = game.playing_state().pending[0]
        board = next(m for m in channel.history() if m.id == game.board_message_id)
        default = decision.options.index(decision.default)
        await host.click(board, custom_id=f"kot:g:{game.id}:{decision.id}:o{default}")
    await shots.shoot("ai-board", channel, [host])


async def play_defaults_to_the_end(scene: Scene) -> None:
    """Every question answered by its default, until the game is over."""
    games = scene.shots.bot.service.games
    while await games.active_in_channel(scene.channel.id) is not None:
        decision, _asked = await scene.asked()
        await scene.click(f"o{decision.options.index(decision.default)}")


async def final_standings(shots: Shots) -> None:
    """Six monsters: one about to win, a tie, two knocked out; the Rematch it offers; then
    /kot end's standings."""
    points = {0: 19, 1: 12, 2: 12, 3: 8, 4: 15, 5: 4}
    out = {4: 3, 5: 1}  # seat offset -> knocked out by (offset)

    def ending(state: GameState) -> GameState:
        monsters = list(state.monsters)
        for offset, vp in points.items():
            seat = (state.active + offset) % len(monsters)
            monsters[seat] = msgspec.structs.replace(monsters[seat], vp=vp)
        for offset in out:
            seat = (state.active + offset) % len(monsters)
            monsters[seat] = msgspec.structs.replace(monsters[seat], hearts=0, alive=False)
        return msgspec.structs.replace(state, monsters=tuple(monsters))

    scene = await shots.scene("final-standings", players=6, change=ending)
    games = shots.bot.service.games
    async with games.lock(scene.game_id):
        game = await games.game(scene.game_id)
        active = game.playing_state().active
        knocked_out = tuple(Elimination(seat=(active + offset) % 6, by=(active + by) % 6, turn=1)
                            for offset, by in out.items())
        chronicle = msgspec.structs.replace(game.chronicle, narration=msgspec.structs.replace(
            game.chronicle.narration, eliminations=knocked_out))
        await games.save(replace(game, chronicle=chronicle), "chronicle")
    await shots.env.advance_time(27 * 60)  # the game's length
    await play_defaults_to_the_end(scene)
    await shots.shoot("final-standings", scene.channel, scene.players)
    final = scene.channel.last_message
    assert final is not None
    await scene.players[1].click(final, label=shots.words("ui-rematch"))
    await shots.shoot("rematch-lobby", scene.channel, scene.players[1:])

    stopped = await shots.scene("game-ended", players=4)
    await stopped.roll(QUIET)
    host = stopped.players[0]
    asked = await host.slash(stopped.channel, "kot end")
    assert asked.response is not None
    await host.click(asked.response, label=shots.words("ui-end-end"))
    await shots.shoot("game-ended", stopped.channel, stopped.players)


async def closed_board(shots: Shots) -> None:
    """Two finished turns' boards, each with its summary and the board as it ended: the
    first monster scores, enters Tokyo and buys a card; the second smashes it out of
    Tokyo."""
    scene = await shots.scene("closed-board", players=4,
                              change=owning({}, energy={0: 6}, face_up=FACE_UP))
    await scene.to_buy_step(["smash", "smash", "3", "3", "3", "energy"])
    await scene.option(lambda o: isinstance(o, Buy) and o.slot == 0)
    first_board = (await scene.game()).board_message_id
    await scene.option(lambda o: isinstance(o, EndBuying))
    second_board = (await scene.game()).board_message_id
    await scene.to_buy_step(["smash", "smash", "smash", "smash", "1", "2"])
    await scene.option(lambda o: isinstance(o, Yield))
    history = scene.channel.history()
    await scene.shoot("closed-board", scene.players[0],
                      next(m for m in history if m.id == second_board))
    await scene.shoot("closed-board-first", scene.players[0],
                      next(m for m in history if m.id == first_board))
    # A monster in Tokyo smashes the four others, then spends its last energy on a card: the
    # turn ends by itself, and its summary takes two lines.
    crowded = await shots.scene("closed-board-crowded", players=5, change=_in_tokyo_with(6))
    await crowded.to_buy_step(["smash", "smash", "smash", "3", "3", "3"])
    crowded_board = (await crowded.game()).board_message_id
    await crowded.option(lambda o: isinstance(o, Buy) and o.slot == 2)  # Skyscraper, 6⚡
    await crowded.shoot("closed-board-crowded", crowded.players[0], next(
        m for m in crowded.channel.history() if m.id == crowded_board))


def _in_tokyo_with(energy: int) -> Callable[[GameState], GameState]:
    """The active monster in Tokyo City (Tokyo Bay empty) with this energy, and FACE_UP."""
    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        monsters[state.active] = msgspec.structs.replace(monsters[state.active], energy=energy)
        return msgspec.structs.replace(state, monsters=tuple(monsters), city=state.active,
                                       bay=None, face_up=FACE_UP)
    return change


def _answer(decision: Decision, *, yields: bool) -> Callable[[object], bool]:
    """Stay (or Yield) in Tokyo, or end the buy step."""
    if decision.kind == "yield":
        return lambda option: isinstance(option, Yield) == yields
    return lambda option: isinstance(option, EndBuying)


async def story(shots: Shots) -> None:
    """📜 Story after four turns of a four-monster game: the first monster enters Tokyo, is
    hit and stays, then yields; the story as its player sees it (privately)."""
    scene = await shots.scene("story", players=4)
    _decision, first = await scene.asked()
    turns: list[list[Face]] = [["smash", "1", "2", "3", "energy", "heart"],  # into Tokyo
                               ["smash", "smash", "3", "3", "3", "energy"],  # hit: stays
                               ["smash", "smash", "smash", "1", "2", "heart"],  # hit: yields
                               ["1", "1", "1", "2", "energy", "energy"]]
    for faces in turns:
        await scene.to_buy_step(faces)
        yields = faces[2] == "smash"  # (the third hit: the first monster has had enough)
        while (decision := (await scene.asked())[0]).kind in ("yield", "buy"):
            await scene.option(_answer(decision, yields=yields))
    game = await scene.game()
    board = next(m for m in scene.channel.history() if m.id == game.board_message_id)
    await first.click(board, label=shots.words("story-button"))
    await scene.shoot("story", viewer=first)


async def lobby_expired(shots: Shots) -> None:
    """A lobby nobody started: closed in place, the channel free again."""
    channel = shots.guild.create_text_channel("lobby-expired")
    host, guest = shots.members[:2]
    await open_lobby(channel, host, [guest])
    await shots.env.advance_time(15 * 60 + 1)
    await shots.shoot("lobby-expired", channel, [host])


async def origins_lobby(shots: Shots) -> None:
    """An Origins lobby (its monsters in the menu), and a 2016 lobby mixing picked Origins
    cards (two new ones and a reprint), with the host's private 🃏 Cards menus."""
    channel = shots.guild.create_text_channel("origins-lobby")
    host, guest = shots.members[:2]
    await host.slash(channel, "kot start", game="origins")
    lobby = channel.last_message
    assert lobby is not None
    await guest.click(lobby, custom_id=menu_id(lobby, "join"))
    await shots.shoot("origins-lobby", channel, [host])

    mixed, lobby, panel, game = await _lobby_with_cards_menus(shots, "mixed-lobby")
    await host.select(panel, ["supertower", "ice_cream_truck"],
                      custom_id=f"kot:l:{game.id}:picked")
    await host.select(panel, ["jets"], custom_id=f"kot:l:{game.id}:reprints1")
    await shots.shoot("mixed-lobby", mixed, [host])


async def _lobby_with_cards_menus(
    shots: Shots, name: str,
) -> tuple[ChannelHandle, discord.Message, ResponseMessage, Game]:
    """A 2016 lobby in a new channel, joined by a guest, and the host's private 🃏 Cards
    menus: the channel, the lobby, the menus' message and the game."""
    channel = shots.guild.create_text_channel(name)
    host, guest = shots.members[:2]
    lobby = await open_lobby(channel, host, [guest])
    menus = await host.click(lobby, custom_id=menu_id(lobby, "cards"))
    panel = menus.followups[0] if menus.followups else menus.response
    assert panel is not None
    game = await shots.bot.service.games.active_in_channel(channel.id)
    assert game is not None
    return channel, lobby, panel, game


async def power_up(shots: Shots) -> None:
    """Power Up!: the lobby with the host's 🃏 Cards menus (Power Up! on, Pandakaï picked),
    the first board (every monster asked privately which Evolution to keep), the host's
    private question, then in its turn its 🧬 Evolutions, and its 📋 My monster panel."""
    host, guest = shots.members[:2]
    channel, lobby, panel, game = await _lobby_with_cards_menus(shots, "power-up")
    await host.select(panel, ["on"], custom_id=f"kot:l:{game.id}:power_up")
    await host.select(lobby, ["Pandakaï"], custom_id=f"kot:l:{game.id}:monster")
    await shots.shoot("power-up-lobby", channel, [host])
    await host.click(lobby, custom_id=menu_id(lobby, "start"))
    scene = Scene(shots, channel, [host, guest], game.id)
    await shots.shoot("power-up-start", channel, [host])
    for player in (host, guest):  # each keeps the last Evolution it looked at
        game = await scene.game()
        decision = next((d for d in game.playing_state().pending
                         if game.seats[d.seat] == player.id), None)
        if decision is None:  # (its reaction clock ran out while the shots were taken)
            continue
        board = next(m for m in channel.history() if m.id == game.board_message_id)
        shown = await player.click(board, custom_id=f"kot:g:{game.id}:{decision.id}:p0")
        question = shown.followups[0] if shown.followups else shown.response
        assert question is not None
        if player is host:
            await shots.shoot("power-up-keep", channel, [host])
        last = len(decision.options) - 1
        await player.click(question, custom_id=f"kot:g:{game.id}:{decision.id}:o{last}")
    while (await scene.asked())[1] is not host:
        decision, asked = await scene.asked()
        default = f"o{decision.options.index(decision.default)}"
        if decision.power == EvolutionMomentQuestion.key:  # its answers are private
            game = await scene.game()
            board = next(m for m in channel.history() if m.id == game.board_message_id)
            shown = await asked.click(board, custom_id=f"kot:g:{game.id}:{decision.id}:p0")
            private = shown.followups[0] if shown.followups else shown.response
            assert private is not None
            await asked.click(private, custom_id=f"kot:g:{game.id}:{decision.id}:{default}")
            continue
        await scene.click(default)
    await scene.click("e0")
    await shots.shoot("power-up-evolutions", channel, [host])
    game = await scene.game()
    board = next(m for m in channel.history() if m.id == game.board_message_id)
    await host.click(board, label=shots.words("ui-my-monster"))
    await shots.shoot("power-up-panel", channel, [host])


async def evolution_moment(shots: Shots) -> None:
    """Power Up!: the end of another monster's turn asks the monster whose deck holds a card
    for it, privately (the board names none), with its "never ask me for…" menu; and its
    📋 My monster panel with the menu of when it is asked."""
    # The King attacks Alienoid in Tokyo; Alienoid holds Anger Batteries, asked at a turn's
    # end (the scenario pinning the card, its setup alone).
    scenario = Path(__file__).resolve().parents[1] / "scenarios/power_up/anger_batteries.toml"
    setup = Builder(tomllib.loads(scenario.read_text(encoding="utf-8"))).start()[0]
    scene = await shots.scene("evolution-moment", change=lambda _state: setup)
    await scene.option(lambda o: isinstance(o, StopRolling))
    await scene.option(lambda o: isinstance(o, Stay))
    _decision, owner = await scene.asked()
    await scene.shoot("evolution-moment-board", viewer=owner)
    await scene.click("p0")
    await scene.shoot("evolution-moment-private", viewer=owner)
    game = await scene.game()
    board = next(m for m in scene.channel.history() if m.id == game.board_message_id)
    await owner.click(board, label=shots.words("ui-my-monster"))
    await scene.shoot("evolution-moment-panel", viewer=owner)


async def stay_or_yield(shots: Shots) -> None:
    """A monster in Tokyo hit by the next monster's smashes: Stay or Yield, on the board."""
    scene = await shots.scene("stay-or-yield", players=3)
    await scene.into_tokyo()
    await scene.to_buy_step(["smash", "smash", "1", "2", "3", "3"])
    await scene.shoot("stay-or-yield")


async def advice(shots: Shots) -> None:
    """The Easy AI's suggestion after the player kept two 1s it would reroll (it keeps them
    too), then ``/kot hint`` in plain words on that roll, and on the Stay or Yield question of
    a monster in Tokyo with 3❤️ left."""
    scene = await shots.scene("advice")
    await scene.roll(["1", "1", "energy", "smash", "2", "3"])
    await scene.click("h0")
    await scene.click("h1")
    await scene.shoot("suggestion")
    _decision, player = await scene.asked()
    await player.slash(scene.channel, "kot hint")
    await scene.shoot("hint-roll", viewer=player)
    tokyo = await shots.scene("advice-tokyo", players=3)
    await tokyo.into_tokyo()
    inside = (await tokyo.game()).playing_state().city
    assert inside is not None
    await tokyo.change(lambda s: msgspec.structs.replace(s, monsters=tuple(
        msgspec.structs.replace(m, hearts=5) if seat == inside else m
        for seat, m in enumerate(s.monsters))))
    await tokyo.to_buy_step(["smash", "smash", "1", "2", "3", "3"])
    _decision, hit = await tokyo.asked()
    await hit.slash(tokyo.channel, "kot hint")
    await tokyo.shoot("hint-yield", viewer=hit)


async def yield_offer(shots: Shots) -> None:
    """The Stay/Yield question's offer ("📋 Always yield at ≤ 8❤️") taken: the player's
    private answer, and the board going on."""
    scene = await shots.scene("yield-offer", players=3)
    await scene.into_tokyo()
    await scene.to_buy_step(["smash", "smash", "1", "2", "3", "3"])
    decision, asked = await scene.asked()
    game = await scene.game()
    hearts = game.playing_state().monsters[decision.seat].hearts - decision.amount
    await scene.click(f"y{hearts}")
    await scene.shoot("yield-offer", viewer=asked)


async def skip_buying(shots: Shots) -> None:
    """A buy step with its offer ("📋 Skip buying from now on"), then the offer taken: the
    player's private answer."""
    scene = await shots.scene("skip-buying", players=3, change=owning(
        {}, energy={0: 9}, face_up=FACE_UP))
    await scene.to_buy_step()
    _decision, asked = await scene.asked()
    await scene.shoot("skip-buying")
    await scene.click("n0")
    await scene.shoot("skip-buying-taken", viewer=asked)


async def my_monster(shots: Shots) -> None:
    """The 📋 My monster panel with its standing-order menus, and a watcher's table."""
    scene = await shots.scene("my-monster", players=3, change=owning(
        {0: ["smoke_cloud", "extra_head", "mimic"], 1: ["jets", "giant_brain"]},
        energy={0: 6, 1: 3}, hearts={0: 7}, face_up=FACE_UP))
    game = await scene.game()
    board = next(m for m in scene.channel.history() if m.id == game.board_message_id)
    _decision, player = await scene.asked()
    await player.click(board, label=shots.words("ui-my-monster"))
    await scene.shoot("my-monster", viewer=player)
    watcher = shots.members[-1]
    await watcher.click(board, label=shots.words("ui-my-monster"))
    await shots.shoot("table-view", scene.channel, [watcher])


async def shop_cards(shots: Shots) -> None:
    """The cards read on a phone: at the buy step the board draws the names and costs of the
    cards for sale and the chips of the cards owned, and its message says the texts of the
    cards for sale (Alien Origin's discount in the costs) and of the active monster's own
    (the Smoke Cloud's tokens left); then the 📋 panel, saying what every other monster's
    cards do."""
    scene = await shots.scene("shop-cards", players=4, change=owning(
        {0: ["alien_origin", "extra_head", "smoke_cloud"],
         1: ["jets", "acid_attack", "giant_brain"], 2: ["poison_quills", "armor_plating"],
         3: ["camouflage", "wings", "herbivore"]},
        energy={0: 9}, face_up=(Card(uid=2001, key="energize"),
                                Card(uid=2002, key="rooting_for_the_underdog"),
                                Card(uid=2003, key="poison_spit"))))
    await scene.to_buy_step()
    await scene.shoot("shop-cards")
    game = await scene.game()
    board = next(m for m in scene.channel.history() if m.id == game.board_message_id)
    _decision, player = await scene.asked()
    await player.click(board, label=shots.words("ui-my-monster"))
    await scene.shoot("shop-cards-panel", viewer=player)


async def long_game(shots: Shots) -> None:
    """A game played over days (24 h a turn, chosen in the lobby's ⏱️ Clock menu): its
    first board offering standing orders, the first player's next turn after a hit out of
    turn, and their reminder halfway through it, each with what happened since their last
    move."""
    channel = shots.guild.create_text_channel("long-game")
    scene = Scene(shots, channel, shots.members[:2])
    host, guest = scene.players
    lobby = await open_lobby(channel, host, [guest])
    menus = await host.click(lobby, custom_id=menu_id(lobby, "clock"))
    panel = menus.followups[0] if menus.followups else menus.response
    assert panel is not None
    scene.game_id = (await scene.game()).id
    await host.select(panel, [str(24 * 3600)], custom_id=f"kot:l:{scene.game_id}:turn")
    await host.click(lobby, custom_id=menu_id(lobby, "start"))
    await scene.shoot("long-game-first")  # standing orders offered
    await scene.into_tokyo()
    await scene.to_buy_step(["smash", "smash", "smash", "1", "2", "3"])
    await scene.click("o0")  # stays in Tokyo
    decision, _asked = await scene.asked()
    if decision.kind == "buy":
        await scene.option(lambda o: isinstance(o, EndBuying))
    game = await scene.game()
    await scene.shoot("long-game-turn", target=next(
        m for m in channel.history() if m.id == game.board_message_id))
    await shots.env.advance_time(12 * 3600 + 60)
    await scene.shoot("long-game-reminder")


async def thread_start(shots: Shots) -> None:
    """``/kot start thread: True``: the channel with the command's answer, then the new
    thread with its lobby."""
    channel = shots.guild.create_text_channel("thread-start")
    host, guest = shots.members[:2]
    await host.slash(channel, "kot start", thread=True)
    [thread] = channel.threads
    lobby = thread.last_message
    assert lobby is not None
    await guest.click(lobby, custom_id=menu_id(lobby, "join"))
    await shots.shoot("thread-start-channel", channel, [host])
    await shots.shoot("thread-start-thread", thread, [host])


async def queue(shots: Shots) -> None:
    """``/kot queue``: the first player's private answer while they wait, then the table the
    third one completes: the notice calling its players, and its first board."""
    channel = shots.guild.create_text_channel("queue")
    first, second, third = shots.members[:3]
    await first.slash(channel, "kot queue join")
    await shots.shoot("queue-waiting", channel, [first])
    await second.slash(channel, "kot queue join", clock="live")
    await third.slash(channel, "kot queue join")
    await shots.shoot("queue-table", channel, [third])


async def tournament(shots: Shots) -> None:
    """A Swiss night of six AI entrants at tables of three, over two rounds: the channel
    when round 1's tables are announced, then at its final standings and podium."""
    channel = shots.guild.create_text_channel("swiss-night")
    host = shots.members[0]
    await host.slash(channel, "kot tournament create", rounds=2, size=3)
    for _ in range(6):
        await host.slash(channel, "kot tournament add_ai")
    await host.slash(channel, "kot tournament leave")
    await host.slash(channel, "kot tournament start")
    await shots.shoot("tournament-round", channel, [host])
    desk = shots.bot.service.tournaments
    for _ in range(5000):
        night = await desk.last_in_channel(channel.id)
        if night is not None and night.tournament.status == "finished":
            break
        await shots.env.advance_time(3601)  # (the AI monsters' pause here)
    await shots.shoot("tournament-final", channel, [host])


async def my_games(shots: Shots) -> None:
    """``/kot games`` on a server with a day's turn clock: a game on the player's turn, one
    waiting for another player, a lobby in a thread."""
    settings = shots.bot.service.settings
    before = await settings.server_settings(shots.guild.id)
    await settings.save_server_settings(shots.guild.id, msgspec.structs.replace(
        before, turn_seconds=24 * 3600.0, reaction_seconds=3600.0))
    try:
        mine = await shots.scene("my-games-1", players=2)
        _decision, player = await mine.asked()
        channel = shots.guild.create_text_channel("my-games-2")
        hosts = [m for m in shots.members if m is not player][:2]
        theirs = Scene(shots, channel, [*hosts, player])
        lobby = await open_lobby(channel, theirs.players[0], theirs.players[1:])
        await theirs.players[0].click(lobby, custom_id=menu_id(lobby, "start"))
        theirs.game_id = (await theirs.game()).id
        while (await theirs.asked())[1] is player:  # another player's turn
            await theirs.to_buy_step()
            if (await theirs.asked())[0].kind == "buy":
                await theirs.option(lambda o: isinstance(o, EndBuying))
        await player.slash(channel, "kot start", thread=True)
    finally:
        await settings.save_server_settings(shots.guild.id, before)
    await player.slash(mine.channel, "kot games")
    await shots.shoot("my-games", mine.channel, [player])


async def time_away(shots: Shots) -> None:
    """A player takes three days away (``/kot away``): their private answer, the table's
    notice and the board's waiting line; then a game nobody played for 14 days, ended."""
    scene = await shots.scene("time-away", players=3)
    _decision, player = await scene.asked()
    await player.slash(scene.channel, "kot away", days=3)
    await scene.shoot("time-away", viewer=player)
    others = [p for p in scene.players if p is not player]
    await shots.shoot("time-away-table", scene.channel, others)
    game = await scene.game()
    board = next(m for m in scene.channel.history() if m.id == game.board_message_id)
    await shots.shoot("time-away-board", scene.channel, others, target=board)
    idle = await shots.scene("idle-ended", players=2)
    await shots.env.advance_time(IDLE_DAYS * DAY + 1)
    await shots.shoot("idle-ended", idle.channel, idle.players)


async def notify(shots: Shots) -> None:
    """``/kot notify dms: True`` in a game of a day's turns: the player's private answer, then
    their direct messages: the question out of their turn (a hit in Tokyo), then their turn,
    with what happened since their last move."""
    settings = shots.bot.service.settings
    before = await settings.server_settings(shots.guild.id)
    await settings.save_server_settings(shots.guild.id, msgspec.structs.replace(
        before, turn_seconds=24 * 3600.0, reaction_seconds=3600.0))
    try:
        scene = await shots.scene("notify", players=2)
    finally:
        await settings.save_server_settings(shots.guild.id, before)
    _decision, player = await scene.asked()
    await player.slash(scene.channel, "kot notify", dms=True)
    await scene.shoot("notify-answer", viewer=player)
    await scene.into_tokyo()
    await scene.to_buy_step(["smash", "smash", "smash", "1", "2", "3"])  # hit out of turn
    direct = player.user.dm_channel
    await shots.shoot("notify-dm-asked", direct, [player.user])
    await scene.click("o0")  # stays in Tokyo
    decision, _asked = await scene.asked()
    if decision.kind == "buy":
        await scene.option(lambda o: isinstance(o, EndBuying))
    await shots.shoot("notify-dm-turn", direct, [player.user])


async def played_against_ai(shots: Shots, player: MemberActor, levels: Sequence[AiLevel],
                            *, winner: str) -> ChannelHandle:
    """``player`` and AI monsters of ``levels`` play a game to its end in a new channel
    (returned); ``winner`` ("player" or "ai") starts at 19★, and every roll shows three 3s
    (+3★)."""
    channel = shots.guild.create_text_channel(f"vs-{'-'.join(levels)}-{winner}")
    lobby = await open_lobby(channel, player)
    for level in levels:
        await add_ai(player, lobby, level)
    await player.click(lobby, custom_id=menu_id(lobby, "start"))
    scene = Scene(shots, channel, [player])
    started = await scene.game()
    scene.game_id = started.id
    ahead = {seat for seat in range(len(started.seats))
             if (started.ai_level(seat) is None) == (winner == "player")}
    await scene.change(lambda state: msgspec.structs.replace(state, monsters=tuple(
        msgspec.structs.replace(m, vp=19 if seat in ahead else 0)
        for seat, m in enumerate(state.monsters))))
    games = shots.bot.service.games
    while (game := await games.active_in_channel(channel.id)) is not None:
        decision = game.playing_state().pending[0]
        if decision.kind == "roll":
            await scene.dice(["3", "3", "3", "1", "2", "heart"])
        if game.ai_level(decision.seat) is not None:
            await shots.env.advance_time(3601)  # (the shots' AI pause)
        else:
            await scene.click(f"o{decision.options.index(decision.default)}")
    return channel


async def ai_stats(shots: Shots) -> None:
    """``/kot stats`` of a player who only played against AI monsters: none of it rated, each
    game counted against its strongest AI."""
    player = shots.members[0]
    await played_against_ai(shots, player, ["easy"], winner="player")
    await played_against_ai(shots, player, ["easy", "easy"], winner="player")
    await played_against_ai(shots, player, ["easy", "medium"], winner="player")
    await played_against_ai(shots, player, ["easy", "hard"], winner="ai")
    channel = shots.guild.create_text_channel("ai-stats")
    await player.slash(channel, "kot stats")
    await shots.shoot("ai-stats", channel, [player])


async def achievements(shots: Shots) -> None:
    """A win over a Hard AI monster: the notice of its achievements under the final board;
    then the winner's ``/kot me`` where no game is in play (those earned, how to earn the
    others)."""
    player = shots.members[0]
    won = await played_against_ai(shots, player, ["hard"], winner="player")
    await shots.shoot("achievements-notice", won, [player])
    channel = shots.guild.create_text_channel("achievements")
    await player.slash(channel, "kot me")
    await shots.shoot("achievements-me", channel, [player])


async def learn(shots: Shots) -> None:
    """``/kot learn``: its lobby (two Easy AI monsters, the guided game's field), the
    coach's first note on the learner's first roll, its note at their first buy step (the
    cards first seen in the shop), and that note again from the board's 🎓 Coach button."""
    channel = shots.guild.create_text_channel("learn")
    learner = shots.members[0]
    # The AI monsters at their usual pace here: the learner's last click is still fresh
    # enough (15 minutes) to carry the note when they are asked.
    turns = shots.bot.turns
    paused, turns.ai_pause = turns.ai_pause, DEFAULT_AI_PAUSE
    try:
        await _learn_game(shots, channel, learner)
    finally:
        turns.ai_pause = paused


async def _learn_game(shots: Shots, channel: ChannelHandle, learner: MemberActor) -> None:
    await learner.slash(channel, "kot learn")
    await shots.shoot("learn-lobby", channel, [learner])
    games = shots.bot.service.games
    lobby = await games.active_in_channel(channel.id)
    assert lobby is not None
    await learner.click(next(m for m in channel.history() if m.id == lobby.board_message_id),
                        label=shots.words("ui-lobby-start"))
    scene = Scene(shots, channel, [learner], lobby.id)
    await _until_asked(scene, learner)
    await scene.shoot("learn-note", viewer=learner)
    await scene.to_buy_step(["energy", "energy", "energy", "heart", "1", "2"])
    await _until_asked(scene, learner)
    await scene.shoot("learn-buy-note", viewer=learner)
    # The board's 🎓 Coach button: the same note again, for a player with no fresh token.
    game = await scene.game()
    board = next(m for m in channel.history() if m.id == game.board_message_id)
    await learner.click(board, label=shots.words("coach-button"))
    await scene.shoot("learn-coach-button", viewer=learner)


async def _until_asked(scene: Scene, player: MemberActor) -> None:
    """AI monsters play (their pause passed at once) until ``player`` is asked; then the
    coach's note is sent."""
    bot = scene.shots.bot
    for _ in range(200):
        game = await scene.game()
        if any(game.seats[d.seat] == player.id for d in game.playing_state().pending):
            await bot.coach.sent()
            return
        await scene.shots.env.advance_time(bot.turns.ai_pause + 1)
    raise AssertionError("the player was never asked")


async def coach_toggle(shots: Shots) -> None:
    """The 📋 panel's coach toggle in a normal game, then the note it brings at once and
    the board's 🎓 Coach button."""
    scene = await shots.scene("coach-toggle", players=2)
    game = await scene.game()
    board = next(m for m in scene.channel.history() if m.id == game.board_message_id)
    _decision, player = await scene.asked()
    panel = await player.click(board, label=shots.words("ui-my-monster"))
    await scene.shoot("coach-toggle-panel", viewer=player)
    assert panel.response is not None
    await player.click(panel.response, label=shots.words("coach-toggle-on"))
    await shots.bot.coach.sent()
    await scene.shoot("coach-toggle-on", viewer=player)


async def season(shots: Shots) -> None:
    """A server's league (issue 43): an admin sets weekly seasons with a news channel; three
    four-player games; ``/kot leaderboard season:0`` with the players' ranks, ``/kot stats``
    with the season's rank; then the week ends: the closing post with its podium."""
    guild = shots.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(shots.env.create_user("admin"), roles=[admins])
    news = guild.create_text_channel("league")
    await admin.slash(news, "kot league season", days=7, channel=news)
    points = (19, 15, 10, 5)  # by seat offset: each game ends in that order

    def placed(state: GameState) -> GameState:
        monsters = list(state.monsters)
        for offset, vp in enumerate(points):
            seat = (state.active + offset) % len(monsters)
            monsters[seat] = msgspec.structs.replace(monsters[seat], vp=vp)
        return msgspec.structs.replace(state, monsters=tuple(monsters))

    for number in range(3):
        await play_defaults_to_the_end(await shots.scene(f"season-game-{number}", players=4,
                                                         change=placed))
    viewer = shots.members[0]
    await viewer.slash(news, "kot leaderboard", season=0)
    await shots.shoot("season-leaderboard", news, [viewer])
    await viewer.slash(news, "kot stats")
    await shots.shoot("season-stats", news, [viewer])
    await shots.env.advance_time(7 * DAY + 60)
    closing = next(m for m in reversed(news.history()) if m.embeds
                   and (m.embeds[0].title or "").startswith("🏆"))
    await shots.shoot("season-closed", news, [viewer], closing)


SITUATIONS: dict[str, Callable[[Shots], Awaitable[None]]] = {
    "achievements": achievements,
    "ai-stats": ai_stats,
    "ai-monsters": ai_monsters,
    "dice-tools": dice_tools,
    "energy-drink": energy_drink,
    "keep-by-face": keep_by_face,
    "made-in-a-lab": made_in_a_lab,
    "parasitic-tentacles": parasitic_tentacles,
    "buy-many": many_cards_buy_step,
    "metamorph": metamorph,
    "healing-ray": healing_ray,
    "monster-batteries": monster_batteries,
    "freeze-time": freeze_time,
    "opportunist": opportunist,
    "mimic": mimic,
    "final-standings": final_standings,
    "closed-board": closed_board,
    "story": story,
    "lobby-expired": lobby_expired,
    "origins-lobby": origins_lobby,
    "power-up": power_up,
    "evolution-moment": evolution_moment,
    "my-monster": my_monster,
    "advice": advice,
    "shop-cards": shop_cards,
    "stay-or-yield": stay_or_yield,
    "yield-offer": yield_offer,
    "skip-buying": skip_buying,
    "long-game": long_game,
    "thread-start": thread_start,
    "queue": queue,
    "tournament": tournament,
    "my-games": my_games,
    "time-away": time_away,
    "notify": notify,
    "learn": learn,
    "coach-toggle": coach_toggle,
    "season": season,
}


async def run(out: Path, chromium: str, only: Sequence[str],
              language: str = ENGLISH) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        # A long AI pause: the shots catch an AI monster in the middle of its turn. A quick
        # Hard AI: the coach's suggestions come within SimCord's settling of a click.
        bot = KotBot(Settings(token="offline", database=work / "kot.sqlite3", turn_timeout=0,
                              ai_pause=3600, hard_ai_seconds=0.1),
                     sync_commands=True)
        with clients_speaking(language):
            return await _shoot(bot, out, chromium, only, language)


async def _shoot(bot: KotBot, out: Path, chromium: str, only: Sequence[str],
                 language: str) -> list[Path]:
    async with simcord.run(bot) as env:
        # More than SimCord's 5 s of real time per click: a busy machine may take longer to
        # start the Hard AI's worker for the coach's first suggestion.
        env.settle_timeout = SETTLE_SECONDS
        with env.time_context():
            guild = env.create_guild(
                preferred_locale=CLIENT_LOCALES.get(language, language))
            shots = Shots(env, bot, guild, out, chromium,
                          [guild.add_member(env.create_user(name)) for name in NAMES],
                          language=language)
            try:
                for name in only:
                    await SITUATIONS[name](shots)
            finally:
                await bot.service.close()
    return shots.taken


Run = Callable[[Path, str, Sequence[str], str], Coroutine[Any, Any, list[Path]]]


def screens_command(argv: list[str] | None, *, prog: str, description: str | None,
                    situations: Sequence[str], default_out: Path, lang_help: str,
                    run: Run) -> int:
    """The command line both screenshot tools share: the folder, Chromium, the language and
    the situations to take (all when none is named); prints each picture's path."""
    parser = argparse.ArgumentParser(prog=prog, description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=default_out)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--lang", choices=LANGUAGES, default=ENGLISH, help=lang_help)
    parser.add_argument("situations", nargs="*", metavar="SITUATION",
                        help=f"any of {', '.join(situations)} (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.situations) - set(situations)
    if unknown:
        parser.error(f"unknown situation(s): {', '.join(sorted(unknown))}")
    taken = asyncio.run(run(args.out, args.chromium, args.situations or list(situations),
                            args.lang))
    for path in taken:
        print(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    return screens_command(argv, prog="python -m tools.screens", description=__doc__,
                           situations=list(SITUATIONS), default_out=Path("/tmp/shots"),
                           lang_help="the language of the server and the players' clients",
                           run=run)


if __name__ == "__main__":
    sys.exit(main())
