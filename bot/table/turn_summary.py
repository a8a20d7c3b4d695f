"""A finished turn in one line, shown on its board once the turn is over: points scored,
hearts lost or healed, cards bought, who yielded, entered or left Tokyo, who was knocked out
and who won.

It is read on a phone, so it aims at ``SUMMARY_LENGTH`` characters: when a turn did more,
the least telling facts are left out first (energy, the other monsters' points, hearts), and
knock-outs and the result always stay. Pure: computed from the turn's events
(``bot.table.chronicle`` keeps the ``SUMMARIZED`` ones as the turn goes) and the state the
turn ended in, which gives the totals. Said in the game's language (the words from the
catalogs, ``table-summary-...``), shortened by its own length.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from bot.i18n import ENGLISH, say
from engine import GameState, Phrase, Ref, card_ref, events, phrase

SUMMARY_LENGTH = 100

# The events a summary reads; the others (dice, tokens, cards revealed...) are left out.
SUMMARIZED = (
    events.VictoryPointsGained, events.VictoryPointsLost, events.EnergyGained,
    events.EnergyLost, events.Damaged, events.Healed, events.CardBought, events.Yielded,
    events.EnteredTokyo, events.LeftTokyo, events.Restarted, events.Eliminated, events.Won,
    events.NoWinner,
)

# How long a fact stays in a line that is too long: the lowest goes first (and of equals,
# the one shown last). _ALWAYS is never left out.
_ENERGY, _OTHERS_POINTS, _HEARTS, _DEALT, _BOUGHT, _POINTS, _TOKYO, _ALWAYS = range(8)

# Leaving Tokyo for these reasons is told by the fact itself (knocked out, It Has a Child!):
# the engine's phrases, and the words events stored by earlier versions held.
_LEFT_TOLD_ELSEWHERE: tuple[Phrase | str, ...] = (
    phrase("reason-eliminated"), phrase("reason-restarted"), "eliminated", "restarted")


def summarized(happened: Iterable[events.Event]) -> tuple[events.Event, ...]:
    """The events a summary reads, of these."""
    return tuple(event for event in happened if isinstance(event, SUMMARIZED))


def this_turn(happened: Iterable[events.Event]) -> tuple[events.Event, ...]:
    """The events before the next turn starts: the rest of the turn in play."""
    kept: list[events.Event] = []
    for event in happened:
        if isinstance(event, events.TurnStarted):
            break
        kept.append(event)
    return tuple(kept)


def closing_summary(end: GameState, active: int, turn_events: Iterable[events.Event],
                    happened: Iterable[events.Event], language: str) -> str:
    """The summary of the turn of ``active`` that ended in ``end``: the turn's events kept
    so far (``Chronicle.turn_events``) and those of the change that finished it."""
    return turn_summary(end, active, (*turn_events, *summarized(this_turn(happened))),
                        language=language)


# Says a phrase in the summary's language.
Said = Callable[[Phrase], str]


@dataclass(frozen=True, eq=False)  # (two monsters' facts may read the same)
class _Fact:
    text: str
    keep: int


@dataclass
class _Tally:
    """What one monster's turn added up to."""

    points: int = 0
    hearts: int = 0
    energy: int = 0
    bought: list[Ref] = field(default_factory=list)
    restarted_by: Ref | None = None
    out: bool = False


def turn_summary(final: GameState, active: int, happened: Iterable[events.Event],
                 length: int = SUMMARY_LENGTH, language: str = ENGLISH) -> str:
    """The turn of ``active`` in a line of about ``length`` characters, in ``language``:
    ``happened`` are its events (any others are ignored), ``final`` the state it ended in."""
    kept = summarized(happened)
    tallies = _tallies(final, kept)

    def said(fact: Phrase) -> str:
        return say(language, fact)

    groups: list[tuple[str, list[_Fact]]] = []
    for seat in _active_first(final, active):
        facts = _monster_facts(final, seat, tallies[seat], active, kept, said)
        if facts:
            groups.append((f"{final.monsters[seat].name}: ", facts))
        if seat == active:  # Tokyo's changes right after the active monster's own
            groups.append(("", _tokyo_facts(final, active, kept, said)))
    groups.append(("", _ending_facts(final, kept, said)))
    line = _shortened(groups, length)
    return line or said(phrase("table-summary-nothing", monster=final.monsters[active].name))


def _active_first(state: GameState, active: int) -> list[int]:
    count = len(state.monsters)
    return [(active + offset) % count for offset in range(count)]


def _tallies(state: GameState, happened: Iterable[events.Event]) -> list[_Tally]:
    tallies = [_Tally() for _ in state.monsters]
    edition_2011 = state.options.edition == "2011"
    for event in happened:
        match event:
            case events.VictoryPointsGained(seat=seat, amount=amount):
                tallies[seat].points += amount
            case events.VictoryPointsLost(seat=seat, amount=amount):
                tallies[seat].points -= amount
            case events.EnergyGained(seat=seat, amount=amount):
                tallies[seat].energy += amount
            case events.EnergyLost(seat=seat, amount=amount):
                tallies[seat].energy -= amount
            case events.Healed(seat=seat, amount=amount):
                tallies[seat].hearts += amount
            case events.Damaged(seat=seat, amount=amount):
                tallies[seat].hearts -= amount
            case events.CardBought(seat=seat, card=key):
                tallies[seat].bought.append(card_ref(key, edition_2011))
            case events.Restarted(seat=seat, card=key):
                tallies[seat].restarted_by = card_ref(key, edition_2011)
            case events.Eliminated(seat=seat):
                tallies[seat].out = True
    return tallies


def _monster_facts(state: GameState, seat: int, tally: _Tally, active: int,
                   happened: Sequence[events.Event], said: Said) -> list[_Fact]:
    monster = state.monsters[seat]
    facts: list[_Fact] = []
    if tally.restarted_by is not None:
        # Its points, hearts and cards started again: the totals say more than the changes.
        facts.append(_Fact(said(phrase("table-summary-restarted", card=tally.restarted_by)),
                           _ALWAYS))
    elif not tally.out:
        if tally.points:
            facts.append(_Fact(f"{_signed(tally.points)}★ ({monster.vp}★)",
                              _POINTS if seat == active else _OTHERS_POINTS))
        if tally.hearts:
            facts.append(_Fact(f"{_signed(tally.hearts)}❤️ ({monster.hearts}❤️)", _HEARTS))
    if seat == active:
        facts.extend(_dealt(seat, happened, said))
    if tally.bought:
        # (listed with commas in every language: a summary is short on words)
        cards = ", ".join(said(phrase("table-summary-card", card=card)) for card in tally.bought)
        facts.append(_Fact(said(phrase("table-summary-bought", cards=cards)), _BOUGHT))
    if tally.energy and not tally.out:
        facts.append(_Fact(f"{_signed(tally.energy)}⚡ ({monster.energy}⚡)", _ENERGY))
    return facts


def _dealt(active: int, happened: Sequence[events.Event], said: Said) -> list[_Fact]:
    """The active monster's smashes: the hearts each monster it hit lost to them."""
    hits: dict[int, int] = {}
    for event in happened:
        if isinstance(event, events.Damaged) and event.source == "smash" and event.seat != active:
            hits[event.seat] = hits.get(event.seat, 0) + event.amount
    if not hits:
        return []
    most = max(hits.values())
    if len(hits) == 1:
        return [_Fact(said(phrase("table-summary-dealt", hearts=most)), _DEALT)]
    return [_Fact(said(phrase("table-summary-dealt-to", hearts=most, monsters=len(hits))),
                  _DEALT)]


def _tokyo_facts(state: GameState, active: int, happened: Sequence[events.Event],
                 said: Said) -> list[_Fact]:
    moves = [event for event in happened
             if isinstance(event, events.Yielded | events.EnteredTokyo | events.LeftTokyo)]
    # "Tokyo" is enough while Tokyo Bay is not in play.
    two_places = state.bay_open or any(move.place == "bay" for move in moves)

    def where(place: str) -> Phrase:
        key = ("bay" if place == "bay" else "city") if two_places else "tokyo"
        return phrase(f"table-summary-place-{key}")

    def fact(message_id: str, name: str, place: str, **more: str) -> _Fact:
        return _Fact(said(phrase(message_id, monster=name, place=where(place), **more)), _TOKYO)

    facts: list[_Fact] = []
    # The active monster taking the place yielded to it is told with the yield.
    told: set[int] = set()
    for index, move in enumerate(moves):
        name = state.monsters[move.seat].name
        match move:
            case events.Yielded(place=place):
                taken = next((later for later in range(index + 1, len(moves))
                              if moves[later] == events.EnteredTokyo(seat=active,
                                                                     place=place)), None)
                if taken is None:
                    facts.append(fact("table-summary-yielded", name, place))
                else:
                    told.add(taken)
                    facts.append(fact("table-summary-yielded-to", name, place,
                                      attacker=state.monsters[active].name))
            case events.EnteredTokyo(place=place) if index not in told:
                facts.append(fact("table-summary-entered", name, place))
            case events.LeftTokyo(place=place, reason=reason) if (
                say(ENGLISH, reason) not in _LEFT_TOLD_ELSEWHERE
            ):
                facts.append(fact("table-summary-left", name, place))
    return facts


def _ending_facts(state: GameState, happened: Sequence[events.Event],
                  said: Said) -> list[_Fact]:
    facts: list[_Fact] = []
    for event in happened:
        match event:
            case events.Eliminated(seat=seat):
                out = phrase("table-summary-out", monster=state.monsters[seat].name)
                facts.append(_Fact(said(out), _ALWAYS))
            case events.Won(seats=seats):
                names = [state.monsters[seat].name for seat in seats]
                won = phrase("table-summary-won", monsters=_and(names), count=len(names))
                facts.append(_Fact(said(won), _ALWAYS))
            case events.NoWinner():
                facts.append(_Fact(said(phrase("table-summary-no-winner")), _ALWAYS))
    return facts


def _and(names: list[str]) -> Phrase | str:
    """Names joined by the language's "and" ("A and B and C")."""
    joined: Phrase | str = names[0]
    for name in names[1:]:
        joined = phrase("table-summary-and", first=joined, second=name)
    return joined


def _shortened(groups: list[tuple[str, list[_Fact]]], length: int) -> str:
    """The groups in a line ("label: fact, fact; fact"), leaving out the least telling
    facts while it is longer than ``length`` (and any fact can go)."""
    groups = [(label, list(facts)) for label, facts in groups]
    while len(line := _line(groups)) > length:
        shown = [fact for _label, facts in groups for fact in facts if fact.keep < _ALWAYS]
        if not shown:
            break
        dropped = min(reversed(shown), key=lambda fact: fact.keep)
        for _label, facts in groups:
            if dropped in facts:
                facts.remove(dropped)
                break
    return line


def _line(groups: list[tuple[str, list[_Fact]]]) -> str:
    return "; ".join(label + ", ".join(fact.text for fact in facts)
                     for label, facts in groups if facts)


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}"
