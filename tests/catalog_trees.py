"""The message catalogs read as Fluent syntax trees, for the tests about their words: each
language's messages by id, and the variables a message (or any part of one) reads."""

from __future__ import annotations

import functools
from pathlib import Path

from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from bot import i18n

LOCALES = Path(i18n.__file__).parent / "locales"


@functools.cache
def catalog_messages(language: str) -> dict[str, ast.Message]:
    """Every message of the language's catalogs that has a value, by id."""
    messages: dict[str, ast.Message] = {}
    for path in sorted((LOCALES / language).glob("*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                messages[entry.id.name] = entry
    return messages


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def variables_of(node: ast.BaseNode) -> set[str]:
    """The names of the variables ``node`` reads, in its value and its attributes."""
    found = _Variables()
    found.visit(node)
    return found.names
