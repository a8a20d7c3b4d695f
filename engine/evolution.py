"""Power Up!'s Evolutions: each monster's own pile, its secret hand, drawing and playing.

Each Evolution's behaviour is an :class:`Evolution` (a ``Power`` with the card's kind and
timing from ``engine.evolution_table``), in ``engine.evolutions``. A
permanent Evolution played goes face up among the monster's ``evolutions`` and its hooks
then act as a power card's do (``engine.core.hooked`` walks them after the power cards); a
temporary one goes to its owner's Evolution discard pile and does what it does
(``Evolution.on_play``).

Drawing (docs/rulings.md 67): each monster's deck is shuffled into its own pile when the
game is dealt; before the first turn every monster, all at once, looks at the top two
Evolutions of its pile and keeps one in its hand, the other going to its own discard pile;
and a monster whose final dice show three hearts or more (real dice: a heart a card adds
does not count) does the same once its dice have resolved, before it enters Tokyo or buys.
A pile with fewer than two cards has its owner's discard pile shuffled under it first.
Which Evolutions a monster looks at, keeps and holds is secret: the events say only how
many; the question's prompt and public labels never name them (``secret`` and
``private_choice_label`` do, for the monster asked alone).

Playing (this step of the expansion): from the hand, in its owner's own roll and buy
questions, each Evolution whose timing allows it then (``PLAYABLE_IN_OWN_TURN``); the
question is asked again after it.
"""

from __future__ import annotations

from engine import events as ev
from engine.actions import Action, Choice, Choose, PickEvolution, PlayEvolution
from engine.card_ai import Judge, choices
from engine.core import POWERS, Ctx, IllegalAction, Power, card_word, register
from engine.evolution_table import EVOLUTIONS, EvolutionInfo, EvolutionTiming, deck_of
from engine.phrases import Phrase, card_text_ref, phrase
from engine.state import Card, Decision, GameState

# How many Evolutions a monster looks at to keep one.
LOOKED_AT = 2
# Hearts among the final dice that earn an Evolution.
HEARTS_TO_DRAW = 3
# The timings an Evolution may be played with in its owner's own roll and buy questions.
PLAYABLE_IN_OWN_TURN: frozenset[EvolutionTiming] = frozenset({"any", "own_turn", "in_tokyo"})


class Evolution(Power):
    """The behaviour of one Evolution (see the module docstring). A permanent one's hooks
    are a power card's (``Power``, its AI hooks included: ``ai_worth`` values it face up);
    a temporary one's effect is ``on_play`` (and ``ai_amounts`` what it is worth)."""

    @property
    def info(self) -> EvolutionInfo:
        return EVOLUTIONS[self.key]

    def on_play(self, ctx: Ctx, seat: int) -> None:
        """What a temporary Evolution does when it is played (already in its owner's
        discard pile). A permanent one's beginning is its ``on_gain``."""


def evolution_of(key: str) -> Evolution:
    """The behaviour of the Evolution ``key``."""
    power = _EVOLUTION_POWERS.get(key)
    if power is None:
        raise IllegalAction(phrase("refusal-not-an-evolution"))
    return power


_EVOLUTION_POWERS: dict[str, Evolution] = {}


def register_evolution(cls: type[Evolution]) -> type[Evolution]:
    """Register an Evolution's behaviour (as a power: its hooks, its questions)."""
    if cls.key not in EVOLUTIONS:
        raise ValueError(f"not an Evolution of the table: {cls.key}")
    register(cls)
    power = POWERS[cls.key]
    assert isinstance(power, Evolution)
    _EVOLUTION_POWERS[cls.key] = power
    return cls


def implemented_evolutions() -> tuple[str, ...]:
    """The Evolutions whose behaviour is implemented, in the table's order."""
    return tuple(key for key in EVOLUTIONS if key in _EVOLUTION_POWERS)


# --- dealing and drawing -------------------------------------------------------------------


def deal_evolutions(ctx: Ctx) -> None:
    """Each monster's deck of Evolutions (those implemented), shuffled into its own pile."""
    implemented = set(_EVOLUTION_POWERS)
    for seat, monster in enumerate(ctx.s.monsters):
        pile = [key for key in deck_of(monster.name) if key in implemented]
        ctx.shuffle(pile)
        ctx.set_mon(seat, evolution_pile=tuple(pile))


def look_at_evolutions(ctx: Ctx, seat: int, *, start: bool = False) -> None:
    """``seat`` looks at the top Evolutions of its pile (its discard pile shuffled under it
    first if the pile is short) and is asked which to keep; nothing when it has none."""
    monster = ctx.mon(seat)
    pile = monster.evolution_pile
    if len(pile) < LOOKED_AT and monster.evolution_discard:
        shuffled = list(monster.evolution_discard)
        ctx.shuffle(shuffled)
        pile = (*pile, *shuffled)
        ctx.set_mon(seat, evolution_pile=pile, evolution_discard=())
        ctx.emit(ev.EvolutionPileShuffled(seat=seat, count=len(shuffled)))
    looked = pile[:LOOKED_AT]
    if not looked:
        return
    ctx.emit(ev.EvolutionsLookedAt(seat=seat, count=len(looked), start=start))
    picks = tuple(PickEvolution(key) for key in looked)
    ctx.ask_choice(seat, "card", picks, picks[0], power=EvolutionDraw.key,
                   question="first_evolution" if start else "evolution")


def draws_evolution(state: GameState, seat: int) -> bool:
    """Whether the monster's final dice earn it an Evolution (three hearts or more)."""
    turn = state.turn
    return (state.options.power_up and turn is not None
            and turn.dice.count("heart") >= HEARTS_TO_DRAW and state.monsters[seat].alive)


@register
class EvolutionDraw(Power):
    """The question of a monster looking at the top of its Evolution pile: which one to
    keep. Not a card: the Power Up! rule's question, asked as a card's are (its answers
    are ``PickEvolution``, one per Evolution looked at, in the pile's order)."""

    key = "evolution_draw"

    # Public words: which Evolutions they are is the monster's secret.
    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("evoq-draw-prompt", count=len(decision.options))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        place = next(i for i, c in enumerate(choices(decision)) if c == choice) + 1
        return phrase("evoq-keep-nth", place=place)

    # Private words, for the monster asked alone.
    def secret(self, state: GameState, decision: Decision) -> Phrase | None:
        keys = [c.key for c in choices(decision) if isinstance(c, PickEvolution)]
        if len(keys) == 1:
            return phrase("evoq-draw-secret-one", card=card_word(state, keys[0]),
                          text=card_text_ref(keys[0]))
        return phrase("evoq-draw-secret-two", first=card_word(state, keys[0]),
                      first_text=card_text_ref(keys[0]), second=card_word(state, keys[1]),
                      second_text=card_text_ref(keys[1]))

    def private_choice_label(self, state: GameState, decision: Decision,
                             choice: Choice) -> Phrase:
        if isinstance(choice, PickEvolution):
            return phrase("evoq-keep", card=card_word(state, choice.key))
        return self.choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        assert isinstance(choice, PickEvolution)
        seat = decision.seat
        looked = [c.key for c in choices(decision) if isinstance(c, PickEvolution)]
        monster = ctx.mon(seat)
        if monster.evolution_pile[:len(looked)] != tuple(looked):
            raise IllegalAction(phrase("refusal-moment-passed"))
        others = [key for key in looked if key != choice.key]
        ctx.set_mon(seat, evolution_pile=monster.evolution_pile[len(looked):],
                    evolution_hand=(*monster.evolution_hand, choice.key),
                    evolution_discard=(*monster.evolution_discard, *others))
        ctx.emit(ev.EvolutionKept(seat=seat))

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Keep the Evolution worth most to the monster now."""
        picks = [c for c in choices(decision) if isinstance(c, PickEvolution)]
        return max(picks, key=lambda c: judge.evolution_value(state, decision.seat, c.key))


# --- playing from the hand -------------------------------------------------------------------


def play_options(state: GameState, seat: int) -> list[Action]:
    """The Evolutions ``seat`` may play from its hand in its own roll or buy question, as
    options of that question (each key once)."""
    monster = state.monsters[seat]
    if not monster.evolution_hand:
        return []
    options: list[Action] = []
    for key in dict.fromkeys(monster.evolution_hand):
        power = _EVOLUTION_POWERS.get(key)
        if power is not None and _timing_allows(state, seat, power.info.timing):
            options.append(Choose(decision=0, choice=PlayEvolution(key)))
    return options


def _timing_allows(state: GameState, seat: int, timing: EvolutionTiming) -> bool:
    if timing == "in_tokyo":
        return state.in_tokyo(seat)
    return timing in PLAYABLE_IN_OWN_TURN


def play_evolution(ctx: Ctx, seat: int, key: str) -> None:
    """``seat`` plays the Evolution ``key`` from its hand: a permanent one goes face up
    (its power begins), a temporary one goes to its discard pile and acts."""
    monster = ctx.mon(seat)
    if key not in monster.evolution_hand:
        raise IllegalAction(phrase("refusal-evolution-not-in-hand"))
    power = evolution_of(key)
    hand = list(monster.evolution_hand)
    hand.remove(key)
    permanent = power.info.kind == "permanent"
    ctx.emit(ev.EvolutionPlayed(seat=seat, card=key, permanent=permanent))
    if permanent:
        card = Card(uid=ctx.new_uid(), key=key, tokens=power.starting_tokens)
        ctx.set_mon(seat, evolution_hand=tuple(hand),
                    evolutions=(*ctx.mon(seat).evolutions, card))
        power.on_gain(ctx, seat, card)
        return
    ctx.set_mon(seat, evolution_hand=tuple(hand),
                evolution_discard=(*monster.evolution_discard, key))
    power.on_play(ctx, seat)
