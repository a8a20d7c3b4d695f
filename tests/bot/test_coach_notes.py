"""``bot.table.coach``: which rules a coach note explains (each once a game, as it comes up)
and what it says of the choice (pure functions, no Discord)."""

from __future__ import annotations

from msgspec.structs import replace

from bot.i18n import say
from bot.table.coach import note_for, with_coach, with_notes
from bot.table.model import Chronicle, Coaches, Coaching, Game, Lobby
from engine import (
    Buy,
    Card,
    Decision,
    EndBuying,
    GameState,
    Options,
    Phrase,
    Stay,
    Yield,
    create_game,
)


def _state(**monster_changes: object) -> GameState:
    state, _ = create_game(Options(), 1, ("Alienoid", "Gigazaur", "The King"))
    return replace(state, monsters=(replace(state.monsters[0], **monster_changes),
                                    *state.monsters[1:]))


def _said(notes: tuple[Phrase, ...]) -> list[str]:
    return [say("en", note) for note in notes]


YIELD = Decision(id=5, seat=0, kind="yield", options=(Stay(decision=5), Yield(decision=5)),
                 default=Stay(decision=5), amount=3)
BUY = Decision(id=6, seat=0, kind="buy", options=(Buy(decision=6, slot=0),
                                                  EndBuying(decision=6)),
               default=EndBuying(decision=6))


def test_the_first_yield_question_explains_yielding_and_tokyo_once() -> None:
    state = replace(_state(hearts=7), city=0)
    told: set[str] = set()
    first = _said(note_for(state, YIELD, told))
    assert first[0].startswith("🏙️ **You are in Tokyo**")
    assert first[1].startswith("🏃 **Stay or yield**")
    assert first[-1] == ("You lose 3❤️ (down to 4❤️). **Stay in Tokyo** for its ★, or "
                         "**Yield Tokyo** to get out.")
    assert told == {"tokyo", "yield"}
    again = _said(note_for(state, replace(YIELD, id=9), told))
    assert again == [first[-1]]  # the rules once; the choice every time


def test_the_first_buy_explains_cards_and_each_card_first_seen_in_the_shop() -> None:
    state = _state(energy=5)
    told: set[str] = set()
    lines = _said(note_for(state, BUY, told))
    cards = [line for line in lines if line.startswith("🃏 ")]
    assert lines[0].startswith("🛒 **Cards** cost ⚡")
    assert len(cards) == len(state.face_up) == 3
    assert lines[-1].startswith("You have 5⚡: **Buy** a card")
    assert {f"card:{card.key}" for card in state.face_up} <= told
    # A new card in the shop is explained; the ones seen already are not.
    swept = replace(state, face_up=(*state.face_up[1:], replace(state.face_up[0], key="jets")))
    lines = _said(note_for(swept, replace(BUY, id=7), told))
    assert [line.split("**")[1] for line in lines if line.startswith("🃏 ")] == ["Jets"]


def test_the_first_card_owned_points_to_the_panel_once() -> None:
    state = _state(cards=(Card(uid=1, key="jets"),))
    told: set[str] = set()
    lines = _said(note_for(state, YIELD, told))
    assert lines[0].startswith("🃏 **Your first card**: 📋 My monster lists your cards")
    assert not any("first card" in line for line in _said(note_for(state, YIELD, told)))


def test_a_knock_out_and_a_monster_close_to_winning_come_up_once() -> None:
    state = _state()
    state = replace(state, monsters=(state.monsters[0],
                                     replace(state.monsters[1], hearts=0, alive=False),
                                     replace(state.monsters[2], vp=16)))
    told: set[str] = set()
    lines = _said(note_for(state, BUY, told))
    assert lines[0].startswith("💀 **Gigazaur is out**")
    assert lines[1].startswith("⚠️ **The King has 16★**: 20★ at the end of a turn wins.")
    assert {"knock-out", "close"} <= told
    assert not any(line[:2] in ("💀", "⚠️") for line in _said(note_for(state, BUY, told)))


def _game(state: GameState, *coaching: Coaching) -> Game:
    return Game(id=1, guild_id=1, channel_id=1, host_id=11, status="playing",
                lobby=Lobby(), seats=(11, -1, -2), state=state,
                chronicle=Chronicle(coaching=Coaches(coaching)), board_message_id=None)


def test_a_note_is_written_once_per_question_and_only_while_the_coach_is_on() -> None:
    state = _state()
    asked = state.pending[0]
    assert asked.seat == 0
    game, notes = with_notes(_game(state, Coaching(0)))
    assert [(n.seat, n.decision_id) for n in notes] == [(0, asked.id)]
    assert "dice" in game.chronicle.coaching.entries[0].told
    assert with_notes(game)[1] == ()  # the same question: no second note
    off = game.chronicle
    off = with_coach(off, 0, on=False)
    assert with_notes(_game(state, *off.coaching.entries))[1] == ()
    # Turned on again, it notes the question pending now, without repeating its rules.
    back = with_coach(off, 0, on=True)
    game, notes = with_notes(_game(state, *back.coaching.entries))
    assert len(notes) == 1 and not any("Dice" in say("en", n) for n in notes[0].note)
