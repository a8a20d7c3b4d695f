"""Every turn's summary is complete: over seeded random games played through the engine, each
monster whose hearts, points, energy or place changed in a turn is named in that turn's
summary with the change (or its knock-out), in one or two lines, in every language."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, say
from bot.table.chronicle import chronicle_after
from bot.table.model import Chronicle
from bot.table.publish import turn_end
from bot.table.turn_summary import closing_summary
from engine import GameState, Options, apply, create_game, events, phrase
from engine.ai.heuristic import HeuristicPlayer
from engine.players import RandomPlayer

# (seed, monsters, edition, player): the heuristic smashes and buys as people do, the random
# player wanders into every corner (yields, sweeps, odd cards).
GAMES = [(seed, 2 + seed % 5, "2011" if seed % 4 == 3 else "2016",
          "random" if seed % 2 else "heuristic") for seed in range(24)]

_PARTS = re.compile(r"\n| · ")


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}"


def _missing(start: GameState, end: GameState, turn: list[events.Event], summary: str,
             language: str) -> list[str]:
    """What changed from ``start`` to ``end`` and is not in ``summary``."""
    parts = _PARTS.split(summary)
    places = [say(language, phrase(f"table-summary-place-{key}"))
              for key in ("tokyo", "city", "bay")]
    restarted = {event.seat for event in turn if isinstance(event, events.Restarted)}
    missing: list[str] = []
    for seat, (old, new) in enumerate(zip(start.monsters, end.monsters, strict=True)):
        name = new.name
        named = [part for part in parts if name in part]
        if old.alive and not new.alive:
            out = say(language, phrase("table-summary-out", monster=name))
            if out not in parts:
                missing.append(out)
            continue
        changes = [(new.hearts - old.hearts, "❤️"), (new.vp - old.vp, "★"),
                   (new.energy - old.energy, "⚡")]
        if seat in restarted:  # "started over": the totals are on the board
            changes = []
            if not named:
                missing.append(f"{name} started over")
        for change, sign in changes:
            if change and not any(f"{_signed(change)}{sign}" in part for part in named):
                missing.append(f"{name} {_signed(change)}{sign}")
        if start.place_of(seat) != end.place_of(seat) and not any(
                place in part for part in named for place in places):
            missing.append(f"{name}: {start.place_of(seat)} → {end.place_of(seat)}")
    return missing


@pytest.mark.parametrize(("seed", "monsters", "edition", "kind"), GAMES)
def test_every_change_of_a_turn_is_in_its_summary(seed: int, monsters: int, edition: str,
                                                   kind: str) -> None:
    language = LANGUAGES[seed % len(LANGUAGES)]
    player = HeuristicPlayer(seed) if kind == "heuristic" else RandomPlayer(seed)
    state, _ = create_game(Options(edition=edition), seed, monsters)  # type: ignore[arg-type]
    chronicle, start, turn = Chronicle(), state, []
    turns = 0
    while not state.over:
        seat, action = player.choose(state)
        after, happened = apply(state, seat, action)
        end = turn_end(state, seat, action, after, happened)
        if end is not None:
            assert state.turn is not None
            active = state.turn.seat
            summary = closing_summary(end, active, chronicle.narration.turn_events, happened,
                                      language)
            closed = [*turn, *happened]
            assert not _missing(start, end, closed, summary, language), (
                f"turn {state.turn.number}: {summary!r} misses "
                f"{_missing(start, end, closed, summary, language)}")
            assert summary.count("\n") <= 1, summary
            start, turn, turns = end, [], turns + 1
        else:
            turn.extend(happened)
        chronicle, _ = chronicle_after(chronicle, state, after, happened)
        state = after
    assert turns > 3
