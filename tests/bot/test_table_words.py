"""The table room's words (``table-`` messages): every one the code names is in the
catalogs and every one the catalogs hold is named by the code; every refusal is a sentence
in each language; turn summaries of real games are said in English and Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

import bot
from bot import i18n
from bot.table.model import Refused, StaleGame, StandingOrder
from bot.table.orders import order_summary
from bot.table.turn_summary import turn_summary
from engine import GameState, Options, Phrase, RandomPlayer, apply, create_game, events, phrase
from tests.catalog_trees import variables_of

BOT = Path(bot.__file__).parent
TABLE_CATALOG = BOT / "i18n" / "locales" / "en" / "table.ftl"
# A message id the code names: a literal "table-..." string, or the start of one it
# completes ("table-summary-place-" + a place).
_NAMED = re.compile(r'''["'](table-[a-z0-9-]+)''')
_PREFIX = re.compile(r'''f["'](table-[a-z0-9-]+-)\{''')
# Dummy arguments for a message's variables: numbers where the message counts.
_NUMBERS = {"least": 2, "most": 6, "count": 7, "turns": 2, "moves": 12, "hearts": 3,
            "monsters": 2}


def _table_messages() -> dict[str, set[str]]:
    """The table's message ids, with their variables."""
    found = {}
    for entry in FluentParser().parse(TABLE_CATALOG.read_text(encoding="utf-8")).body:
        if isinstance(entry, ast.Message):
            found[entry.id.name] = variables_of(entry)
    return found


def _named_in_code() -> tuple[set[str], set[str]]:
    """The ``table-`` ids the bot's code names, and the prefixes it completes."""
    named: set[str] = set()
    prefixes: set[str] = set()
    for path in BOT.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        named.update(_NAMED.findall(source))
        prefixes.update(_PREFIX.findall(source))
    return named - prefixes, prefixes


def _said(message_id: str, variables: set[str]) -> Phrase:
    return phrase(message_id, **{name: _NUMBERS.get(name, f"<{name}>") for name in variables})


def test_every_table_message_the_code_names_exists_and_every_one_is_named() -> None:
    messages = _table_messages()
    named, prefixes = _named_in_code()
    assert sorted(named - set(messages)) == [], "named in the code, missing in table.ftl"
    unused = [m for m in messages
              if m not in named and not any(m.startswith(p) for p in prefixes)]
    assert unused == [], "in table.ftl, named nowhere in the code"


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_refusal_is_a_sentence_in_each_language(language: str) -> None:
    refusals = {m: v for m, v in _table_messages().items() if m.startswith("table-refusal-")}
    assert len(refusals) > 30
    for message_id, variables in refusals.items():
        if message_id == "table-refusal-engine":  # the engine's own words, as they are
            continue
        said = i18n.say(language, _said(message_id, variables))
        assert said[0].isupper() or said[0] in "<¿¡", (message_id, said)
        assert said.endswith((".", "!", "?")), (message_id, said)
        if language != "en":
            assert said != i18n.say("en", _said(message_id, variables)), message_id


def test_a_refusal_keeps_its_phrase_and_says_english_to_the_log() -> None:
    refusal = Refused(phrase("table-refusal-game-full", most=6))
    assert str(refusal) == "The game is full (6 monsters)."
    assert i18n.say("es", refusal.phrase) == "La partida está completa (6 monstruos)."
    stale = StaleGame("version 3, not 4")
    assert stale.detail == "version 3, not 4"
    assert i18n.say("es", stale.phrase).startswith("Esta partida ha cambiado en otro sitio")


def test_the_rebuilt_note_counts_moves_in_each_language() -> None:
    note = phrase("table-note-rebuilt", moves=1)
    assert i18n.say("en", note).endswith("rebuilt from its 1 move.")
    assert i18n.say("es", note).endswith("a partir de su única jugada.")
    many = phrase("table-note-rebuilt", moves=1234)
    assert i18n.say("en", many).endswith("rebuilt from its 1234 moves.")
    assert i18n.say("es", many).endswith("a partir de sus 1234 jugadas.")


# Words of the English summaries that no Spanish summary may hold.
_ENGLISH_WORDS = re.compile(r"\b(bought|dealt|yielded|entered|left|is out|wins?|nobody|"
                            r"started over|swept away|nothing changed|monsters|to)\b")


@pytest.mark.parametrize("seed", range(6))
def test_turn_summaries_of_random_games_are_said_in_english_and_spanish(seed: int) -> None:
    players = 2 + seed % 5
    edition = "2011" if seed % 2 else "2016"
    state, happened = create_game(Options(edition=edition), seed, players)
    player = RandomPlayer(seed)
    turn: list[events.Event] = []
    active = state.turn.seat if state.turn is not None else 0
    told = 0
    while True:
        seat, action = player.choose(state)
        after, happened = apply(state, seat, action)
        for event in happened:
            if isinstance(event, events.TurnStarted):
                told += _check_both(state, active, turn)
                turn, active = [], event.seat
            else:
                turn.append(event)
        state = after
        if state.over:
            told += _check_both(state, active, turn)
            break
    assert told > 5


def _check_both(final: GameState, active: int, happened: list[events.Event]) -> int:
    english = turn_summary(final, active, happened)
    spanish = turn_summary(final, active, happened, language="es")
    assert english and spanish
    names = "|".join(re.escape(m.name) for m in final.monsters)
    assert not _ENGLISH_WORDS.search(re.sub(names, "", spanish)), spanish
    assert spanish.count("\n") <= 1, spanish  # (one line where it fits, else two)
    return 1


def test_a_summary_in_spanish() -> None:
    state, _ = create_game(Options(edition="2016"), 1, ("The King", "Gigazaur", "Kraken"))
    happened = [
        events.Damaged(seat=1, amount=4, source="smash", hearts=6),
        events.Yielded(seat=1, place="city"),
        events.EnteredTokyo(seat=0, place="city"),
        events.CardBought(seat=0, card="energize", cost=8),
        events.Eliminated(seat=2, by=0),
        events.Won(seats=(0, 1), reason="points"),
    ]
    assert turn_summary(state, 0, happened, language="es", length=1000) == (
        "👑 ¡The King y Gigazaur ganan! · 💀 Kraken queda eliminado · Gigazaur: −4❤️ (10❤️) · "
        "The King: infligió 4💥, compró Energizar · Gigazaur cedió Tokyo a The King")


def test_a_summary_in_spanish_names_the_city_with_its_article() -> None:
    names = ("The King", "Gigazaur", "Kraken", "Meka Dragon", "Space Penguin")
    state, _ = create_game(Options(edition="2011"), 1, names)
    assert state.bay_open
    happened = [events.EnteredTokyo(seat=0, place="city"),
                events.LeftTokyo(seat=3, place="bay", reason="yielded"),
                events.CardBought(seat=0, card="even_bigger", cost=4)]
    assert turn_summary(state, 0, happened, language="es") == (
        "The King: compró Colosal · The King entró en la ciudad de Tokyo · "
        "Meka Dragon salió de Tokyo Bay")
    assert turn_summary(state, 0, happened) == (
        "The King: bought Even Bigger · The King entered Tokyo City · Meka Dragon left Tokyo Bay")


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_table_message_is_said_with_its_arguments(language: str) -> None:
    for message_id, variables in _table_messages().items():
        assert i18n.say(language, _said(message_id, variables)).strip(), message_id


def test_a_standing_order_in_spanish() -> None:
    order = StandingOrder(0, yield_at=4, buy="unaffordable")
    assert order_summary(order, "es") == (
        "Quedarse o ceder: ceder con 4❤️ o menos; si no, pregúntame · "
        "Compras: pasar si no puedo comprar ninguna carta")
