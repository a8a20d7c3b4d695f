"""What a card tells the AI players: the hooks through which a card's module gives what the
heuristic and the Monte-Carlo player need to know about it (its value to a monster in a
position, the answers to its questions, its effect on dice planning), beside its rules.

``Power`` (engine.core) inherits ``CardAi``: a card overrides the hooks that concern it, as it
does the rules' hooks, and ``register`` notes which (``HOOK_KEYS``). The players of
``engine.ai`` call the hooks and name no card; they pass a ``Judge``, their valuations, which
a hook may ask (a card module never imports ``engine.ai``).

Values are in VP-equivalents (one victory point is worth 1). How a monster's cards combine:
the class-level numbers marked "summed" add up over the monster's cards (a Mimic counts as
the card it copies), the other hooks are asked once per power the monster has.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple, Protocol

from engine.actions import Choice, Choose
from engine.state import FACES, Decision, Face, GameState


class Amounts(NamedTuple):
    """A Discard card's plain amounts: VP, energy and hearts the buyer gains, hearts it
    loses, hearts and VP every other monster loses."""

    vp: int = 0
    energy: int = 0
    healed: int = 0
    lost: int = 0
    others_lose: int = 0
    others_vp: int = 0


class DieChange(NamedTuple):
    """What a dice tool does to one die: the face it sets (None: any face), and the only
    face it can change (None: any)."""

    target: str | None
    source: str | None = None


class Blow(NamedTuple):
    """Final dice as the AI plans them, for the damage a card adds: the game's edition,
    whether the roller is in Tokyo, whether the dice show three 2s or more, the Smashes
    rolled, and the damage the cards asked before added (in ``smash_order``)."""

    edition: str
    in_tokyo: bool
    three_twos: bool
    smashes: int
    bonus: int


class Judge(Protocol):
    """The AI's valuations a card's hook may ask for (engine.ai implements it)."""

    @property
    def energy(self) -> float:
        """An energy gained."""

    @property
    def spend(self) -> float:
        """An energy spent on a card."""

    def heart_worth(self, hearts: int, gained: int, cap: int) -> float:
        """Gaining ``gained`` hearts at ``hearts`` (up to ``cap``)."""

    def vp_value(self, state: GameState, seat: int, vp: int) -> float:
        """``seat`` gaining ``vp`` points."""

    def enemy_weight(self, state: GameState, seat: int, target: int) -> float:
        """How much hurting ``target`` helps ``seat``."""

    def damage_value(self, state: GameState, seat: int, target: int, amount: int) -> float:
        """``seat`` making ``target`` lose ``amount`` hearts."""

    def tokyo_value(self, state: GameState, seat: int, hearts: int) -> float:
        """``seat`` taking Tokyo City now with ``hearts``."""

    def kill_value_of_self(self, state: GameState, seat: int) -> float:
        """What being knocked out costs ``seat``."""

    def progress(self, state: GameState) -> float:
        """How much of the game is left for a Keep card to work, from 1 down to 0.2."""

    def is_duel(self, state: GameState) -> bool:
        """Are two monsters (or fewer) left?"""

    def others(self, state: GameState, seat: int) -> list[int]:
        """The monsters still in the game but ``seat``."""

    def keep_value(self, state: GameState, seat: int, key: str) -> float:
        """The Keep card ``key`` over the rest of the game, to ``seat``."""

    def net_value(self, state: GameState, seat: int, key: str) -> float:
        """The card ``key``'s value to ``seat`` less the energy it costs."""

    def evolution_value(self, state: GameState, seat: int, key: str) -> float:
        """Playing the Evolution ``key`` now, to ``seat``: a permanent one over the rest of
        the game, a temporary one what it does now."""

    def buy_value(self, state: GameState, seat: int, key: str) -> float:
        """Buying the card ``key`` now, as the player weighs a face-up card (-1: it would
        rather save for a better one)."""

    def dice_value(self, state: GameState, seat: int, dice: tuple[Face, ...]) -> float:
        """What resolving ``dice`` as final would be worth to ``seat`` now."""

    def reroll_value(self, state: GameState, seat: int, kept: tuple[Face, ...],
                     rerolled: int) -> float:
        """The expected value to ``seat`` of the ``kept`` dice and ``rerolled`` dice rolled."""

    def best_change(self, state: GameState, seat: int, change: DieChange) -> tuple[Face | None,
                                                                                  float]:
        """The best die of the roll to change with a tool: (the face it shows, the gain); the
        gain is 0 or less when no change helps."""


def costliest_reroll(judge: Judge, state: GameState, dice_picked: list[int]) -> tuple[int, float]:
    """Among ``dice_picked`` (indices of the active monster's dice), the die whose reroll
    costs its roller the most on average, and that cost (-1, 0.0 for none)."""
    assert state.turn is not None
    roller, dice = state.turn.seat, state.turn.dice
    now = judge.dice_value(state, roller, dice)
    best = (-1, 0.0)
    for die in dice_picked:
        rerolled = [judge.dice_value(state, roller, (*dice[:die], face, *dice[die + 1:]))
                    for face in FACES]
        drop = now - sum(rerolled) / 6
        if drop > best[1] + 1e-9:
            best = (die, drop)
    return best


def choices(decision: Decision) -> list[Choice]:
    """The answers a card's question offers."""
    return [o.choice for o in decision.options if isinstance(o, Choose)]


class CardAi:
    """The AI hooks of a card (see the module docstring); the defaults fit a card that asks
    nothing and does nothing for the AI to plan."""

    # --- what the card is worth ---------------------------------------------------------

    # A Keep card's value over a whole game, before the situation is taken into account.
    ai_worth: ClassVar[float] = 1.5

    def ai_keep_value(self, judge: Judge, state: GameState, seat: int) -> float:
        """Owning this Keep card over the rest of the game, to ``seat``."""
        adjusted = self.ai_worth * judge.progress(state) + self.ai_keep_adjustment(
            judge, state, seat)
        return max(0.0, adjusted)

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        """What the situation adds to (or takes from) the card's scaled ``ai_worth``."""
        return 0.0

    def ai_amounts(self) -> Amounts:
        """A Discard card's plain amounts."""
        return Amounts()

    def ai_instant_extra(self, judge: Judge, state: GameState, seat: int) -> float:
        """What playing this Discard card now brings beyond its plain amounts."""
        return 0.0

    # --- what the card does to others' estimates -------------------------------------------

    # (Summed.) Hearts the card adds to its owner's blows, in the danger it is to others.
    ai_blow_bonus: ClassVar[int] = 0
    # The owner comes back after a knock-out: knocking it out is worth less.
    ai_comes_back: ClassVar[bool] = False

    def ai_damage_share(self, state: GameState, seat: int, amount: int) -> float:
        """The share of a loss of ``amount`` hearts the owner, ``seat``, is expected to
        really lose (the shares of its powers multiply)."""
        return 1.0

    # --- dice planning (the owner's final dice; read only what the arguments give) --------

    def ai_added_damage(self, blow: Blow) -> int:
        """(Each card, in ``smash_order``.) Damage the card adds to each monster the owner's
        final dice hit (2011: without a Smash, none but what hits anyway)."""
        return 0

    def ai_dice_vp(self, numbers: tuple[int, int, int], every_face: bool, attacked: bool,
                   damaged: bool) -> int:
        """VP the card adds to final dice with these counts of 1s, 2s and 3s (and energy,
        heart and Smash all shown: ``every_face``), that attack, that make someone lose
        hearts."""
        return 0

    def ai_dice_extra(self, numbers: tuple[int, int, int]) -> float:
        """Value beyond VP the card gives final dice with these counts of 1s, 2s and 3s."""
        return 0.0

    # Each heart rolled in Tokyo (where it heals no one) is worth this.
    ai_heart_in_tokyo: ClassVar[float] = 0.0
    # Each monster the owner's smashes hit is worth this more (the highest of the powers).
    ai_hit_bonus: ClassVar[float] = 0.0
    # Hearts each neighbour loses when the owner attacks (the highest of the powers).
    ai_neighbours_lose: ClassVar[int] = 0

    # --- the owner's roll -----------------------------------------------------------------

    def ai_extra_roll_cost(self, judge: Judge) -> float:
        """What one extra roll this card gives costs."""
        return 1.0

    def ai_die_change(self) -> DieChange | None:
        """A dice tool that sets one die: what it does (None: not such a tool)."""
        return None

    def ai_tool_cost(self, judge: Judge, state: GameState, seat: int) -> float:
        """What using this dice tool once costs ``seat``."""
        return 0.0

    def ai_use_on_roll(self, judge: Judge, state: GameState, seat: int,
                       planned: tuple[int, ...] | None) -> bool:
        """Use this dice tool now: before a roll keeping the ``planned`` counts (per face,
        in ``FACES`` order), or, with None, instead of stopping."""
        return False

    # (Summed.) Hearts the active monster loses for each reroll while another monster owns it.
    ai_reroll_hearts: ClassVar[int] = 0

    # --- Tokyo ----------------------------------------------------------------------------

    # (Summed.) VP the owner gains for starting its turn in Tokyo, for staying when asked,
    # energy for yielding.
    ai_tokyo_start_vp: ClassVar[int] = 0
    ai_stay_vp: ClassVar[int] = 0
    ai_yield_energy: ClassVar[int] = 0

    def ai_yield_cost(self, judge: Judge, state: GameState, seat: int) -> float:
        """What yielding Tokyo now would cost the owner, ``seat``, beyond the place itself:
        what the card takes away from a monster that leaves."""
        return 0.0

    # --- the rules' questions where the card is an option, and its own questions ----------

    # Reaction cards are weighed in this order (lower first).
    ai_react_order: ClassVar[int] = 1

    def ai_react(self, judge: Judge, state: GameState, decision: Decision) -> bool:
        """Use this card against the loss of ``decision.amount`` hearts (a react question)?"""
        return False

    def ai_buy_step_use(self, judge: Judge, state: GameState, seat: int) -> float:
        """Using this card in the owner's buy step is worth this (0 or less: no)."""
        return -1.0

    def ai_offer_value(self, judge: Judge, state: GameState, seat: int,
                       choice: Choice) -> float:
        """Taking one of the card's ``buy_offers`` is worth this (0 or less: no)."""
        return -1.0

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """The answer to one of this card's questions (None: the decision's default)."""
        return None


# The AI hooks, noted by ``register`` like the rules' (HOOK_KEYS): the methods, and the
# numbers whose value differs from the default.
AI_HOOKS = (
    "ai_keep_value", "ai_keep_adjustment", "ai_amounts", "ai_instant_extra", "ai_blow_bonus",
    "ai_comes_back", "ai_damage_share", "ai_added_damage", "ai_dice_vp", "ai_dice_extra",
    "ai_heart_in_tokyo", "ai_hit_bonus", "ai_neighbours_lose", "ai_extra_roll_cost",
    "ai_die_change", "ai_tool_cost", "ai_use_on_roll", "ai_reroll_hearts",
    "ai_tokyo_start_vp", "ai_stay_vp", "ai_yield_energy", "ai_yield_cost", "ai_react_order",
    "ai_react", "ai_buy_step_use", "ai_offer_value", "ai_answer",
)
