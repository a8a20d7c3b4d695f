"""What players read, rendered and checked for four kinds of mistake (issue 39, 5).

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
with our layer: ``bot.local.table_page``). Besides, catalog messages: every Spanish one with a
numeric variable, said with 1 and with 2; every one naming a person.

**The rules.**

1. *No raw mention.* A mention (``<@id>``, ``<@!id>``, ``<@&id>``, ``<#id>``) is shown as a
   name by Discord only in a message's content, an embed's description and a field's value;
   in an embed's title, a field's name, a footer, an author, a button, a menu or a picture's
   alt text Discord shows it raw, so none may stand there. In a description or a field a
   *user* mention shows raw on clients that have not loaded the member, so embeds name
   players (docs/bot.md, "Names, not mentions, in embeds"): only a channel (or role) mention
   may stand there. And at the local table, the page shows no mention as raw text: in
   SimCord's projection of every message the player sees, no text holds one.
2. *Spanish counts agree.* No Spanish text says a plural next to 1 or a singular next to 2
   ("quedan 1", "1 tiradas", "2 tirada"), nor an English plural of a die's number ("1s");
   and, in the catalog, a number next to a word that agrees with it (a noun after it, a verb
   such as "quedan" before it) is said through a plural selector on it
   (``{ $n -> [one] … *[other] … }``): ``test_spanish_counts_have_plural_selectors``.
3. *A card's name is spelled as its catalog spells it* (``card-<key>``, ``card2011-<key>``):
   wherever a card's name is read, whatever its case, it is the catalog's spelling ("made
   in a Lab" is not "Made in a Lab"). Single-word names that the catalog also uses as an
   ordinary word ("Heal", "curar") are not looked for.
4. *A person's name is a label, not a verb's subject.* The local table's one player is
   "You" or "Tú", pronouns: no third-person verb agrees with them ("You is", "Tú abrió"), and
   a Spanish preposition takes "ti", not "Tú" ("por Tú"). So where a text names the local
   player (their mention, or their name), past a parenthesis after it ("Tú (Gigazaur)"), no
   lower-case word follows in Spanish, and no third-person verb in English ("is", "has",
   "wins": "You opened" is English); and no Spanish preposition comes before it. Checked on
   the game's texts and on every catalog message naming a person (a host, a player, whoever
   ended a game), said with "You" or "Tú".
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import msgspec
import pytest
from bot_harness import TEST_AI_PAUSE, make_bot
from fluent.syntax import ast
from simcord import ChannelHandle, Env, InteractionResult

from bot import i18n, local
from bot.app import KotBot
from bot.i18n import catalog
from bot.table.autoplay import hint_text
from bot.table.model import Game
from engine import CARD_TABLE, Card, EndBuying, GameState, Roll, StopRolling, phrase
from engine.ai import move_label
from tests.catalog_trees import catalog_messages, variables_of
from tools.chaos.sim import started

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
    read = Corpus(language)
    try:
        async with started(bot) as env:
            bot.service.lobbies._seed_source = lambda: SEED  # the same game every run
            with env.time_context(), local.clients_speaking(language), _numbers_said(read):
                await _play(env, bot, read, database)
    finally:
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


# --- 2. Spanish counts -----------------------------------------------------------------

# Numbers next to words that do not agree with them: a plural after 1, a singular after 2
# or more, a plural verb before 1 or a singular one before 2 or more; a die's number with
# English's plural "s".
DISAGREEING = re.compile(
    r"(?<![\d.,])1 (?!de\b|en\b|a\b|y\b|o\b|más\b|menos\b|por\b|con\b|sin\b)[a-záéíóúñ]+s\b"
    r"|\b(?:[2-9]|\d\d+) (?:tirada|dado|corazón|carta|monstruo|turno|minuto|hora|día|jugador"
    r"|partida|contador|punto|vez|opción|copia|jugada|energía)\b"
    r"|\b(?:quedan|faltan|hacen falta|han unido|sobran) 1(?![\d.,])"
    r"|\b(?:queda|(?<!hacen )falta|ha unido|sobra) (?:[2-9]|\d\d+)\b"
    r"|\b\d+s\b")
# Where a number stands next to a word that agrees with it: a verb before it, or (outside
# these) a lower-case word after it.
AGREEING_BEFORE = ("queda", "quedan", "falta", "faltan", "unido", "sobra", "sobran")
NOT_AGREEING_AFTER = ("de", "en", "a", "y", "o", "más", "menos", "por", "con", "sin", "para",
                      "h", "min", "s")
# A number after these nouns names one (turn 3, die 2, player 4): nothing agrees with it.
NAMING = ("turno", "Turno", "TURNO", "dado", "Dado", "Jugador", "Página", "puesto")
# The variables the catalogs give numbers to (checked: every number the game above passes is
# one of them), besides those a message selects by plural category.
NUMERIC = frozenset({
    "amount", "chance", "copied", "cost", "count", "days", "dealt", "energy", "first",
    "games", "hearts", "high", "hours", "last", "least", "left", "left_out", "lines", "low",
    "max", "min", "minutes", "monsters", "more", "most", "needed", "next_chance", "number", "page",
    "pages", "percent", "place", "players", "points", "poison", "rank", "rated", "rolled",
    "rating", "rolls", "score", "second", "seconds", "shrink", "stay", "swept", "total",
    "turn", "turns", "value", "vp", "waiting", "wins", "yield_at", "die", "moves", "opponents",
    "stars", "entrants", "tables", "rounds", "size",
})


def _plural_selected(node: Any, found: set[str] | None = None) -> set[str]:
    """The variables a select expression of ``node`` chooses by number: a plural category or
    a number among its keys."""
    found = set() if found is None else found
    if isinstance(node, ast.SelectExpression) and isinstance(node.selector,
                                                             ast.VariableReference):
        keys = {variant.key.name if isinstance(variant.key, ast.Identifier)
                else variant.key.value for variant in node.variants}
        if keys & {"zero", "one", "two", "few", "many"} or any(
                key.isdigit() for key in keys):
            found.add(node.selector.id.name)
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for item in value if isinstance(value, list) else [value]:
                _plural_selected(item, found)
    return found


@functools.cache
def _numeric(message_id: str) -> frozenset[str]:
    """The numeric variables of a message: by name, or selected by number in a language."""
    said: set[str] = set()
    for language in i18n.LANGUAGES:
        message = catalog_messages(language).get(message_id)
        if message is not None:
            said |= _plural_selected(message)
            said |= variables_of(message) & NUMERIC
    return frozenset(said)


def _unagreed(pattern: ast.Pattern, numeric: frozenset[str], selected: frozenset[str],
              message_id: str) -> Iterator[str]:
    """Numbers of ``pattern`` next to a word that agrees with them, outside a select on
    them."""
    elements = pattern.elements
    for index, element in enumerate(elements):
        if not isinstance(element, ast.Placeable):
            continue
        expression = element.expression
        if isinstance(expression, ast.SelectExpression):
            chosen = selected | ({expression.selector.id.name}
                                 if isinstance(expression.selector, ast.VariableReference)
                                 else set())
            for variant in expression.variants:
                yield from _unagreed(variant.value, numeric, frozenset(chosen), message_id)
            continue
        if not (isinstance(expression, ast.VariableReference)
                and expression.id.name in numeric and expression.id.name not in selected):
            continue
        before = elements[index - 1] if index else None
        after = elements[index + 1] if index + 1 < len(elements) else None
        word_before = (re.search(r"(\w+) $", before.value)
                       if isinstance(before, ast.TextElement) else None)
        word_after = (re.match(r" ?([a-záéíóúñü]+)\b", after.value)
                      if isinstance(after, ast.TextElement) else None)
        name = expression.id.name
        if word_before is not None and word_before[1] in NAMING:
            continue
        if word_before is not None and word_before[1] in AGREEING_BEFORE:
            yield f"{message_id}: “{word_before[1]} {{ ${name} }}”"
        if word_after is not None and word_after[1] not in NOT_AGREEING_AFTER:
            yield f"{message_id}: “{{ ${name} }} {word_after[1]}”"


def test_spanish_counts_have_plural_selectors() -> None:
    """Every Spanish message with a numeric variable says the words that agree with the
    number through a plural selector on it (rule 2)."""
    unagreed = [
        problem
        for message_id, message in catalog_messages("es").items()
        if (numeric := _numeric(message_id))
        for problem in _unagreed(message.value, numeric, frozenset(), message_id)
        if message.value is not None
    ]
    assert unagreed == []


def _said_with(message_id: str, number: int) -> str:
    """A Spanish message said with every numeric variable ``number`` and any other "X"."""
    numeric = _numeric(message_id)
    args: dict[str, Any] = {name: number if name in numeric else "X"
                            for name in variables_of(catalog_messages("es")[message_id])}
    return i18n.text("es", message_id, **args)


@pytest.mark.parametrize("number", [1, 2])
def test_spanish_messages_said_with_1_and_2_agree(number: int) -> None:
    disagreeing = sorted(
        (message_id, said)
        for message_id in catalog_messages("es")
        if _numeric(message_id)
        for said in [_said_with(message_id, number)]
        if DISAGREEING.search(said))
    assert disagreeing == []


@pytest.mark.parametrize("language", ["en", "es"])
async def test_every_number_the_game_says_is_a_numeric_variable(
        language: str, tmp_path: Path) -> None:
    """The lint's numeric variables include every variable the game gave a number."""
    read = await corpus(language, tmp_path)
    assert read.numbers, "numbers were said"
    unknown = sorted((message_id, name) for message_id, name in read.numbers
                     if name not in _numeric(message_id))
    assert unknown == []


async def test_spanish_texts_of_a_game_agree(tmp_path: Path) -> None:
    read = await corpus("es", tmp_path)
    disagreeing = sorted(said for said in read.texts() if DISAGREEING.search(said))
    assert disagreeing == []


# --- 3. card names ---------------------------------------------------------------------


def _card_names(language: str) -> set[str]:
    names = {i18n.text(language, f"{kind}-{card.key}")
             for card in CARD_TABLE for kind in ("card", "card2011")}
    # A one-word name the catalog uses as an ordinary word too ("heal") is not looked for.
    ordinary = {
        word
        for message_id, message in catalog_messages(language).items()
        if not message_id.startswith(("card-", "card2011-"))
        for element in _text_elements(message)
        for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", element)
    }
    return {name for name in names if " " in name or name.lower() not in ordinary}


def _text_elements(node: Any) -> Iterator[str]:
    if isinstance(node, ast.TextElement):
        yield node.value
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for item in value if isinstance(value, list) else [value]:
                yield from _text_elements(item)


@pytest.mark.parametrize("language", ["en", "es"])
async def test_card_names_are_spelled_as_the_catalog_spells_them(
        language: str, tmp_path: Path) -> None:
    read = await corpus(language, tmp_path)
    names = _card_names(language)
    assert "Made in a Lab" in names or language != "en"
    found = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)"
                                for name in sorted(names, key=len, reverse=True)),
                       re.IGNORECASE)
    misspelt = sorted({(match[0], said) for said in read.texts()
                       for match in found.finditer(said) if match[0] not in names})
    assert misspelt == []


# --- 4. the local player's name -------------------------------------------------------


# The variables that name a person (a player, a host, whoever ended a game), but in the
# messages where they name AI monsters ("🤖 Easy AI is thinking…").
PERSONS = ("host", "player", "players", "who", "winners")
NOT_PERSONS = ("ui-thinking",)


def _in_a_sentence(language: str, you: str) -> re.Pattern[str]:
    """The local player's name (or a mention) where a verb agrees with it, or (Spanish) where
    a preposition takes it: followed, past a parenthesis, by a lower-case word (English: a
    third-person verb, "is", "has", "wins"...: "You opened" is English), or after "a", "de",
    "por"..."""
    name = rf"(?:<@!?\d+>|@?{re.escape(you)})(?!\w)(?: \([^)]*\))?"
    if language == "es":
        return re.compile(rf"(?<!\w){name} +[a-záéíóúñ]"
                          rf"|\b(?:a|de|por|para|con|sin|según) +{name}")
    return re.compile(rf"(?<!\w){name} +[a-z]+s\b")


@pytest.mark.parametrize("language", ["en", "es"])
async def test_the_local_players_name_is_never_a_verbs_subject(
        language: str, tmp_path: Path) -> None:
    read = await corpus(language, tmp_path)
    in_a_sentence = _in_a_sentence(language, read.you)
    named = sorted({said for said in read.texts() if in_a_sentence.search(said)})
    assert named == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_message_makes_a_players_name_a_verbs_subject(language: str) -> None:
    """Every message naming a person, said with the local player's name (rule 4)."""
    you = local.player_names(1, language)[0]
    in_a_sentence = _in_a_sentence(language, you)
    named = []
    for message_id, message in catalog_messages(language).items():
        numeric = _numeric(message_id)
        variables = variables_of(message)
        persons = (variables & set(PERSONS)) - numeric
        if not persons or message_id in NOT_PERSONS:
            continue
        said = i18n.text(language, message_id, **{
            name: you if name in persons else 2 if name in numeric else "X"
            for name in variables})
        if in_a_sentence.search(said):
            named.append((message_id, said))
    assert named == []
