"""Static data for the Power cards: the 66 of the King of Tokyo base deck, and the 14 that
are new in King of Tokyo: Origins.

One row per distinct card (64 base rows, 66 cards once copies are counted): the 2016 edition's
name and cost, plus the 2011 name and, where it differs, the 2011 cost. What each card does,
in each language and edition, is in the bot's message catalogs (``cardtext-<key>``,
``cardtext2011-<key>``): the engine keeps no player-facing text. Source: the research notes
in ``rules/cards.md`` (sections 2, 3, 4 and 5). The Origins cards (``box="origins"``) are in
no base deck unless a game asks for them; the Origins reprints are base rows.

Dark Edition and promo cards are deliberately left out.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import msgspec

CardKind = Literal["keep", "discard"]
Edition = Literal["2016", "2011"]
# Which box a card comes from: the base game's 66 cards, or the 14 new in Origins.
Box = Literal["base", "origins"]


class CardInfo(NamedTuple):
    """One Power card: names, cost, kind and copies. What it does, in words, is in the bot's
    catalogs (``cardtext-<key>``, ``cardtext2011-<key>``)."""

    key: str  # snake_case of the 2016 name, ASCII only
    name: str  # 2016 English name
    name_2011: str  # 2011 English name (same as ``name`` when not renamed)
    cost: int  # 2016 cost in energy
    kind: CardKind
    copies: int  # copies in the 66-card deck
    cost_2011: int = -1  # only where the 2011 cost differs; -1 means same as ``cost``
    box: Box = "base"


class CardRules(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """The rule options about one card: rulings that games stored before them did not play.
    A game stores them with its options (``engine.state.Options`` has these fields, so a
    stored game names them beside the others); what each one means, the card's module says
    and reads. None, the default, plays the ruling (``create_game`` fixes it to True); False
    plays the card as the games stored before it were played (the schema upgrade that came
    with the option, and ``Options.resolved_as_before`` for stored setups that leave it out,
    give those games False)."""

    # 2011: losing Even Bigger takes back its 2 hearts down to 0 (docs/rulings.md 65;
    # engine.cards.even_bigger). Schema 6.
    even_bigger_loss_knocks_out: bool | None = None


# The names of the card rule options, as stored.
CARD_RULES: tuple[str, ...] = CardRules.__struct_fields__


_K: CardKind = "keep"
_D: CardKind = "discard"

# One compact row per card reads better than one line per field.
# fmt: off
CARD_TABLE: tuple[CardInfo, ...] = (
    # ---- Keep cards (48 cards, 47 names), alphabetical by 2016 name ----
    CardInfo("acid_attack", "Acid Attack", "Acid Attack", 6, _K, 1),
    CardInfo("alien_origin", "Alien Origin", "Alien Metabolism", 3, _K, 1),
    CardInfo("alpha_monster", "Alpha Monster", "Alpha Monster", 5, _K, 1),
    CardInfo("armor_plating", "Armor Plating", "Armor Plating", 4, _K, 1),
    CardInfo("background_dweller", "Background Dweller", "Background Dweller", 4, _K, 1),
    CardInfo("battery_monster", "Battery Monster", "Monster Batteries", 3, _K, 1, cost_2011=2),
    CardInfo("burrowing", "Burrowing", "Burrowing", 5, _K, 1),
    CardInfo("camouflage", "Camouflage", "Camouflage", 3, _K, 1),
    CardInfo("complete_destruction", "Complete Destruction", "Complete Destruction", 3, _K, 1),
    CardInfo("detritivore", "Detritivore", "Omnivore", 4, _K, 1),
    CardInfo("eater_of_the_dead", "Eater of the Dead", "Eater of the Dead", 4, _K, 1),
    CardInfo("energy_drink", "Energy Drink", "Telepath", 4, _K, 1),
    CardInfo("energy_hoarder", "Energy Hoarder", "Energy Hoarder", 3, _K, 1),
    CardInfo("even_bigger", "Even Bigger", "Even Bigger", 4, _K, 1),
    CardInfo("extra_head", "Extra Head", "Extra Head", 7, _K, 2),
    CardInfo("fire_breathing", "Fire Breathing", "Fire Breathing", 4, _K, 1),
    CardInfo("freeze_time", "Freeze Time", "Freeze Time", 5, _K, 1),
    CardInfo("friend_of_children", "Friend of Children", "Friend of Children", 3, _K, 1),
    CardInfo("giant_brain", "Giant Brain", "Giant Brain", 5, _K, 1),
    CardInfo("gourmet", "Gourmet", "Gourmet", 4, _K, 1),
    CardInfo("healing_ray", "Healing Ray", "Healing Ray", 4, _K, 1),
    CardInfo("herbivore", "Herbivore", "Herbivore", 5, _K, 1),
    CardInfo("herd_culler", "Herd Culler", "Herd Culler", 3, _K, 1),
    CardInfo("it_has_a_child", "It Has a Child!", "It Has a Child!", 7, _K, 1),
    CardInfo("jets", "Jets", "Jets", 5, _K, 1),
    CardInfo("made_in_a_lab", "Made in a Lab", "Made in a Lab", 2, _K, 1),
    CardInfo("media_friendly", "Media-Friendly", "Dedicated News Team", 3, _K, 1),
    CardInfo("metamorph", "Metamorph", "Metamorph", 3, _K, 1),
    CardInfo("mimic", "Mimic", "Mimic", 8, _K, 1),
    CardInfo("nova_breath", "Nova Breath", "Nova Breath", 7, _K, 1),
    CardInfo("opportunist", "Opportunist", "Opportunist", 3, _K, 1),
    CardInfo("parasitic_tentacles", "Parasitic Tentacles", "Parasitic Tentacles", 4, _K, 1),
    CardInfo("plot_twist", "Plot Twist", "Plot Twist", 3, _K, 1),
    CardInfo("poison_quills", "Poison Quills", "Poison Quills", 3, _K, 1),
    CardInfo("poison_spit", "Poison Spit", "Poison Spit", 4, _K, 1),
    CardInfo("psychic_probe", "Psychic Probe", "Psychic Probe", 3, _K, 1),
    CardInfo("rapid_healing", "Rapid Healing", "Rapid Healing", 3, _K, 1),
    CardInfo("regeneration", "Regeneration", "Regeneration", 4, _K, 1),
    CardInfo(
        "rooting_for_the_underdog", "Rooting for the Underdog", "Rooting for the Underdog",
        3, _K, 1,
    ),
    CardInfo("shrink_ray", "Shrink Ray", "Shrink Ray", 6, _K, 1),
    CardInfo("smoke_cloud", "Smoke Cloud", "Smoke Cloud", 4, _K, 1),
    CardInfo("solar_powered", "Solar Powered", "Solar Powered", 2, _K, 1),
    CardInfo("spiked_tail", "Spiked Tail", "Spiked Tail", 5, _K, 1),
    CardInfo("stretchy", "Stretchy", "Stretchy", 3, _K, 1),
    CardInfo("urbavore", "Urbavore", "Urbavore", 4, _K, 1),
    CardInfo(
        "were_only_making_it_stronger", "We're Only Making It Stronger!",
        "We're Only Making It Stronger!", 3, _K, 1,
    ),
    CardInfo("wings", "Wings", "Wings", 6, _K, 1),
    # ---- Discard cards (18 cards, 17 names), alphabetical by 2016 name ----
    CardInfo("apartment_building", "Apartment Building", "Apartment Building", 5, _D, 1),
    CardInfo("commuter_train", "Commuter Train", "Commuter Train", 4, _D, 1),
    CardInfo("corner_store", "Corner Store", "Corner Store", 3, _D, 1),
    CardInfo("death_from_above", "Death From Above", "Drop from High Altitude", 5, _D, 1),
    CardInfo("energize", "Energize", "Energize", 8, _D, 1),
    CardInfo("evacuation_orders", "Evacuation Orders", "Evacuation Orders", 7, _D, 2),
    CardInfo("flame_thrower", "Flame Thrower", "Fire Blast", 3, _D, 1),
    CardInfo("frenzy", "Frenzy", "Frenzy", 7, _D, 1),
    CardInfo("gas_refinery", "Gas Refinery", "Gas Refinery", 6, _D, 1),
    CardInfo("heal", "Heal", "Heal", 3, _D, 1),
    CardInfo("high_altitude_bombing", "High Altitude Bombing", "High Altitude Bombing", 4, _D, 1),
    CardInfo("jet_fighters", "Jet Fighters", "Jet Fighters", 5, _D, 1),
    CardInfo("national_guard", "National Guard", "National Guard", 3, _D, 1),
    CardInfo("nuclear_power_plant", "Nuclear Power Plant", "Nuclear Power Plant", 6, _D, 1),
    CardInfo("skyscraper", "Skyscraper", "Skyscraper", 6, _D, 1),
    CardInfo("tank", "Tank", "Tanks", 4, _D, 1),
    CardInfo("vast_storm", "Vast Storm", "Vast Storm", 6, _D, 1),
    # ---- New in Origins (11 Keep, then 3 Discard; one copy each), alphabetical ----
    *(CardInfo(key, name, name, cost, kind, 1, box="origins")
      for key, name, cost, kind in (
        ("biofuel", "Biofuel", 4, _K),
        ("bull_headed", "Bull Headed", 3, _K),
        ("draining_ray", "Draining Ray", 5, _K),
        ("electric_armor", "Electric Armor", 5, _K),
        ("flaming_aura", "Flaming Aura", 5, _K),
        ("gamma_blast", "Gamma Blast", 4, _K),
        ("hungry_urbavore", "Hungry Urbavore", 4, _K),
        ("jagged_tactician", "Jagged Tactician", 3, _K),
        ("orb_of_doom", "Orb of Doom", 9, _K),
        ("scavenger", "Scavenger", 3, _K),
        ("shrinky", "Shrinky", 4, _K),
        ("barricades", "Barricades", 5, _D),
        ("ice_cream_truck", "Ice Cream Truck", 4, _D),
        ("supertower", "Supertower", 7, _D),
    )),
)
# fmt: on

CARDS: dict[str, CardInfo] = {c.key: c for c in CARD_TABLE}


def _norm(name: str) -> str:
    """Lowercase letters and digits only: "It Has a Child!" -> "ithasachild"."""
    return "".join(ch for ch in name.casefold() if ch.isascii() and ch.isalnum())


_BY_NAME: dict[str, CardInfo] = {}
for _card in CARD_TABLE:
    for _alias in (_card.key, _card.name, _card.name_2011):
        _BY_NAME.setdefault(_norm(_alias), _card)
del _card, _alias


def card_info(key: str) -> CardInfo:
    """The card with this key; KeyError with a clear message naming the unknown key."""
    try:
        return CARDS[key]
    except KeyError:
        raise KeyError(f"unknown power card key: {key!r}") from None


class PrintedCard(NamedTuple):
    """A card as printed in one edition: the name and cost players of that edition see (its
    text is in the bot's catalogs)."""

    key: str
    name: str
    cost: int
    kind: CardKind


def _printed(info: CardInfo, edition: Edition) -> PrintedCard:
    if edition == "2011":
        cost = info.cost_2011 if info.cost_2011 >= 0 else info.cost
        return PrintedCard(info.key, info.name_2011, cost, info.kind)
    return PrintedCard(info.key, info.name, info.cost, info.kind)


# Built once: the engine looks cards up on every buy step and every label.
_PRINTED: dict[tuple[str, Edition], PrintedCard] = {
    (card.key, edition): _printed(card, edition)
    for card in CARD_TABLE for edition in ("2016", "2011")
}


def printed(key: str, edition: Edition) -> PrintedCard:
    """The card as printed in ``edition`` (2011 games show 2011 names and costs)."""
    found = _PRINTED.get((key, edition))
    if found is None:
        raise KeyError(f"unknown power card key: {key!r}")
    return found


def find_card(name: str) -> CardInfo | None:
    """Look a card up by key, 2016 name or 2011 name.

    Case-insensitive, ignoring punctuation and spaces; None when nothing matches.
    """
    normalized = _norm(name)
    if not normalized:
        return None
    return _BY_NAME.get(normalized)
