"""Players that answer the engine's decisions by themselves: the heuristic player, the
Monte-Carlo player and the bot's AI levels (``engine.ai.levels``; and,
through ``engine.ai.arena``, a registry of player types for matches between them).

The bot's public view of the AI: the players, a move in words and why it is good
(``move_label``, ``move_reason``, the dice as ``dice_words``), and the
heuristic's dice planning (``scorer_for``, ``face_counts``, ``best_keep``), which the bot's
keep-and-roll button shows."""

from engine.ai.advice import counted_dice, dice_words, move_label, move_reason
from engine.ai.dice import best_keep
from engine.ai.dice import count as face_counts
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.levels import MEDIUM_PLAYOUTS, medium_player
from engine.ai.mc import MonteCarloPlayer
from engine.ai.values import scorer_for

__all__ = [
    "MEDIUM_PLAYOUTS",
    "HeuristicPlayer",
    "MonteCarloPlayer",
    "best_keep",
    "counted_dice",
    "dice_words",
    "face_counts",
    "medium_player",
    "move_label",
    "move_reason",
    "scorer_for",
]
