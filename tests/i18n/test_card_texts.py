"""The card texts in the catalogs: every card says what it does in every language and both
editions, and a 2011 text differs from the 2016 one exactly where the 2011 card works
differently (elsewhere it is a reference to the 2016 text)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

from bot import i18n
from engine import CARD_TABLE

LOCALES = Path(i18n.__file__).parent / "locales"
# The cards whose 2011 edition works differently (rules/cards.md, "2011 difference").
WORKS_DIFFERENTLY_IN_2011 = {
    "acid_attack", "alpha_monster", "battery_monster", "burrowing", "death_from_above",
    "fire_breathing", "healing_ray", "herbivore", "it_has_a_child", "poison_quills",
    "psychic_probe", "rooting_for_the_underdog", "spiked_tail", "urbavore",
}


def _own_2011_texts(language: str) -> set[str]:
    """The keys whose cardtext2011- message is a text of its own, not ``{ cardtext-<key> }``."""
    resource = FluentParser().parse((LOCALES / language / "cards.ftl").read_text("utf-8"))
    own = set()
    for entry in resource.body:
        if not (isinstance(entry, ast.Message) and entry.id.name.startswith("cardtext2011-")):
            continue
        key = entry.id.name.removeprefix("cardtext2011-")
        assert entry.value is not None
        elements = entry.value.elements
        is_reference = (len(elements) == 1 and isinstance(elements[0], ast.Placeable)
                        and isinstance(elements[0].expression, ast.MessageReference)
                        and elements[0].expression.id.name == f"cardtext-{key}")
        if not is_reference:
            own.add(key)
    return own


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_card_has_its_texts_in_every_language(language: str) -> None:
    for card in CARD_TABLE:
        for prefix in ("cardtext", "cardtext2011"):
            assert i18n.text(language, f"{prefix}-{card.key}").strip(), (prefix, card.key)
    assert i18n.text(language, "cardkind-keep") != i18n.text(language, "cardkind-discard")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_2011_text_differs_exactly_where_the_2011_card_works_differently(
        language: str) -> None:
    assert _own_2011_texts(language) == WORKS_DIFFERENTLY_IN_2011
    for card in CARD_TABLE:
        differs = (i18n.text(language, f"cardtext-{card.key}")
                   != i18n.text(language, f"cardtext2011-{card.key}"))
        assert differs == (card.key in WORKS_DIFFERENTLY_IN_2011), card.key


def test_english_texts_are_short_ascii_and_spanish_ones_follow_the_glossary() -> None:
    for card in CARD_TABLE:
        for prefix in ("cardtext", "cardtext2011"):
            english = i18n.text("en", f"{prefix}-{card.key}")
            assert len(english) <= 110 and english.isascii(), card.key
            spanish = i18n.text("es", f"{prefix}-{card.key}")
            assert len(spanish) <= 140, card.key
            assert "Tokio" not in spanish and "Smash" not in spanish, card.key
    assert i18n.text("es", "cardkind-keep") == "Permanente"
    assert i18n.text("es", "cardkind-discard") == "Descartar"
    assert i18n.text("en", "cardtext-extra_head") == "You roll one extra die."
    assert i18n.text("es", "cardtext2011-spiked_tail") == "Cuando ataques, inflige 1 de daño más."
