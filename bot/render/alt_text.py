"""The board's alt text: what a screen reader says of the board picture, in the game's language.

Discord reads an attachment's description (at most ``MAX_DESCRIPTION`` characters) to people
who cannot see the picture: it says whose turn it is and what is asked, the dice, who is in
Tokyo, and every monster's hearts, points and energy, with its player's name (with Power
Up!, how many Evolutions it holds and those it has face up). When all of it
is too long (six monsters with long player names), the players' names are shortened, then
left out, then what is asked is shortened; the figures always stay.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import ENGLISH, say, text
from bot.render.board import still_rolling
from engine import BAY_MIN_MONSTERS, GameState, Join, Phrase, Ref, phrase, waiting_text

# Discord's limit on an attachment's description.
MAX_DESCRIPTION = 1024
# How the description is shortened, in order, until it fits: the most characters of each
# player's name (None: whole; 0: left out) and of what the game asks (None: whole).
_SHORTENINGS: tuple[tuple[int | None, int | None], ...] = (
    (None, None), (24, None), (12, None), (0, None), (0, 160), (0, 60))


def describe_board(state: GameState, names: Sequence[str | None] = (),
                   language: str = ENGLISH) -> str:
    """The alt text of ``render_board(state, names=names, language=language)``."""
    for name_limit, asked_limit in _SHORTENINGS:
        said = " ".join(_sentences(state, names, language, name_limit, asked_limit))
        if len(said) <= MAX_DESCRIPTION:
            return said
    return _cut(said, MAX_DESCRIPTION)


def _sentences(state: GameState, names: Sequence[str | None], language: str,
               name_limit: int | None, asked_limit: int | None) -> list[str]:
    sentences = [text(language, "alt-board"), *_turn(state, language, asked_limit)]
    sentences += _dice(state, language)
    sentences += _tokyo(state, language)
    for seat in range(len(state.monsters)):
        player = names[seat] if seat < len(names) else None
        sentences.append(_monster(state, seat, _shortened(player, name_limit), language))
    return sentences


def _turn(state: GameState, language: str, asked_limit: int | None) -> list[str]:
    waiting = waiting_text(state)
    asked = _cut(say(language, waiting) if waiting is not None else "", asked_limit)
    if state.over:
        return [text(language, "alt-over", result=asked)]
    if state.turn is None:
        return [text(language, "alt-setup"), *([asked] if asked else [])]
    monster = state.monsters[state.turn.seat].name
    said = [text(language, "alt-turn", number=state.turn.number, monster=monster)]
    if not state.pending:
        # The state a finished turn ended in (its closed board): nobody is asked anything.
        return [*said, text(language, "board-turn-over", monster=monster)]
    return [*said, text(language, "alt-asked", waiting=asked)]


def _dice(state: GameState, language: str) -> list[str]:
    turn = state.turn
    if state.over or turn is None:
        return []
    if not turn.dice:
        return [text(language, "alt-no-dice")]
    # Kept dice mean something only while the monster still rolls (as on the board).
    rolling = still_rolling(state)
    faces: tuple[Ref | Phrase, ...] = tuple(
        phrase("alt-die-kept", face=Ref("face", face)) if rolling and index in turn.kept
        else Ref("face", face)
        for index, face in enumerate(turn.dice))
    if rolling:
        return [text(language, "alt-dice-rolling", count=turn.rolls_left, dice=Join(faces))]
    return [text(language, "alt-dice", dice=Join(faces))]


def _tokyo(state: GameState, language: str) -> list[str]:
    said = [_occupant(state, "city", state.city, language)]
    if len(state.monsters) >= BAY_MIN_MONSTERS:
        said.append(_occupant(state, "bay", state.bay, language) if state.bay_open
                    else text(language, "alt-bay-closed"))
    return said


def _occupant(state: GameState, place: str, seat: int | None, language: str) -> str:
    if seat is None:
        return text(language, f"alt-{place}-empty")
    return text(language, f"alt-{place}", monster=state.monsters[seat].name)


def _monster(state: GameState, seat: int, player: str, language: str) -> str:
    monster = state.monsters[seat]
    with_player = "-player" if player else ""
    if not monster.alive:
        return text(language, f"alt-monster{with_player}-out", monster=monster.name,
                    player=player)
    said = text(language, f"alt-monster{with_player}", monster=monster.name, player=player,
                hearts=monster.hearts, vp=monster.vp, energy=monster.energy)
    if not state.options.power_up:
        return said
    # (Power Up!) How many Evolutions it holds (which, its secret), and those face up.
    held = len(monster.evolution_hand)
    if not monster.evolutions:
        return f"{said} {text(language, 'alt-evolutions', count=held)}"
    face_up = Join(tuple(Ref("evo", card.key) for card in monster.evolutions))
    return f"{said} {text(language, 'alt-evolutions-face-up', count=held, cards=face_up)}"


def _shortened(player: str | None, limit: int | None) -> str:
    """A player's name on one line, cut to ``limit`` characters ("" for none, or limit 0)."""
    name = " ".join((player or "").split())
    return "" if limit == 0 else _cut(name, limit)


def _cut(said: str, limit: int | None) -> str:
    if limit is None or len(said) <= limit:
        return said
    return said[:limit - 1].rstrip() + "…"
