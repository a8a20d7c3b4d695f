"""A finished turn in a line or two, shown on its board once the turn is over: every monster
whose hearts, points, energy or place changed, the cards bought or swept away, who yielded,
entered or left Tokyo, who was knocked out and who won.

It is read on a phone and in a notification, which shows its first line: losses come first
(the result and knock-outs, then each monster that lost hearts, points or energy), then the
active monster, Tokyo, and the others' gains. It takes one line of ``SUMMARY_LENGTH``
characters where it fits and two where it does not; when even two are too short, it gives on
wording, never on facts: the totals and the smashes dealt are left out, and the monsters that
lost the same hearts and nothing else are named together ("Gigazaur, Alienoid, Meka −3❤️").
Pure: computed from the turn's events (``bot.table.chronicle`` keeps the ``SUMMARIZED`` ones
as the turn goes) and the state the turn ended in, which gives the totals. Said in the game's
language (the words from the catalogs, ``table-summary-...`` and ``story-summary-...``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from bot.i18n import ENGLISH, say
from engine import GameState, Phrase, Ref, card_ref, events, phrase

# The characters of one line of a summary: about two lines of a phone's screen.
SUMMARY_LENGTH = 100

# The events a summary reads; the others (dice, tokens, cards revealed...) are left out.
SUMMARIZED = (
    events.VictoryPointsGained, events.VictoryPointsLost, events.EnergyGained,
    events.EnergyLost, events.Damaged, events.Healed, events.CardBought, events.Swept,
    events.CardRevealed, events.Yielded, events.EnteredTokyo, events.LeftTokyo,
    events.Restarted, events.Eliminated, events.Won, events.NoWinner,
)

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
    so far (``Narration.turn_events``) and those of the change that finished it."""
    return turn_summary(end, active, _closing_events(turn_events, happened), language=language)


def closing_changes(end: GameState, turn_events: Iterable[events.Event],
                    happened: Iterable[events.Event]) -> tuple[tuple[int, int, int], ...]:
    """Each monster's hearts, points and energy won (or lost) in the turn that ended in
    ``end``, by seat (read as ``closing_summary`` reads the turn)."""
    return tuple((tally.hearts, tally.points, tally.energy)
                 for tally in _tallies(end, _closing_events(turn_events, happened)))


def _closing_events(turn_events: Iterable[events.Event],
                    happened: Iterable[events.Event]) -> tuple[events.Event, ...]:
    return (*turn_events, *summarized(this_turn(happened)))


# Says a phrase in the summary's language.
Said = Callable[[Phrase], str]


@dataclass
class _Tally:
    """What one monster's turn added up to."""

    points: int = 0
    hearts: int = 0
    energy: int = 0
    bought: list[Ref] = field(default_factory=list)
    swept: list[Ref] = field(default_factory=list)
    # The cards that came up in place of those swept away.
    came: list[Ref] = field(default_factory=list)
    restarted_by: Ref | None = None
    out: bool = False


@dataclass(frozen=True)
class _Part:
    """One piece of a summary, as said in full and in its compact form (the same facts; in
    full, the monsters that compact names together are each a piece of their own). Compact,
    it is ``label`` (a monster's name and a colon, or nothing) and its ``facts`` with commas;
    none for a part whose facts the others tell."""

    full: tuple[str, ...]
    label: str = ""
    facts: tuple[str, ...] = ()

    @property
    def compact(self) -> str:
        return self.label + ", ".join(self.facts) if self.facts else ""


def turn_summary(final: GameState, active: int, happened: Iterable[events.Event],
                 length: int = SUMMARY_LENGTH, language: str = ENGLISH) -> str:
    """The turn of ``active`` in one line of at most ``length`` characters where it fits and
    two where it does not (a line break between them), in ``language``: ``happened`` are its
    events (any others are ignored), ``final`` the state it ended in."""
    kept = summarized(happened)
    tallies = _tallies(final, kept)

    def said(fact: Phrase) -> str:
        return say(language, fact)

    seats = _active_first(final, active)
    losers = [seat for seat in seats if _lost(tallies[seat], seat == active)]
    parts = [*_ending_parts(final, kept, said), *_loss_parts(final, losers, tallies, active,
                                                            kept, said)]
    if active not in losers:
        parts.extend(_monster_parts(final, [active], tallies, active, kept, said))
    parts.extend(_tokyo_parts(final, active, kept, said))
    parts.extend(_monster_parts(final, [seat for seat in seats
                                        if seat != active and seat not in losers],
                                tallies, active, kept, said))
    if not parts:
        return said(phrase("table-summary-nothing", monster=final.monsters[active].name))
    return "\n".join(_lines(parts, length))


def _active_first(state: GameState, active: int) -> list[int]:
    count = len(state.monsters)
    return [(active + offset) % count for offset in range(count)]


def _lost(tally: _Tally, active: bool) -> bool:
    """Whether a monster's turn is told among the losses: hearts or points lost, or energy
    taken from a monster that was not buying (a knock-out is told before them)."""
    if tally.out or tally.restarted_by is not None:
        return False
    return tally.hearts < 0 or tally.points < 0 or (tally.energy < 0 and not active)


def _tallies(state: GameState, happened: Iterable[events.Event]) -> list[_Tally]:
    """What each monster's turn added up to, by seat (of the summarized events only)."""
    happened = summarized(happened)
    tallies = [_Tally() for _ in state.monsters]
    edition_2011 = state.options.edition == "2011"
    sweeper: _Tally | None = None  # (the cards revealed next are those that came)
    for event in happened:
        match event:
            case events.CardRevealed(card=key) if sweeper is not None:
                sweeper.came.append(card_ref(key, edition_2011))
                continue
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
            case events.Swept(seat=seat, cards=keys):
                tallies[seat].swept.extend(card_ref(key, edition_2011) for key in keys)
                sweeper = tallies[seat]
                continue
            case events.Restarted(seat=seat, card=key):
                tallies[seat].restarted_by = card_ref(key, edition_2011)
            case events.Eliminated(seat=seat):
                tallies[seat].out = True
        sweeper = None
    return tallies


def _loss_parts(state: GameState, losers: list[int], tallies: list[_Tally], active: int,
                happened: Sequence[events.Event], said: Said) -> list[_Part]:
    """The monsters that lost something, each in a part of its own; in the compact form, the
    ones that lost only hearts, the same number, named together in the first of them."""
    only_hearts: dict[int, list[int]] = {}
    for seat in losers:
        tally = tallies[seat]
        if seat != active and not (tally.points or tally.energy or tally.bought or tally.swept):
            only_hearts.setdefault(tally.hearts, []).append(seat)
    parts: list[_Part] = []
    for seat in losers:
        full = _monster_part(state, seat, tallies[seat], active, happened, said)
        same = next((seats for seats in only_hearts.values() if seat in seats), None)
        if same is None:
            parts.append(full)
        elif seat == same[0]:
            names = ", ".join(state.monsters[other].name for other in same)
            parts.append(_Part(tuple(
                piece for other in same
                for piece in _monster_part(state, other, tallies[other], active, happened,
                                           said).full),
                f"{names}: ", (f"{_signed(tallies[seat].hearts)}❤️",)))
    return parts


def _monster_parts(state: GameState, seats: list[int], tallies: list[_Tally], active: int,
                   happened: Sequence[events.Event], said: Said) -> list[_Part]:
    parts = (_monster_part(state, seat, tallies[seat], active, happened, said)
             for seat in seats)
    return [part for part in parts if part.full]


def _monster_part(state: GameState, seat: int, tally: _Tally, active: int,
                  happened: Sequence[events.Event], said: Said) -> _Part:
    """"Name: −3❤️ (4❤️), +2★ (10★), bought X": one monster's changes, with their totals in
    full and without them compact; empty when nothing of it changed."""
    monster = state.monsters[seat]
    full: list[str] = []
    compact: list[str] = []

    def counted(amount: int, total: int, sign: str) -> None:
        if amount:
            full.append(f"{_signed(amount)}{sign} ({total}{sign})")
            compact.append(f"{_signed(amount)}{sign}")

    if tally.restarted_by is not None:
        # Its points, hearts and cards started again: the totals say more than the changes.
        restarted = said(phrase("table-summary-restarted", card=tally.restarted_by))
        full.append(restarted)
        compact.append(restarted)
    elif not tally.out:  # (a monster knocked out is told by the knock-out)
        counted(tally.hearts, monster.hearts, "❤️")
        counted(tally.points, monster.vp, "★")
    if seat == active:
        full.extend(_dealt(seat, happened, said))  # (the hearts lost tell it, compact)
    if tally.bought:
        full.append(said(phrase("table-summary-bought", cards=_listed(tally.bought, said))))
        compact.append(full[-1])
    if tally.swept:
        swept = said(phrase("story-summary-swept", cards=_listed(tally.swept, said)))
        # (compact: the cards that came are on the board's picture)
        full.append(said(phrase("story-summary-swept-for", swept=swept,
                                cards=_listed(tally.came, said))) if tally.came else swept)
        compact.append(swept)
    if not tally.out:
        counted(tally.energy, monster.energy, "⚡")
    if not full:
        return _Part(())
    return _Part((f"{monster.name}: " + ", ".join(full),), f"{monster.name}: ", tuple(compact))


def _listed(cards: list[Ref], said: Said) -> str:
    """Cards listed with commas in every language: a summary is short on words."""
    return ", ".join(said(phrase("table-summary-card", card=card)) for card in cards)


def _dealt(active: int, happened: Sequence[events.Event], said: Said) -> list[str]:
    """The active monster's smashes: the hearts each monster it hit lost to them."""
    hits: dict[int, int] = {}
    for event in happened:
        if isinstance(event, events.Damaged) and event.source == "smash" and event.seat != active:
            hits[event.seat] = hits.get(event.seat, 0) + event.amount
    if not hits:
        return []
    most = max(hits.values())
    if len(hits) == 1:
        return [said(phrase("table-summary-dealt", hearts=most))]
    return [said(phrase("table-summary-dealt-to", hearts=most, monsters=len(hits)))]


def _tokyo_parts(state: GameState, active: int, happened: Sequence[events.Event],
                 said: Said) -> list[_Part]:
    moves = [event for event in happened
             if isinstance(event, events.Yielded | events.EnteredTokyo | events.LeftTokyo)]
    # "Tokyo" is enough while Tokyo Bay is not in play.
    two_places = state.bay_open or any(move.place == "bay" for move in moves)

    def where(place: str) -> Phrase:
        key = ("bay" if place == "bay" else "city") if two_places else "tokyo"
        return phrase(f"table-summary-place-{key}")

    def fact(message_id: str, name: str, place: str, **more: str) -> str:
        return said(phrase(message_id, monster=name, place=where(place), **more))

    facts: list[str] = []
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
    return [_Part((told_fact,), facts=(told_fact,)) for told_fact in facts]


def _ending_parts(state: GameState, happened: Sequence[events.Event],
                  said: Said) -> list[_Part]:
    """The result, then the knock-outs: the news above all."""
    result: list[str] = []
    knocked_out: list[str] = []
    for event in happened:
        match event:
            case events.Eliminated(seat=seat):
                out = phrase("table-summary-out", monster=state.monsters[seat].name)
                knocked_out.append(said(out))
            case events.Won(seats=seats):
                names = [state.monsters[seat].name for seat in seats]
                won = phrase("table-summary-won", monsters=_and(names), count=len(names))
                result.append(said(won))
            case events.NoWinner():
                result.append(said(phrase("table-summary-no-winner")))
    return [_Part((fact,), facts=(fact,)) for fact in (*result, *knocked_out)]


def _and(names: list[str]) -> Phrase | str:
    """Names joined by the language's "and" ("A and B and C")."""
    joined: Phrase | str = names[0]
    for name in names[1:]:
        joined = phrase("table-summary-and", first=joined, second=name)
    return joined


def _lines(parts: list[_Part], length: int) -> list[str]:
    """The parts in one line of ``length`` where they fit, else two: in full, else compact
    (a part that only says the smashes its monster dealt, which the hearts lost tell again,
    has no compact form), else compact with a monster's facts broken across the two lines;
    when even that takes more than two lines, two longer ones (nothing is left out)."""
    full = [piece for part in parts for piece in part.full]
    compact = [part for part in parts if part.facts]
    for lines in (_packed(full, length), _packed([part.compact for part in compact], length),
                  _broken(compact, length)):
        if len(lines) <= 2 and all(len(line) <= length for line in lines):
            return lines
    width = length
    while len(lines := _broken(compact, width)) > 2:
        width += 10
    return lines or _packed(full, length)


# Between the parts (commas separate the facts of one monster).
_SEPARATOR = " · "
_COMMA = ", "


def _packed(texts: list[str], length: int) -> list[str]:
    """The texts in order, as many on a line as fit in ``length`` characters."""
    lines: list[str] = []
    for piece in texts:
        if lines and len(lines[-1]) + len(_SEPARATOR) + len(piece) <= length:
            lines[-1] += _SEPARATOR + piece
        else:
            lines.append(piece)
    return lines


def _broken(parts: list[_Part], length: int) -> list[str]:
    """The compact parts in order, fact by fact, as many on a line as fit in ``length``
    characters: a part whose facts go on the next line says its label again there."""
    lines: list[str] = []
    for part in parts:
        for index, fact in enumerate(part.facts):
            if index and len(lines[-1]) + len(_COMMA) + len(fact) <= length:
                lines[-1] += _COMMA + fact  # (the line ends with this part's last fact)
            elif lines and len(lines[-1]) + len(_SEPARATOR) + len(part.label + fact) <= length:
                lines[-1] += _SEPARATOR + part.label + fact
            else:
                lines.append(part.label + fact)
    return lines


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}"
