"""Players that answer the engine's decisions by themselves: the heuristic player (and,
through ``engine.ai.arena``, a registry of player types for matches between them)."""

from engine.ai.heuristic import HeuristicPlayer

__all__ = ["HeuristicPlayer"]
