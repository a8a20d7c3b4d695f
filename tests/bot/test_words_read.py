"""What players read, rendered and checked for one kind of mistake (issue 39, 5).

**The texts.** A game at the local table (``bot.local``: the world, the lobby and the page
it serves, its one player named "You" or "Tú"), played through SimCord with one seed and the
same dice in English and in Spanish: the lobby (and the host's click on Join), turns with a
reroll and the face buttons ("Keep 1s ×2"), the buy step of a monster owning Made in a Lab,
📋 My monster, 📜 Story, ``/kot games``, ``/kot me``, ``/kot log``, ``/kot stats``, ``/kot
card``, ``/kot end`` and the Rematch of the ended game. Read are: every message of the
channel as it stands after each click (content, embeds, buttons, menus, the picture's alt
text); every private answer; the hint said for each answer of that buy step
(``hint_text``: /kot hint and the coach say a hint so, the next best move inside the
sentence); and the local page as SimCord's preview shows it to the player (its projection,
with our layer: ``bot.local.table_page``).

**The rule.**

1. *No raw mention.* A mention (``<@id>``, ``<@!id>``, ``<@&id>``, ``<#id>``) is shown as a
   name by Discord only in a message's content, an embed's description and a field's value;
   in an embed's title, a field's name, a footer, an author, a button, a menu or a picture's
   alt text Discord shows it raw, so none may stand there. In a description or a field a
   *user* mention shows raw on clients that have not loaded the member, so embeds name
   players (docs/bot.md, "Names, not mentions, in embeds"): only a channel (or role) mention
   may stand there. And at the local table, the page shows no mention as raw text: in
   SimCord's projection of every message the player sees, no text holds one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import msgspec
import pytest
import simcord
from bot_harness import TEST_AI_PAUSE, make_bot
from simcord import ChannelHandle, Env, InteractionResult

from bot import i18n, local
from bot.app import KotBot
from bot.i18n import catalog
from bot.table.autoplay import hint_text
from bot.table.model import Game
from engine import Card, EndBuying, GameState, Roll, StopRolling, phrase
from engine.ai import move_label

LOCALES = Path(i18n.__file__).parent / "locales"
MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")
USER_MENTION = re.compile(r"<@!?\d+>")
SEED = 20_391


@dataclass(frozen=True)
class Read:
    """One text a player reads: where it stands, and what it says."""

    place: str
    text: str


@dataclass
class Corpus:
    language: str
    read: set[Read] = field(default_factory=set)
    # The text of the local page's projection (what its browser draws as text).
    page: set[str] = field(default_factory=set)
    # The local player's name.
    you: str = ""
    # The variables said with a number, by message id.
    numbers: set[tuple[str, str]] = field(default_factory=set)

    def texts(self) -> Iterator[str]:
        yield from (each.text for each in self.read)
        yield from self.page

    def message(self, message: discord.Message) -> None:
        add = self.read.add
        add(Read("content", message.content))
        for embed in message.embeds:
            for place, said in (("embed title", embed.title), ("description", embed.description),
                                ("footer", embed.footer.text), ("author", embed.author.name)):
                if said:
                    add(Read(place, said))
            for each in embed.fields:
                add(Read("field name", each.name or ""))
                add(Read("field value", each.value or ""))
        for row in message.components:
            for item in getattr(row, "children", []):
                for place, said in (("button", getattr(item, "label", None)),
                                    ("menu", getattr(item, "placeholder", None))):
                    if said:
                        add(Read(place, said))
                for option in getattr(item, "options", []):
                    add(Read("menu option", option.label))
                    if option.description:
                        add(Read("menu option", option.description))
        for attachment in message.attachments:
            if attachment.description:
                add(Read("alt text", attachment.description))

    def channel(self, channel: ChannelHandle) -> None:
        for message in channel.history():
            self.message(message)

    def result(self, result: InteractionResult) -> InteractionResult:
        for answer in (result.response, *result.followups):
            if answer is not None:
                self.message(answer.message)
        return result

    def projection(self, snapshot: Any) -> None:
        """The text of the page's projection: its markdown tokens' text (a mention it
        resolves is a token of its own), and its controls' labels."""
        if isinstance(snapshot, dict):
            if snapshot.get("type") == "text":
                self.page.add(str(snapshot.get("content", "")))
            for name, value in snapshot.items():
                if name in ("label", "placeholder") and isinstance(value, str):
                    self.page.add(value)
                self.projection(value)
        elif isinstance(snapshot, list):
            for item in snapshot:
                self.projection(item)


_CORPORA: dict[str, Corpus] = {}


async def corpus(language: str, folder: Path) -> Corpus:
    """The texts of the local table's game in ``language`` (played once per test run)."""
    if language not in _CORPORA:
        _CORPORA[language] = await _played(language, folder / f"kot-{language}.sqlite3")
    return _CORPORA[language]


async def _played(language: str, database: Path) -> Corpus:
    bot = make_bot(database)
    env = simcord.Env(bot)
    read = Corpus(language)
    await env.start()
    bot.service.lobbies._seed_source = lambda: SEED  # the same game every run
    try:
        with env.time_context(), local.clients_speaking(language), _numbers_said(read):
            await _play(env, bot, read, database)
    finally:
        await env.shutdown()
        await bot.service.close()
        await bot.autopilot.searches_done(timeout=5.0)
        bot.autopilot.close()
    return read


async def _play(env: Env, bot: KotBot, read: Corpus, database: Path) -> None:
    language = read.language
    options = local.LocalOptions(language=language, database=database, port=0)
    channel, members = local.build_world(env, local.player_names(1, language), language)
    you = members[0]
    read.you = you.name if you.user.global_name is None else you.user.global_name
    table = local.LocalTable(env, channel, members)
    await table.seat(options)
    lobby = channel.last_message
    assert lobby is not None
    read.result(await you.click(lobby, custom_id=local.menu_id(lobby, "join")))
    read.channel(channel)
    await you.click(lobby, custom_id=local.menu_id(lobby, "start"))
    games = bot.service.games

    async def game() -> Game:
        found = await games.active_in_channel(channel.id)
        assert found is not None
        return found

    async def change(state_change: Any) -> None:
        current = await game()
        async with games.lock(current.id):
            stored = await games.game(current.id)
            await games.save(dataclasses.replace(
                stored, state=state_change(stored.playing_state())), "state")

    async def click(code: str) -> InteractionResult:
        current = await game()
        decision = current.playing_state().pending[0]
        board = next(m for m in channel.history() if m.id == current.board_message_id)
        result = await you.click(board, custom_id=f"kot:g:{current.id}:{decision.id}:{code}")
        read.result(result)
        read.channel(channel)
        return result

    async def option(kind: type) -> None:
        decision = (await game()).playing_state().pending[0]
        await click(f"o{next(i for i, o in enumerate(decision.options) if isinstance(o, kind))}")

    turns_of_mine = 0
    for _step in range(200):
        current = await game()
        state = current.playing_state()
        decision = state.pending[0]
        if current.ai_level(decision.seat) is not None:
            await env.advance_time(TEST_AI_PAUSE + 0.1)
            read.channel(channel)
            continue
        if decision.kind == "roll" and state.turn is not None and state.turn.rolls_left == 2:
            if turns_of_mine == 2:
                break
            turns_of_mine += 1
            # A reroll: one roll left, and two loose 1s (a face button); at the buy step,
            # Made in a Lab to use.
            await change(lambda s: msgspec.structs.replace(
                _owning_made_in_a_lab(s), forced_dice=("1", "1", "2", "3", "heart", "energy")))
            await option(Roll)
            await option(StopRolling)
        elif decision.kind == "buy":
            await _hints(read, current.playing_state())
            board = next(m for m in channel.history() if m.id == current.board_message_id)
            read.result(await you.click(board, custom_id=f"kot:m:{current.id}"))
            read.result(await you.click(board, custom_id=f"kot:t:{current.id}"))
            await option(EndBuying)
        else:
            await click(f"o{decision.options.index(decision.default)}")

    for command, arguments in (("kot games", {}), ("kot me", {}), ("kot log", {}),
                               ("kot stats", {}), ("kot card", {"name": "made in a lab"})):
        read.result(await you.slash(channel, command, **arguments))
    async with local.table_page(env, channel, members, options) as page:
        read.projection(await page.snapshot())

    asked = read.result(await you.slash(channel, "kot end"))
    assert asked.response is not None
    await you.click(asked.response.message, custom_id=_custom_id(asked.response.message, ":end:"))
    read.channel(channel)
    ended = channel.last_message
    assert ended is not None
    rematch = [c for c in _custom_ids(ended) if c.startswith("kot:r:")]
    if rematch:
        read.result(await you.click(ended, custom_id=rematch[0]))
    read.channel(channel)
    async with local.table_page(env, channel, members, options) as page:
        read.projection(await page.snapshot())


@contextlib.contextmanager
def _numbers_said(read: Corpus) -> Iterator[None]:
    """Meanwhile, each message said with a number notes which variables had one (the
    catalog's remembered sayings forgotten first, so that each is said again)."""
    format_message = catalog._format

    def noting(language: str, message_id: str, args: dict[str, Any]) -> str:
        read.numbers.update((message_id, name) for name, value in args.items()
                            if isinstance(value, int | float) and not isinstance(value, bool))
        return format_message(language, message_id, args)

    catalog._SAID.clear()
    catalog._format = noting
    try:
        yield
    finally:
        catalog._format = format_message
        catalog._SAID.clear()


def _custom_ids(message: discord.Message) -> list[str]:
    return [getattr(item, "custom_id", None) or "" for row in message.components
            for item in getattr(row, "children", [])]


def _custom_id(message: discord.Message, part: str) -> str:
    return next(c for c in _custom_ids(message) if part in c)


def _owning_made_in_a_lab(state: GameState) -> GameState:
    """The active monster owns Made in a Lab and Jets, with energy to spend."""
    monsters = list(state.monsters)
    seat = state.active
    cards = tuple(card for card in monsters[seat].cards
                  if card.key not in ("made_in_a_lab", "jets"))
    monsters[seat] = msgspec.structs.replace(
        monsters[seat], energy=12,
        cards=(*cards, Card(uid=8801, key="made_in_a_lab"), Card(uid=8802, key="jets")))
    return msgspec.structs.replace(state, monsters=tuple(monsters))


async def _hints(read: Corpus, state: GameState) -> None:
    """A hint for each answer of the question asked, that answer said as the next best (as
    /kot hint and the coach say it)."""
    decision = state.pending[0]
    for action in decision.options:
        label = move_label(state, action)
        for close in ("yes", "no"):
            read.read.add(Read("hint", hint_text(phrase(
                "advice-hint", move=label, chance=40, why=phrase("advice-why-only"),
                next=label, next_chance=40 if close == "yes" else 30, close=close),
                read.language)))


# --- 1. mentions -----------------------------------------------------------------------

# Where Discord shows a mention as a name.
RESOLVED_PLACES = {"content", "description", "field value"}


@pytest.mark.parametrize("language", ["en", "es"])
async def test_no_raw_mention_in_what_players_read(language: str, tmp_path: Path) -> None:
    read = await corpus(language, tmp_path)
    raw = sorted((each.place, each.text) for each in read.read
                 if (each.place not in RESOLVED_PLACES and MENTION.search(each.text))
                 or (each.place in ("description", "field value")
                     and USER_MENTION.search(each.text)))
    assert raw == [], "mentions Discord shows raw"
    assert read.page, "the page was read"
    on_page = sorted(said for said in read.page if MENTION.search(said))
    assert on_page == [], "mentions the local page shows raw"
