"""A finished turn's message keeps the turn's whole narration (it once kept the last 14
lines), within what an embed's description holds."""

from __future__ import annotations

from bot.discord.messages import MAX_EMBED_DESCRIPTION, closed_board_embed
from bot.table.chronicle import chronicle_after
from bot.table.model import Chronicle, Game, Lobby
from engine import GameState, Options, create_game, events, narrate


def _state() -> GameState:
    state, _ = create_game(Options(edition="2016"), 3, ("The King", "Gigazaur"))
    return state


def _game(state: GameState, language: str) -> Game:
    return Game(id=1, guild_id=1, channel_id=1, host_id=1, status="playing",
                lobby=Lobby(language=language), seats=(1, 2), state=state,
                chronicle=Chronicle(), board_message_id=None)


def test_a_long_turn_closes_with_all_its_lines() -> None:
    state = _state()
    busy = [events.DiceRolled(seat=0, dice=("smash",) * 6, rerolled=tuple(range(6)))
            if number % 2 else events.Damaged(seat=1, amount=1, source="smash", hearts=9)
            for number in range(30)]
    chronicle, closing = chronicle_after(Chronicle(), state, state, busy)
    assert closing is None and len(chronicle.narration.log) == 30
    _, closing = chronicle_after(chronicle, state, state, [events.TurnStarted(seat=1, number=2)])
    assert closing == chronicle.narration.log
    for language in ("en", "es"):
        shown = closed_board_embed(_game(state, language), 1, "The King", closing).description
        assert shown is not None and shown.count("\n") == 29


def test_a_turn_longer_than_an_embed_shows_its_last_lines_and_says_how_many_are_not() -> None:
    state = _state()
    line = narrate(state, events.Damaged(seat=1, amount=1, source="smash", hearts=9))
    last = narrate(state, events.Eliminated(seat=1))
    assert line is not None and last is not None
    log = (line,) * 200 + (last,)
    for language, earlier in (("en", "earlier lines not shown"), ("es", "líneas anteriores")):
        shown = closed_board_embed(_game(state, language), 1, "The King", log).description
        assert shown is not None and len(shown) <= MAX_EMBED_DESCRIPTION
        first, *rest = shown.splitlines()
        assert earlier in first and first.startswith(f"… {201 - len(rest)} ")
        assert rest[-1].startswith("💀 Gigazaur")
