"""The heuristic player (engine.ai): its answers are legal in every situation the engine can
reach, it answers every card question of the deck, it beats the random player, and it is
deterministic without reading hidden information."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

from msgspec.structs import replace

from engine import (
    Action,
    Card,
    Choose,
    Decision,
    Edition,
    GameState,
    Options,
    PickCard,
    RandomPlayer,
    Roll,
    StopRolling,
    UseCard,
    apply,
    create_game,
)
from engine.actions import Choice
from engine.ai import HeuristicPlayer
from engine.ai.heuristic import card_key
from engine.core import POWERS, Ctx, Power
from engine.state import Loss

CARDS_DIR = Path(__file__).parent.parent / "engine" / "cards"

# Questions a card module can name but never asks: Herd Culler's face is always a 1.
NEVER_ASKED = {"herd_culler_face"}

# Cards that ask questions or add options to the roll, react and buy questions.
QUESTION_CARDS = (
    "mimic", "healing_ray", "metamorph", "battery_monster", "plot_twist", "stretchy",
    "herd_culler", "freeze_time", "psychic_probe", "made_in_a_lab", "opportunist",
    "background_dweller", "energy_drink", "parasitic_tentacles", "wings", "rapid_healing",
    "smoke_cloud", "extra_head", "gourmet", "even_bigger",
)


def card_questions() -> set[str]:
    """Every question name the card modules pass to ``ask`` (a literal, a module constant,
    the card's key, or an f-string of it)."""
    names: set[str] = set()
    for path in sorted(CARDS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                     for t in node.targets if isinstance(t, ast.Name)
                     and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}
        keys = [stmt.value.value for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef)
                for stmt in cls.body if isinstance(stmt, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "key" for t in stmt.targets)
                and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)]
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
                continue
            if call.func.attr == "ask" and len(call.args) >= 4:
                names |= _resolve(call.args[3], constants, keys, path)
            elif call.func.attr == "ask_choice":
                for keyword in call.keywords:
                    if keyword.arg == "question":
                        names |= _resolve(keyword.value, constants, keys, path)
    return names


def _resolve(node: ast.expr, constants: dict[str, str], keys: list[str], path: Path) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Name) and node.id in constants:
        return {constants[node.id]}
    if isinstance(node, ast.Attribute) and node.attr == "key":
        return set(keys)
    if isinstance(node, ast.JoinedStr):
        parts = [v.value if isinstance(v, ast.Constant) else None for v in node.values]
        return {"".join(key if p is None else str(p) for p in parts) for key in keys}
    raise AssertionError(f"{path.name}: a question name the test cannot read")


def never_met(met: set[str]) -> list[str]:
    """The card questions of the deck that games never asked the heuristic player."""
    return sorted(card_questions() - met - NEVER_ASKED)


def is_option(decision: Decision, action: Action) -> bool:
    if decision.kind == "roll":
        return isinstance(action, Roll | StopRolling) or action in decision.options
    return action in decision.options


def used_card(state: GameState, decision: Decision, action: Action) -> str | None:
    """The card an answer to a roll, react or buy question uses, as "kind:card"."""
    uid = None
    if isinstance(action, Choose) and isinstance(action.choice, UseCard):
        uid = action.choice.uid
    elif isinstance(action, Roll):
        uid = action.card
    elif isinstance(action, Choose) and isinstance(action.choice, PickCard):
        return f"{decision.kind}:another monster's card"
    return None if uid is None else f"{decision.kind}:{card_key(state, uid)}"


def play(state: GameState, players: dict[int, HeuristicPlayer | RandomPlayer],
         met: Counter[str], shopper: RandomPlayer | None = None) -> GameState:
    """Play to the end; ``players`` by seat, the heuristic where none is given (a
    ``shopper`` answers the heuristic's buy questions, to get many cards into play).
    ``met`` counts the card questions the heuristic answered and the cards it used."""
    heuristic = HeuristicPlayer(state.seed)
    decisions = 0
    while not state.over:
        decision = state.pending[0]
        player = players.get(decision.seat, heuristic)
        action = player.answer(state, decision)
        if isinstance(player, HeuristicPlayer):
            assert is_option(decision, action), (decision, action)
            if decision.kind == "card":
                met[decision.question] += 1
            elif (used := used_card(state, decision, action)) is not None:
                met[used] += 1
        if shopper is not None and decision.kind == "buy":
            action = shopper.answer(state, decision)
        state, _ = apply(state, decision.seat, action)  # raises if illegal
        decisions += 1
        assert decisions < 20_000, "the game does not end"
    return state


def test_heuristic_answers_are_legal_in_seeded_games() -> None:
    met: Counter[str] = Counter()
    for seed in range(70):
        monsters = 2 + seed % 5
        edition: Edition = "2016" if seed % 2 else "2011"
        state, _ = create_game(Options(edition=edition), seed, monsters)
        # One game in three seats random players in every other seat.
        randoms: dict[int, HeuristicPlayer | RandomPlayer] = {}
        if seed % 3 == 0:
            randoms = {s: RandomPlayer(seed + s) for s in range(1, monsters, 2)}
        assert play(state, randoms, met).over
    # The full deck asks its questions rarely: a good share of them is met all the same.
    questions = card_questions() - NEVER_ASKED
    assert len(set(met) & questions) >= len(questions) // 2, never_met(set(met))


def deal(state: GameState, rnd: random.Random) -> GameState:
    """Every monster starts with a few question-asking cards, taken from the deck (each
    card stays unique), and energy to use them."""
    deck = list(state.deck)
    monsters = []
    uid = state.next_uid
    for monster in state.monsters:
        cards = []
        left = [k for k in QUESTION_CARDS if k in deck]
        for key in rnd.sample(left, min(3, len(left))):
            deck.remove(key)
            tokens = 3 if key == "smoke_cloud" else 4 if key == "battery_monster" else 0
            cards.append(Card(uid=uid, key=key, tokens=tokens))
            uid += 1
        monsters.append(replace(monster, cards=tuple(cards), energy=rnd.randrange(4, 15)))
    return replace(state, monsters=tuple(monsters), next_uid=uid, deck=tuple(deck))


def test_every_card_question_is_answered_when_those_cards_are_in_play() -> None:
    met: Counter[str] = Counter()
    for seed in range(48):
        rnd = random.Random(seed)
        monsters = 2 + seed % 5
        edition: Edition = "2016" if seed % 2 else "2011"
        options = Options(edition=edition, cards=QUESTION_CARDS)
        state, _ = create_game(options, seed, monsters)
        state = deal(state, rnd)
        assert play(state, {}, met, shopper=RandomPlayer(seed)).over
    assert never_met(set(met)) == []
    # The cards that add options to the rules' questions were used too.
    assert {
        "roll:background_dweller", "roll:energy_drink", "roll:smoke_cloud", "roll:stretchy",
        "roll:plot_twist", "roll:herd_culler", "react:wings", "react:rapid_healing",
        "buy:rapid_healing", "buy:made_in_a_lab", "buy:another monster's card",
    } <= set(met)


# Each way a card raises a decision or adds options to one (its rules hook), and the AI hooks
# (engine.card_ai), one of which answers it.
AI_ANSWERS: dict[str, tuple[str, ...]] = {
    "answer": ("ai_answer",),  # the card's own questions
    "roll_use_available": ("ai_die_change", "ai_use_on_roll"),  # dice tools
    "extra_roll_available": ("ai_extra_roll_cost",),
    "reaction_available": ("ai_react",),
    "buy_step_available": ("ai_buy_step_use",),
    "buy_offers": ("ai_offer_value",),
}


def unanswered(powers: dict[str, Power]) -> list[str]:
    """The cards that raise a decision (or add options to one) with no AI hook to answer."""
    def overrides(power: Power, hook: str) -> bool:
        return getattr(type(power), hook) is not getattr(Power, hook)

    return [f"{key}: {rule} without {' or '.join(ais)}" for key, power in sorted(powers.items())
            for rule, ais in AI_ANSWERS.items()
            if overrides(power, rule) and not any(overrides(power, ai) for ai in ais)]


def test_every_card_that_raises_a_decision_has_an_ai_answer() -> None:
    assert unanswered(POWERS) == []
    asking = {key for key, power in POWERS.items() if type(power).answer is not Power.answer}
    assert {"psychic_probe", "mimic", "made_in_a_lab", "battery_monster"} <= asking


def test_a_card_question_without_an_ai_answer_is_found() -> None:
    class Unanswered(Power):
        key = "unanswered"

        def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
            """Asks a question the AI has no answer for."""

    class Reacting(Power):
        key = "reacting"

        def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
            return True

    assert unanswered({"unanswered": Unanswered(), "reacting": Reacting()}) == [
        "reacting: reaction_available without ai_react",
        "unanswered: answer without ai_answer",
    ]


def test_the_heuristic_beats_the_random_player_in_duels() -> None:
    """40 two-monster games, both editions, each player first in half of them."""
    wins = 0
    games = 40
    for game in range(games):
        seed = 500 + game
        edition: Edition = "2016" if game % 4 < 2 else "2011"
        state, _ = create_game(Options(edition=edition), seed, 2)
        heuristic_seat = game % 2
        state = play(state, {1 - heuristic_seat: RandomPlayer(seed)}, Counter())
        wins += heuristic_seat in state.winners
    assert wins >= 0.85 * games


def sample_states(count: int) -> list[GameState]:
    """States met along a few mixed games, every decision kind among them."""
    states: list[GameState] = []
    for seed in range(count):
        state, _ = create_game(Options(edition="2016" if seed % 2 else "2011"), seed,
                               2 + seed % 5)
        state = deal(state, random.Random(seed)) if seed % 2 else state
        player = HeuristicPlayer(seed)
        shopper = RandomPlayer(seed)
        while not state.over:
            states.append(state)
            decision = state.pending[0]
            answering = shopper if decision.kind == "buy" and seed % 3 == 0 else player
            state, _ = apply(state, decision.seat, answering.answer(state, decision))
    return states


def test_same_state_same_answer() -> None:
    for state in sample_states(6)[::3]:
        first = HeuristicPlayer(3).choose(state)
        assert HeuristicPlayer(3).choose(state) == first
        assert HeuristicPlayer(3).answer(state, state.pending[0]) == first[1]


def test_hidden_information_is_not_read() -> None:
    """Another deck order (beyond the face-up cards), seed or generator counter gives the
    same answers; only Made in a Lab's question may read the top card."""
    rnd = random.Random(1)
    for state in sample_states(6)[::2]:
        decision = state.pending[0]
        if decision.question == "lab":
            continue
        deck = list(state.deck)
        rnd.shuffle(deck)
        other = replace(state, deck=tuple(deck), seed=rnd.getrandbits(64), rng=rnd.randrange(99))
        assert HeuristicPlayer(5).answer(other, decision) == HeuristicPlayer(5).answer(
            state, decision)


def test_choices_name_the_decision() -> None:
    state, _ = create_game(Options(), 4, 3)
    seat, action = HeuristicPlayer().choose(state)
    assert seat == state.pending[0].seat and action.decision == state.pending[0].id
    assert not isinstance(action, Choose) or action in state.pending[0].options
