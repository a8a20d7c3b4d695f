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

Playing: from the hand, in its owner's own roll and buy questions, each Evolution whose
timing allows it then (``PLAYABLE_IN_OWN_TURN``); the question is asked again after it. And
at the moments of a turn where the rules let Evolutions be played out of those questions
(``engine.steps.EvolutionMoment``: the start of a turn, dice about to resolve, a loss of
hearts, the end of a turn): the monsters the moment concerns are asked, all at once, each
privately (``EvolutionMomentQuestion``), whether to play one that fits (its ``prompted_at``
names the moment, or its timing allows any moment). Who is asked depends on what is public
only (docs/rulings.md 85): a monster with cards in hand whose deck holds an Evolution made
for that moment, not yet face up; so being asked tells nobody what the hand holds.

A temporary Evolution whose effect lasts (``lasts``) stays face up until the end of the
turn or its owner's next turn, its hooks acting as a permanent one's, then goes to its
owner's discard pile (``expire_evolutions``).
"""

from __future__ import annotations

from typing import ClassVar, Literal, get_args

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Action, Choice, Choose, Pass, PickEvolution, PlayEvolution, UseCard
from engine.card_ai import Judge, choices
from engine.core import (
    POWERS,
    Ctx,
    IllegalAction,
    Power,
    card_reason,
    card_word,
    find_card,
    free_place,
    gain_energy,
    heal,
    register,
    resolving_dice,
    use_label_of,
)
from engine.evolution_table import EVOLUTIONS, EvolutionInfo, EvolutionTiming, deck_of
from engine.phrases import Join, Phrase, card_text_ref, phrase
from engine.state import Card, Decision, GameState
from engine.steps import EndTurn, EvolutionMoment, EvolutionWindow

# How many Evolutions a monster looks at to keep one.
LOOKED_AT = 2
# Hearts among the final dice that earn an Evolution.
HEARTS_TO_DRAW = 3
# The timings an Evolution may be played with in its owner's own roll and buy questions.
PLAYABLE_IN_OWN_TURN: frozenset[EvolutionTiming] = frozenset({"any", "own_turn", "in_tokyo"})


# How long a temporary Evolution's effect lasts once played: "now" (it acts and is
# discarded), the rest of the "turn", "until_next_turn" of its owner, or "until_tokyo": it
# stays face up, used, until its owner takes Tokyo (it then says where it goes).
Lasting = Literal["now", "turn", "until_next_turn", "until_tokyo"]


class Evolution(Power):
    """The behaviour of one Evolution (see the module docstring). A permanent one's hooks
    are a power card's (``Power``, its AI hooks included: ``ai_worth`` values it face up);
    a temporary one's effect is ``on_play`` (and ``ai_amounts`` what it is worth), and
    its hooks while it lasts (``lasts``)."""

    # The moments its owner is asked about it, its deck holding it (and those it may be
    # played at only: a card whose timing is "start_of_turn", "dice_resolving" or
    # "reaction" is played at these moments alone).
    prompted_at: ClassVar[frozenset[EvolutionMoment]] = frozenset()
    lasts: ClassVar[Lasting] = "now"
    # Played, it ends the moment it was played at (the turn given up): nobody is asked
    # again there.
    ends_the_moment: ClassVar[bool] = False

    @property
    def info(self) -> EvolutionInfo:
        return EVOLUTIONS[self.key]

    def playable(self, state: GameState, seat: int) -> bool:
        """Whether the card may be played now, its timing allowing it (a condition of its
        own text: "if you are not in Tokyo")."""
        return True

    def usable_at(self, state: GameState, seat: int, card: Card,
                  moment: EvolutionMoment) -> bool:
        """(A permanent one, face up.) Whether its owner may use it at this moment (Feline
        Motor, again and again): its owner is then asked, the card being public."""
        return False

    def use_at(self, ctx: Ctx, seat: int, card: Card, moment: EvolutionMoment) -> None:
        """Its use at this moment (``usable_at``)."""

    def ai_uses_at(self, judge: Judge, state: GameState, seat: int,
                   moment: EvolutionMoment) -> bool:
        """Whether the AI uses it face up at this moment (``usable_at``)."""
        return False

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
            and resolving_dice(state).count("heart") >= HEARTS_TO_DRAW
            and state.monsters[seat].alive)


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
    return [Choose(decision=0, choice=PlayEvolution(key))
            for key in fitting(state, seat, None)]


def fitting(state: GameState, seat: int, moment: EvolutionMoment | None) -> list[str]:
    """The Evolutions of ``seat``'s hand it may play at this ``moment`` (None: in its own
    roll or buy question), each key once."""
    return [key for key in dict.fromkeys(state.monsters[seat].evolution_hand)
            if (power := _EVOLUTION_POWERS.get(key)) is not None
            and _timing_allows(state, seat, power, moment) and power.playable(state, seat)]


def _timing_allows(state: GameState, seat: int, power: Evolution,
                   moment: EvolutionMoment | None) -> bool:
    timing: EvolutionTiming = power.info.timing
    if moment is not None and moment in power.prompted_at:
        return True
    if moment == "yielding":
        return False  # (an answer of the yield question: the cards made for it alone)
    if timing == "in_tokyo":
        return state.in_tokyo(seat)
    if timing == "own_turn":
        return state.turn is not None and state.turn.seat == seat
    return timing == "any"


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
    if power.lasts != "now":
        # Face up while it lasts (its hooks act), then to the discard pile.
        ctx.set_mon(seat, evolution_hand=tuple(hand), evolutions=(
            *ctx.mon(seat).evolutions, Card(uid=ctx.new_uid(), key=key)))
    else:
        ctx.set_mon(seat, evolution_hand=tuple(hand),
                    evolution_discard=(*monster.evolution_discard, key))
    power.on_play(ctx, seat)


def give_up_turn(ctx: Ctx, seat: int, key: str, hearts: int, energy: int) -> None:
    """``seat`` gives up the rest of its turn (no roll, no buying) for hearts and energy
    (Sunken Temple, Tune-Up): the turn ends."""
    reason = card_reason(ctx.s, key)
    heal(ctx, seat, hearts, reason)
    gain_energy(ctx, seat, energy, reason)
    ctx.clear_steps()
    ctx.push(EndTurn())


def expire_evolutions(ctx: Ctx, lasting: Lasting, seat: int | None = None) -> None:
    """The temporary Evolutions face up whose effect ``lasting`` is over (those of ``seat``
    only, or every monster's) go to their owners' discard piles."""
    for owner, monster in enumerate(ctx.s.monsters):
        if seat is not None and owner != seat:
            continue
        over = [card for card in monster.evolutions
                if (power := _EVOLUTION_POWERS.get(card.key)) is not None
                and power.info.kind == "temporary" and power.lasts == lasting]
        if over:
            ctx.set_mon(owner, evolutions=tuple(c for c in monster.evolutions if c not in over),
                        evolution_discard=(*monster.evolution_discard,
                                           *(card.key for card in over)))
            ctx.emit(ev.EvolutionsExpired(seat=owner, cards=tuple(c.key for c in over)))


# --- moments: playing out of the roll and buy questions (docs/rulings.md 85) ---------------


def window_at(state: GameState, moment: EvolutionMoment, seat: int = -1,
              amount: int = 0) -> EvolutionWindow | None:
    """The step asking for Evolutions at this moment, or None when nobody would be asked
    (no step queued for nothing)."""
    if not state.options.power_up:
        return None
    if not any(asks(state, asked, moment) for asked in concerned(state, moment, seat)):
        return None
    return EvolutionWindow(moment=moment, seat=seat, amount=amount)


def concerned(state: GameState, moment: EvolutionMoment, seat: int = -1) -> list[int]:
    """The monsters a moment concerns, in the order they are asked (the active one first,
    then clockwise): the one losing hearts; the others when Tokyo is free, the active one's
    rolling is over or it buys a card; everyone at the end of a turn; else the active one."""
    if seat >= 0:
        return [seat]
    assert state.turn is not None
    active = state.turn.seat
    n = len(state.monsters)
    clockwise = [(active + k) % n for k in range(n)]
    if moment == "turn_end":
        return clockwise
    if moment in ("tokyo_free", "dice_rolled", "card_bought"):
        return clockwise[1:]
    return [active]


def asks(state: GameState, seat: int, moment: EvolutionMoment) -> bool:
    """Whether ``seat`` is asked at this moment: alive, and either with Evolutions in hand
    and one made for the moment among those of its deck not face up (in its pile, hand or
    discard pile, which together are public; which of them the hand holds is not), or with
    one face up it may use then. Public facts only: being asked says nothing of the hand."""
    monster = state.monsters[seat]
    if not monster.alive:
        return False
    return ((bool(monster.evolution_hand) and bool(made_for(state, seat, moment)))
            or bool(usable_face_up(state, seat, moment)))


def usable_face_up(state: GameState, seat: int, moment: EvolutionMoment) -> list[Card]:
    """The Evolutions face up in front of ``seat`` it may use at this moment."""
    return [card for card in state.monsters[seat].evolutions
            if (power := _EVOLUTION_POWERS.get(card.key)) is not None
            and power.usable_at(state, seat, card, moment)]


def made_for(state: GameState, seat: int, moment: EvolutionMoment) -> list[str]:
    """The Evolutions of ``seat``'s deck made for this moment and not face up (in its pile,
    hand or discard pile), in the deck's order."""
    monster = state.monsters[seat]
    held = {*monster.evolution_pile, *monster.evolution_hand, *monster.evolution_discard}
    return [key for key in deck_of(monster.name)
            if key in held and (power := _EVOLUTION_POWERS.get(key)) is not None
            and moment in power.prompted_at]


def open_evolution_window(ctx: Ctx, step: EvolutionWindow) -> None:
    """Ask every monster the moment concerns at once (``EvolutionMomentQuestion``), when the
    moment comes at all (``moment_open``)."""
    if not moment_open(ctx.s, step.moment):
        return
    for seat in concerned(ctx.s, step.moment, step.seat):
        if asks(ctx.s, seat, step.moment):
            ask_at_moment(ctx, seat, step.moment, step.amount)


def moment_open(state: GameState, moment: EvolutionMoment) -> bool:
    """Whether the moment comes in this turn, as anyone can see: Tokyo has a free place
    ("tokyo_free"); the active monster took Tokyo, or wounded its occupants without taking
    it ("after_entering")."""
    turn = state.turn
    if turn is None:
        return False
    if moment == "tokyo_free":
        return free_place(state) is not None
    if moment == "dice_rolled":
        return bool(turn.dice)
    if moment == "card_bought":
        return turn.buying >= 0
    if moment == "after_entering":
        return turn.entered_tokyo or (bool(turn.smashed) and not state.in_tokyo(turn.seat))
    return True


def ask_at_moment(ctx: Ctx, seat: int, moment: EvolutionMoment, amount: int = 0) -> None:
    ctx.ask_choice(seat, "card", moment_choices(ctx.s, seat, moment), Pass(),
                   power=EvolutionMomentQuestion.key, question=moment, amount=amount)


def moment_choices(state: GameState, seat: int,
                   moment: EvolutionMoment) -> tuple[Pass | PlayEvolution | UseCard, ...]:
    """The answers of ``seat``'s question at this moment: pass, play one that fits, or use
    one face up."""
    return (Pass(), *(PlayEvolution(key) for key in fitting(state, seat, moment)),
            *(UseCard(uid=card.uid) for card in usable_face_up(state, seat, moment)))


@register
class EvolutionMomentQuestion(Power):
    """The question of a moment (``engine.steps.EvolutionMoment``): play an Evolution that
    fits, or pass. Not a card: Power Up!'s question, asked as a card's are. Its public words
    never say which Evolutions fit, nor whether any does."""

    key = "evolution_moment"

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        active = state.monsters[state.turn.seat].name if state.turn is not None else ""
        return phrase(f"evoq-moment-{decision.question}", amount=decision.amount, active=active)

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        if isinstance(choice, PlayEvolution):
            return phrase("option-play-evolution-hidden")
        if isinstance(choice, UseCard):
            return use_label_of(state, choice.uid)
        return phrase("evoq-moment-pass")

    def secret(self, state: GameState, decision: Decision) -> Phrase | None:
        keys = [c.key for c in choices(decision) if isinstance(c, PlayEvolution)]
        if not keys:
            return phrase("evoq-moment-none-fits")
        return phrase("evoq-moment-fits", cards=Join(tuple(
            phrase("evoq-moment-card", card=card_word(state, key), text=card_text_ref(key))
            for key in keys)))

    def private_choice_label(self, state: GameState, decision: Decision,
                             choice: Choice) -> Phrase:
        if isinstance(choice, PlayEvolution):
            return phrase("option-play-evolution", card=card_word(state, choice.key))
        return self.choice_label(state, decision, choice)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        seat, moment = decision.seat, cast_moment(decision.question)
        if isinstance(choice, UseCard):
            card = next((c for c in usable_face_up(ctx.s, seat, moment) if c.uid == choice.uid),
                        None)
            if card is None:
                raise IllegalAction(phrase("refusal-moment-passed"))
            evolution_of(card.key).use_at(ctx, seat, card, moment)
            _offer_again(ctx)
            return
        if not isinstance(choice, PlayEvolution):
            return
        if choice.key not in fitting(ctx.s, seat, moment):
            raise IllegalAction(phrase("refusal-moment-passed"))
        play_evolution(ctx, seat, choice.key)
        _offer_again(ctx)
        if not evolution_of(choice.key).ends_the_moment and asks(ctx.s, seat, moment):
            ask_at_moment(ctx, seat, moment, decision.amount)

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        """Use a card face up when its card says so; else play the Evolution worth most now
        if it is worth playing; else pass."""
        seat = decision.seat
        for choice in choices(decision):
            found = find_card(state, choice.uid) if isinstance(choice, UseCard) else None
            if found is not None and evolution_of(found[1].key).ai_uses_at(
                    judge, state, seat, cast_moment(decision.question)):
                return choice
        best = max((c for c in choices(decision) if isinstance(c, PlayEvolution)),
                   key=lambda c: judge.evolution_value(state, seat, c.key), default=None)
        if best is None or judge.evolution_value(state, seat, best.key) <= 0:
            return Pass()
        return best


def played_when(key: str) -> tuple[str, ...]:
    """When the Evolution ``key`` may be played: its timing when it allows its owner's own
    questions ("any", "own_turn", "in_tokyo"), else the moments it is made for, in the
    order of a turn."""
    power = evolution_of(key)
    if power.info.timing in PLAYABLE_IN_OWN_TURN:
        return (power.info.timing,)
    return tuple(moment for moment in MOMENTS if moment in power.prompted_at)


def asked_for(state: GameState, decision: Decision) -> list[str]:
    """The Evolutions a moment's question is asked for: those of the asked monster's deck
    made for its moment, not face up (``made_for``)."""
    return made_for(state, decision.seat, cast_moment(decision.question))


def _offer_again(ctx: Ctx) -> None:
    """The other moment questions still pending, offering what fits now: a card just played
    may have changed it (Monkey Rush took the free place another monster's card wanted)."""
    for index, pending in enumerate(ctx.pending):
        if pending.power != EvolutionMomentQuestion.key:
            continue
        offered = tuple(Choose(decision=pending.id, choice=choice) for choice in
                        moment_choices(ctx.s, pending.seat, cast_moment(pending.question)))
        if offered != pending.options:
            ctx.pending[index] = replace(pending, options=offered, default=offered[0])


# Every moment, in the order of a turn.
MOMENTS: tuple[EvolutionMoment, ...] = get_args(EvolutionMoment)


def cast_moment(question: str) -> EvolutionMoment:
    """The moment a moment's question names (its ``question``)."""
    return next(m for m in MOMENTS if m == question)
