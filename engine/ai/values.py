"""What a power card is worth to a monster, in VP-equivalents, for the heuristic player.

Keep cards have a value over a whole game (their ``ai_worth``), scaled down as the game nears
its end and adjusted by the situation; discard cards are worth what they do now. Buying
compares the value with the energy it costs (``view.SPEND`` an energy). Each card says its
part through its AI hooks (engine.card_ai); ``JUDGE`` is the valuations the hooks may ask.

The heuristic's dice scorer is had here (``scorer_for``): an energy rolled is worth more or
less by the cards on offer (``energy_weight``), which engine.ai.dice is given, so that it
reads nothing of this module."""

from __future__ import annotations

from engine.ai import view
from engine.ai.dice import DiceScorer, best_change, cached_scorer, count, encode
from engine.card_ai import DieChange
from engine.card_table import CARDS
from engine.core import POWERS, card_cost, max_hearts
from engine.evolution_table import EVOLUTIONS
from engine.state import FACES, Face, GameState


def card_value(state: GameState, seat: int, key: str) -> float:
    """What owning (or playing) the card ``key`` is worth to ``seat`` now."""
    if CARDS[key].kind == "discard":
        return instant_value(state, seat, key)
    return keep_value(state, seat, key)


def evolution_value(state: GameState, seat: int, key: str) -> float:
    """What playing the Evolution ``key`` is worth to ``seat`` now (Power Up!): a temporary
    one as a Discard card, a permanent one as a Keep card."""
    if EVOLUTIONS[key].kind == "temporary":
        return instant_value(state, seat, key)
    return keep_value(state, seat, key)


def net_value(state: GameState, seat: int, key: str) -> float:
    """The card's value less the energy it costs ``seat``."""
    return card_value(state, seat, key) - card_cost(state, seat, key) * view.SPEND


def instant_value(state: GameState, seat: int, key: str) -> float:
    power = POWERS[key]
    vp, energy, healed, lost, others_lose, others_vp = power.ai_amounts()
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
    return value + power.ai_instant_extra(JUDGE, state, seat)


def keep_value(state: GameState, seat: int, key: str) -> float:
    """A Keep card over the rest of the game, in this situation."""
    return POWERS[key].ai_keep_value(JUDGE, state, seat)


class NetValues(dict[str, float]):
    """``net_value`` of cards to ``seat`` in ``state``, each card valued once (a buy
    question weighs every card on offer against the others several times)."""

    def __init__(self, state: GameState, seat: int) -> None:
        super().__init__()
        self.state = state
        self.seat = seat

    def __missing__(self, key: str) -> float:
        value = self[key] = net_value(self.state, self.seat, key)
        return value


def buy_value(state: GameState, seat: int, key: str, nets: NetValues | None = None) -> float:
    """Buying the card ``key`` now: its net value, or -1 when saving for a better card that
    is nearly affordable is wiser. ``nets``: the cards' net values already known here."""
    nets = NetValues(state, seat) if nets is None else nets
    net = nets[key]
    return net if net >= 0.6 * saving_target(state, seat, nets) else -1.0


def saving_target(state: GameState, seat: int, nets: NetValues | None = None) -> float:
    """The net value of the best face-up card ``seat`` cannot afford yet but nearly can:
    worth saving for rather than spending on something worse."""
    nets = NetValues(state, seat) if nets is None else nets
    energy = state.monsters[seat].energy
    best = 0.0
    for card in state.face_up:
        cost = card_cost(state, seat, card.key)
        if energy < cost <= energy + 3:
            best = max(best, nets[card.key])
    return best


def energy_weight(state: GameState, seat: int) -> float:
    """An energy rolled is worth more when a good card on offer is just out of reach, less
    when nothing on offer is worth buying."""
    energy = state.monsters[seat].energy
    nets = [(card_cost(state, seat, c.key), net_value(state, seat, c.key)) for c in state.face_up]
    if any(cost > energy and net > 1.0 for cost, net in nets):
        return view.ENERGY * 1.25
    if all(net <= 0 for _cost, net in nets):
        return view.ENERGY * 0.8
    return view.ENERGY


def scorer_for(state: GameState, seat: int) -> DiceScorer:
    """The heuristic's dice scorer for ``seat`` in this situation (energy weighed by the cards
    on offer), shared by the decisions of one turn: engine.ai.dice.cached_scorer."""
    return cached_scorer(state, seat, energy_weight)


def quick_scorer_for(state: GameState, seat: int) -> DiceScorer:
    """The playouts' dice scorer (``DiceScorer`` with ``quick``): an energy rolled is worth
    ``view.ENERGY`` whatever is on offer, which spares valuing the cards at every turn."""
    return cached_scorer(state, seat, _plain_energy, quick=True)


def _plain_energy(state: GameState, seat: int) -> float:
    return view.ENERGY


class HeuristicJudge:
    """The heuristic's valuations, as the cards' AI hooks ask for them
    (``engine.card_ai.Judge``)."""

    energy = view.ENERGY
    spend = view.SPEND

    def heart_worth(self, hearts: int, gained: int, cap: int) -> float:
        return view.heart_worth(hearts, gained, cap)

    def vp_value(self, state: GameState, seat: int, vp: int) -> float:
        return view.vp_value(state, seat, vp)

    def enemy_weight(self, state: GameState, seat: int, target: int) -> float:
        return view.enemy_weight(state, seat, target)

    def damage_value(self, state: GameState, seat: int, target: int, amount: int) -> float:
        return view.damage_value(state, seat, target, amount)

    def tokyo_value(self, state: GameState, seat: int, hearts: int) -> float:
        return view.tokyo_value(state, seat, hearts)

    def kill_value_of_self(self, state: GameState, seat: int) -> float:
        return view.kill_value_of_self(state, seat)

    def progress(self, state: GameState) -> float:
        return view.progress(state)

    def is_duel(self, state: GameState) -> bool:
        return view.is_duel(state)

    def others(self, state: GameState, seat: int) -> list[int]:
        return view.others(state, seat)

    def keep_value(self, state: GameState, seat: int, key: str) -> float:
        return keep_value(state, seat, key)

    def net_value(self, state: GameState, seat: int, key: str) -> float:
        return net_value(state, seat, key)

    def evolution_value(self, state: GameState, seat: int, key: str) -> float:
        return evolution_value(state, seat, key)

    def buy_value(self, state: GameState, seat: int, key: str) -> float:
        return buy_value(state, seat, key)

    def dice_value(self, state: GameState, seat: int, dice: tuple[Face, ...]) -> float:
        return scorer_for(state, seat).value(encode(count(dice)))

    def reroll_value(self, state: GameState, seat: int, kept: tuple[Face, ...],
                     rerolled: int) -> float:
        return scorer_for(state, seat).expected(encode(count(kept)), rerolled)

    def best_change(self, state: GameState, seat: int,
                    change: DieChange) -> tuple[Face | None, float]:
        assert state.turn is not None
        old, _new, gain = best_change(scorer_for(state, seat), count(state.turn.dice),
                                      change.target, change.source)
        return (FACES[old] if old >= 0 else None), gain


JUDGE = HeuristicJudge()
