"""The expectations on the state after a step (``expect.monster``, ``expect.city``...)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import effective_key
from engine.rules import max_hearts
from engine.state import GameState
from tools.scenario.actions import options_text
from tools.scenario.common import ScenarioError, card_key, evolution_key


def check_state(state: GameState, log: list[str], expect: dict[str, Any],
                names: list[str]) -> list[str]:
    problems: list[str] = []

    def compare(what: str, wanted: Any, actual: Any) -> None:
        if wanted != actual:
            problems.append(f"{what}: expected {wanted!r}, got {actual!r}")

    for name, fields in expect.get("monster", {}).items():
        if name not in names:
            raise ScenarioError(f"expect.monster: no monster named {name!r}")
        seat = names.index(name)
        monster = state.monsters[seat]
        for key, wanted in fields.items():
            if key == "cards":
                actual: Any = sorted(c.key for c in monster.cards)
                wanted = sorted(card_key(w, "expect cards") for w in wanted)
            elif key == "place":
                actual = state.place_of(seat) or "outside"
            elif key == "max_hearts":
                actual = max_hearts(state, seat)
            elif key == "mimic":
                mimics = [c for c in monster.cards if c.key == "mimic"]
                actual = effective_key(state, mimics[0]) if mimics else None
                wanted = None if wanted == "" else card_key(wanted, "expect mimic")
                actual = None if actual == "mimic" else actual
            elif key == "tokens":
                actual = {c.key: c.tokens for c in monster.cards if c.tokens}
                wanted = {card_key(k, "expect tokens"): v for k, v in wanted.items()}
            elif key in ("hand", "evolutions"):   # (Power Up!) in any order
                held = (monster.evolution_hand if key == "hand"
                        else [c.key for c in monster.evolutions])
                actual = sorted(held)
                wanted = sorted(evolution_key(w, f"expect {key}") for w in wanted)
            elif key == "hand_size":
                actual = len(monster.evolution_hand)
            elif key in ("evolution_pile", "evolution_discard"):   # in order
                actual = list(getattr(monster, key))
                wanted = [evolution_key(w, f"expect {key}") for w in wanted]
            else:   # hearts, vp, energy, poison, shrink, alive (the file's shape is checked)
                actual = getattr(monster, key)
            compare(f"{name}.{key}", wanted, actual)
    for place in ("city", "bay"):
        if place in expect:
            seat = getattr(state, place)
            compare(place, expect[place], "" if seat is None else names[seat])
    if "bay_open" in expect:
        compare("bay_open", expect["bay_open"], state.bay_open)
    if "over" in expect:
        compare("over", expect["over"], state.over)
    if "winners" in expect:
        compare("winners", expect["winners"], [names[s] for s in state.winners])
    turn = state.turn   # None only before the first turn: every turn check then fails
    if "dice" in expect:
        compare("dice", list(expect["dice"]), None if turn is None else list(turn.dice))
    if "rolls_left" in expect:
        compare("rolls_left", expect["rolls_left"], None if turn is None else turn.rolls_left)
    if "turn" in expect:
        compare("turn", expect["turn"], None if turn is None else names[turn.seat])
    if "face_up" in expect:
        compare("face_up", [card_key(k, "face_up") for k in expect["face_up"]],
                [c.key for c in state.face_up])
    if "deck_size" in expect:
        compare("deck_size", expect["deck_size"], len(state.deck))
    if "deck_top" in expect:
        top = [card_key(k, "expect.deck_top") for k in expect["deck_top"]]
        compare("deck_top", top, list(state.deck[:len(top)]))
    if "discard" in expect:
        compare("discard", [card_key(k, "expect.discard") for k in expect["discard"]],
                list(state.discard))
    if "deck_counts" in expect:
        problems.extend(_deck_count_problems(state, expect["deck_counts"],
                                             exact=expect.get("deck_counts_exact", False)))
    if "asks" in expect:
        # A card's question is named by the card ("probe", "mimic"...).
        actual_asks = [f"{names[d.seat]} {d.question or d.kind}" for d in state.pending]
        compare("asks", list(expect["asks"]), actual_asks)
    if "choices" in expect:
        actual_choices = options_text(state, state.pending[0]) if state.pending else []
        compare("choices", list(expect["choices"]), actual_choices)
    for line in expect.get("events", []):
        if not any(line in said for said in log):
            problems.append(f"events: no event says {line!r}; events were: {log}")
    for line in expect.get("no_events", []):
        hits = [said for said in log if line in said]
        if hits:
            problems.append(f"no_events: {line!r} happened: {hits}")
    return problems


def cards_in_game(state: GameState) -> Counter[str]:
    """How many of each card the game holds: in the deck, face up, in the discard pile and
    owned by the monsters (eliminated ones too). With [deal], at the start, this is the deck
    the game dealt; cards then move between these places."""
    return Counter([*state.deck, *(card.key for card in state.face_up), *state.discard,
                    *(card.key for monster in state.monsters for card in monster.cards)])


def _deck_count_problems(state: GameState, wanted_by_name: dict[str, int], *,
                         exact: bool) -> list[str]:
    """``expect.deck_counts``: each card listed is in the game that many times (0: not at
    all); with ``deck_counts_exact``, no card that is not listed is in the game."""
    wanted: dict[str, int] = {}
    for name, count in wanted_by_name.items():
        key = card_key(name, "expect.deck_counts")
        if key in wanted:
            raise ScenarioError(f"expect.deck_counts: {name!r} is listed twice")
        wanted[key] = count
    actual = cards_in_game(state)
    problems = [f"deck_counts: {key}: expected {count}, got {actual[key]}"
                for key, count in wanted.items() if actual[key] != count]
    if exact:
        problems.extend(f"deck_counts: {key}: not listed (deck_counts_exact), got {count}"
                        for key, count in actual.items() if key not in wanted)
    return problems
