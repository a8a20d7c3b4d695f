"""The heuristic player: answers every decision of the engine from the public state, with
hand-made valuations (``view``, ``dice``, ``values``) and no search.

- Dice: every way to keep dice is scored by the expected value of the dice after one more
  roll (``dice.DiceScorer``: points, energy, hearts when outside Tokyo, smashes by the damage
  and the knock-outs they bring); it stops once keeping everything is best, then uses its
  dice tools (each card's ``ai_use_on_roll``, ``ai_die_change``) if they gain more than
  they cost.
- Tokyo: stay or yield by the chance of being knocked out before the next turn, against
  what staying brings (points, or energy in the 2-player variant) and healing outside.
- Buying: each card's value (``values``) against its cost; saves for a nearly affordable
  better card; sweeps with energy to spare when nothing is worth buying.
- Card questions: ``questions`` (each card's ``ai_answer``, else the decision's default).

What a card means to these rules of thumb, the card says through its AI hooks
(``engine.card_ai``): this module names no card.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from engine.actions import (
    Action,
    Buy,
    Choose,
    EndBuying,
    PlayEvolution,
    Roll,
    SplitHearts,
    Stay,
    StopRolling,
    Sweep,
    UseCard,
    Yield,
)
from engine.ai import view
from engine.ai.dice import DiceScorer, best_keep, count, encode, keep_indices
from engine.ai.questions import answer_card
from engine.ai.values import JUDGE, NetValues, buy_value, evolution_value, scorer_for
from engine.core import POWERS, Power, effective_key, find_card, hooked, max_hearts
from engine.rules import option_ready
from engine.state import Decision, DecisionKind, GameState

# What a reroll must gain over stopping, in VP-equivalents (the 1e-9: a gain of exactly
# 0.01 stops, however the expected values' sums were rounded).
MIN_REROLL_GAIN = 0.01 + 1e-9
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
    """The power of a card in play (a copying card's copied card), by uid."""
    found = find_card(state, uid)
    return effective_key(state, found[1]) if found is not None else None


def card_power(state: GameState, uid: int) -> Power | None:
    """The power of a card in play by uid (a copying card answers as the card it copies)."""
    key = card_key(state, uid)
    return POWERS[key] if key is not None else None


def used_power(state: GameState, option: Action) -> Power | None:
    """The power of the card an option uses (``Choose(UseCard)``), if any."""
    if isinstance(option, Choose) and isinstance(option.choice, UseCard):
        return card_power(state, option.choice.uid)
    return None


def extra_roll_cost(state: GameState, uid: int) -> float:
    """What the extra roll the card ``uid`` gives costs (an energy, a smoke token...)."""
    power = card_power(state, uid)
    return power.ai_extra_roll_cost(JUDGE) if power is not None else 1.0


def _jitter(seed: int, decision: Decision, index: int) -> float:
    """A tiny, repeatable tie-breaker between options."""
    mixed = (seed * 0x9E3779B97F4A7C15 + decision.id * 0xBF58476D1CE4E5B9 + index) % (1 << 61)
    return (mixed % 1000) * 1e-9


def _best(decision: Decision, scores: list[float], seed: int) -> tuple[Action, float]:
    ranked = [(score + _jitter(seed, decision, i), i) for i, score in enumerate(scores)]
    score, index = max(ranked)
    return decision.options[index], score


# --- rolling --------------------------------------------------------------------------


def answer_roll(state: GameState, decision: Decision, seed: int,
                scorer: DiceScorer | None = None) -> Action:
    """Roll on with the best keep, use a dice tool, or stop; ``scorer``: the dice scorer to
    plan with (the heuristic's own by default)."""
    turn = state.turn
    assert turn is not None
    scorer = scorer_for(state, decision.seat) if scorer is None else scorer
    counts = count(turn.dice)
    now = scorer.value(encode(counts))
    kept, expected = best_keep(scorer, counts)
    gain = expected - now
    rolls = [o for o in decision.options if isinstance(o, Roll)]
    uses = [o for o in decision.options if isinstance(o, Choose) and option_ready(state, o)]
    worth_rolling = gain > MIN_REROLL_GAIN + _reroll_cost(state)
    rolling = _roll_option(state, rolls, gain) if worth_rolling else None
    free = _use_on_roll(state, decision.seat, uses, kept if rolling else None)
    if free is not None:
        return free
    keep = keep_indices(turn.dice, kept)
    if rolling is not None and len({*keep, *turn.encased}) < len(turn.dice):
        # (A die Encased in Ice locked stays as it is: a plan keeping all the others is
        # no roll.)
        return replace(rolling, keep=keep)
    tool = _dice_tool(state, decision.seat, uses)
    return tool if tool is not None else StopRolling(decision=decision.id)


def _reroll_cost(state: GameState) -> float:
    """What rolling again costs the active monster beyond the roll: the hearts the others'
    cards take for a reroll."""
    assert state.turn is not None
    seat = state.turn.seat
    me = state.monsters[seat]
    orbs = sum(power.ai_reroll_hearts for other in view.others(state, seat)
               for power in view.powers(state, other, "ai_reroll_hearts"))
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
        cost = extra_roll_cost(state, roll.card)
        if cost < best[1]:
            best = (roll, cost)
    return best[0]


def _use_on_roll(state: GameState, seat: int, uses: list[Choose],
                 planned: tuple[int, ...] | None) -> Action | None:
    """A dice tool worth using for free now: before a roll keeping the ``planned`` counts,
    or (None) instead of stopping."""
    for use in uses:
        power = used_power(state, use)
        if power is not None and power.ai_use_on_roll(JUDGE, state, seat, planned):
            return use
    return None


def _dice_tool(state: GameState, seat: int, uses: list[Choose]) -> Action | None:
    """The card that sets a die whose best change gains most over its cost, if any."""
    best: tuple[Action | None, float] = (None, 0.05)
    for use in uses:
        power = used_power(state, use)
        change = power.ai_die_change() if power is not None else None
        if power is None or change is None:
            continue
        _old, gain = JUDGE.best_change(state, seat, change)
        margin = gain - power.ai_tool_cost(JUDGE, state, seat)
        if margin > best[1]:
            best = (use, margin)
    return best[0]


# --- Tokyo ----------------------------------------------------------------------------


def answer_yield(state: GameState, decision: Decision, seed: int) -> Action:
    """Stay while the chance of being knocked out before the next turn is worth what
    staying brings; a loss a card holds until this answer is lost only by staying. A yield
    goes with an Evolution made for it (Simian Scamper) when playing it is worth it."""
    action = _stay_or_yield(state, decision)
    if isinstance(action, Yield):
        plays = [o for o in decision.options
                 if isinstance(o, Choose) and isinstance(o.choice, PlayEvolution)]
        best = max(plays, key=lambda o: _play_worth(state, decision.seat, o), default=None)
        if best is not None and _play_worth(state, decision.seat, best) > 0:
            return best
    return action


def _play_worth(state: GameState, seat: int, option: Choose) -> float:
    assert isinstance(option.choice, PlayEvolution)
    return evolution_value(state, seat, option.choice.key)


def _stay_or_yield(state: GameState, decision: Decision) -> Action:
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
    stay_vp = sum(p.ai_stay_vp for p in view.powers(state, seat, "ai_stay_vp"))
    stay += view.vp_value(state, seat, stay_vp)
    leave += sum(p.ai_yield_energy for p in view.powers(state, seat, "ai_yield_energy")) * (
        view.ENERGY)
    leave -= sum(p.ai_yield_cost(JUDGE, state, seat)
                 for p in view.powers(state, seat, "ai_yield_cost"))
    return Stay(decision=decision.id) if stay >= leave else Yield(decision=decision.id)


# --- losing hearts, heart dice --------------------------------------------------------


def answer_react(state: GameState, decision: Decision, seed: int) -> Action:
    """The first reaction card (in their ``ai_react_order``) that says it is worth using
    against this loss; else the default."""
    cards = [(power.ai_react_order, index, option, power)
             for index, option in enumerate(decision.options)
             if (power := used_power(state, option)) is not None]
    for _order, _index, option, power in sorted(cards, key=lambda c: c[:2]):
        if power.ai_react(JUDGE, state, decision):
            return option
    return decision.default


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
    nets = NetValues(state, seat)
    buys = [nets[state.face_up[o.slot].key] for o in decision.options if isinstance(o, Buy)]
    best_buy = max(buys, default=0.0)
    scores = [_buy_score(state, seat, option, best_buy, nets) for option in decision.options]
    action, score = _best(decision, scores, seed)
    return action if score > 0 else EndBuying(decision=decision.id)


def _buy_score(state: GameState, seat: int, option: Action, best_buy: float,
               nets: NetValues) -> float:
    me = state.monsters[seat]
    if isinstance(option, Buy):
        return buy_value(state, seat, state.face_up[option.slot].key, nets)
    if isinstance(option, Sweep):
        return 0.3 if me.energy >= SWEEP_ENERGY and best_buy <= 0 else -1.0
    if not isinstance(option, Choose):
        return 0.0  # EndBuying
    choice = option.choice
    if isinstance(choice, PlayEvolution):
        # (Power Up!) Playing an Evolution now: a permanent one is worth its whole game, a
        # temporary one what it does now (a heal is worth nothing at full hearts: kept).
        return evolution_value(state, seat, choice.key)
    if isinstance(choice, UseCard):
        power = card_power(state, choice.uid)
        return power.ai_buy_step_use(JUDGE, state, seat) if power is not None else -1.0
    # A purchase a card offers (``buy_offers``): that card weighs it.
    for card, power in hooked(state, seat, "buy_offers"):
        if choice in power.buy_offers(state, seat, card):
            return power.ai_offer_value(JUDGE, state, seat, choice)
    return -1.0


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
