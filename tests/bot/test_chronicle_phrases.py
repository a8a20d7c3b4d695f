"""The chronicle keeps the narration as phrases, told in the game's language when a board is
shown; a chronicle stored by an earlier bot (English sentences, events whose reasons are
words) still decodes and shows its lines as they are."""

from __future__ import annotations

from bot.discord.messages import board_embed
from bot.table.chronicle import chronicle_after, opening_lines, with_note
from bot.table.game_rows import decode_chronicle, encode_chronicle
from bot.table.model import Chronicle, Game, Lobby, Narration
from engine import GameState, Options, Phrase, create_game, events

# As the bot stored it before phrases: the board's lines, and the turn's events.
OLD_CHRONICLE = b"""{
  "log": ["The King's turn.", "The King rolled: 1 2 3 energy heart smash",
          "The King gains 1\xe2\x98\x85 (entering Tokyo)."],
  "turn_events": [{"event": "vp_gained", "seat": 0, "amount": 1, "reason": "entering Tokyo"},
                  {"event": "left_tokyo", "seat": 1, "place": "city", "reason": "eliminated"}]
}"""


def _game(state: GameState, chronicle: Chronicle, language: str = "en") -> Game:
    return Game(id=1, guild_id=1, channel_id=1, host_id=1, status="playing",
                lobby=Lobby(language=language), seats=(1, 2), state=state,
                chronicle=chronicle, board_message_id=None)


def _started() -> tuple[GameState, list[events.Event]]:
    return create_game(Options(edition="2016"), 3, ("The King", "Gigazaur"))


def test_a_chronicle_stored_with_english_sentences_decodes_and_shows_them() -> None:
    chronicle = decode_chronicle(OLD_CHRONICLE)
    assert chronicle.narration.log[0] == "The King's turn."
    assert chronicle.narration.turn_events[0] == events.VictoryPointsGained(
        seat=0, amount=1, reason="entering Tokyo")
    state, _ = _started()
    for language in ("en", "es"):
        shown = board_embed(_game(state, chronicle, language)).description
        assert shown == ("The King's turn.\nThe King rolled: 1 2 3 energy heart smash\n"
                         "The King gains 1★ (entering Tokyo).")


def test_the_chronicle_stores_phrases_and_the_board_says_them_in_the_games_language() -> None:
    state, happened = _started()
    lines = opening_lines(state, happened)
    assert lines and all(isinstance(line, Phrase) for line in lines)
    chronicle = with_note(Chronicle(narration=Narration(log=lines)), "🛠️ a note of the bot's own")
    stored = decode_chronicle(encode_chronicle(chronicle))
    assert stored == chronicle
    english = board_embed(_game(state, stored, "en")).description or ""
    spanish = board_embed(_game(state, stored, "es")).description or ""
    first = state.monsters[state.turn.seat if state.turn else 0].name
    assert f"{first}'s turn." in english and f"Turno de {first}." in spanish
    assert english.endswith("🛠️ a note of the bot's own")
    assert spanish.endswith("🛠️ a note of the bot's own")


def test_the_next_turn_closes_with_the_phrases_of_the_last() -> None:
    state, happened = _started()
    chronicle = Chronicle(narration=Narration(log=opening_lines(state, happened)))
    turn = events.TurnStarted(seat=1, number=2)
    after, closing = chronicle_after(chronicle, state, state, [turn])
    assert closing == chronicle.narration.log
    assert after.narration.log == (Phrase("narrate-turn", {"name": "Gigazaur"}),)
