"""Power Up!'s Evolutions that buy, sweep, copy and force yields (Adapting Technology,
Superior Alien Technology, Miraculous Catch, Icy Reflection, Chest Thumping): stored games
stay readable, and the heuristic plays them in whole games, every word of them said in both
languages within a button's room. Their rules are pinned by scenarios
(scenarios/power_up/)."""

from __future__ import annotations

from collections import Counter

import msgspec
from msgspec.structs import replace

from bot import i18n
from engine import (
    Action,
    Choose,
    Decision,
    Edition,
    GameState,
    Options,
    Phrase,
    PickCard,
    UseCard,
    apply,
    card_status,
    create_game,
    decode_state,
    encode_state,
    narrate,
    option_label,
    private_option_label,
    prompt,
    tokens_label,
)
from engine.actions import PlayEvolution
from engine.ai import HeuristicPlayer
from engine.ai.heuristic import card_key
from engine.state import SCHEMA_VERSION
from tools.invariants import check_invariants


def test_a_power_up_game_stored_by_schema_7_reads_with_no_ufo_token() -> None:
    """Schema 8 adds ``Card.ufo_token``; a schema 7 game has none and reads as it was."""
    state, _ = create_game(Options(power_up=True), 3, ["Alienoid", "Space Penguin", "The King"])
    raw = msgspec.json.decode(encode_state(state))
    raw["schema"] = 7
    read = decode_state(msgspec.json.encode(raw))
    assert read == state and read.schema == SCHEMA_VERSION == 8
    assert not any(card.ufo_token for m in read.monsters for card in (*m.cards, *m.evolutions))


# The Evolutions of this file, and the monsters whose decks hold them.
KEYS = ("adapting_technology", "superior_alien_technology", "miraculous_catch",
        "icy_reflection", "chest_thumping")
MONSTERS = ["Alienoid", "Space Penguin", "The King", "Cyber Bunny"]
# Discord's room for a button's label, less "Space Penguin: " when several are asked at once.
LABEL_ROOM = 80 - len("Space Penguin: ")


def _holding_them(state: GameState) -> GameState:
    """The game once the first Evolutions are kept, each monster holding those of ``KEYS``
    its deck has (taken from its pile or discard pile) and 8 energy to use them."""
    while state.pending and state.pending[0].question == "first_evolution":
        decision = state.pending[0]
        state, _ = apply(state, decision.seat, decision.default)
    monsters = []
    for monster in state.monsters:
        mine = [key for key in (*monster.evolution_pile, *monster.evolution_discard)
                if key in KEYS]
        monsters.append(replace(
            monster, energy=8, evolution_hand=(*monster.evolution_hand, *mine),
            evolution_pile=tuple(k for k in monster.evolution_pile if k not in mine),
            evolution_discard=tuple(k for k in monster.evolution_discard if k not in mine)))
    return replace(state, monsters=tuple(monsters))


def _said(phrase: Phrase | None, room: int | None = None) -> None:
    """Said in both languages, strictly (and within ``room`` characters when given)."""
    if phrase is None:
        return
    for language in ("en", "es"):
        told = i18n.say(language, phrase)
        assert told and "{" not in told, (language, phrase, told)
        assert room is None or len(told) <= room, (language, told)


def _met(state: GameState, decision: Decision, action: Action) -> str | None:
    """What of these Evolutions an answer plays, uses or answers, if anything."""
    choice = action.choice if isinstance(action, Choose) else None
    if isinstance(choice, PlayEvolution) and choice.key in KEYS:
        return f"play:{choice.key}"
    if decision.kind == "card" and decision.power in KEYS:
        return f"answer:{decision.power}"
    if decision.kind == "buy" and isinstance(choice, UseCard):
        key = card_key(state, choice.uid)
        return f"use:{key}" if key in KEYS else None
    if decision.kind == "buy" and isinstance(choice, PickCard) and any(
            card.uid == choice.uid for card in state.face_up):
        return "half price"
    return None


def test_the_heuristic_plays_these_evolutions_and_every_word_of_them_is_said() -> None:
    met: Counter[str] = Counter()
    for seed in range(16):
        edition: Edition = "2016" if seed % 2 else "2011"
        state, _ = create_game(Options(edition=edition, power_up=True), seed, MONSTERS)
        state = _holding_them(state)
        player = HeuristicPlayer(seed)
        while not state.over:
            for index, decision in enumerate(state.pending):
                _said(prompt(state, index))
                for option in decision.options:
                    _said(option_label(state, option), LABEL_ROOM)
                    _said(private_option_label(state, option), LABEL_ROOM)
            for monster in state.monsters:
                for card in (*monster.cards, *monster.evolutions):
                    _said(card_status(state, card))
                    _said(tokens_label(state, card))
            decision = state.pending[0]
            action = player.answer(state, decision)
            if (used := _met(state, decision, action)) is not None:
                met[used] += 1
            state, happened = apply(state, decision.seat, action)
            check_invariants(state)
            for event in happened:
                _said(narrate(state, event))
    wanted = {*(f"play:{key}" for key in KEYS), "use:adapting_technology", "half price",
              "use:miraculous_catch", "answer:miraculous_catch", "answer:icy_reflection",
              "answer:chest_thumping"}
    assert wanted <= set(met), sorted(wanted - set(met))
