"""The shape that keeps 80 cards manageable: each card's behaviour, and what the AI players
know about it (its AI hooks, engine.card_ai), lives in its own module of ``engine.cards``; no
other module of the engine names a card, the AI players of ``engine.ai`` included."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

from engine import CARD_TABLE, DECISION_KINDS, DecisionKind
from engine.rules import _ANSWERS

ENGINE = Path(__file__).parent.parent / "engine"
# The card data table and the cards package are where cards are named.
ALLOWED = {ENGINE / "card_table.py"} | set((ENGINE / "cards").glob("*.py"))
AI = ENGINE / "ai"


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


KEYS = {card.key for card in CARD_TABLE}
NAMES = {name for card in CARD_TABLE for name in (card.name, card.name_2011)}
NAME_PATTERN = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(NAMES)))


def card_mentions(source: str) -> list[str]:
    """The card keys and names a module's string literals hold (docstrings left out)."""
    return [text for text in _strings(ast.parse(source))
            if text in KEYS or NAME_PATTERN.search(text)]


def test_no_engine_module_outside_the_cards_package_names_a_card() -> None:
    """engine/ai included: what the AI knows about a card is in the card's module."""
    offenders = [f"{path.relative_to(ENGINE)}: {text!r}"
                 for path in sorted(ENGINE.rglob("*.py")) if path not in ALLOWED
                 for text in card_mentions(path.read_text(encoding="utf-8"))]
    assert len([p for p in ENGINE.rglob("*.py") if p.parent == AI]) >= 10
    assert offenders == []


def test_the_check_sees_a_card_named_by_its_key_or_its_name() -> None:
    source = 'BONUS = {"acid_attack": 1.0}\nWHY = "for Made in a Lab"\n'
    assert sorted(card_mentions(source)) == ["acid_attack", "for Made in a Lab"]


def test_the_ai_players_name_no_card_in_their_docstrings_and_comments_either() -> None:
    offenders = [f"{path.name}:{number}: {line.strip()}" for path in sorted(AI.glob("*.py"))
                 for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
                 if NAME_PATTERN.search(line)]
    assert offenders == []


def test_every_decision_kind_has_one_answer_handler() -> None:
    assert set(DECISION_KINDS) == set(get_args(DecisionKind)) == set(_ANSWERS)
