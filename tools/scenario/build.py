"""The starting state of a scenario: its monsters, Tokyo, the cards and the first turn."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from bot.i18n import ENGLISH, say
from engine import steps as st
from engine.card_table import CARD_RULES
from engine.cards.decks import MIXES, game_deck, playable
from engine.core import POWERS, IllegalAction
from engine.events import Event
from engine.evolution import implemented_evolutions
from engine.evolution_table import deck_of
from engine.rules import advance, begin, check_setup, create_game
from engine.state import (
    BAY_MIN_MONSTERS,
    GAME_TYPES,
    MAX_MONSTERS,
    MIN_MONSTERS,
    SCHEMA_VERSION,
    Card,
    GameState,
    Monster,
    Options,
    Turn,
)
from tools.scenario.common import ScenarioError, card_key, evolution_key, faces

ROLL_OFF = "roll off"


class SetupRefused(Exception):
    """The engine refuses the scenario's setup (its message says why)."""


class _Dealt:
    """The whole deck of the game, dealt as a new game deals it (``[deal]``): the options a
    lobby hands the engine for this mix of Origins' cards (bot.table.model.Lobby.options), and the
    cards in the order engine.rules.create_game deals them, the face-up ones first. The
    scenario's cards (monsters', face-up, deck top, discard) are taken from these."""

    def __init__(self, data: dict[str, Any], options: Options, names: list[str]) -> None:
        deal = data["deal"]
        self.mix = deal.get("mix", "none")
        if self.mix not in MIXES:
            raise ScenarioError(f"deal.mix: unknown mix {self.mix!r} (use one of {MIXES})")
        picked = [card_key(name, "deal.picked") for name in deal.get("picked", [])]
        try:
            deck = playable(game_deck(options.game, self.mix, picked))
        except ValueError as refusal:   # a mix the engine does not deal
            raise SetupRefused(str(refusal)) from None
        if self.mix != "none":
            options = replace(options, cards=tuple(key for key, _ in deck),
                              copies=tuple(copies for _, copies in deck))
        try:
            game, _ = create_game(options, int(data.get("seed", 1)), names)
        except IllegalAction as refusal:
            raise SetupRefused(say(ENGLISH, refusal.phrase)) from None
        self.options = game.options
        self.face_up = [card.key for card in game.face_up]
        self.rest = [*self.face_up, *game.deck]

    def take(self, key: str, where: str) -> None:
        """Take one copy of ``key`` out of the cards left to place."""
        if key not in self.rest:
            raise ScenarioError(f"{where}: no {key} left in the deck dealt (mix {self.mix!r}): "
                                "with [deal], the scenario's cards come from it")
        self.rest.remove(key)


class Builder:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.uid = 1
        self.names: list[str] = [m["name"] for m in data.get("monster", [])]
        if not MIN_MONSTERS <= len(self.names) <= MAX_MONSTERS:
            raise ScenarioError(f"a scenario needs {MIN_MONSTERS} to {MAX_MONSTERS} "
                                "[[monster]] tables")

    def seat(self, name: str, where: str) -> int:
        if name not in self.names:
            raise ScenarioError(f"{where}: no monster named {name!r}")
        return self.names.index(name)

    def card(self, spec: str) -> tuple[Card, str | None]:
        """"Smoke Cloud", "smoke_cloud:2" (with 2 tokens), "mimic>jets" (copying Jets)."""
        copies = None
        if ">" in spec:
            spec, copies = spec.split(">", 1)
        name, _, tokens = spec.partition(":")
        card = Card(uid=self.uid, key=card_key(name.strip(), "cards"),
                    tokens=int(tokens) if tokens else 0)
        self.uid += 1
        return card, copies

    def build(self) -> GameState:
        """The starting state; SetupRefused when the engine refuses this setup."""
        data = self.data
        setup = data.get("setup", {})
        game = data.get("game", "kot")
        if game not in GAME_TYPES:
            raise ScenarioError(f"unknown game {game!r} (use one of {GAME_TYPES})")
        options = Options(game=game, edition=data.get("edition", "2016"),
                          two_player_variant=data.get("two_player_variant"),
                          last_standing_at_once=data.get("last_standing_at_once"),
                          attack_needs_damage=data.get("attack_needs_damage"),
                          power_up=bool(data.get("power_up", False)))
        # The cards' rule options (even_bigger_loss_knocks_out...).
        options = replace(options, **{rule: data.get(rule) for rule in CARD_RULES})
        dealt = _Dealt(data, options, self.names) if "deal" in data else None
        if dealt is not None:
            options = dealt.options
        monsters: list[Monster] = []
        mimic_wants: list[tuple[int, Card, str]] = []
        for seat, raw in enumerate(data["monster"]):
            cards = []
            for spec in raw.get("cards", []):
                card, copies = self.card(spec)
                if dealt is not None:
                    dealt.take(card.key, f"monster {raw['name']}: cards")
                if ":" not in spec:
                    card = replace(card, tokens=starting_tokens(card.key))
                cards.append(card)
                if copies is not None:
                    mimic_wants.append((seat, card, copies))
            monster = Monster(
                name=raw["name"],
                hearts=raw.get("hearts", 10),
                vp=raw.get("vp", 0),
                energy=raw.get("energy", 0),
                poison=raw.get("poison", 0),
                shrink=raw.get("shrink", 0),
                alive=raw.get("alive", True),
                cards=tuple(cards),
            )
            monsters.append(self.evolutions(monster, raw, options.power_up))
        all_cards = [c for m in monsters for c in m.cards]
        for seat, mimic, wanted in mimic_wants:
            key = card_key(wanted, "mimic target")
            target = next((c for c in all_cards if c.key == key), None)
            if target is None:
                raise ScenarioError(f"mimic target {wanted!r} is not in play")
            copied = tuple(replace(c, copies=target.uid) if c.uid == mimic.uid else c
                           for c in monsters[seat].cards)
            monsters[seat] = replace(monsters[seat], cards=copied)
        face_up_keys = [card_key(name, "setup.face_up") for name in setup.get("face_up", [])]
        deck = [card_key(name, "setup.deck") for name in setup.get("deck", [])]
        discard = [card_key(name, "setup.discard") for name in setup.get("discard", [])]
        if dealt is not None:
            for place, keys in (("face_up", face_up_keys), ("deck", deck),
                                ("discard", discard)):
                for key in keys:
                    dealt.take(key, f"setup.{place}")
            if "face_up" not in setup:
                face_up_keys = dealt.rest[:len(dealt.face_up)]
                dealt.rest = dealt.rest[len(face_up_keys):]
            deck += dealt.rest
        face_up = []
        for key in face_up_keys:
            face_up.append(Card(uid=self.uid, key=key))
            self.uid += 1
        options = options.resolved(len(monsters))
        bay = self.seat(setup["bay"], "setup.bay") if setup.get("bay") else None
        has_bay = options.rules().has_bay and len(monsters) >= BAY_MIN_MONSTERS
        bay_open = bool(setup.get("bay_open", has_bay))
        try:
            check_setup(options, tuple(self.names), bay_open=bay_open or bay is not None)
        except IllegalAction as refusal:
            raise SetupRefused(say(ENGLISH, refusal.phrase)) from None
        # "roll off": the rulebook's roll for the first player decides whose turn starts.
        turn_name = setup.get("turn", self.names[0])
        turn_seat = None if turn_name == ROLL_OFF else self.seat(turn_name, "setup.turn")
        first_steps: tuple[st.Step, ...] = (st.StartTurn(),)
        if setup.get("starting_evolutions", False):
            if not options.power_up:
                raise ScenarioError("setup.starting_evolutions: only with power_up = true")
            first_steps = (st.StartingEvolutions(), *first_steps)
        state = GameState(
            schema=SCHEMA_VERSION,
            options=options,
            seed=int(data.get("seed", 1)),
            monsters=tuple(monsters),
            city=self.seat(setup["city"], "setup.city") if setup.get("city") else None,
            bay=bay,
            bay_open=bay_open,
            deck=tuple(deck),
            discard=tuple(discard),
            face_up=tuple(face_up),
            turn=None if turn_seat is None else Turn(
                seat=turn_seat, number=int(setup.get("turn_number", 1)), order_seat=turn_seat),
            steps=() if turn_seat is None else first_steps,
            forced_dice=faces(setup.get("dice", []), "setup.dice"),
            next_uid=self.uid,
        )
        return state

    def evolutions(self, monster: Monster, raw: dict[str, Any], power_up: bool) -> Monster:
        """(Power Up!) The monster's Evolutions as the scenario names them: its hand, those
        face up (``key:N`` with N tokens), its pile (exactly the ones named; when it names
        none, the rest of its own deck in the table's order: ``engine.evolution_table``) and
        its discard pile."""
        named = {key: [evolution_key(name.split(":")[0], f"monster {monster.name}: {key}")
                       for name in raw.get(key, [])]
                 for key in ("hand", "evolutions", "evolution_pile", "evolution_discard")}
        if not power_up:
            if any(named.values()):
                raise ScenarioError(f"monster {monster.name}: Evolutions need power_up = true")
            return monster
        missing = [key for keys in named.values() for key in keys
                   if key not in implemented_evolutions()]
        if missing:
            raise ScenarioError(f"monster {monster.name}: Evolutions not implemented yet: "
                                f"{', '.join(missing)}")
        face_up = []
        for spec, key in zip(raw.get("evolutions", []), named["evolutions"], strict=True):
            tokens = spec.partition(":")[2]
            face_up.append(Card(uid=self.uid, key=key, tokens=int(tokens) if tokens else 0))
            self.uid += 1
        pile = named["evolution_pile"]
        if "evolution_pile" not in raw:
            placed = {key for keys in named.values() for key in keys}
            pile = [key for key in deck_of(monster.name)
                    if key in implemented_evolutions() and key not in placed]
        return replace(monster, evolution_hand=tuple(named["hand"]),
                       evolutions=tuple(face_up), evolution_pile=tuple(pile),
                       evolution_discard=tuple(named["evolution_discard"]))

    def start(self) -> tuple[GameState, list[Event]]:
        """The starting state played up to its first question, the roll for the first
        player first when the scenario asks for it."""
        try:
            state = self.build()
        except SetupRefused as refusal:
            raise ScenarioError(f"the engine refuses this setup: {refusal}") from None
        return begin(state) if state.turn is None else advance(state)


def starting_tokens(key: str) -> int:
    power = POWERS.get(key)
    return power.starting_tokens if power is not None else 0

