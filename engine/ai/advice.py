"""Advice in plain words: a move as the board shows it (dice as their faces' symbols, "Keep
❤️ ❤️ 3 and reroll 3 dice"), and why it is good in one sentence a newcomer understands,
from the facts of the position and of the move (what the dice kept do for this monster,
what Tokyo gives and costs it, what a card does and what it costs), never canned text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.actions import Action, Buy, EndBuying, Roll, Stay, StopRolling, Sweep, Yield
from engine.card_table import CARDS
from engine.core import card_cost, card_word, max_hearts
from engine.describe import option_label
from engine.phrases import Join, Phrase, card_text_ref, phrase
from engine.state import FACE_SYMBOLS, FACES, WINNING_VP, Decision, Face, GameState

# Number faces, highest first: the points a set of them scores come first.
_NUMBERS: tuple[Face, ...] = ("3", "2", "1")
# The most a why says of the dice: the first of their effects (points, hearts, smashes,
# energy), so that it stays one short sentence.
_MOST_REASONS = 2
# The points a monster scores for entering Tokyo (but in the two-player variant).
ENTERING_VP = 1
# A monster in Tokyo with this many hearts or fewer may be knocked out by the next attacks.
_FEW_HEARTS = 4


def dice_words(faces: Iterable[Face]) -> str:
    """Dice as the board shows them, one symbol a die: "❤️ ❤️ 3"."""
    return " ".join(FACE_SYMBOLS[face] for face in faces)


def counted_dice(counts: Iterable[int]) -> list[Face]:
    """The faces of dice counted per face (in ``FACES`` order), in that order."""
    return [face for face, number in zip(FACES, counts, strict=True) for _ in range(number)]


def move_label(state: GameState, action: Action) -> Phrase:
    """A move in words, the dice as the board shows them: "Keep ❤️ ❤️ 3 and reroll 3 dice",
    "Reroll all 6 dice", "Release 1 1, then keep ⚡ and reroll 5 dice" (dice the player kept
    that it does not), "Stop rolling with 3 3 3 💥 ⚡ ❤️", or the option's own label ("Stay
    in Tokyo", "Buy" and the card with its cost)."""
    turn = state.turn
    if isinstance(action, Roll | StopRolling) and turn is not None:
        kept = _kept(state, action)
        if isinstance(action, StopRolling):
            return phrase("advice-move-stop", dice=dice_words(_ordered(list(turn.dice))))
        rolled = len(turn.dice) - len(kept)
        keep = action.keep if action.keep is not None else turn.kept
        released = [turn.dice[index] for index in turn.kept if index not in keep]
        if released:  # (said first: the board shows those dice kept)
            return (phrase("advice-move-release-keep", released=dice_words(_ordered(released)),
                           dice=dice_words(_ordered(kept)), rolled=rolled) if kept else
                    phrase("advice-move-release-reroll-all",
                           released=dice_words(_ordered(released)), rolled=rolled))
        if not kept:
            return phrase("advice-move-reroll-all", rolled=rolled)
        return phrase("advice-move-keep", dice=dice_words(_ordered(kept)), rolled=rolled)
    return option_label(state, action)


def move_reason(state: GameState, decision: Decision, action: Action) -> Phrase | None:
    """Why ``action`` is a good answer to ``decision``, in one sentence from the position's
    facts; None when there is nothing plain to say about it (a card's own question)."""
    seat = decision.seat
    if isinstance(action, StopRolling) and state.turn is not None:
        reasons = _dice_reasons(state, seat, list(state.turn.dice), final=True)
        return phrase("advice-why-stop", reasons=Join(tuple(reasons))) if reasons else None
    if isinstance(action, Roll) and state.turn is not None:
        kept = _kept(state, action)
        if not kept:
            return phrase("advice-why-reroll-all", rolled=len(state.turn.dice))
        reasons = _dice_reasons(state, seat, kept, final=False)
        return phrase("advice-why-keep", reasons=Join(tuple(reasons))) if reasons else None
    if isinstance(action, Stay | Yield):
        return _tokyo_reason(state, seat, isinstance(action, Stay))
    if isinstance(action, Buy):
        key = state.face_up[action.slot].key
        return phrase("advice-why-buy", text=card_text_ref(key, state.options.edition == "2011"),
                      kind=CARDS[key].kind, cost=card_cost(state, seat, key),
                      energy=state.monsters[seat].energy)
    if isinstance(action, Sweep):
        return phrase("advice-why-sweep", energy=state.monsters[seat].energy)
    if isinstance(action, EndBuying):
        affordable = any(card_cost(state, seat, card.key) <= state.monsters[seat].energy
                         for card in state.face_up)
        return phrase("advice-why-end-turn", energy=state.monsters[seat].energy,
                      affordable="yes" if affordable else "no")
    return None


def _kept(state: GameState, action: Roll | StopRolling) -> list[Face]:
    """The faces a roll keeps (its own keep, or the dice kept now)."""
    assert state.turn is not None
    dice = state.turn.dice
    keep = action.keep if isinstance(action, Roll) and action.keep is not None else (
        state.turn.kept)
    return [dice[index] for index in keep]


def _ordered(faces: list[Face]) -> list[Face]:
    """Faces in ``FACES`` order (1 2 3 ⚡ ❤️ 💥), as the suggestion button shows them."""
    counts = Counter(faces)
    return counted_dice(counts[face] for face in FACES)


def _dice_reasons(state: GameState, seat: int, faces: list[Face], *,
                  final: bool) -> list[Phrase]:
    """What these dice do for ``seat`` once resolved, a clause a face, the first
    ``_MOST_REASONS`` of: numbers scoring (or, before the last roll, on their way to),
    hearts healing, smashes hitting, energy saved for a card. ``final``: no die will be
    rerolled."""
    counts = Counter(faces)
    me = state.monsters[seat]
    reasons: list[Phrase] = []
    for number in _NUMBERS:
        n = counts[number]
        if n >= 3:
            reasons.append(phrase("advice-why-numbers-score", dice=dice_words([number] * n),
                                  points=int(number) + n - 3))
        elif n and not final:
            reasons.append(phrase("advice-why-numbers-aim", dice=dice_words([number] * n),
                                  count=n, more=3 - n, points=int(number)))
    hearts = counts["heart"]
    most = max_hearts(state, seat)
    if hearts and not state.in_tokyo(seat) and me.hearts < most:
        reasons.append(phrase("advice-why-heal", dice=dice_words(["heart"] * hearts),
                              count=hearts, hearts=me.hearts, most=most))
    smashes = counts["smash"]
    if smashes:
        reasons.extend(_smash_reasons(state, seat, smashes))
    energy = counts["energy"]
    if energy:
        reasons.append(_energy_reason(state, seat, energy))
    return reasons[:_MOST_REASONS]


def _smash_reasons(state: GameState, seat: int, smashes: int) -> list[Phrase]:
    dice = dice_words(["smash"] * smashes)
    if state.in_tokyo(seat):
        outside = [other for other in state.alive_seats()
                   if other != seat and not state.in_tokyo(other)]
        return [phrase("advice-why-smash-outside", dice=dice, count=smashes,
                       monsters=len(outside))]
    occupants = [occupant for occupant in (state.city, state.bay)
                 if occupant is not None and occupant != seat]
    if not occupants:
        if state.options.edition == "2011":
            return [phrase("advice-why-smash-enter", dice=dice, count=smashes)]
        return []  # (2016: a monster enters an empty Tokyo whatever it rolls)
    names = Join(tuple(state.monsters[occupant].name for occupant in occupants))
    knocked = [state.monsters[occupant].name for occupant in occupants
               if state.monsters[occupant].hearts <= smashes]
    if knocked:
        return [phrase("advice-why-smash-knock-out", dice=dice, count=smashes,
                       names=Join(tuple(knocked)))]
    return [phrase("advice-why-smash-tokyo", dice=dice, count=smashes, names=names)]


def _energy_reason(state: GameState, seat: int, energy: int) -> Phrase:
    """Energy kept: the cheapest card on offer it brings within reach, or the cards it buys."""
    have = state.monsters[seat].energy
    dice = dice_words(["energy"] * energy)
    costs = sorted((card_cost(state, seat, card.key), card.key) for card in state.face_up)
    wanted = next(((cost, key) for cost, key in costs if cost > have), None)
    if wanted is None:
        return phrase("advice-why-energy", dice=dice, count=energy, energy=have)
    cost, key = wanted
    return phrase("advice-why-energy-for", dice=dice, count=energy, energy=have,
                  card=card_word(state, key), cost=cost)


def _tokyo_reason(state: GameState, seat: int, stay: bool) -> Phrase:
    """Staying scores (or, in a duel, gives energy) each turn started in Tokyo but takes
    every attack, and keeps out an attacker whom entering would make win; yielding hands
    Tokyo to the attacker and lets the monster heal again."""
    hearts = state.monsters[seat].hearts
    duel = state.two_player_variant()  # (entering and staying give energy, not points)
    reward = "1⚡" if duel else "2★"
    attacker = state.monsters[state.turn.seat] if state.turn is not None else None
    name = attacker.name if attacker is not None else ""
    if (stay and attacker is not None and not duel
            and attacker.vp + ENTERING_VP >= WINNING_VP):
        return phrase("advice-why-stay-leader", hearts=hearts, name=name, points=attacker.vp)
    if stay and hearts > _FEW_HEARTS:
        return phrase("advice-why-stay", hearts=hearts, reward=reward)
    if stay:
        return phrase("advice-why-stay-risky", hearts=hearts, name=name, reward=reward)
    if hearts <= _FEW_HEARTS:
        return phrase("advice-why-yield", hearts=hearts)
    return phrase("advice-why-yield-healthy", hearts=hearts, name=name)
