"""What a power card is worth to a monster, in VP-equivalents, for the heuristic player.

Keep cards have a value over a whole game (``KEEP``), scaled down as the game nears its end
and adjusted by the situation; discard cards are worth what they do now. Buying compares the
value with the energy it costs (``view.SPEND`` an energy)."""

from __future__ import annotations

from engine.ai import view
from engine.card_table import CARDS
from engine.core import card_cost, find_card, max_hearts
from engine.state import GameState

# Keep cards over a whole game, before the situation is taken into account.
KEEP: dict[str, float] = {
    "acid_attack": 6.0, "alien_origin": 4.5, "alpha_monster": 3.5, "armor_plating": 3.5,
    "background_dweller": 2.0, "battery_monster": 3.0, "burrowing": 3.0, "camouflage": 3.0,
    "complete_destruction": 1.5, "detritivore": 2.0, "eater_of_the_dead": 2.5,
    "energy_drink": 3.0, "energy_hoarder": 3.0, "even_bigger": 3.0, "extra_head": 8.5,
    "fire_breathing": 3.5, "freeze_time": 2.5, "friend_of_children": 4.0, "giant_brain": 6.0,
    "gourmet": 1.5, "healing_ray": 1.5, "herbivore": 2.5, "herd_culler": 2.0,
    "it_has_a_child": 4.0, "jets": 3.0, "made_in_a_lab": 1.5, "media_friendly": 2.5,
    "metamorph": 1.5, "mimic": 0.0, "nova_breath": 5.0, "opportunist": 2.0,
    "parasitic_tentacles": 2.5, "plot_twist": 2.5, "poison_quills": 1.5, "poison_spit": 3.5,
    "psychic_probe": 2.5, "rapid_healing": 2.5, "regeneration": 3.0,
    "rooting_for_the_underdog": 2.0, "shrink_ray": 3.5, "smoke_cloud": 3.0,
    "solar_powered": 1.2, "spiked_tail": 5.0, "stretchy": 3.0, "urbavore": 4.0,
    "were_only_making_it_stronger": 1.5, "wings": 4.0,
    # Origins.
    "biofuel": 2.0, "bull_headed": 2.5, "draining_ray": 1.5, "electric_armor": 3.0,
    "flaming_aura": 2.0, "gamma_blast": 3.0, "hungry_urbavore": 2.5, "jagged_tactician": 2.0,
    "orb_of_doom": 5.0, "scavenger": 1.5, "shrinky": 2.0,
}

# Discard cards made of plain amounts: (VP, energy, own hearts gained, own hearts lost,
# hearts every other monster loses, VP every other monster loses).
INSTANT: dict[str, tuple[int, int, int, int, int, int]] = {
    "apartment_building": (3, 0, 0, 0, 0, 0), "commuter_train": (2, 0, 0, 0, 0, 0),
    "corner_store": (1, 0, 0, 0, 0, 0), "energize": (0, 9, 0, 0, 0, 0),
    "evacuation_orders": (0, 0, 0, 0, 0, 5), "flame_thrower": (0, 0, 0, 0, 2, 0),
    "gas_refinery": (2, 0, 0, 0, 3, 0), "heal": (0, 0, 2, 0, 0, 0),
    "high_altitude_bombing": (0, 0, 0, 3, 3, 0), "jet_fighters": (5, 0, 0, 4, 0, 0),
    "national_guard": (2, 0, 0, 2, 0, 0), "nuclear_power_plant": (2, 0, 3, 0, 0, 0),
    "skyscraper": (4, 0, 0, 0, 0, 0), "tank": (4, 0, 0, 3, 0, 0),
    "death_from_above": (2, 0, 0, 0, 0, 0), "vast_storm": (2, 0, 0, 0, 0, 0),
    "frenzy": (0, 0, 0, 0, 0, 0),
    # Origins.
    "barricades": (0, 0, 0, 0, 0, 3), "ice_cream_truck": (1, 0, 2, 0, 0, 0),
    "supertower": (5, 0, 0, 0, 0, 0),
}


def card_value(state: GameState, seat: int, key: str) -> float:
    """What owning (or playing) the card ``key`` is worth to ``seat`` now."""
    if CARDS[key].kind == "discard":
        return instant_value(state, seat, key)
    return keep_value(state, seat, key)


def net_value(state: GameState, seat: int, key: str) -> float:
    """The card's value less the energy it costs ``seat``."""
    return card_value(state, seat, key) - card_cost(state, seat, key) * view.SPEND


def instant_value(state: GameState, seat: int, key: str) -> float:
    vp, energy, healed, lost, others_lose, others_vp = INSTANT.get(key, (0, 0, 0, 0, 0, 0))
    me = state.monsters[seat]
    if lost >= me.hearts:
        return -view.kill_value_of_self(state, seat)
    value = view.vp_value(state, seat, vp) + energy * view.ENERGY
    value += view.heart_worth(me.hearts, healed, max_hearts(state, seat))
    value -= view.heart_worth(me.hearts - lost, lost, me.hearts)
    for other in view.others(state, seat):
        value += view.damage_value(state, seat, other, others_lose)
        taken = min(others_vp, state.monsters[other].vp)
        value += taken * view.enemy_weight(state, seat, other)
    return value + _instant_extra(state, seat, key)


def _instant_extra(state: GameState, seat: int, key: str) -> float:
    """The parts of discard cards beyond plain amounts."""
    if key == "frenzy":
        return 5.0
    if key == "vast_storm":
        return sum(state.monsters[o].energy // 2 * view.ENERGY * view.enemy_weight(state, seat, o)
                   for o in view.others(state, seat))
    if key == "death_from_above" and not state.in_tokyo(seat):
        return view.tokyo_value(state, seat, state.monsters[seat].hearts)
    return 0.0


def keep_value(state: GameState, seat: int, key: str) -> float:
    """A Keep card over the rest of the game, in this situation."""
    if key == "mimic":
        return max((keep_value(state, seat, k) for k in copy_targets(state)), default=0.5)
    value = KEEP.get(key, 1.5) * view.progress(state) + _keep_adjustment(state, seat, key)
    return max(0.0, value)


def _keep_adjustment(state: GameState, seat: int, key: str) -> float:
    me = state.monsters[seat]
    duel = view.is_duel(state)
    if key == "even_bigger":
        return view.heart_worth(me.hearts, 2, 12)
    if key in ("nova_breath", "eater_of_the_dead", "psychic_probe") and duel:
        return -2.0
    if key == "it_has_a_child" and me.vp >= 10:
        return -2.0
    if key == "rooting_for_the_underdog":
        lowest = min((state.monsters[o].vp for o in view.others(state, seat)), default=0)
        return 1.0 if me.vp < lowest else -0.5
    if key == "battery_monster":
        return 0.8 if state.options.edition == "2016" else 0.0
    if key == "alien_origin" and me.energy >= 6:
        return 0.5
    return 0.0


def copy_targets(state: GameState) -> list[str]:
    """The keys of the Keep cards a Mimic could copy now."""
    return [card.key for monster in state.monsters if monster.alive
            for card in monster.cards if card.key != "mimic"]


def uid_key(state: GameState, uid: int) -> str | None:
    """The key of a card in play (owned or face up) by its uid."""
    found = find_card(state, uid)
    if found is not None:
        return found[1].key
    return next((c.key for c in state.face_up if c.uid == uid), None)


def saving_target(state: GameState, seat: int) -> float:
    """The net value of the best face-up card ``seat`` cannot afford yet but nearly can:
    worth saving for rather than spending on something worse."""
    energy = state.monsters[seat].energy
    best = 0.0
    for card in state.face_up:
        cost = card_cost(state, seat, card.key)
        if energy < cost <= energy + 3:
            best = max(best, net_value(state, seat, card.key))
    return best
