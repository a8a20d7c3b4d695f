"""The card picture in every language: the name, kind and text come from the catalogs, and
every word is drawn whole inside the card (measured per language, wrapped or made smaller,
never cut), in Spanish, in the pseudo-language (~40% longer, accented) and in English."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot import i18n
from bot.i18n.cards import card_name, card_text
from bot.render import cards, render_card
from engine import CARD_TABLE, Edition, printed

_CARD_RIGHT = 800 - 24  # the card's right edge on its 800-px picture


def _drawn_boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Each piece of text the card picture draws from now on, with the box it covers."""
    drawn: list[tuple[str, Any]] = []
    draw_text = cards.text

    def recording(*args: Any, **kwargs: Any) -> Any:
        box = draw_text(*args, **kwargs)
        drawn.append((args[2], box))
        return box

    monkeypatch.setattr(cards, "text", recording)
    return drawn


@pytest.mark.parametrize("language", [*i18n.LANGUAGES, i18n.PSEUDO])
@pytest.mark.parametrize("edition", ["2016", "2011"])
def test_every_card_is_drawn_whole_inside_its_picture(
        language: str, edition: Edition, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _drawn_boxes(monkeypatch)
    for card in CARD_TABLE:
        drawn.clear()
        picture = Image.open(io.BytesIO(render_card(card.key, edition, language)))
        assert picture.width == 800, card.key
        for content, (_left, top, right, bottom) in drawn:
            assert right <= _CARD_RIGHT and top >= 0 and bottom <= picture.height, (
                card.key, content)
        pieces = [content for content, _box in drawn]
        # The name's lines, then the cost in its coin, the kind, the text, the other edition.
        name_lines = pieces[:pieces.index(str(printed(card.key, edition).cost))]
        assert " ".join(name_lines) == card_name(language, card.key, edition), card.key
        body = card_text(language, card.key, edition).split()
        assert _contains(" ".join(pieces).split(), body), (card.key, language)


def _contains(words: list[str], run: list[str]) -> bool:
    return any(words[start:start + len(run)] == run for start in range(len(words)))


def test_the_spanish_picture_says_the_spanish_kind_and_the_other_edition(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _drawn_boxes(monkeypatch)
    render_card("extra_head", "2016", "es")
    pieces = [content for content, _box in drawn]
    assert pieces[0] == "Cabeza extra"
    assert "PERMANENTE — se queda delante de ti   ·   2 copias en el mazo" in pieces
    drawn.clear()
    render_card("death_from_above", "2011", "es")
    said = " ".join(content for content, _box in drawn)
    assert "Caído del cielo" in said and "Edición de 2016: Muerte desde el cielo, coste 5" in said
    assert "Gana 2 PV y toma el control de Tokyo" in said
