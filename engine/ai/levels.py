"""The AI levels the bot offers, as engine players: Easy, Medium and Hard.

- **Easy**: the heuristic player (rules of thumb, well under a millisecond a move).
- **Medium**: the Monte-Carlo player with a small fixed number of playouts a move
  (``MEDIUM_PLAYOUTS``). A count rather than seconds: its strength does not fall when the
  server is busy, and it costs a few tens of milliseconds a move.
- **Hard**: the Monte-Carlo player with a budget in seconds (the bot's
  ``KOT_HARD_AI_SECONDS``, 0.8 by default, less under load).

``MEDIUM_PLAYOUTS`` was chosen by arena duels so that each level beats the one below it in
about two duels of three (docs/engine.md, "AI levels").
"""

from __future__ import annotations

from engine.ai.mc import MonteCarloPlayer

# Playouts per decision of the Medium AI, shared among its candidate moves.
MEDIUM_PLAYOUTS = 48


def medium_player(seed: int = 0) -> MonteCarloPlayer:
    """The Medium AI: the Monte-Carlo player with ``MEDIUM_PLAYOUTS`` playouts a decision
    (deterministic for a seed and a position)."""
    return MonteCarloPlayer(seed, seconds=None, playouts=MEDIUM_PLAYOUTS)
