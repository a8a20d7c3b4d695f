"""Static data for the Power cards: the 66 of the King of Tokyo base deck, and the 14 that
are new in King of Tokyo: Origins.

One row per distinct card (64 base rows, 66 cards once copies are counted): the 2016 edition's
name, cost and effect, plus the 2011 name and, where the 2011 card behaves differently, its
2011 effect and cost. Effect texts are our own short paraphrases for buttons and card pictures,
not the printed card text. Source: the research notes in ``rules/cards.md`` (sections 2, 3, 4
and 5). The Origins cards (``box="origins"``) are in no base deck unless a game asks for them;
the Origins reprints are base rows.

Dark Edition and promo cards are deliberately left out.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

CardKind = Literal["keep", "discard"]
Edition = Literal["2016", "2011"]
# Which box a card comes from: the base game's 66 cards, or the 14 new in Origins.
Box = Literal["base", "origins"]


class CardInfo(NamedTuple):
    """One Power card: names, cost, kind, copies and what it does."""

    key: str  # snake_case of the 2016 name, ASCII only
    name: str  # 2016 English name
    name_2011: str  # 2011 English name (same as ``name`` when not renamed)
    cost: int  # 2016 cost in energy
    kind: CardKind
    copies: int  # copies in the 66-card deck
    text: str  # what the 2016 card does, in our own words (<= 110 characters)
    text_2011: str = ""  # only where the 2011 card works differently; else ""
    cost_2011: int = -1  # only where the 2011 cost differs; -1 means same as ``cost``
    box: Box = "base"


_K: CardKind = "keep"
_D: CardKind = "discard"

# One compact row per card reads better than one line per field.
# fmt: off
CARD_TABLE: tuple[CardInfo, ...] = (
    # ---- Keep cards (48 cards, 47 names), alphabetical by 2016 name ----
    CardInfo(
        "acid_attack", "Acid Attack", "Acid Attack", 6, _K, 1,
        "Every turn, one extra Smash is added to your final dice.",
        "On each of your turns, monsters you can attack lose 1 extra heart, even if you rolled"
        " no Smash.",
    ),
    CardInfo(
        "alien_origin", "Alien Origin", "Alien Metabolism", 3, _K, 1,
        "Power cards cost you 1 energy less to buy.",
    ),
    CardInfo(
        "alpha_monster", "Alpha Monster", "Alpha Monster", 5, _K, 1,
        "Gain 1 VP on each turn your roll includes at least one Smash.",
        "Gain 1 VP each time you attack.",
    ),
    CardInfo(
        "armor_plating", "Armor Plating", "Armor Plating", 4, _K, 1,
        "Any single loss of exactly 1 heart is ignored.",
    ),
    CardInfo(
        "background_dweller", "Background Dweller", "Background Dweller", 4, _K, 1,
        "You may reroll dice showing 3 as often as you like, even with no rerolls left.",
    ),
    CardInfo(
        "battery_monster", "Battery Monster", "Monster Batteries", 3, _K, 1,
        "When bought, the bank puts 6 energy on it. At the start of your turn take 2; discard it"
        " when empty.",
        "When bought, put any of your energy on it and the bank matches it. Take 2 each turn;"
        " discard when empty.",
        2,
    ),
    CardInfo(
        "burrowing", "Burrowing", "Burrowing", 5, _K, 1,
        "In Tokyo, add a Smash to your roll. When you yield Tokyo, the monster taking your place"
        " loses 1 heart.",
        "In Tokyo, your attacks deal 1 extra damage. When you yield Tokyo, the monster taking it"
        " loses 1 heart.",
    ),
    CardInfo(
        "camouflage", "Camouflage", "Camouflage", 3, _K, 1,
        "When you would lose hearts, roll a die per heart; each heart rolled cancels one of them.",
    ),
    CardInfo(
        "complete_destruction", "Complete Destruction", "Complete Destruction", 3, _K, 1,
        "If your final dice show 1, 2, 3, heart, Smash and energy, gain 9 VP on top of their"
        " usual effects.",
    ),
    CardInfo(
        "detritivore", "Detritivore", "Omnivore", 4, _K, 1,
        "If your final dice include a 1, a 2 and a 3, gain 2 VP on top of their usual effects.",
    ),
    CardInfo(
        "eater_of_the_dead", "Eater of the Dead", "Eater of the Dead", 4, _K, 1,
        "Gain 3 VP each time any monster drops to 0 hearts.",
    ),
    CardInfo(
        "energy_drink", "Energy Drink", "Telepath", 4, _K, 1,
        "Pay 1 energy for one extra roll, as often as you can pay.",
    ),
    CardInfo(
        "energy_hoarder", "Energy Hoarder", "Energy Hoarder", 3, _K, 1,
        "At the end of your turn, gain 1 VP for every full 6 energy you hold.",
    ),
    CardInfo(
        "even_bigger", "Even Bigger", "Even Bigger", 4, _K, 1,
        "Gain 2 hearts when you buy it. While you own it, your maximum is 12 hearts.",
    ),
    CardInfo(
        "extra_head", "Extra Head", "Extra Head", 7, _K, 2,
        "You roll one extra die.",
    ),
    CardInfo(
        "fire_breathing", "Fire Breathing", "Fire Breathing", 4, _K, 1,
        "When you roll at least one Smash, your left and right neighbors each lose 1 extra heart.",
        "When you deal damage, your left and right neighbors each lose 1 extra heart.",
    ),
    CardInfo(
        "freeze_time", "Freeze Time", "Freeze Time", 5, _K, 1,
        "If you roll at least three 1s, take another turn after this one, with one die fewer.",
    ),
    CardInfo(
        "friend_of_children", "Friend of Children", "Friend of Children", 3, _K, 1,
        "Each time you gain energy, gain 1 more.",
    ),
    CardInfo(
        "giant_brain", "Giant Brain", "Giant Brain", 5, _K, 1,
        "You get one extra roll each turn.",
    ),
    CardInfo(
        "gourmet", "Gourmet", "Gourmet", 4, _K, 1,
        "If you roll at least three 1s, gain 2 more VP on top of their usual VP.",
    ),
    CardInfo(
        "healing_ray", "Healing Ray", "Healing Ray", 4, _K, 1,
        "Spend heart results to heal other monsters; each pays you 2 energy per heart (1 if it"
        " is their last).",
        "Spend heart results to heal other monsters; each pays you 2 energy per heart, or all it"
        " has if less.",
    ),
    CardInfo(
        "herbivore", "Herbivore", "Herbivore", 5, _K, 1,
        "At the end of your turn, gain 1 VP if you made no monster lose hearts this turn.",
        "On your turn, gain 1 VP if you did not damage any monster.",
    ),
    CardInfo(
        "herd_culler", "Herd Culler", "Herd Culler", 3, _K, 1,
        "Once per turn, you may change one of your dice to a 1.",
    ),
    CardInfo(
        "it_has_a_child", "It Has a Child!", "It Has a Child!", 7, _K, 1,
        "At 0 hearts: discard all your cards, lose all VP, go back to 10 hearts and play on from"
        " outside Tokyo.",
        "If you are eliminated: discard all your cards, lose all VP, heal to 10 hearts and start"
        " again.",
    ),
    CardInfo(
        "jets", "Jets", "Jets", 5, _K, 1,
        "You lose no hearts when you yield Tokyo.",
    ),
    CardInfo(
        "made_in_a_lab", "Made in a Lab", "Made in a Lab", 2, _K, 1,
        "When buying, you may look at the top card of the deck and buy it or leave it there.",
    ),
    CardInfo(
        "media_friendly", "Media-Friendly", "Dedicated News Team", 3, _K, 1,
        "Gain 1 VP each time you buy a Power card.",
    ),
    CardInfo(
        "metamorph", "Metamorph", "Metamorph", 3, _K, 1,
        "At the end of your turn, you may discard any of your Keep cards to get their full cost"
        " in energy.",
    ),
    CardInfo(
        "mimic", "Mimic", "Mimic", 8, _K, 1,
        "Copies a Keep card any monster owns, as if you just bought it. Start of turn: pay 1"
        " energy to switch.",
    ),
    CardInfo(
        "nova_breath", "Nova Breath", "Nova Breath", 7, _K, 1,
        "Your Smashes hit every other monster, in Tokyo or not.",
    ),
    CardInfo(
        "opportunist", "Opportunist", "Opportunist", 3, _K, 1,
        "Whenever a new Power card is revealed, you may buy it at once.",
    ),
    CardInfo(
        "parasitic_tentacles", "Parasitic Tentacles", "Parasitic Tentacles", 4, _K, 1,
        "You may buy Power cards owned by other monsters, paying the cost to the owner.",
    ),
    CardInfo(
        "plot_twist", "Plot Twist", "Plot Twist", 3, _K, 1,
        "Before your dice resolve, change one die to any face, then discard this card.",
    ),
    CardInfo(
        "poison_quills", "Poison Quills", "Poison Quills", 3, _K, 1,
        "If you roll at least three 2s, add two Smashes to your roll.",
        "If you roll at least three 2s, your attack deals 2 extra damage (none without a Smash).",
    ),
    CardInfo(
        "poison_spit", "Poison Spit", "Poison Spit", 4, _K, 1,
        "Monsters you Smash get a Poison token: 1 heart lost per token at end of turn. A heart"
        " die removes one.",
    ),
    CardInfo(
        "psychic_probe", "Psychic Probe", "Psychic Probe", 3, _K, 1,
        "After each other monster's last roll, you may reroll one of its dice; discard this if"
        " it shows heart.",
        "Once each turn, you may reroll one die of each other monster; discard this if it shows"
        " heart.",
    ),
    CardInfo(
        "rapid_healing", "Rapid Healing", "Rapid Healing", 3, _K, 1,
        "At any time, pay 2 energy to gain 1 heart, even to avoid dropping to 0.",
    ),
    CardInfo(
        "regeneration", "Regeneration", "Regeneration", 4, _K, 1,
        "Each time you gain hearts, gain 1 more.",
    ),
    CardInfo(
        "rooting_for_the_underdog", "Rooting for the Underdog", "Rooting for the Underdog",
        3, _K, 1,
        "At the end of your turn, gain 1 VP if you alone have the fewest VP.",
        "At the end of a turn, gain 1 VP if you alone have the fewest VP.",
    ),
    CardInfo(
        "shrink_ray", "Shrink Ray", "Shrink Ray", 6, _K, 1,
        "Monsters you Smash get a Shrink token: they roll 1 die fewer per token. A heart die"
        " removes one.",
    ),
    CardInfo(
        "smoke_cloud", "Smoke Cloud", "Smoke Cloud", 4, _K, 1,
        "Comes with 3 Smoke tokens; spend one for an extra roll. Discard it when none are left.",
    ),
    CardInfo(
        "solar_powered", "Solar Powered", "Solar Powered", 2, _K, 1,
        "At the end of your turn, gain 1 energy if you have none.",
    ),
    CardInfo(
        "spiked_tail", "Spiked Tail", "Spiked Tail", 5, _K, 1,
        "If you roll at least one Smash, add one more Smash.",
        "When you attack, deal 1 extra damage.",
    ),
    CardInfo(
        "stretchy", "Stretchy", "Stretchy", 3, _K, 1,
        "Before your dice resolve, pay 2 energy to change one of your dice to any face.",
    ),
    CardInfo(
        "urbavore", "Urbavore", "Urbavore", 4, _K, 1,
        "Gain 1 extra VP when you start your turn in Tokyo. In Tokyo, if you roll a Smash, add"
        " one more.",
        "Gain 1 extra VP when you start your turn in Tokyo. Your attacks from Tokyo deal 1 extra"
        " damage.",
    ),
    CardInfo(
        "were_only_making_it_stronger", "We're Only Making It Stronger!",
        "We're Only Making It Stronger!", 3, _K, 1,
        "Each time you lose 2 or more hearts at once, gain 1 energy.",
    ),
    CardInfo(
        "wings", "Wings", "Wings", 6, _K, 1,
        "Pay 2 energy: you lose no hearts for the rest of this turn.",
    ),
    # ---- Discard cards (18 cards, 17 names), alphabetical by 2016 name ----
    CardInfo(
        "apartment_building", "Apartment Building", "Apartment Building", 5, _D, 1,
        "Gain 3 VP.",
    ),
    CardInfo(
        "commuter_train", "Commuter Train", "Commuter Train", 4, _D, 1,
        "Gain 2 VP.",
    ),
    CardInfo(
        "corner_store", "Corner Store", "Corner Store", 3, _D, 1,
        "Gain 1 VP.",
    ),
    CardInfo(
        "death_from_above", "Death From Above", "Drop from High Altitude", 5, _D, 1,
        "Gain 2 VP. If you are not in Tokyo City, take it; every other monster in Tokyo leaves.",
        "Gain 2 VP and take control of Tokyo; if you are already in Tokyo Bay, you stay there.",
    ),
    CardInfo(
        "energize", "Energize", "Energize", 8, _D, 1,
        "Gain 9 energy.",
    ),
    CardInfo(
        "evacuation_orders", "Evacuation Orders", "Evacuation Orders", 7, _D, 2,
        "Every other monster loses 5 VP.",
    ),
    CardInfo(
        "flame_thrower", "Flame Thrower", "Fire Blast", 3, _D, 1,
        "Every other monster loses 2 hearts.",
    ),
    CardInfo(
        "frenzy", "Frenzy", "Frenzy", 7, _D, 1,
        "Take another turn after this one.",
    ),
    CardInfo(
        "gas_refinery", "Gas Refinery", "Gas Refinery", 6, _D, 1,
        "Gain 2 VP; every other monster loses 3 hearts.",
    ),
    CardInfo(
        "heal", "Heal", "Heal", 3, _D, 1,
        "Gain 2 hearts.",
    ),
    CardInfo(
        "high_altitude_bombing", "High Altitude Bombing", "High Altitude Bombing", 4, _D, 1,
        "Every monster, you included, loses 3 hearts.",
    ),
    CardInfo(
        "jet_fighters", "Jet Fighters", "Jet Fighters", 5, _D, 1,
        "Gain 5 VP and lose 4 hearts.",
    ),
    CardInfo(
        "national_guard", "National Guard", "National Guard", 3, _D, 1,
        "Gain 2 VP and lose 2 hearts.",
    ),
    CardInfo(
        "nuclear_power_plant", "Nuclear Power Plant", "Nuclear Power Plant", 6, _D, 1,
        "Gain 2 VP and 3 hearts.",
    ),
    CardInfo(
        "skyscraper", "Skyscraper", "Skyscraper", 6, _D, 1,
        "Gain 4 VP.",
    ),
    CardInfo(
        "tank", "Tank", "Tanks", 4, _D, 1,
        "Gain 4 VP and lose 3 hearts.",
    ),
    CardInfo(
        "vast_storm", "Vast Storm", "Vast Storm", 6, _D, 1,
        "Gain 2 VP; every other monster loses half its energy, rounded down.",
    ),
    # ---- New in Origins (11 Keep, then 3 Discard; one copy each), alphabetical ----
    *(CardInfo(key, name, name, cost, kind, 1, text, box="origins")
      for key, name, cost, kind, text in (
        ("biofuel", "Biofuel", 4, _K, "Your heart dice may count as energy instead."),
        ("bull_headed", "Bull Headed", 3, _K,
         "Gain 1 VP each time you could yield Tokyo and stay instead."),
        ("draining_ray", "Draining Ray", 5, _K,
         "When you roll four of a kind or more, take 1 VP from each monster with the most VP."),
        ("electric_armor", "Electric Armor", 5, _K,
         "When you lose hearts, you may pay 1 energy to lose one fewer."),
        ("flaming_aura", "Flaming Aura", 5, _K,
         "When you roll four of a kind or more, every other monster loses 1 heart."),
        ("gamma_blast", "Gamma Blast", 4, _K,
         "When you take control of Tokyo, every other monster loses 1 heart."),
        ("hungry_urbavore", "Hungry Urbavore", 4, _K, "Gain 1 VP when you take control of Tokyo."),
        ("jagged_tactician", "Jagged Tactician", 3, _K,
         "When you yield Tokyo, the monster taking it loses 1 heart and you gain 1 energy."),
        ("orb_of_doom", "Orb of Doom", 9, _K,
         "Each time another monster rerolls its dice, it loses 1 heart."),
        ("scavenger", "Scavenger", 3, _K,
         "You may buy cards from the discard pile; Discard cards bought there go under the deck."),
        ("shrinky", "Shrinky", 4, _K, "Your 2s may count as 1s."),
        ("barricades", "Barricades", 5, _D, "Every other monster loses 3 VP."),
        ("ice_cream_truck", "Ice Cream Truck", 4, _D, "Gain 1 VP and 2 hearts."),
        ("supertower", "Supertower", 7, _D, "Gain 5 VP."),
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
    """What a card says in one edition: the name, cost and text players of that edition see."""

    key: str
    name: str
    cost: int
    kind: CardKind
    text: str


def _printed(info: CardInfo, edition: Edition) -> PrintedCard:
    if edition == "2011":
        cost = info.cost_2011 if info.cost_2011 >= 0 else info.cost
        return PrintedCard(info.key, info.name_2011, cost, info.kind, info.text_2011 or info.text)
    return PrintedCard(info.key, info.name, info.cost, info.kind, info.text)


# Built once: the engine looks cards up on every buy step and every label.
_PRINTED: dict[tuple[str, Edition], PrintedCard] = {
    (card.key, edition): _printed(card, edition)
    for card in CARD_TABLE for edition in ("2016", "2011")
}


def printed(key: str, edition: Edition) -> PrintedCard:
    """The card as printed in ``edition`` (2011 games show 2011 names, costs and texts)."""
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
