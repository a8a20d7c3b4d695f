"""Players that answer the engine's decisions by themselves: the heuristic player (and,
through ``engine.ai.arena``, a registry of player types for matches between them)."""

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.mc import MonteCarloPlayer

__all__ = ["HeuristicPlayer", "MonteCarloPlayer"]
