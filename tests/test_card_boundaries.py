"""The shape that keeps 80 cards manageable: each card's behaviour, and what the AI players
know about it (its AI hooks, engine.card_ai), lives in its own module of ``engine.cards``; no
other module of the engine names a card, the AI players of ``engine.ai`` included, nor does
the renderer (``bot/render``): what it shows of a card, the card says."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

from engine import CARD_TABLE, DECISION_KINDS, DecisionKind
from engine.rules import _ANSWERS

ENGINE = Path(__file__).parent.parent / "engine"
# The card data table and the cards package are where cards are named.
# The power cards' table and modules name them; the Evolutions' table and modules name their
# own cards, some of which share a word with a power card (Jungle Frenzy, Frenzy).
ALLOWED = ({ENGINE / "card_table.py", ENGINE / "evolution_table.py"}
           | set((ENGINE / "cards").glob("*.py")) | set((ENGINE / "evolutions").glob("*.py")))
AI = ENGINE / "ai"
RENDER = Path(__file__).parent.parent / "bot" / "render"


def _strings(tree: ast.AST) -> list[str]:
    """String literals of the code (docstrings left out: they may give examples)."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def _identifiers(tree: ast.AST) -> list[str]:
    """The names the code gives or uses: variables, fields, attributes, functions, classes,
    parameters, keyword arguments and imports."""
    names: list[str] = []
    for node in ast.walk(tree):
        match node:
            case ast.Name(id=name) | ast.Attribute(attr=name) | ast.arg(arg=name):
                names.append(name)
            case ast.FunctionDef(name=name) | ast.AsyncFunctionDef(name=name) \
                    | ast.ClassDef(name=name):
                names.append(name)
            case ast.keyword(arg=str(name)):
                names.append(name)
            case ast.alias(name=name, asname=asname):
                names.append(asname or name)
    return names


KEYS = {card.key for card in CARD_TABLE}
NAMES = {name for card in CARD_TABLE for name in (card.name, card.name_2011)}
NAME_PATTERN = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(NAMES)))
# A card's key as words of a longer name or text ("wings_turn", "board-mimic-none"). A key
# that is also a word of the rules is the rules' in such a name: heart dice heal.
RULE_WORDS = {"heal"}
KEY_PATTERN = re.compile("(?<![a-z0-9])(?:" + "|".join(
    re.escape(key).replace("_", "[^a-z0-9]") for key in sorted(KEYS - RULE_WORDS, key=len,
                                                                   reverse=True)
) + ")(?![a-z0-9])")


def card_mentions(source: str) -> list[str]:
    """The card keys and names a module's code holds: its string literals (docstrings left
    out) and the names it gives or uses, a key in them as a name of its own or as words of
    a longer one (``even_bigger_loss_knocks_out``)."""
    tree = ast.parse(source)
    return [*(text for text in _strings(tree)
              if text in KEYS or NAME_PATTERN.search(text) or KEY_PATTERN.search(text.lower())),
            *(name for name in _identifiers(tree) if KEY_PATTERN.search(name.lower()))]


def _offenders(paths: list[Path], root: Path) -> list[str]:
    return sorted({f"{path.relative_to(root)}: {text!r}" for path in paths
                   for text in card_mentions(path.read_text(encoding="utf-8"))})


def test_no_engine_module_outside_the_cards_package_names_a_card() -> None:
    """engine/ai included: what the AI knows about a card is in the card's module; the
    state, its options and the codec included: a rule option about one card, or an old
    state's field the card's module upgrades, is the card's."""
    modules = [path for path in sorted(ENGINE.rglob("*.py")) if path not in ALLOWED]
    assert len([p for p in modules if p.parent == AI]) >= 10
    assert {ENGINE / "state.py", ENGINE / "codec.py"} <= set(modules)
    assert _offenders(modules, ENGINE) == []


def test_the_renderer_names_no_card() -> None:
    """What a board shows of a card (a copy, the tokens on it) the card says: the renderer
    draws any card alike."""
    modules = sorted(RENDER.rglob("*.py"))
    assert RENDER / "board.py" in modules
    assert _offenders(modules, RENDER) == []


def test_the_check_sees_a_card_named_by_its_key_or_its_name() -> None:
    source = 'BONUS = {"acid_attack": 1.0}\nWHY = "for Made in a Lab"\n'
    assert sorted(card_mentions(source)) == ["acid_attack", "for Made in a Lab"]


def test_the_check_sees_a_card_key_in_a_name_or_a_text() -> None:
    source = ('class Options:\n    even_bigger_loss_knocks_out: bool = False\n'
              'monster.pop("wings_turn", -1)\nif card.key == mimic.key: say("board-mimic-none")\n'
              'def f(smoke_cloud_tokens: int) -> None: ...\n')
    assert sorted(set(card_mentions(source))) == [
        "board-mimic-none", "even_bigger_loss_knocks_out", "mimic", "smoke_cloud_tokens",
        "wings_turn"]


def test_the_check_leaves_words_that_only_look_like_a_key() -> None:
    """A key inside a longer word is not the card (``jets`` in "jetstream", ``smoke`` without
    ``cloud``), and heart dice heal: the rules' word."""
    source = ('def heal(amount: int) -> None: ...\nJETSTREAM = "option-heal-only"\n'
              'healing_bonus = 1\nSMOKE = "board-smoke"\n')
    assert card_mentions(source) == []


def test_the_ai_players_name_no_card_in_their_docstrings_and_comments_either() -> None:
    offenders = [f"{path.name}:{number}: {line.strip()}" for path in sorted(AI.glob("*.py"))
                 for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
                 if NAME_PATTERN.search(line)]
    assert offenders == []


def test_every_decision_kind_has_one_answer_handler() -> None:
    assert set(DECISION_KINDS) == set(get_args(DecisionKind)) == set(_ANSWERS)
