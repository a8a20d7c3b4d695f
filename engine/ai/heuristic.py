"""The heuristic player: answers every decision of the engine from the public state, with
hand-made valuations (``view``, ``dice``, ``values``) and no search.

- Dice: every way to keep dice is scored by the expected value of the dice after one more
  roll (``dice.DiceScorer``: points, energy, hearts when outside Tokyo, smashes by the damage
  and the knock-outs they bring); it stops once keeping everything is best, then uses its
  dice tools (Plot Twist, Stretchy, Herd Culler, Background Dweller) if they gain more than
  they cost.
- Tokyo: stay or yield by the chance of being knocked out before the next turn, against
  what staying brings (points, or energy in the 2-player variant) and healing outside.
- Buying: each card's value (``values``) against its cost; saves for a nearly affordable
  better card; sweeps with energy to spare when nothing is worth buying.
- Card questions: ``questions`` (the decision's default for a question it does not know).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from engine.actions import (
    Action,
    Buy,
    Choose,
    EndBuying,
    PickCard,
    PickDiscarded,
    Roll,
    SplitHearts,
    Stay,
    StopRolling,
    Sweep,
    UseCard,
    Yield,
)
from engine.ai import view
from engine.ai.dice import (
    THREE,
    DiceScorer,
    best_change,
    best_keep,
    count,
    encode,
    keep_indices,
    scorer_for,
    unit,
)
from engine.ai.questions import CARD_SOURCES, CARD_TARGETS, answer_card
from engine.ai.values import keep_value, net_value, saving_target, uid_key
from engine.core import card_cost, effective_key, find_card, max_hearts
from engine.rules import option_ready
from engine.state import Decision, DecisionKind, GameState

# What one extra roll given by a card costs (an energy, a smoke token...).
EXTRA_ROLL_COST: dict[str, float] = {"energy_drink": view.ENERGY, "smoke_cloud": 1.0}
# Energy above which sweeping the cards is worth it when nothing is worth buying.
SWEEP_ENERGY = 8


class HeuristicPlayer:
    """Answers the engine's decisions by hand-made rules of thumb; deterministic for a state
    and a seed (the seed only breaks ties between equally good options)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> tuple[int, Action]:
        """Answer the first pending decision: (the seat answering, its action)."""
        decision = state.pending[0]
        return decision.seat, self.answer(state, decision)

    def answer(self, state: GameState, decision: Decision) -> Action:
        """An answer to one pending decision (always one of its options, or a roll)."""
        return _KINDS[decision.kind](state, decision, self.seed)


def card_key(state: GameState, uid: int) -> str | None:
    """The power of a card in play (a Mimic's copied card), by uid."""
    found = find_card(state, uid)
    return effective_key(state, found[1]) if found is not None else None


def _jitter(seed: int, decision: Decision, index: int) -> float:
    """A tiny, repeatable tie-breaker between options."""
    mixed = (seed * 0x9E3779B97F4A7C15 + decision.id * 0xBF58476D1CE4E5B9 + index) % (1 << 61)
    return (mixed % 1000) * 1e-9


def _best(decision: Decision, scores: list[float], seed: int) -> tuple[Action, float]:
    ranked = [(score + _jitter(seed, decision, i), i) for i, score in enumerate(scores)]
    score, index = max(ranked)
    return decision.options[index], score


# --- rolling --------------------------------------------------------------------------


def answer_roll(state: GameState, decision: Decision, seed: int) -> Action:
    turn = state.turn
    assert turn is not None
    scorer = scorer_for(state, decision.seat)
    counts = count(turn.dice)
    now = scorer.value(encode(counts))
    kept, expected = best_keep(scorer, counts)
    gain = expected - now
    rolls = [o for o in decision.options if isinstance(o, Roll)]
    uses = [o for o in decision.options if isinstance(o, Choose) and option_ready(state, o)]
    rolling = _roll_option(state, rolls, gain) if gain > 0.01 + _reroll_cost(state) else None
    dweller = _dweller(state, scorer, uses, kept if rolling else None)
    if dweller is not None:
        return dweller
    if rolling is not None:
        return replace(rolling, keep=keep_indices(turn.dice, kept))
    tool = _dice_tool(state, scorer, counts, uses)
    return tool if tool is not None else StopRolling(decision=decision.id)


def _reroll_cost(state: GameState) -> float:
    """What rolling again costs the active monster beyond the roll: a heart for each Orb of
    Doom the others own."""
    assert state.turn is not None
    seat = state.turn.seat
    me = state.monsters[seat]
    orbs = sum(view.keys_of(state, other).count("orb_of_doom")
               for other in view.others(state, seat))
    if not orbs:
        return 0.0
    if orbs >= me.hearts:
        return view.kill_value_of_self(state, seat)
    return view.heart_worth(me.hearts - orbs, orbs, me.hearts)


def _roll_option(state: GameState, rolls: list[Roll], gain: float) -> Roll | None:
    """The roll to take for an expected ``gain``: a normal one, or the cheapest worth it
    that a card gives once the normal rolls are used up."""
    best: tuple[Roll | None, float] = (None, gain)
    for roll in rolls:
        if roll.card is None:
            return roll
        cost = EXTRA_ROLL_COST.get(card_key(state, roll.card) or "", 1.0)
        if cost < best[1]:
            best = (roll, cost)
    return best[0]


def _dweller(state: GameState, scorer: DiceScorer, uses: list[Choose],
             planned: tuple[int, ...] | None) -> Action | None:
    """Background Dweller rerolls every 3 not kept, for free: before a roll that would
    reroll them anyway, or instead of stopping when rerolling them is worth it."""
    turn = state.turn
    assert turn is not None
    use = next((o for o in uses if isinstance(o.choice, UseCard)
                and card_key(state, o.choice.uid) == "background_dweller"), None)
    if use is None:
        return None
    loose = sum(1 for i, f in enumerate(turn.dice) if f == "3" and i not in turn.kept)
    counts = count(turn.dice)
    if planned is not None:
        return use if counts[THREE] - loose >= planned[THREE] else None
    code = encode(counts)
    after = scorer.expected(code - loose * unit(THREE), loose)
    return use if after > scorer.value(code) + 0.01 else None


def _dice_tool(state: GameState, scorer: DiceScorer, counts: tuple[int, ...],
               uses: list[Choose]) -> Action | None:
    """The card that sets a die whose best change gains most over its cost, if any."""
    best: tuple[Action | None, float] = (None, 0.05)
    for use in uses:
        key = card_key(state, use.choice.uid) if isinstance(use.choice, UseCard) else None
        if key not in CARD_TARGETS:
            continue
        _old, _new, gain = best_change(scorer, counts, CARD_TARGETS[key], CARD_SOURCES.get(key))
        margin = gain - _tool_cost(state, scorer.seat, key)
        if margin > best[1]:
            best = (use, margin)
    return best[0]


def _tool_cost(state: GameState, seat: int, key: str | None) -> float:
    if key == "plot_twist":
        return keep_value(state, seat, key)
    if key == "stretchy":
        return 2 * view.ENERGY
    return 0.0


# --- Tokyo ----------------------------------------------------------------------------


def answer_yield(state: GameState, decision: Decision, seed: int) -> Action:
    """Stay while the chance of being knocked out before the next turn is worth what
    staying brings; a loss held by Jets is lost only by staying."""
    seat = decision.seat
    me = state.monsters[seat]
    hearts = me.hearts - decision.amount
    if hearts <= 0:
        return Yield(decision=decision.id)
    lost = view.kill_value_of_self(state, seat)
    assert state.turn is not None
    inside = view.attackers(state, seat, True)
    outside = [o for o in (state.city, state.bay, state.turn.seat)
               if o is not None and o != seat]
    risk_in = view.risk(state, inside, hearts)
    risk_out = view.risk(state, outside, me.hearts)
    stay = view.stay_bonus(state, seat) * (1 - risk_in) - risk_in * lost
    heal_later = 0.6 * view.heart_worth(me.hearts, 2, max_hearts(state, seat))
    leave = heal_later - risk_out * lost
    keys = view.keys_of(state, seat)
    stay += view.vp_value(state, seat, keys.count("bull_headed"))
    leave += keys.count("jagged_tactician") * view.ENERGY
    return Stay(decision=decision.id) if stay >= leave else Yield(decision=decision.id)


# --- losing hearts, heart dice --------------------------------------------------------


def answer_react(state: GameState, decision: Decision, seed: int) -> Action:
    """Rapid Healing when the loss would knock the monster out; Wings when the hearts
    saved are worth its 2 energy."""
    me = state.monsters[decision.seat]
    loss = decision.amount
    armor = _electric_armor(state, decision)
    if armor is not None:
        return armor
    for option in decision.options:
        if not (isinstance(option, Choose) and isinstance(option.choice, UseCard)):
            continue
        key = card_key(state, option.choice.uid)
        if key == "rapid_healing":
            return option
        if key == "wings":
            saved = (view.kill_value_of_self(state, decision.seat) if loss >= me.hearts
                     else view.heart_worth(me.hearts - loss, loss, me.hearts))
            if saved > 2 * view.SPEND + 0.3:
                return option
    return decision.default


def _electric_armor(state: GameState, decision: Decision) -> Action | None:
    """Electric Armor when the heart it saves is worth more than its energy (always when
    that heart keeps the monster in the game)."""
    me = state.monsters[decision.seat]
    loss = decision.amount
    use = next((o for o in decision.options if isinstance(o, Choose)
                and isinstance(o.choice, UseCard)
                and card_key(state, o.choice.uid) == "electric_armor"), None)
    if use is None:
        return None
    if loss == me.hearts:
        return use
    saved = view.heart_worth(me.hearts - loss, 1, me.hearts) if loss < me.hearts else 0.0
    return use if saved > view.SPEND else None


def answer_hearts(state: GameState, decision: Decision, seed: int) -> Action:
    """Heart dice against poison and shrink tokens: remove tokens (poison first), unless
    the hearts are needed to live through the poison at the end of the turn."""
    seat = decision.seat
    me = state.monsters[seat]
    cap = max_hearts(state, seat)
    scores = []
    for option in decision.options:
        choice = option.choice if isinstance(option, Choose) else None
        if not isinstance(choice, SplitHearts):
            scores.append(float("-inf"))
            continue
        healed = min(cap, me.hearts + decision.amount - choice.poison - choice.shrink)
        alive = healed - (me.poison - choice.poison) > 0
        score = 1.6 * (choice.poison + choice.shrink)
        score += view.heart_worth(me.hearts, healed - me.hearts, cap)
        scores.append(score if alive else score - view.WIN)
    return _best(decision, scores, seed)[0]


# --- buying ---------------------------------------------------------------------------


def answer_buy(state: GameState, decision: Decision, seed: int) -> Action:
    seat = decision.seat
    buys = [net_value(state, seat, state.face_up[o.slot].key)
            for o in decision.options if isinstance(o, Buy)]
    best_buy = max(buys, default=0.0)
    scores = [_buy_score(state, seat, option, best_buy) for option in decision.options]
    action, score = _best(decision, scores, seed)
    return action if score > 0 else EndBuying(decision=decision.id)


def _buy_score(state: GameState, seat: int, option: Action, best_buy: float) -> float:
    me = state.monsters[seat]
    if isinstance(option, Buy):
        net = net_value(state, seat, state.face_up[option.slot].key)
        return net if net >= 0.6 * saving_target(state, seat) else -1.0
    if isinstance(option, Sweep):
        return 0.3 if me.energy >= SWEEP_ENERGY and best_buy <= 0 else -1.0
    if not isinstance(option, Choose):
        return 0.0  # EndBuying
    choice = option.choice
    if isinstance(choice, UseCard):
        key = card_key(state, choice.uid)
        if key == "made_in_a_lab":
            return 0.2 if me.energy >= 2 else -1.0
        if key == "rapid_healing":
            return view.heart_worth(me.hearts, 1, max_hearts(state, seat)) - 2 * view.SPEND
        return -1.0
    if isinstance(choice, PickCard):
        return _tentacles_score(state, seat, choice.uid)
    if isinstance(choice, PickDiscarded):
        # (Scavenger.) A card of the discard pile, weighed as a face-up one.
        net = net_value(state, seat, choice.key)
        return net if net >= 0.6 * saving_target(state, seat) else -1.0
    return -1.0


def _tentacles_score(state: GameState, seat: int, uid: int) -> float:
    """Buying another monster's card: its worth to us and to the owner, the energy paid to
    the owner."""
    key = uid_key(state, uid)
    found = find_card(state, uid)
    if key is None or found is None:
        return -1.0
    owner = found[0]
    cost = card_cost(state, seat, key)
    weight = view.enemy_weight(state, seat, owner)
    taken = keep_value(state, owner, key) * weight
    return net_value(state, seat, key) + taken - cost * view.ENERGY * weight


def _answer_card(state: GameState, decision: Decision, seed: int) -> Action:
    return answer_card(state, decision)


_KINDS: dict[DecisionKind, Callable[[GameState, Decision, int], Action]] = {
    "roll": answer_roll,
    "hearts": answer_hearts,
    "react": answer_react,
    "yield": answer_yield,
    "buy": answer_buy,
    "card": _answer_card,
}
