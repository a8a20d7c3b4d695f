"""The chronicle is kept in parts, one per feature, but stored as it always was: one flat JSON
object of all their fields (``bot.table.game_rows``). A bot rolled back to before the parts
reads, field for field, what this one writes; this one reads what any earlier bot wrote,
and a later bot's fields it does not know are skipped."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from bot.table.game_rows import decode_chronicle, encode_chronicle
from bot.table.model import (
    Chronicle,
    Coaching,
    Elimination,
    Ping,
    Reminder,
    StandingOrder,
    TimeAway,
    TurnNote,
)
from engine import Phrase, events, phrase


class FlatChronicle(msgspec.Struct, frozen=True, omit_defaults=True):
    """The chronicle as the bot had it before its parts (main at 9558f9a), field for field:
    what a bot rolled back to then decodes and writes. Only this test keeps it."""

    log: tuple[Phrase | str, ...] = ()
    turn_events: tuple[events.Event, ...] = ()
    eliminations: tuple[Elimination, ...] = ()
    asked_at: float = 0.0
    turn_asked_at: float = 0.0
    turn_used: float = 0.0
    idle_timeouts: int = 0
    missed_turns: tuple[int, ...] = ()
    timed_out_turn: int = 0
    away: tuple[int, ...] = ()
    left: tuple[int, ...] = ()
    pings: tuple[Ping, ...] = ()
    started_at: float = 0.0
    ended_at: float = 0.0
    orders: tuple[StandingOrder, ...] = ()
    recent_turns: tuple[TurnNote, ...] = ()
    reminders: tuple[Reminder, ...] = ()
    moved_in_turn: tuple[int, ...] = ()
    offered_orders: tuple[int, ...] = ()
    time_away: tuple[TimeAway, ...] = ()
    acted_at: float = 0.0
    coaching: tuple[Coaching, ...] = ()
    state_seq: int = 0


# Every field set, none to its default.
EVERY_FIELD = FlatChronicle(
    log=(phrase("table-note-timeout", monster="Alienoid"), "An English line of old"),
    turn_events=(events.VictoryPointsGained(seat=0, amount=1, reason="entering Tokyo"),),
    eliminations=(Elimination(seat=2, by=0, turn=5),),
    asked_at=1000.5, turn_asked_at=1001.5, turn_used=12.25, idle_timeouts=3,
    missed_turns=(0, 1, 2), timed_out_turn=7, away=(2,), left=(1,),
    pings=(Ping(4, 44, 444),), started_at=900.0, ended_at=5000.0,
    orders=(StandingOrder(0, yield_at=3, stay_above=5, buy="never"),),
    recent_turns=(TurnNote(6, 1, "The King smashed.", ((1, 2, 3), (0, -1, 0))),),
    reminders=(Reminder(0, 7, 0, 1, 77, 777),), moved_in_turn=(6, 0, 5),
    offered_orders=(0, 2), time_away=(TimeAway(0, 2000.0, 3000.0, 60.0),), acted_at=1500.0,
    coaching=(Coaching(0, on=True, told=("dice",), decision_id=9,
                       note=(phrase("coach-dice"),)),),
    state_seq=42)


def _flat(chronicle: FlatChronicle) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(msgspec.json.encode(chronicle))
    return stored


def test_the_sample_sets_every_field_of_the_flat_chronicle() -> None:
    assert set(_flat(EVERY_FIELD)) == {f.name for f in msgspec.structs.fields(FlatChronicle)}


def test_a_chronicle_with_every_field_set_is_stored_as_the_flat_chronicle_was() -> None:
    stored = msgspec.json.encode(EVERY_FIELD)
    chronicle = decode_chronicle(stored)
    # Each field reached its own part.
    assert chronicle.narration.log == EVERY_FIELD.log
    assert chronicle.narration.turn_events == EVERY_FIELD.turn_events
    assert chronicle.narration.eliminations == EVERY_FIELD.eliminations
    assert chronicle.clock.turn_used == 12.25 and chronicle.clock.turn_asked_at == 1001.5
    assert chronicle.presence.left == (1,) and chronicle.presence.away == (2,)
    assert chronicle.presence.missed_turns == (0, 1, 2)
    assert chronicle.presence.timed_out_turn == 7
    assert (chronicle.activity.idle_timeouts, chronicle.activity.acted_at) == (3, 1500.0)
    assert chronicle.time_away.of(0) == TimeAway(0, 2000.0, 3000.0, 60.0)
    assert chronicle.prompts.pings == EVERY_FIELD.pings
    assert chronicle.prompts.reminders == EVERY_FIELD.reminders
    assert chronicle.news.recent_turns == EVERY_FIELD.recent_turns
    assert chronicle.news.moved_in_turn == (6, 0, 5)
    assert chronicle.news.offered_orders == (0, 2)
    assert chronicle.orders.of(0).buy == "never" and chronicle.orders.of(1) == StandingOrder(1)
    assert chronicle.coaching.of(0).told == ("dice",) and not chronicle.coaching.of(1).on
    assert chronicle.life.started_at == 900.0 and chronicle.life.ended_at == 5000.0
    assert chronicle.life.state_seq == 42
    # Written back: the same flat object, which the flat chronicle decodes to the same fields.
    written = encode_chronicle(chronicle)
    assert json.loads(written) == _flat(EVERY_FIELD)
    assert msgspec.json.decode(written, type=FlatChronicle) == EVERY_FIELD
    assert decode_chronicle(written) == chronicle


def test_the_flat_chronicle_with_fields_unknown_and_missing_still_decodes() -> None:
    # An earlier bot's (most fields missing), with fields of a later bot's (unknown here).
    stored = {"log": ["The King's turn."], "left": [1], "state_seq": 9,
              "a_later_field": {"anything": [1, 2]}, "another_later_one": 3}
    chronicle = decode_chronicle(json.dumps(stored).encode())
    assert chronicle.narration.log == ("The King's turn.",)
    assert chronicle.presence.left == (1,) and chronicle.life.state_seq == 9
    assert chronicle.narration.turn_events == () and chronicle.clock.asked_at == 0.0
    assert chronicle.orders.of(0) == StandingOrder(0) and chronicle.time_away.of(0) is None
    assert json.loads(encode_chronicle(chronicle)) == {"log": ["The King's turn."],
                                                       "left": [1], "state_seq": 9}
    assert decode_chronicle(b"{}") == Chronicle()
    assert encode_chronicle(Chronicle()) == b"{}"


def test_each_stored_field_belongs_to_one_part_and_has_a_default() -> None:
    """The flat object names each field once (two parts naming one alike would share it), and
    a row stored before a field existed decodes with the field's default."""
    names = [field.encode_name
             for part in msgspec.structs.fields(Chronicle)
             for field in msgspec.structs.fields(part.type)]
    assert len(names) == len(set(names))
    assert all(field.default is not msgspec.NODEFAULT
               for part in msgspec.structs.fields(Chronicle)
               for field in msgspec.structs.fields(part.type))
