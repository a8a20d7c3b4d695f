"""Hand-built game states that show every part of the board: for the sample pictures, the
bench, the board's palette (``python -m tools.render``) and the renderer's tests."""

from __future__ import annotations

from engine import (
    Buy,
    Card,
    Decision,
    EndBuying,
    GameState,
    Monster,
    Options,
    Roll,
    Stay,
    StopRolling,
    Sweep,
    Turn,
    Yield,
)
from engine.state import SCHEMA_VERSION

# A plausible deck of card keys still to draw (the renderer only counts it).
_DECK = (
    "acid_attack", "apartment_building", "burrowing", "camouflage", "commuter_train",
    "corner_store", "energize", "evacuation_orders", "fire_breathing", "frenzy", "gas_refinery",
    "giant_brain", "heal", "herbivore", "jet_fighters", "national_guard", "nova_breath",
    "opportunist", "regeneration", "skyscraper", "solar_powered", "tank", "vast_storm", "wings",
)
_FACE_UP = (
    Card(uid=101, key="energize"),
    Card(uid=102, key="rooting_for_the_underdog"),
    Card(uid=103, key="jets"),
)


def _roll_decision(seat: int) -> Decision:
    return Decision(
        id=7, seat=seat, kind="roll", options=(Roll(decision=7), StopRolling(decision=7)),
        default=StopRolling(decision=7),
    )


def _yield_decision(decision_id: int, seat: int, amount: int) -> Decision:
    return Decision(
        id=decision_id, seat=seat, kind="yield",
        options=(Stay(decision=decision_id), Yield(decision=decision_id)),
        default=Stay(decision=decision_id), amount=amount,
    )


def two_monsters() -> GameState:
    return GameState(
        schema=SCHEMA_VERSION, options=Options(), seed=1,
        monsters=(
            Monster(name="The King", hearts=8, vp=5, energy=3),
            Monster(name="Gigazaur", hearts=10, vp=2, energy=6,
                    cards=(Card(uid=1, key="friend_of_children"),)),
        ),
        city=0, deck=_DECK, face_up=_FACE_UP,
        turn=Turn(seat=1, number=4, dice=("smash", "smash", "heart", "3", "energy", "1"),
                  rolls_left=2),
        pending=(_roll_decision(1),),
    )


def four_monsters() -> GameState:
    return GameState(
        schema=SCHEMA_VERSION, options=Options(), seed=2,
        monsters=(
            Monster(name="Alienoid", hearts=6, vp=9, energy=7,
                    cards=(Card(uid=1, key="alien_origin"), Card(uid=2, key="extra_head"))),
            Monster(name="Cyber Kitty", hearts=9, vp=4, energy=2),
            Monster(name="Space Penguin", hearts=3, vp=12, energy=5,
                    cards=(Card(uid=3, key="armor_plating"),)),
            Monster(name="Meka Dragon", hearts=10, vp=7, energy=0),
        ),
        city=2, deck=_DECK[:17], face_up=_FACE_UP,
        turn=Turn(seat=0, number=11,
                  dice=("smash", "energy", "energy", "2", "2", "2", "heart"), green=1,
                  kept=(1, 2, 3, 4, 5), rolls_left=0),
        pending=(Decision(
            id=30, seat=0, kind="buy",
            options=(Buy(decision=30, slot=0), Buy(decision=30, slot=2), Sweep(decision=30),
                     EndBuying(decision=30)),
            default=EndBuying(decision=30),
        ),),
    )


def six_monsters_midgame() -> GameState:
    """Counters of every kind: poison, shrink, smoke, a Mimic, kept and green dice, the Bay."""
    return GameState(
        schema=SCHEMA_VERSION, options=Options(), seed=3,
        monsters=(
            Monster(name="Alienoid", hearts=7, vp=11, energy=4,
                    cards=(Card(uid=1, key="jets"), Card(uid=2, key="smoke_cloud", tokens=2),
                           Card(uid=3, key="camouflage")), poison=1),
            Monster(name="Cyber Kitty", hearts=5, vp=8, energy=9,
                    cards=(Card(uid=4, key="mimic", copies=1),
                           Card(uid=5, key="poison_quills"), Card(uid=6, key="shrink_ray")),
                    shrink=2),
            Monster(name="Gigazaur", hearts=11, vp=14, energy=2,
                    cards=(Card(uid=7, key="even_bigger"), Card(uid=8, key="regeneration"),
                           Card(uid=9, key="wings"), Card(uid=10, key="herbivore"),
                           Card(uid=11, key="giant_brain"), Card(uid=12, key="gourmet"),
                           Card(uid=13, key="urbavore"), Card(uid=16, key="rapid_healing"),
                           Card(uid=17, key="spiked_tail"))),
            Monster(name="Meka Dragon", hearts=2, vp=6, energy=12, poison=2, shrink=1),
            Monster(name="Space Penguin", hearts=0, vp=3, energy=1, alive=False),
            Monster(name="The King", hearts=9, vp=17, energy=5,
                    cards=(Card(uid=14, key="alpha_monster"),
                           Card(uid=15, key="were_only_making_it_stronger"))),
        ),
        city=5, bay=0, bay_open=True, deck=_DECK[:9], face_up=_FACE_UP,
        turn=Turn(seat=2, number=23,
                  dice=("smash", "smash", "heart", "smash", "3", "energy", "smash", "smash"),
                  green=2, kept=(0, 1, 3, 6), rolls_left=1),
        pending=(_yield_decision(41, 5, 4), _yield_decision(42, 0, 4)),
    )


def tokyo_bay() -> GameState:
    return GameState(
        schema=SCHEMA_VERSION, options=Options(), seed=4,
        monsters=(
            Monster(name="Meka Dragon", hearts=8, vp=6, energy=3),
            Monster(name="Gigazaur", hearts=4, vp=9, energy=1,
                    cards=(Card(uid=1, key="fire_breathing"),)),
            Monster(name="The King", hearts=10, vp=2, energy=8),
            Monster(name="Cyber Kitty", hearts=7, vp=5, energy=4),
            Monster(name="Alienoid", hearts=9, vp=4, energy=2,
                    cards=(Card(uid=2, key="solar_powered"),)),
        ),
        city=1, bay=3, bay_open=True, deck=_DECK[:20],
        face_up=(Card(uid=104, key="heal"), Card(uid=105, key="mimic")),
        turn=Turn(seat=4, number=9, dice=("2", "heart", "smash", "energy", "2", "2"),
                  rolls_left=2),
        pending=(_roll_decision(4),),
    )


def bay_closed() -> GameState:
    """Five monsters, one eliminated: the Bay closes when fewer than five are alive."""
    base = tokyo_bay()
    monsters = list(base.monsters)
    monsters[0] = Monster(name="Meka Dragon", hearts=0, vp=6, energy=3, alive=False)
    return GameState(
        schema=SCHEMA_VERSION, options=Options(), seed=5, monsters=tuple(monsters), city=1,
        deck=_DECK[:8], face_up=_FACE_UP,
        turn=Turn(seat=3, number=15, dice=("1", "1", "1", "heart", "heart", "energy"),
                  kept=(0, 1, 2), rolls_left=1),
        pending=(_roll_decision(3),),
    )


def game_over() -> GameState:
    return GameState(
        schema=SCHEMA_VERSION, options=Options(), seed=6,
        monsters=(
            Monster(name="Space Penguin", hearts=4, vp=20, energy=2,
                    cards=(Card(uid=1, key="urbavore"),)),
            Monster(name="The King", hearts=0, vp=15, energy=6, alive=False),
            Monster(name="Cyber Kitty", hearts=6, vp=13, energy=0),
        ),
        city=0, deck=_DECK[:3], face_up=_FACE_UP,
        turn=Turn(seat=0, number=31), over=True, winners=(0,),
    )


def everyone_lost() -> GameState:
    return GameState(
        schema=SCHEMA_VERSION, options=Options(edition="2011"), seed=7,
        monsters=(
            Monster(name="Gigazaur", hearts=0, vp=12, alive=False),
            Monster(name="Alienoid", hearts=0, vp=17, alive=False),
        ),
        deck=_DECK[:5], face_up=_FACE_UP, turn=Turn(seat=1, number=18), over=True,
    )


SAMPLES = {
    "two_monsters": two_monsters,
    "four_monsters": four_monsters,
    "six_monsters_midgame": six_monsters_midgame,
    "tokyo_bay": tokyo_bay,
    "bay_closed": bay_closed,
    "game_over": game_over,
    "everyone_lost": everyone_lost,
}
