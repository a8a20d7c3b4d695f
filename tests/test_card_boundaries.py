"""The shape that keeps 80 cards manageable: each card's behaviour lives in its own module of
``engine.cards``, and no other module of the rules names a card (the AI players in
``engine.ai`` value cards by name: they play the rules, they do not make them)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

from engine import CARD_TABLE, DECISION_KINDS, DecisionKind
from engine.rules import _ANSWERS

ENGINE = Path(__file__).parent.parent / "engine"
# The card data table and the cards package are where cards are named; and the AI players
# (engine/ai), which play the rules rather than implement them: they value cards by name.
ALLOWED = ({ENGINE / "card_table.py"} | set((ENGINE / "cards").glob("*.py"))
           | set((ENGINE / "ai").glob("*.py")))


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


def test_no_engine_module_outside_the_cards_package_names_a_card() -> None:
    keys = {card.key for card in CARD_TABLE}
    names = {name for card in CARD_TABLE for name in (card.name, card.name_2011)}
    name_pattern = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names)))
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path in ALLOWED:
            continue
        for text in _strings(ast.parse(path.read_text(encoding="utf-8"))):
            if text in keys or name_pattern.search(text):
                offenders.append(f"{path.relative_to(ENGINE)}: {text!r}")
    assert not offenders


def test_every_decision_kind_has_one_answer_handler() -> None:
    assert set(DECISION_KINDS) == set(get_args(DecisionKind)) == set(_ANSWERS)
