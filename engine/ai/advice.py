"""Advice in plain words: a move as the board shows it (dice as their faces' symbols), and
why it is good, from the facts of the position and of the move."""

from __future__ import annotations

from collections.abc import Iterable

from engine.state import FACE_SYMBOLS, FACES, Face


def dice_words(faces: Iterable[Face]) -> str:
    """Dice as the board shows them, one symbol a die: "❤️ ❤️ 3"."""
    return " ".join(FACE_SYMBOLS[face] for face in faces)


def counted_dice(counts: Iterable[int]) -> list[Face]:
    """The faces of dice counted per face (in ``FACES`` order), in that order."""
    return [face for face, number in zip(FACES, counts, strict=True) for _ in range(number)]
