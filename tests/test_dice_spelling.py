"""One spelling of the dice: the narration of a roll and a replay's transcript show the faces
as the buttons and the board do (💥 ⚡ ❤️ 1 2 3), never as words, in every language."""

from __future__ import annotations

import re
from functools import partial

import pytest

from bot.i18n import LANGUAGES, say
from engine import Options, create_game, narrate, phrase, play_random_game
from engine import events as ev
from engine.replays import Move, ReplayFile, transcript

# The words the catalogs once used for the faces, and the reasons that named dice by them.
FACE_WORDS = {
    "en": r"\b(smash(es)?|energy|hearts?)\b",
    "es": r"\b(ataques?|energía|corazón|corazones)\b",
}
ALL_FACES = ("1", "2", "3", "energy", "heart", "smash")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_roll_is_narrated_with_the_dice_symbols(language: str) -> None:
    """Rolls, dice changed, and the reasons that name dice ("energy dice" was one). (A count of
    hearts lost or healed is not a die face: "loses 3 hearts" stays words.)"""
    state, _ = create_game(Options(), 1, ("The King", "Gigazaur"))
    for event in (ev.DiceRolled(seat=0, dice=ALL_FACES, rerolled=()),
                  ev.DiceRolled(seat=0, dice=("smash", "heart"), rerolled=(0,),
                                card="smoke_cloud"),
                  ev.PreventionRolled(seat=1, dice=("heart", "energy"), card="camouflage"),
                  ev.DieChanged(seat=0, die=1, face="energy", card="stretchy")):
        line = narrate(state, event)
        assert line is not None
        said = say(language, line)
        assert not re.search(FACE_WORDS[language], said, re.IGNORECASE), said
    for reason in ("reason-energy-dice", "reason-heart-dice"):
        said = say(language, phrase(reason))
        assert not re.search(FACE_WORDS[language], said, re.IGNORECASE), said
    rolled = narrate(state, ev.DiceRolled(seat=0, dice=ALL_FACES, rerolled=()))
    assert rolled is not None and say(language, rolled).endswith(": 1 2 3 ⚡ ❤️ 💥")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_replay_spells_the_dice_as_the_board_does(language: str) -> None:
    played = play_random_game(Options(), 4, 3)
    replay = ReplayFile(seed=4, options=Options(),
                        monsters=tuple(m.name for m in played.state.monsters),
                        moves=tuple(Move(seat, action) for seat, action in played.actions))
    story = transcript(replay, "Game #1", partial(say, language))
    rolls = [line for line in story.splitlines() if "💥" in line or "⚡" in line]
    assert rolls, story[:500]
    # Which words the dice were spelled with before: "rolled: smash 2 energy", "(energy dice)".
    before = {"en": r"(rolled[^:]*:.*\b(smash|energy|heart)\b|\b(energy|heart) dice\b)",
              "es": r"(tirado[^:]*:.*\b(ataque|energía|corazón)\b|dados de (energía|corazón))"}
    assert not re.search(before[language], story, re.IGNORECASE), re.search(
        before[language], story, re.IGNORECASE)
