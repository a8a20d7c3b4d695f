"""The message catalogs: every language has every message, with the same variables, and
the catalog machinery says phrases, references and lists in the asked language."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from bot import i18n
from engine.phrases import Join, Ref, phrase

LOCALES = Path(i18n.__file__).parent / "locales"


class _References(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.messages: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.messages.add(node.id.name)


def _messages(language: str) -> dict[str, _References]:
    found: dict[str, _References] = {}
    for path in sorted((LOCALES / language).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
        assert not junk, f"{path}: unparsable {junk[0].content[:80]!r}"
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                assert entry.id.name not in found, f"{path}: {entry.id.name} twice"
                references = _References()
                references.visit(entry)
                found[entry.id.name] = references
    return found


def test_english_and_spanish_are_catalogs() -> None:
    assert {"en", "es"} <= set(i18n.LANGUAGES)


@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_every_language_has_the_english_messages_with_the_same_variables(
        language: str) -> None:
    english, other = _messages("en"), _messages(language)
    assert sorted(set(english) - set(other)) == [], "messages missing"
    assert sorted(set(other) - set(english)) == [], "messages English lacks"
    for message_id, references in english.items():
        assert other[message_id].variables == references.variables, message_id


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_message_references_name_messages_of_the_same_catalog(language: str) -> None:
    messages = _messages(language)
    for message_id, references in messages.items():
        assert references.messages <= set(messages), message_id


def test_language_of_discord_locales() -> None:
    assert i18n.language_of("es-ES") == "es"
    assert i18n.language_of("es-419") == "es"
    assert i18n.language_of("en-US") == "en"
    assert i18n.language_of("fr") == "en"
    assert i18n.language_of(None) == "en"


def test_a_missing_message_raises_in_strict_mode_and_falls_back_outside() -> None:
    with pytest.raises(i18n.MissingMessage):
        i18n.text("es", "no-such-message")
    i18n.set_strict(False)
    try:
        assert i18n.text("es", "no-such-message") == "no-such-message"
    finally:
        i18n.set_strict(True)


def test_a_missing_argument_raises_in_strict_mode() -> None:
    with pytest.raises(i18n.MissingMessage):
        i18n.text("en", "face-count")


def test_phrases_say_references_and_lists_in_the_asked_language() -> None:
    said = phrase("face-count", face="heart", count=2)
    assert i18n.say("en", said) == "2 hearts"
    assert i18n.say("es", said) == "2 corazones"
    listed = phrase("list", items=Join(("A", "B", Ref("face", "heart"))))
    assert i18n.say("en", listed) == "A, B, and heart"
    assert i18n.say("es", listed) == "A, B y corazón"
    assert i18n.say("es", "a line stored before phrases") == "a line stored before phrases"


def test_the_pseudo_language_is_longer_and_accented() -> None:
    english = i18n.text("en", "face-heart")
    pseudo = i18n.text(i18n.PSEUDO, "face-heart")
    assert len(pseudo) >= 1.4 * len(english)
    assert pseudo != english and pseudo.startswith("h")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_card_has_its_names_in_every_language(language: str) -> None:
    from engine import CARD_TABLE

    for card in CARD_TABLE:
        for kind in ("card", "card2011"):
            assert i18n.text(language, f"{kind}-{card.key}").strip(), (kind, card.key)
    assert i18n.text("en", "card2011-battery_monster") == "Monster Batteries"
    assert i18n.text("es", "card2011-even_bigger") == "Colosal"


def test_every_language_has_the_same_pages() -> None:
    english = sorted(p.name for p in (LOCALES / "en").glob("*.md"))
    assert {"help.md", "rules.md"} <= set(english)
    for language in i18n.LANGUAGES:
        assert sorted(p.name for p in (LOCALES / language).glob("*.md")) == english, language
        for name in english:
            assert len(i18n.page(language, name.removesuffix(".md"))) <= 2000, (language, name)


def test_said_messages_are_remembered_by_all_their_arguments() -> None:
    one = i18n.text("en", "face-count", face="heart", count=1)
    assert one == "1 heart" and i18n.text("en", "face-count", face="heart", count=1) is one
    assert i18n.text("en", "face-count", face="heart", count=2) == "2 hearts"
    assert i18n.text("es", "face-count", face="heart", count=1) == "1 corazón"
    nested = phrase("list", items=Join((Ref("face", "smash"), phrase("face-count",
                                                                      face="heart", count=3))))
    assert i18n.say("en", nested) == "smash and 3 hearts"
    assert i18n.say("es", nested) == "ataque y 3 corazones"
