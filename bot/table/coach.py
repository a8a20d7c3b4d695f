"""The coach: before each question a coached player must answer, a short private note that
explains the choice in plain words, and the rules as they come up, each once a game (the
dice, Tokyo, yielding, buying, each card first seen in the shop, the first card owned, a
knock-out, a monster close to winning). The Hard AI's suggestion is added when the note is delivered
(``bot.discord.coach``).

A ``/kot learn`` game starts with the coach on for its players; the 📋 panel's toggle turns
it on or off in any game. The notes are written into the chronicle in the change that asks
the question (so a restart keeps them, and a rule is explained once: the chronicle's part
``bot.table.model.Coaches``); the publish plan then queues their delivery. Pure functions of
a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import msgspec

from bot.table.model import Chronicle, Coaches, Coaching, Game
from engine import (
    WINNING_VP,
    Decision,
    GameState,
    Phrase,
    card_cost,
    card_ref,
    card_text_ref,
    events,
    phrase,
)

# A monster this close to the winning points brings the "close to winning" note.
CLOSE_TO_WINNING = WINNING_VP - 5


def with_coach(chronicle: Chronicle, seat: int, on: bool) -> Chronicle:
    """The chronicle with this seat's coach turned on or off (what it explained stays told;
    turned on again, it notes the question pending now)."""
    coaching = chronicle.coaching.of(seat)
    changed = msgspec.structs.replace(coaching, on=on, decision_id=0, note=())
    return _with_coaching(chronicle, changed)


def coached_from_start(game: Game) -> Chronicle:
    """A new game's chronicle: a /kot learn game's players start with the coach on."""
    if not game.lobby.learn:
        return game.chronicle
    chronicle = game.chronicle
    for seat, user_id in enumerate(game.seats):
        if user_id >= 0:
            chronicle = _with_coaching(chronicle, Coaching(seat))
    return chronicle


def with_notes(game: Game) -> tuple[Game, tuple[Coaching, ...]]:
    """The game with a note for each coached player's new question (one they were not
    coached for yet), and those notes."""
    state = game.state
    if game.status != "playing" or state is None or state.over:
        return game, ()
    chronicle = game.chronicle
    written: list[Coaching] = []
    for coaching in game.chronicle.coaching.entries:
        decision = _question_of(game, state, coaching)
        if decision is None:
            continue
        told = set(coaching.told)
        note = note_for(state, decision, told, game.chronicle.narration.turn_events)
        noted = msgspec.structs.replace(coaching, decision_id=decision.id, note=note,
                                        told=tuple(sorted(told)))
        chronicle = _with_coaching(chronicle, noted)
        written.append(noted)
    if not written:
        return game, ()
    return replace(game, chronicle=chronicle), tuple(written)


def pending_note(game: Game, seat: int) -> tuple[Decision, Coaching] | None:
    """The question this seat is asked now and its coach's note for it; None when the coach
    is off or has no note for a question pending (the 🎓 Coach button's answer)."""
    state = game.state
    coaching = game.chronicle.coaching.of(seat)
    if state is None or not coaching.on or not coaching.note:
        return None
    decision = state.decision(coaching.decision_id)
    return None if decision is None else (decision, coaching)


def note_for(state: GameState, decision: Decision, told: set[str],
             turn_events: Iterable[events.Event] = ()) -> tuple[Phrase, ...]:
    """The note for ``decision``: the rules it is the first time for (added to ``told``),
    then what this choice is about. ``turn_events``: the turn's events so far (the chronicle
    keeps them), which say what the hit that asks a Stay/Yield question took."""
    seat = decision.seat
    rules: list[Phrase] = []

    def first_time(topic: str, said: Phrase) -> None:
        if topic not in told:
            told.add(topic)
            rules.append(said)

    knocked_out = [m.name for m in state.monsters if not m.alive]
    if knocked_out:
        first_time("knock-out", phrase("coach-rule-knock-out", monster=knocked_out[0]))
    leader = max(state.alive_seats(), key=lambda s: state.monsters[s].vp, default=None)
    if leader is not None and state.monsters[leader].vp >= CLOSE_TO_WINNING:
        monster = state.monsters[leader]
        first_time("close", phrase("coach-rule-close", monster=monster.name, points=monster.vp,
                                   winning=WINNING_VP))
    if state.place_of(seat) is not None:
        first_time("tokyo", phrase("coach-rule-tokyo"))
    if state.monsters[seat].cards:
        first_time("owned", phrase("coach-rule-owned"))
    if decision.kind == "roll":
        first_time("dice", phrase("coach-rule-dice"))
    elif decision.kind == "yield":
        first_time("yield", phrase("coach-rule-yield"))
    elif decision.kind == "buy":
        first_time("buy", phrase("coach-rule-buy"))
        edition_2011 = state.options.edition == "2011"
        for card in state.face_up:
            first_time(f"card:{card.key}", phrase(
                "coach-card", card=card_ref(card.key, edition_2011),
                cost=card_cost(state, seat, card.key),
                text=card_text_ref(card.key, edition_2011)))
    return (*rules, _choice(state, decision, turn_events))


def hit_hearts(decision: Decision, turn_events: Iterable[events.Event]) -> int:
    """The hearts the hit that asks this Stay/Yield question takes: what the smashes took
    this turn (the engine applies a hit before it asks), and a loss a card of the monster
    holds until its answer (``Decision.amount``, not taken yet)."""
    taken = sum(event.amount for event in turn_events
                if isinstance(event, events.Damaged) and event.seat == decision.seat
                and event.source == "smash")
    return taken + decision.amount


def _choice(state: GameState, decision: Decision,
            turn_events: Iterable[events.Event]) -> Phrase:
    """What this question asks, in a line."""
    monster = state.monsters[decision.seat]
    if decision.kind == "roll" and state.turn is not None:
        return phrase("coach-roll", rolls=state.turn.rolls_left)
    if decision.kind == "yield":
        # (The hearts left: after the hit, and after a loss held until the answer.)
        return phrase("coach-yield", amount=hit_hearts(decision, turn_events),
                      hearts=max(0, monster.hearts - decision.amount))
    if decision.kind == "buy":
        return phrase("coach-buy", energy=monster.energy)
    return phrase("coach-card-question")


def _question_of(game: Game, state: GameState, coaching: Coaching) -> Decision | None:
    """The question a coach notes now for its seat: the seat's first pending question, if
    the coach is on, the seat plays (not the autopilot) and it was not noted already."""
    seat = coaching.seat
    if not coaching.on or game.autopiloted(seat) or not state.monsters[seat].alive:
        return None
    decision = next((d for d in state.pending if d.seat == seat), None)
    if decision is None or decision.id == coaching.decision_id:
        return None
    return decision


def _with_coaching(chronicle: Chronicle, coaching: Coaching) -> Chronicle:
    others = tuple(c for c in chronicle.coaching.entries if c.seat != coaching.seat)
    return msgspec.structs.replace(chronicle, coaching=Coaches(tuple(
        sorted((*others, coaching), key=lambda c: c.seat))))
