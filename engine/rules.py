"""The rules of King of Tokyo as a step machine over an immutable state.

Public API: :func:`create_game`, :func:`legal_actions`, :func:`apply`. A turn is a queue of
automatic steps (``state.steps``); a step either does its work or stops the machine with a
pending decision. ``apply`` answers a decision and runs steps until the next decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any

from msgspec.structs import replace

import engine.evolutions  # noqa: F401  (registers every Evolution)
from engine import events as ev
from engine import steps as st
from engine.actions import (
    Action,
    Buy,
    Choice,
    Choose,
    EndBuying,
    Keep,
    PlayEvolution,
    Roll,
    SplitHearts,
    Stay,
    StopRolling,
    Sweep,
    TakeLoss,
    Timeout,
    UseCard,
    Yield,
)
from engine.card_table import CARDS
from engine.cards.decks import Deck, base_deck, game_deck, playable
from engine.core import (
    HOOK_KEYS,
    POWERS,
    Ctx,
    IllegalAction,
    Power,
    buy_face_up,
    buy_offer,
    card_cost,
    card_reason,
    current_card,
    effective_key,
    enter_tokyo,
    free_place,
    gain_energy,
    gain_vp,
    heal,
    hooked,
    lose_hearts,
    max_hearts,
    open_window,
    others_cards,
    pay_energy,
    punish_reroll,
    queue_losses,
    require_decision,
    resolving_dice,
    reveal,
    run_window,
    sweep_face_up,
)
from engine.evolution import (
    asks,
    deal_evolutions,
    draws_evolution,
    expire_evolutions,
    fitting,
    look_at_evolutions,
    open_evolution_window,
    play_evolution,
    play_options,
    window_at,
)
from engine.evolution_table import deck_of
from engine.phrases import Phrase, phrase
from engine.state import (
    BAY_MIN_MONSTERS,
    BLACK_DICE,
    ROLLS_PER_TURN,
    SCHEMA_VERSION,
    WINNING_VP,
    Card,
    Decision,
    DecisionKind,
    ExtraTurn,
    Face,
    GameState,
    Loss,
    Monster,
    Options,
    Turn,
)

__all__ = [
    "advance",
    "apply",
    "begin",
    "card_cost",
    "check_setup",
    "create_game",
    "legal_actions",
    "max_hearts",
    "option_ready",
    "replay",
]


# --- setup ------------------------------------------------------------------------------


def create_game(
    options: Options, seed: int, monsters: int | Iterable[str]
) -> tuple[GameState, list[ev.Event]]:
    """A new game for its game type's number of monsters (a count, or their names), up to
    its first decision."""
    game = options.rules()
    if isinstance(monsters, int) and monsters > len(game.monster_names):
        raise IllegalAction(_count_refusal(options))
    names = tuple(monsters) if not isinstance(monsters, int) else game.monster_names[:monsters]
    check_setup(options, names, bay_open=game.has_bay and len(names) >= BAY_MIN_MONSTERS)
    deck = _deck_to_deal(options)
    options = _naming_deck(options.resolved(len(names)), deck)
    state = GameState(
        schema=SCHEMA_VERSION,
        options=options,
        seed=seed & ((1 << 64) - 1),
        monsters=tuple(Monster(name=n) for n in names),
        bay_open=game.has_bay and len(names) >= BAY_MIN_MONSTERS,
    )
    ctx = Ctx(state)
    dealt = [key for key, copies in deck for _ in range(copies)]
    ctx.shuffle(dealt)
    ctx.set(deck=tuple(dealt))
    for slot in range(3):
        reveal(ctx, slot)
    if options.power_up:
        deal_evolutions(ctx)
    return begin(ctx.result(), ctx.events)


def begin(state: GameState, happened: Iterable[ev.Event] = ()) -> tuple[GameState,
                                                                       list[ev.Event]]:
    """Roll for the first player and play up to the first decision (a game set up, with no
    turn yet: create_game's, or a rule scenario's)."""
    ctx = Ctx(state)
    ctx.events.extend(happened)
    first = _roll_for_first_player(ctx)
    ctx.set(first_seat=first, turn=Turn(seat=first, number=1, order_seat=first))
    ctx.push(st.StartTurn())
    if state.options.power_up and not _any_evolution_drawn(state):
        ctx.push(st.StartingEvolutions())
    _run(ctx)
    return ctx.result(), ctx.events


def _any_evolution_drawn(state: GameState) -> bool:
    """Has any monster an Evolution in hand, face up or discarded (a Power Up! game set up
    past its starting draw, as a rule scenario may be)?"""
    return any(m.evolution_hand or m.evolutions or m.evolution_discard
               for m in state.monsters)


def _starting_evolutions(ctx: Ctx, step: st.StartingEvolutions) -> None:
    """Power Up!: before the first turn, every monster at once looks at the top of its
    Evolution pile and keeps one (docs/rulings.md 67)."""
    for seat in range(len(ctx.s.monsters)):
        look_at_evolutions(ctx, seat, start=True)


def _draw_evolution(ctx: Ctx, step: st.DrawEvolution) -> None:
    """Power Up!: three hearts or more among the final dice earn the active monster an
    Evolution, once its dice have resolved."""
    seat = ctx.turn.seat
    if draws_evolution(ctx.s, seat):
        look_at_evolutions(ctx, seat)


def check_setup(options: Options, names: tuple[str, ...], *, bay_open: bool) -> None:
    """IllegalAction unless the game type is played by these monsters, with Tokyo Bay open
    or not, in that edition (a new game's check, and a rule scenario's)."""
    game = options.rules()
    if not game.min_monsters <= len(names) <= game.max_monsters:
        raise IllegalAction(_count_refusal(options))
    if len(set(names)) != len(names):
        raise IllegalAction(phrase("refusal-names-twice"))
    if bay_open and not game.has_bay:
        raise IllegalAction(phrase("refusal-no-bay", game=game.title))
    if options.game == "origins" and options.edition != "2016":
        raise IllegalAction(phrase("refusal-origins-2016", game=game.title))
    if options.power_up and any(not deck_of(name) for name in names):
        raise IllegalAction(phrase("refusal-power-up-monsters"))


def _count_refusal(options: Options) -> Phrase:
    game = options.rules()
    return phrase("refusal-monster-count", game=game.title, min=game.min_monsters,
                  max=game.max_monsters)


def _deck_to_deal(options: Options) -> Deck:
    """The cards the options name, or the game type's whole deck (its implemented cards);
    IllegalAction when they cannot be dealt."""
    if options.copies and len(options.copies) != len(options.cards):
        raise IllegalAction(phrase("refusal-copies-count"))
    if len(set(options.cards)) != len(options.cards):
        raise IllegalAction(phrase("refusal-card-named-twice"))
    if any(copies < 1 for copies in options.copies):
        raise IllegalAction(phrase("refusal-copies-zero"))
    deck = options.deck() or playable(game_deck(options.game))
    unknown = [key for key, _ in deck if key not in POWERS]
    if unknown:
        raise IllegalAction(phrase("refusal-not-implemented", cards=", ".join(unknown)))
    if options.edition == "2011" and any(CARDS[key].box != "base" for key, _ in deck):
        raise IllegalAction(phrase("refusal-origins-cards-2016"))
    return deck


def _naming_deck(options: Options, deck: Deck) -> Options:
    """Options that name exactly the cards dealt: nothing for King of Tokyo's whole base
    deck (short), the keys when each comes as often as in the base deck, else the copies."""
    if options.game == "kot" and deck == base_deck():
        return replace(options, cards=(), copies=())
    keys = tuple(key for key, _ in deck)
    counts = tuple(copies for _, copies in deck)
    as_in_base = all(CARDS[key].copies == copies for key, copies in deck)
    return replace(options, cards=keys, copies=() if as_in_base else counts)


def _roll_for_first_player(ctx: Ctx) -> int:
    """Everyone rolls the six black dice; most smashes goes first; ties roll again (both
    rulebooks; Origins too: docs/rulings.md 10 and 53)."""
    contenders = list(range(len(ctx.s.monsters)))
    while True:
        counts = [
            (seat, sum(ctx.roll_die() == "smash" for _ in range(BLACK_DICE)))
            for seat in contenders
        ]
        ctx.emit(ev.FirstPlayerRolled(smashes=tuple(counts)))
        best = max(c for _, c in counts)
        contenders = [seat for seat, c in counts if c == best]
        if len(contenders) == 1:
            return contenders[0]


# --- the public API ---------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may send now (``Timeout`` aside, which the host sends)."""
    actions: list[Action] = []
    for decision in state.pending:
        if decision.seat != seat:
            continue
        if decision.kind != "roll":
            actions.extend(decision.options)
            continue
        assert state.turn is not None
        n = len(state.turn.dice)
        subsets = [c for size in range(n + 1) for c in combinations(range(n), size)]
        actions.extend(Keep(decision=decision.id, dice=s) for s in subsets)
        locked = set(state.turn.encased)
        for option in decision.options:
            if isinstance(option, Roll):
                actions.extend(Roll(decision=decision.id, keep=s, card=option.card)
                               for s in subsets if len(locked.union(s)) < n)
        actions.append(StopRolling(decision=decision.id))
        # Cards used on the dice (options of the roll question), while they can act.
        actions.extend(o for o in decision.options
                       if isinstance(o, Choose) and (_roll_use_ready(state, o)
                                                     or isinstance(o.choice, PlayEvolution)))
    return actions


def apply(state: GameState, seat: int, action: Action) -> tuple[GameState, list[ev.Event]]:
    """Apply ``seat``'s action. Returns the new state and what happened. An illegal action
    raises :class:`IllegalAction` (with a message for the player) and changes nothing."""
    ctx = _answered(state, seat, action)
    _run(ctx)
    return ctx.result(), ctx.events


def turn_end_state(state: GameState, seat: int, action: Action) -> GameState | None:
    """The state at the end of the turn that ``seat``'s ``action`` finishes, which ``apply``
    passes through without stopping: after the turn's last step (buying, the end-of-turn
    cards, poison), before the next turn starts (or the result due at the end of a turn is
    declared). None when ``apply`` stops before that: at a question of this turn, or when the
    game ends during the turn (the state ``apply`` returns is then the turn's last). An
    illegal action raises as in ``apply``."""
    ctx = _answered(state, seat, action)
    return ctx.result() if _run(ctx, stop_at_next_turn=True) else None


def _answered(state: GameState, seat: int, action: Action) -> Ctx:
    """The working context once ``seat``'s answer is applied, before the steps run."""
    decision = require_decision(state, seat, action.decision)
    if isinstance(action, Timeout):
        action = decision.default
    ctx = Ctx(state)
    if isinstance(action, Keep):
        _keep(ctx, decision, action.dice)
    else:
        if decision.kind == "roll":
            if not isinstance(action, (Roll, StopRolling)) and action not in decision.options:
                raise IllegalAction(phrase("refusal-roll-or-stop"))
        elif action not in decision.options:
            raise IllegalAction(phrase("refusal-not-a-choice"))
        ctx.pending.remove(decision)
        _ANSWERS[decision.kind](ctx, decision, action)
    ctx.set(seq=ctx.s.seq + 1)
    return ctx


# --- the step machine -------------------------------------------------------------------

# Steps that still run after the active monster is knocked out mid-turn: the rest of a damage
# batch (a card hitting everyone), other monsters' chance at a card just revealed, and the end
# of the turn.
_RUN_WHEN_ACTIVE_OUT = (st.React, st.ApplyLosses, st.CardWindow, st.EvolutionWindow,
                        st.EndTurn, st.NextTurn)


def _run(ctx: Ctx, *, stop_at_next_turn: bool = False) -> bool:
    """Run the queued steps until a question is asked or the game ends; with
    ``stop_at_next_turn``, stop before the step that moves on to the next turn instead (it
    stays queued). True when it stopped there."""
    while not ctx.pending and not ctx.s.over:
        if _last_standing_now(ctx):
            return False
        step = ctx.next_step()
        if step is None:
            return False
        if stop_at_next_turn and isinstance(step, st.NextTurn):
            ctx.push(step)
            return True
        if not ctx.mon(ctx.turn.seat).alive and not isinstance(step, _RUN_WHEN_ACTIVE_OUT):
            if ctx.no_steps_left():
                # Knocked out before its dice resolved (a card punishing a reroll): the end
                # of the turn, which resolving would have queued, comes now.
                ctx.push(st.EndTurn())
            continue
        _STEPS[type(step)](ctx, step)
    return False


def _start_turn(ctx: Ctx, step: st.StartTurn) -> None:
    turn = ctx.turn
    seat = turn.seat
    ctx.emit(ev.TurnStarted(seat=seat, number=turn.number, extra=turn.extra))
    if ctx.s.options.power_up:
        expire_evolutions(ctx, "until_next_turn", seat)
    if ctx.s.in_tokyo(seat):
        if ctx.s.two_player_variant():
            gain_energy(ctx, seat, 1, phrase("reason-turn-in-tokyo"))
        else:
            gain_vp(ctx, seat, 2, phrase("reason-turn-in-tokyo"))
    ctx.push(st.FirstRoll())
    _push_window(ctx, "turn_start")
    starters = HOOK_KEYS["start_of_turn"]
    effects: list[tuple[int, int, str, Card]] = []
    for card in (*ctx.mon(seat).cards, *ctx.mon(seat).evolutions):
        # A copying card has its own start-of-turn ability besides the copy's.
        copied = card.key if card.copies is None else effective_key(ctx.s, card)
        for key in (card.key,) if copied == card.key else (card.key, copied):
            if key in starters:
                effects.append((POWERS[key].start_of_turn_order, len(effects), key, card))
    for _order, _gained, key, card in sorted(effects, key=lambda e: (e[0], e[1])):
        if current_card(ctx, seat, card.uid) is not None:  # (not gone with an earlier one)
            POWERS[key].start_of_turn(ctx, seat, card)


def _push_window(ctx: Ctx, moment: st.EvolutionMoment) -> None:
    """Queue Power Up!'s window at this moment of the active monster's turn."""
    ctx.push(*_window(ctx.s, moment))


def _window(state: GameState, moment: st.EvolutionMoment) -> tuple[st.Step, ...]:
    """Power Up!'s window at this moment, to queue ahead of it: who is asked is found when
    it comes (a hand may change meanwhile), and nobody may be."""
    return (st.EvolutionWindow(moment=moment),) if state.options.power_up else ()


def dice_count(ctx: Ctx, seat: int) -> tuple[int, int]:
    """(black dice, green dice) this monster rolls: Shrink Ray tokens take black dice away."""
    fewer = ctx.mon(seat).shrink + ctx.turn.fewer_dice
    if ctx.s.options.power_up:
        fewer += sum(power.others_fewer_dice
                     for _card, power in others_cards(ctx.s, seat, "others_fewer_dice"))
    black = max(0, BLACK_DICE - fewer)
    green = sum(power.extra_dice for _card, power in hooked(ctx.s, seat, "extra_dice"))
    return black, green


def _first_roll(ctx: Ctx, step: st.FirstRoll) -> None:
    seat = ctx.turn.seat
    black, green = dice_count(ctx, seat)
    extra_rolls = sum(power.extra_rolls for _card, power in hooked(ctx.s, seat, "extra_rolls"))
    dice = ctx.roll_dice(black + green)
    rolls_left = 0 if _rolls_once(ctx.s, seat) else ROLLS_PER_TURN - 1 + extra_rolls
    locked = _encased_faces(ctx.s, seat)[:len(dice)] if ctx.s.options.power_up else ()
    dice = (*locked, *dice[len(locked):])
    encased = tuple(range(len(locked)))
    # (A locked die is kept from the start, and stays kept: the board shows it so.)
    ctx.set_turn(dice=dice, green=green, kept=encased, rolls_left=rolls_left, encased=encased)
    ctx.emit(ev.DiceRolled(seat=seat, dice=dice,
                           rerolled=tuple(range(len(locked), len(dice)))))
    ctx.push(st.AskRoll())


def _extra_roll_card(ctx: Ctx, seat: int) -> Card | None:
    for card, power in hooked(ctx.s, seat, "extra_roll_available"):
        if power.extra_roll_available(ctx, seat, card):
            return card
    return None


_ROLL = Roll(decision=0)
_STOP = StopRolling(decision=0)


def _ask_roll(ctx: Ctx, step: st.AskRoll) -> None:
    """The roll question: roll again (once the normal rolls are used up, one Roll option per
    card that can give an extra roll), stop, or use a card on the dice (dice tools)."""
    turn = ctx.turn
    if not turn.dice:
        ctx.push(st.AfterRolling())
        return
    seat = turn.seat
    final = turn.dice_final
    options: list[Action] = [_ROLL] if turn.rolls_left > 0 and not final else []
    if not turn.rolls_left and not final and not _rolls_once(ctx.s, seat):
        options.extend(Roll(decision=0, card=card.uid)
                       for card, power in hooked(ctx.s, seat, "extra_roll_available")
                       if power.extra_roll_available(ctx, seat, card))
    uses: list[Action] = [Choose(decision=0, choice=UseCard(uid=card.uid))
            for card, power in hooked(ctx.s, seat, "roll_use_available")
            if power.roll_use_available(ctx, seat, card)]
    if not options and not uses:
        if not final:
            ctx.push(st.AfterRolling())
        return  # (final: the dice resolve next)
    # (Evolutions are offered when the question is asked anyway: they never add one.)
    ctx.ask(seat, "roll", (*options, _STOP, *uses, *play_options(ctx.s, seat)), _STOP)


def _encased_faces(state: GameState, seat: int) -> tuple[Face, ...]:
    """Power Up!'s Encased in Ice: the faces of the dice other monsters' cards keep locked;
    they take the first places of this monster's roll (``Turn.encased``)."""
    return tuple(face for card, power in others_cards(state, seat, "locked_face")
                 if (face := power.locked_face(state, card)) is not None)


def _rolls_once(state: GameState, seat: int) -> bool:
    """Power Up!: a card lets this monster roll once only: its own (Cat Nip) or another
    monster's (Blizzard, which lets it yield nothing either)."""
    return state.options.power_up and (bool(others_cards(state, seat, "others_roll_once"))
                                       or bool(hooked(state, seat, "rolls_once")))


def option_ready(state: GameState, action: Action) -> bool:
    """Would this option of a pending question be accepted as the dice are now? Only a dice
    tool of the roll question can stop being ready while its question is pending (Background
    Dweller once every 3 is kept); a user interface may grey such an option out."""
    if isinstance(action, Choose) and isinstance(action.choice, UseCard):
        decision = state.decision(action.decision)
        if decision is not None and decision.kind == "roll":
            return _roll_use_ready(state, action)
    return True


def _roll_use_ready(state: GameState, option: Choose) -> bool:
    """Can the card of this roll-question option act on the dice as they are now (kept
    dice included)?"""
    if not isinstance(option.choice, UseCard) or state.turn is None:
        return False
    ctx = Ctx(state)
    card = current_card(ctx, state.turn.seat, option.choice.uid)
    if card is None:
        return False
    return POWERS[effective_key(state, card)].roll_use_available(ctx, state.turn.seat, card)


def _use_on_dice(ctx: Ctx, decision: Decision, action: Action) -> None:
    """A card used on the dice from the roll question; the roll question comes back after
    it (and after any question of the card's)."""
    choice = _choice(action)
    assert isinstance(choice, UseCard)
    card = current_card(ctx, decision.seat, choice.uid)
    power = None if card is None else POWERS.get(effective_key(ctx.s, card))
    if card is None or power is None:
        raise IllegalAction(phrase("refusal-card-gone"))
    if not power.roll_use_available(ctx, decision.seat, card):
        raise IllegalAction(phrase("refusal-card-cannot-act"))
    ctx.push(st.AskRoll())
    power.roll_use(ctx, decision.seat, card)


def _keep(ctx: Ctx, decision: Decision, dice: tuple[int, ...]) -> None:
    if decision.kind != "roll":
        raise IllegalAction(phrase("refusal-no-dice-to-keep"))
    n = len(ctx.turn.dice)
    if len(set(dice)) != len(dice) or any(not 0 <= i < n for i in dice):
        raise IllegalAction(phrase("refusal-die-numbers", count=n))
    ctx.set_turn(kept=tuple(sorted({*dice, *ctx.turn.encased})))


def _answer_roll(ctx: Ctx, decision: Decision, action: Action) -> None:
    if isinstance(action, StopRolling):
        if not ctx.turn.dice_final:
            ctx.push(st.AfterRolling())
        return  # (final: the dice resolve next)
    if isinstance(action, Choose):
        if isinstance(action.choice, PlayEvolution):
            ctx.push(st.AskRoll())
            play_evolution(ctx, decision.seat, action.choice.key)
            return
        _use_on_dice(ctx, decision, action)
        return
    assert isinstance(action, Roll)
    if ctx.turn.dice_final:
        raise IllegalAction(phrase("refusal-dice-final"))
    if action.keep is not None:
        _keep(ctx, decision, action.keep)
    turn = ctx.turn
    seat = turn.seat
    kept = turn.kept
    rerolled = tuple(i for i in range(len(turn.dice)) if i not in kept and i not in turn.encased)
    if not rerolled:
        raise IllegalAction(phrase("refusal-all-kept"))
    card_used: str | None = None
    rolls_left = turn.rolls_left
    if rolls_left > 0 and action.card is None:
        rolls_left -= 1
    elif rolls_left > 0:
        raise IllegalAction(phrase("refusal-roll-normally"))
    else:
        card = (_extra_roll_card(ctx, seat) if action.card is None
                else current_card(ctx, seat, action.card))
        power = None if card is None else POWERS.get(effective_key(ctx.s, card))
        if card is None or power is None or not power.extra_roll_available(ctx, seat, card):
            raise IllegalAction(phrase("refusal-no-rolls-left"))
        card_used = power.key
        power.spend_extra_roll(ctx, seat, card)
    dice = list(turn.dice)
    for i, face in zip(rerolled, ctx.roll_dice(len(rerolled)), strict=True):
        dice[i] = face
    new_dice = tuple(dice)
    ctx.set_turn(dice=new_dice, rolls_left=rolls_left)
    ctx.emit(ev.DiceRolled(seat=seat, dice=new_dice, rerolled=rerolled, card=card_used))
    ctx.push(st.AskRoll())
    punish_reroll(ctx, seat)


def _after_rolling(ctx: Ctx, step: st.AfterRolling) -> None:
    """The dice are final: other monsters' cards may step in (clockwise), then resolve."""
    ctx.push(st.Resolve())
    _push_window(ctx, "dice_resolving")
    seat = ctx.turn.seat
    if hooked(ctx.s, seat, "roll_use_available"):
        # Its dice tools get one more chance if another monster's card changes the dice.
        ctx.set_turn(dice_final=True)
        ctx.push(st.DiceToolsAgain(dice=ctx.turn.dice))
    _push_window(ctx, "dice_rolled")
    open_window(ctx, "dice_final")


def _dice_tools_again(ctx: Ctx, step: st.DiceToolsAgain) -> None:
    """A card of another monster changed the final dice (Psychic Probe): before they resolve,
    the active monster may use its dice tools on them once more."""
    if ctx.turn.dice != step.dice:
        _ask_roll(ctx, st.AskRoll())


def _resolve(ctx: Ctx, step: st.Resolve) -> None:
    seat = ctx.turn.seat
    dice = resolving_dice(ctx.s)
    adders = hooked(ctx.s, seat, "added_smashes")
    smashes = _add_smashes(ctx, seat, dice, adders) if adders else dice.count("smash")
    for number in (1, 2, 3):
        count = dice.count(str(number))
        if count >= 3:
            gain_vp(ctx, seat, number + count - 3, phrase("reason-three-of-a-kind", number=number))
    for card, power in hooked(ctx.s, seat, "on_dice_resolved"):
        power.on_dice_resolved(ctx, seat, card, dice, smashes)
    gain_energy(ctx, seat, dice.count("energy"), phrase("reason-energy-dice"))
    later: list[st.Step] = [st.ResolveSmashes()]
    if draws_evolution(ctx.s, seat):
        later.append(st.DrawEvolution())
    if ctx.s.options.edition == "2016":
        later += [*_window(ctx.s, "tokyo_free"), st.EnterTokyo()]
    ctx.push(*later, *_window(ctx.s, "after_entering"), st.AskBuy(), st.EndTurn())
    hearts = dice.count("heart") + sum(power.added_hearts(ctx, seat, card, dice)
                                       for card, power in hooked(ctx.s, seat, "added_hearts"))
    if hearts:
        ctx.push(st.HeartDice(amount=hearts))


def _heart_dice(ctx: Ctx, step: st.HeartDice) -> None:
    """The active monster's heart dice: its cards may spend them on other monsters first
    (``Power.spend_heart_dice``: Healing Ray), then the rest heal it or remove its tokens."""
    seat = ctx.turn.seat
    if not step.cards_done:
        for card, power in hooked(ctx.s, seat, "spend_heart_dice"):
            if power.spend_heart_dice(ctx, seat, card, step.amount):
                return
    hearts = step.amount
    monster = ctx.mon(seat)
    if not hearts or ctx.s.in_tokyo(seat):
        return  # heart dice do nothing in Tokyo
    if monster.poison or monster.shrink:
        choices = _token_choices(hearts, monster)
        ctx.ask_choice(seat, "hearts", choices, choices[0], amount=hearts)
    else:
        heal(ctx, seat, hearts, phrase("reason-heart-dice"))


def _add_smashes(ctx: Ctx, seat: int, dice: tuple[Face, ...],
                 powers: list[tuple[Card, Power]]) -> int:
    """Smash cards: the Smash faces the owner's cards add to its final dice (in
    ``smash_order``), each shown by an event and kept in ``turn.added_smashes``. Returns the
    Smashes of the final dice, added ones included."""
    smashes = dice.count("smash")
    added = 0
    for card, power in sorted(powers, key=lambda item: item[1].smash_order):
        amount = power.added_smashes(ctx, seat, card, dice, smashes + added)
        if amount > 0:
            added += amount
            ctx.emit(ev.SmashesAdded(seat=seat, amount=amount, card=power.key))
    if added:
        ctx.set_turn(added_smashes=added)
    return smashes + added


def _token_choices(hearts: int, monster: Monster) -> tuple[SplitHearts, ...]:
    """Every way to split the heart dice between poison tokens, shrink tokens and healing.
    The first (the default) removes as many poison tokens, then shrink tokens, as it can."""
    return tuple(
        SplitHearts(poison=poison, shrink=shrink)
        for poison in range(min(hearts, monster.poison), -1, -1)
        for shrink in range(min(hearts - poison, monster.shrink), -1, -1)
    )


def _answer_hearts(ctx: Ctx, decision: Decision, action: Action) -> None:
    choice = _choice(action)
    assert isinstance(choice, SplitHearts)
    seat = decision.seat
    removed = {"poison": choice.poison, "shrink": choice.shrink}
    for token, amount in removed.items():
        if amount:
            ctx.set_mon(seat, **{token: getattr(ctx.mon(seat), token) - amount})
            ctx.emit(ev.TokensRemoved(seat=seat, token=token, amount=amount))
    heal(ctx, seat, decision.amount - sum(removed.values()), phrase("reason-heart-dice"))


def _resolve_smashes(ctx: Ctx, step: st.ResolveSmashes) -> None:
    s = ctx.s
    seat = ctx.turn.seat
    # Smashes added by cards count as Smashes (only 2016 cards add them).
    smashes = resolving_dice(s).count("smash") + ctx.turn.added_smashes
    changers = hooked(s, seat, "smash_losses")
    if not smashes and not changers:
        return
    if smashes and s.options.edition == "2011" and not s.in_tokyo(seat) and s.city is None:
        # 2011: the first monster to smash an empty Tokyo takes it and deals no damage.
        queue_losses(ctx, enter_tokyo(ctx, seat, "city"))
        return
    targets: tuple[int, ...]
    if hooked(s, seat, "hits_everyone"):
        targets = tuple(t for t in s.alive_seats() if t != seat)
    elif s.in_tokyo(seat):
        targets = tuple(t for t in s.alive_seats() if not s.in_tokyo(t))
    else:
        targets = tuple(t for t in (s.city, s.bay) if t is not None)
    losses = tuple(Loss(target=t, amount=smashes, source="smash", by=seat)
                   for t in targets) if smashes else ()
    for card, power in changers:
        losses = power.smash_losses(ctx, seat, card, smashes, targets, losses)
    if smashes:
        after: tuple[st.Step, ...] = ()
        if s.options.counts_only_damaging_attacks() and hooked(s, seat, "after_smashes"):
            # Whether the attack dealt damage is known once it is over (docs/rulings.md 64).
            after = (st.AfterSmashes(targets=targets),)
        ctx.push(st.AskYields(), st.ApplyYields(), *after)
        ctx.set_turn(smashed=())
    queue_losses(ctx, list(losses))


def _after_smashes(ctx: Ctx, step: st.AfterSmashes) -> None:
    """The active monster's cards that act on the damage its smashes actually dealt (the
    monsters in ``turn.smashed``, after prevention, reactions and the yields)."""
    seat = ctx.turn.seat
    hit = ctx.turn.smashed
    queue_losses(ctx, [loss for card, power in hooked(ctx.s, seat, "after_smashes")
                       for loss in power.after_smashes(ctx, seat, card, step.targets, hit)])


# --- the damage pipeline ----------------------------------------------------------------


def _set_loss(ctx: Ctx, index: int, loss: Loss) -> None:
    losses = ctx.turn.losses
    ctx.set_turn(losses=(*losses[:index], loss, *losses[index + 1 :]))


def _react(ctx: Ctx, step: st.React) -> None:
    """Prevention (the target's prevention cards), then the target's reactions (cards it may
    use against the loss) as a question, asked again after each use."""
    loss = ctx.turn.losses[step.index]
    target = loss.target
    if loss.settled or loss.amount <= 0 or not ctx.mon(target).alive:
        return
    if not loss.prevented and not step.evolutions_asked:
        window = window_at(ctx.s, "losing_hearts", target, loss.amount)
        if window is not None:
            # Asked first: an Evolution played may prevent the loss (Detachable Tail).
            ctx.push(window, st.React(index=step.index, evolutions_asked=True))
            return
    if not loss.prevented:
        amount = loss.amount
        # Each prevention card is used once, as soon as it applies, in prevent_order: never
        # worse for the owner (a loss of 2 is rolled for first, and a card that cancels
        # exactly 1 then cancels a remaining 1), and no roll is wasted on a loss of 1.
        unused = sorted(
            ((power.prevent_order, card.uid, card, power)
             for card, power in hooked(ctx.s, target, "prevent_order")),
            key=lambda item: (item[0], item[1]),
        )
        while amount > 0:
            ready = next((item for item in unused
                          if item[3].prevents(ctx, target, item[2], amount)), None)
            if ready is None:
                break
            unused.remove(ready)
            amount = ready[3].prevent(ctx, target, ready[2], amount)
        loss = replace(loss, amount=amount, prevented=True)
        _set_loss(ctx, step.index, loss)
        if amount <= 0:
            return
    uses = tuple(
        UseCard(uid=card.uid)
        for card, power in hooked(ctx.s, target, "reaction_available")
        if power.reaction_available(ctx, target, card, loss)
    )
    if not uses:
        return
    ctx.push(st.React(index=step.index))
    ctx.ask_choice(target, "react", (TakeLoss(), *uses), TakeLoss(), amount=loss.amount)


def _answer_react(ctx: Ctx, decision: Decision, action: Action) -> None:
    index = next(
        i for i, loss in enumerate(ctx.turn.losses)
        if loss.target == decision.seat and not loss.settled and loss.prevented
    )
    choice = _choice(action)
    assert isinstance(choice, TakeLoss | UseCard)
    if isinstance(choice, TakeLoss):
        _set_loss(ctx, index, replace(ctx.turn.losses[index], settled=True))
        return
    _use_card(ctx, decision.seat, choice.uid, index)


def _use_card(ctx: Ctx, seat: int, uid: int, loss_index: int | None) -> None:
    card = current_card(ctx, seat, uid)
    if card is None:
        raise IllegalAction(phrase("refusal-card-gone"))
    POWERS[effective_key(ctx.s, card)].use(ctx, seat, card, loss_index)


def _choice(action: Action) -> Choice:
    """The choice an answer carries (``apply`` has checked it is one of the options)."""
    assert isinstance(action, Choose)
    return action.choice


def _apply_losses(ctx: Ctx, step: st.ApplyLosses) -> None:
    kept: list[Loss] = []
    for loss in ctx.turn.losses:
        if loss.amount <= 0 or not ctx.mon(loss.target).alive:
            continue
        if loss.source == "smash" and ctx.s.in_tokyo(loss.target) and (
                _yield_canceller(ctx, loss) or asks(ctx.s, loss.target, "yielding")):
            # (Power Up!: a monster that may hold an Evolution played with a yield, Simian
            # Scamper, has its loss held too: public facts decide it, as ruling 85's.)
            # The loss waits for the yield question: yielding cancels it.
            kept.append(replace(loss, deferred=True))
            continue
        lose_hearts(ctx, loss)
    ctx.set_turn(losses=tuple(kept))


def _yield_canceller(ctx: Ctx, loss: Loss) -> str | None:
    """The key of the target's card for which yielding cancels this loss, if any."""
    return next((power.key for card, power in hooked(ctx.s, loss.target, "cancels_loss_on_yield")
                 if power.cancels_loss_on_yield(ctx, loss.target, card, loss)), None)


def _ask_yields(ctx: Ctx, step: st.AskYields) -> None:
    """Every monster in Tokyo that lost hearts to the smashes (or whose loss waits for its
    answer) is asked at the same time; answers are applied together, City first."""
    s = ctx.s
    deferred = {loss.target: loss.amount for loss in ctx.turn.losses if loss.deferred}
    ctx.set_turn(yield_answers=())
    for occupant in (s.city, s.bay):
        if occupant is None or not ctx.mon(occupant).alive:
            continue
        if occupant in ctx.turn.smashed or occupant in deferred:
            if others_cards(s, occupant, "others_roll_once"):  # (Blizzard: it stays)
                ctx.set_turn(yield_answers=(*ctx.turn.yield_answers, (occupant, False)))
                continue
            plays = (Choose(decision=0, choice=PlayEvolution(key))
                     for key in fitting(s, occupant, "yielding"))
            ctx.ask(occupant, "yield", (Stay(decision=0), Yield(decision=0), *plays),
                    Stay(decision=0), amount=deferred.get(occupant, 0))


def _answer_yield(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Stay or yield; or (Power Up!) yield playing an Evolution made for it (Simian
    Scamper), face up before the yields apply."""
    played = action.choice if isinstance(action, Choose) else None
    if isinstance(played, PlayEvolution):
        play_evolution(ctx, decision.seat, played.key)
    ctx.set_turn(yield_answers=(*ctx.turn.yield_answers,
                                (decision.seat, played is not None or isinstance(action, Yield))))


def _apply_yields(ctx: Ctx, step: st.ApplyYields) -> None:
    # (An answer given later overrules an earlier one: a Stay a card forced into a yield.)
    answers = dict(ctx.turn.yield_answers)
    if _stays_questioned(ctx, answers):
        ctx.push(step)  # (applied once the card's questions are answered)
        return
    forced_by = _stays_overruled(ctx)
    deferred = {loss.target: loss for loss in ctx.turn.losses if loss.deferred}
    for occupant in (ctx.s.city, ctx.s.bay):
        if occupant is None or occupant not in answers or not ctx.mon(occupant).alive:
            continue
        yielded = answers[occupant]
        place = ctx.s.place_of(occupant)
        # (None when the Bay closed under it meanwhile: a held loss applied just before
        # knocked a monster out.)
        if place is not None and yielded:
            ctx.set(**{place: None})
            if occupant in forced_by:
                ctx.emit(ev.LeftTokyo(seat=occupant, place=place, reason=forced_by[occupant]))
            else:
                ctx.emit(ev.Yielded(seat=occupant, place=place))
            ctx.set_turn(yielded=(*ctx.turn.yielded, (occupant, place)))
        elif place is not None:
            ctx.emit(ev.Stayed(seat=occupant, place=place))
        if place is not None:
            for card, power in hooked(ctx.s, occupant, "on_yield_answered"):
                power.on_yield_answered(ctx, occupant, card, yielded)
        held = deferred.get(occupant)
        if held is None:
            continue
        # The card that held the loss must still be there to cancel it.
        canceller = _yield_canceller(ctx, held) if yielded else None
        if canceller is not None:
            ctx.emit(ev.LossPrevented(seat=occupant, amount=held.amount, card=canceller))
        else:
            lose_hearts(ctx, replace(held, deferred=False))
    ctx.set_turn(losses=(), yield_answers=())
    if ctx.s.options.edition == "2011":
        # 2011: the attacker must take the place it emptied (the City first).
        if ctx.s.options.power_up:
            ctx.push(st.EvolutionWindow(moment="tokyo_free"), st.EnterTokyo())
        else:
            _take_empty_place(ctx)


def _stays_questioned(ctx: Ctx, answers: dict[int, bool]) -> bool:
    """The active monster's cards that may overrule a Stay (``Power.on_stays``) are told who
    stays; True when one asked its owner a question."""
    staying = tuple(o for o in (ctx.s.city, ctx.s.bay)
                    if o is not None and answers.get(o) is False and ctx.mon(o).alive)
    active = ctx.turn.seat
    if not staying or not ctx.mon(active).alive:
        return False
    for card, power in hooked(ctx.s, active, "on_stays"):
        power.on_stays(ctx, active, card, staying)
    return bool(ctx.pending)


def _stays_overruled(ctx: Ctx) -> dict[int, Phrase]:
    """The monsters whose Stay a card of the active monster overruled (a yield after their
    Stay: ``core.overrule_stay``), with that card as the reason they leave Tokyo."""
    stayed = {seat for seat, yielded in ctx.turn.yield_answers if not yielded}
    overruled = [seat for seat, yielded in ctx.turn.yield_answers if yielded and seat in stayed]
    forcers = hooked(ctx.s, ctx.turn.seat, "on_stays") if overruled else []
    if not forcers:
        return {}
    reason = card_reason(ctx.s, forcers[0][1].key)
    return dict.fromkeys(overruled, reason)


def _take_empty_place(ctx: Ctx) -> None:
    s = ctx.s
    seat = ctx.turn.seat
    place = free_place(s)
    if s.in_tokyo(seat) or not ctx.mon(seat).alive or place is None:
        return
    losses = enter_tokyo(ctx, seat, place)
    # The cards of a monster that yielded this place this turn act on the one taking it.
    losses += [loss
               for yielder, left in ctx.turn.yielded if left == place and ctx.mon(yielder).alive
               for card, power in hooked(ctx.s, yielder, "on_place_taken")
               for loss in power.on_place_taken(ctx, yielder, card, seat)]
    queue_losses(ctx, losses)


def _enter_tokyo_step(ctx: Ctx, step: st.EnterTokyo) -> None:
    """2016: if Tokyo City (or, with 5-6 monsters, Tokyo Bay) is empty, the active monster
    must enter it."""
    _take_empty_place(ctx)


# --- buying -----------------------------------------------------------------------------


def _ask_buy(ctx: Ctx, step: st.AskBuy) -> None:
    seat = ctx.turn.seat
    monster = ctx.mon(seat)
    options: list[Action] = [
        Buy(decision=0, slot=slot)
        for slot, card in enumerate(ctx.s.face_up)
        if card_cost(ctx.s, seat, card.key) <= monster.energy
        and card.uid not in ctx.turn.unbuyable
    ]
    if monster.energy >= 2 and ctx.s.face_up:
        options.append(Sweep(decision=0))
    # Cards used in the buy step, then purchases cards add to it (Parasitic Tentacles),
    # each offered once.
    options.extend(
        Choose(decision=0, choice=UseCard(uid=card.uid))
        for card, power in hooked(ctx.s, seat, "buy_step_available")
        if power.buy_step_available(ctx, seat, card)
    )
    offers: list[Choice] = []
    for card, power in hooked(ctx.s, seat, "buy_offers"):
        offers.extend(c for c in power.buy_offers(ctx.s, seat, card) if c not in offers)
    options.extend(Choose(decision=0, choice=c) for c in offers)
    options.extend(play_options(ctx.s, seat))
    if not options:
        return  # nothing to buy, sweep or use: the turn simply ends, without a question
    options.append(EndBuying(decision=0))
    ctx.ask(seat, "buy", tuple(options), EndBuying(decision=0))


def _answer_buy(ctx: Ctx, decision: Decision, action: Action) -> None:
    seat = decision.seat
    if isinstance(action, EndBuying):
        return
    ctx.push(st.AskBuy())
    if isinstance(action, Buy) and ctx.s.options.power_up:
        # Power Up!: the others may Bamboozle the purchase before it is paid.
        ctx.set_turn(buying=ctx.s.face_up[action.slot].uid)
        ctx.push(st.EvolutionWindow(moment="card_bought"), st.Purchase())
    elif isinstance(action, Buy):
        buy_face_up(ctx, seat, action.slot)
    elif isinstance(action, Sweep):
        pay_energy(ctx, seat, 2, phrase("reason-sweeping"))
        sweep_face_up(ctx, seat)
    elif isinstance(action, Choose):
        choice = _choice(action)
        if isinstance(choice, PlayEvolution):
            play_evolution(ctx, seat, choice.key)
            return
        if not isinstance(choice, UseCard):
            # One of the purchases a card offers (see _ask_buy).
            offered = buy_offer(ctx.s, seat, choice)
            if offered is None:
                raise IllegalAction(phrase("refusal-not-on-offer"))
            offered[1].take_offer(ctx, seat, offered[0], choice)
            return
        _use_card(ctx, seat, choice.uid, None)


def _purchase(ctx: Ctx, step: st.Purchase) -> None:
    """Power Up!: the purchase the others let through (or a Bamboozle chose), if the card
    is still there to buy."""
    uid = ctx.turn.buying
    ctx.set_turn(buying=-1)
    slot = next((i for i, card in enumerate(ctx.s.face_up) if card.uid == uid), None)
    if slot is not None and uid not in ctx.turn.unbuyable:
        buy_face_up(ctx, ctx.turn.seat, slot)


def _answer_card(ctx: Ctx, decision: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and decision.power is not None
    if decision.card_uid is None:
        # A rule's question asked as a card's (Power Up!'s draw): no card to look for.
        POWERS[decision.power].answer(ctx, decision, action.choice)
        return
    card = current_card(ctx, decision.seat, decision.card_uid)
    # The power that asked must still be the card's own or the one it copies.
    if card is None or decision.power not in (card.key, effective_key(ctx.s, card)):
        raise IllegalAction(phrase("refusal-card-gone"))
    POWERS[decision.power].answer(ctx, decision, action.choice)


# --- the end of a turn ------------------------------------------------------------------


def _end_turn(ctx: Ctx, step: st.EndTurn) -> None:
    """The active monster's end-of-turn cards (in their ``end_of_turn_order``), the other
    monsters' cards that act at the end of any turn, then poison: the active monster loses
    one heart per poison token (a card effect, not an attack)."""
    seat = ctx.turn.seat
    if not step.done and not step.evolutions_asked:
        window = window_at(ctx.s, "turn_end")
        if window is not None:
            ctx.push(window, st.EndTurn(evolutions_asked=True))
            return
    cards = sorted(hooked(ctx.s, seat, "end_of_turn"),
                   key=lambda item: item[1].end_of_turn_order)
    for card, power in cards:
        if card.uid in step.done:
            continue
        power.end_of_turn(ctx, seat, card)
        if ctx.pending:
            # The card asked a question: the other cards run once it is answered.
            ctx.push(st.EndTurn(done=(*step.done, card.uid), evolutions_asked=True))
            return
    ctx.push(st.NextTurn())
    poison = ctx.mon(seat).poison
    queue_losses(ctx, [Loss(target=seat, amount=poison, source="poison")])
    open_window(ctx, "turn_end")


def _last_standing_now(ctx: Ctx) -> bool:
    """Between two steps: with at most one monster left and no loss of hearts still on its
    way (its prevention, a reaction asked, a loss held until a yield answer), the game ends
    at once if its rule says so (``Options.ends_when_last_standing``: 2011 games, and games
    stored with that rule; docs/rulings.md 8). Otherwise it ends at the end of the turn."""
    s = ctx.s
    if ctx.turn.losses or _two_alive(s.monsters):
        return False
    if not s.options.ends_when_last_standing():
        return False
    _declare_result(ctx, s.alive_seats(), ())
    return True


def _two_alive(monsters: tuple[Monster, ...]) -> bool:
    """Are two monsters or more still in the game (asked between every two steps: it stops
    at the second)?"""
    found = False
    for monster in monsters:
        if monster.alive:
            if found:
                return True
            found = True
    return False


def _next_turn(ctx: Ctx, step: st.NextTurn) -> None:
    s = ctx.s
    alive = s.alive_seats()
    champions = tuple(seat for seat in alive if s.monsters[seat].vp >= WINNING_VP)
    if champions or len(alive) <= 1:
        _declare_result(ctx, alive, champions)
        return
    if s.options.power_up:
        expire_evolutions(ctx, "turn")
    turn = ctx.turn
    # An entry is a seat (a full extra turn) or an ExtraTurn (one with fewer dice).
    extra = [e if isinstance(e, ExtraTurn) else ExtraTurn(seat=e) for e in s.extra_turns]
    while extra and not s.monsters[extra[0].seat].alive:
        extra.pop(0)
    fewer_dice = 0
    if extra:
        owed = extra.pop(0)
        seat, order_seat, is_extra, fewer_dice = owed.seat, turn.order_seat, True, owed.fewer_dice
    else:
        n = len(s.monsters)
        seat = next((turn.order_seat + k) % n for k in range(1, n + 1)
                    if s.monsters[(turn.order_seat + k) % n].alive)
        order_seat, is_extra = seat, False
    ctx.set(
        extra_turns=tuple(e.seat if not e.fewer_dice else e for e in extra),
        turn=Turn(seat=seat, number=turn.number + 1, order_seat=order_seat, extra=is_extra,
                  fewer_dice=fewer_dice),
    )
    ctx.push(st.StartTurn())


def _declare_result(ctx: Ctx, alive: tuple[int, ...], champions: tuple[int, ...]) -> None:
    """The game is over: the ``champions`` (20 VP at the end of a turn) win, else the last
    monster standing; with nobody ``alive``, nobody wins."""
    ctx.set(over=True, winners=champions or alive)
    ctx.pending.clear()
    ctx.clear_steps()
    if not alive:
        ctx.emit(ev.NoWinner())
        return
    reason = (phrase("reason-victory-points", vp=WINNING_VP) if champions
              else phrase("reason-last-standing"))
    ctx.emit(ev.Won(seats=champions or alive, reason=reason))


_STEPS: dict[type[Any], Callable[[Ctx, Any], None]] = {
    st.StartingEvolutions: _starting_evolutions,
    st.DrawEvolution: _draw_evolution,
    st.EvolutionWindow: open_evolution_window,
    st.Purchase: _purchase,
    st.StartTurn: _start_turn,
    st.FirstRoll: _first_roll,
    st.AskRoll: _ask_roll,
    st.AfterRolling: _after_rolling,
    st.CardWindow: run_window,
    st.DiceToolsAgain: _dice_tools_again,
    st.Resolve: _resolve,
    st.HeartDice: _heart_dice,
    st.ResolveSmashes: _resolve_smashes,
    st.React: _react,
    st.ApplyLosses: _apply_losses,
    st.AskYields: _ask_yields,
    st.ApplyYields: _apply_yields,
    st.AfterSmashes: _after_smashes,
    st.EnterTokyo: _enter_tokyo_step,
    st.AskBuy: _ask_buy,
    st.EndTurn: _end_turn,
    st.NextTurn: _next_turn,
}

# One answer handler per decision kind (a card's questions go to the card).
_ANSWERS: dict[DecisionKind, Callable[[Ctx, Decision, Action], None]] = {
    "roll": _answer_roll,
    "hearts": _answer_hearts,
    "react": _answer_react,
    "yield": _answer_yield,
    "buy": _answer_buy,
    "card": _answer_card,
}


def advance(state: GameState) -> tuple[GameState, list[ev.Event]]:
    """Run the queued steps of a state built by hand (scenarios, tests) up to its first
    decision."""
    ctx = Ctx(state)
    _run(ctx)
    return ctx.result(), ctx.events


def replay(
    options: Options,
    seed: int,
    monsters: int | Iterable[str],
    actions: Iterable[tuple[int, Action]],
) -> GameState:
    """The state reached by playing ``actions`` (seat, action) from a new game: a stored
    game's log replays to its stored state, bit for bit."""
    state, _ = create_game(options, seed, monsters)
    for seat, action in actions:
        state, _ = apply(state, seat, action)
    return state
