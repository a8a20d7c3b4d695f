"""The Easy AI's suggestion on the roll question ("💡 Suggested: keep 3 ⚡, roll 4"): found
with the board's data (the publisher asks for it with each board it shows) and handed to the
view, which only draws its button (``bot.discord.views``); a click on it is the service's
``x<counts>`` code (``bot.table.service``)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.table.model import Game
from engine import Roll
from engine.ai import best_keep, face_counts, scorer_for

# The face counts (in FACES order) each roll question's suggestion keeps, by decision id.
Suggestions = Mapping[int, tuple[int, ...]]


def suggestions(game: Game) -> Suggestions:
    """For each roll question a player answers on the board with a normal roll left, the
    Easy AI's best keep among those holding every die the player kept (a suggestion adds to
    the player's keep, never undoes it); none when that keep is the dice kept already (Roll
    does it), nor for a monster that answers by itself (an AI monster, or the autopilot of a
    player who left)."""
    state = game.state
    if game.status != "playing" or state is None or state.over or state.turn is None:
        return {}
    turn = state.turn
    found: dict[int, tuple[int, ...]] = {}
    for decision in state.pending:
        if (decision.kind != "roll" or turn.rolls_left <= 0
                or game.ai_level(decision.seat) is not None
                or decision.seat in game.chronicle.presence.left
                or not any(isinstance(o, Roll) and o.card is None for o in decision.options)):
            continue
        held = face_counts(tuple(turn.dice[index] for index in turn.kept))
        counts, _value = best_keep(scorer_for(state, decision.seat), face_counts(turn.dice),
                                   held)
        if counts != held:
            found[decision.id] = counts
    return found
