"""Finding a card by what someone typed (``/kot card``): any name of either edition in any
language, without accents or case, a unique beginning, close names for a misspelling."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.i18n.card_search import Found, find_cards, normalized, suggest
from engine import CARD_TABLE, EVOLUTIONS


def test_normalized_drops_case_accents_spaces_and_punctuation() -> None:
    assert normalized("Ataque ÁCIDO") == "ataqueacido"
    assert normalized("...¡Pero tiene un hijo!") == "perotieneunhijo"
    assert normalized("We're Only Making It Stronger!") == "wereonlymakingitstronger"


@pytest.mark.parametrize(("typed", "key"), [
    ("Acid Attack", "acid_attack"),
    ("ataque acido", "acid_attack"),  # Spanish, without its accent
    ("TENTÁCULOS PARASITARIOS", "parasitic_tentacles"),
    ("Alien Metabolism", "alien_origin"),  # English, 2011
    ("Caído del cielo", "death_from_above"),  # Spanish, 2011
    ("caido del cielo", "death_from_above"),
    ("Omnívoro", "detritivore"),
    ("acid_attack", "acid_attack"),  # the key, as the autocomplete sends it
])
def test_a_full_name_in_either_language_and_edition(typed: str, key: str) -> None:
    assert find_cards(typed, "en") == Found("card", key)
    assert find_cards(typed, "es") == Found("card", key)


@pytest.mark.parametrize(("typed", "key"), [
    ("acid", "acid_attack"), ("imit", "mimic"), ("pero tiene", "it_has_a_child"),
    ("colos", "even_bigger"), ("tentac", "parasitic_tentacles"),
])
def test_a_unique_beginning(typed: str, key: str) -> None:
    assert find_cards(typed, "es") == Found("card", key)


def test_a_whole_name_wins_over_longer_names_it_begins() -> None:
    # "Heal" begins "Healing Ray", "Tank" begins "Tanks" (the same card), "Jets" "Jet Fighters".
    assert find_cards("heal", "en") == Found("card", "heal")
    assert find_cards("jets", "en") == Found("card", "jets")


def test_an_ambiguous_beginning_lists_the_candidates_in_the_askers_language() -> None:
    found = find_cards("cur", "es")
    assert found.outcome == "ambiguous" and found.card is None
    assert set(found.candidates) == {("heal", "Curar"), ("rapid_healing", "Curación rápida")}
    english = find_cards("jet", "en")
    assert english.outcome == "ambiguous"
    assert set(english.candidates) == {("jets", "Jets"), ("jet_fighters", "Jet Fighters")}


def test_a_misspelling_gets_close_names() -> None:
    assert find_cards("mimc", "en") == Found("close", candidates=(("mimic", "Mimic"),))
    # Matched by its English name, shown by its Spanish one to a Spanish reader.
    assert ("mimic", "Imitador") in find_cards("mimc", "es").candidates
    assert ("mimic", "Imitador") in find_cards("imitdor", "es").candidates


@pytest.mark.parametrize("typed", ["teapot", "", "!!!", "zzzzzzzzzzzzzzzzzzzzzzzz"])
def test_nothing_found(typed: str) -> None:
    assert find_cards(typed, "es") == Found("nothing")


def test_no_two_cards_share_a_name_once_normalized() -> None:
    owners: dict[str, set[str]] = {}
    for card in CARD_TABLE:
        for language in i18n.LANGUAGES:
            for prefix in ("card", "card2011"):
                name = normalized(i18n.text(language, f"{prefix}-{card.key}"))
                owners.setdefault(name, set()).add(card.key)
    # Power Up!'s Evolutions are found by name too: none shares one with a card or another.
    for key in EVOLUTIONS:
        for language in i18n.LANGUAGES:
            owners.setdefault(normalized(i18n.text(language, f"evo-{key}")), set()).add(key)
    assert {name: keys for name, keys in owners.items() if len(keys) > 1} == {}


def test_suggestions_name_cards_in_the_askers_language_beginnings_first() -> None:
    assert suggest("acid", "en", 25)[0] == ("acid_attack", "Acid Attack")
    assert suggest("ácido", "es", 25) == [("acid_attack", "Ataque ácido")]
    # Typed in English, offered in Spanish.
    assert suggest("mimic", "es", 25) == [("mimic", "Imitador")]
    rays = suggest("rayo", "es", 25)
    # (Freeze Ray, an Evolution of Power Up!, is a ray too.)
    assert {key for key, _name in rays} == {"healing_ray", "shrink_ray", "draining_ray",
                                            "freeze_ray"}
    assert len(suggest("", "es", 25)) == 25
